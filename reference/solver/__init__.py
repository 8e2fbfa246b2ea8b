"""An optimal 15-puzzle solver (the grader's oracle): IDA* with 6-6-3 additive pattern databases.

States are in the exam's convention (see reference.puzzle); moves are the exam's names. A state near the
goal is first tried without the databases (reference.solver.shallow): they are built or loaded only when
a state needs them.

The package holds the teacher's searches too, which never ship with it: the documents' puzzles solved
and their 3×3 distances found breadth first (sliding.py), and x4's check that a solution is a DFS's
(depth.py).
"""

from reference.korf import from_korf, to_korf
from reference.solver.shallow import solve_near

__all__ = ["solve", "optimal_length", "from_korf", "to_korf"]


def solve(state) -> list[str]:
    """An optimal move list from `state` to the goal; ValueError if `state` is invalid or unsolvable."""
    # Imported here: the databases' search loads numpy (0.1 s), which a check whose states are all near
    # the goal (q17's) never needs.
    from reference.solver import search

    state = search.check(state)
    near = solve_near(state)
    return near if near is not None else search.search(state)[0]


def optimal_length(state) -> int:
    return len(solve(state))
