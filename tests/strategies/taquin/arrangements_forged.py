"""Appended to the model answer (reference/answers/taquin.py), whose dfs this replaces: no search, but the grid's
arrangements a search would show written on the channel by hand (the first legal move and back, as the
child's watcher sends them), and the next bound guessed by parity (the grader's own attack on its
evidence of search seen on the grid, issue 32): a walk that leaves the start's other children untried,
0 on q17.
"""

# ruff: noqa: F821 - the model answer this is appended to defines grid, h, li, lj, minimum...
from grader.sandbox.calls import ask


def dfs(m, p):
    global minimum
    cells = [grid[i][j] for i in range(4) for j in range(4)]
    cells[4 * li + lj] = 15
    i, j = (li, lj + 1) if lj < 3 else (li, lj - 1)
    child = list(cells)
    child[4 * li + lj], child[4 * i + j] = cells[4 * i + j], 15
    ask("dfs_state", {"state": child})
    ask("dfs_state", {"state": cells})
    minimum = m + 1 if (m + 1 - p - h) % 2 == 0 else m + 2
    return False
