"""x2's fixed 3×3 puzzles, the same under every seed: the teacher's grader only.

Fixed puzzles listed in the student kit's wheel can be answered by a table of their solutions made once,
with any solver (red team 4 did it for x3's and x4's long puzzles, fixed then): glued behind an A*
without closed set, or one whose h is not admissible, such a table earned `closed` and the hard part of
`optimal3`. Drawing them from the seed instead would need, for each drawn puzzle, the property they were
chosen for (measured, not computed), so they stay fixed and stay here, out of every build
(setup.py ships no subpackage of reference/); the kit says these checks are the teacher's to make
(docs/student-kit.md). The costs of the closed-set ones ship as numbers only (grader/data/costs.json).
"""

# For `astar`'s closed set (blank = 0): instances of 21–22 moves where the reference develops about a
# thousand states and an A* without closed set (with or without c2) develops 185,000 to 300,000 nodes.
ASTAR_CLOSED_CASES = ((3, 2, 1, 4, 8, 7, 5, 0, 6), (2, 7, 6, 1, 3, 0, 8, 4, 5), (4, 8, 0, 7, 3, 1, 2, 5, 6))
# Instances of 24, 22 and 27 moves on which an A* whose h also counts the blank's distance (not
# admissible) returns a longer solution: the last one in each of the 120 ways measured (24 orders of the
# operations × 5 ways of breaking ties between equal f), the first two in 96 of them. On the last two an
# A* without closed set is 170-270 times slower than the model answer, and the `closed` group's business: a
# timeout there decides nothing; on the first it is 5-7 times slower, so that optimality is always decided.
ASTAR_HARD_CASES = ((3, 7, 8, 6, 0, 1, 5, 2, 4), (1, 6, 4, 7, 2, 5, 0, 3, 8), (4, 5, 7, 0, 6, 8, 3, 1, 2))
