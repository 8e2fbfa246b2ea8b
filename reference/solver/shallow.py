"""A quick optimal search for states near the goal, without the pattern databases.

IDA* with the Manhattan sum over one mutable board, given up after a budget of generated nodes: a state
a short walk from the goal (q17's cases, q18's small ones) is solved in milliseconds, so checks that
only meet such states never build nor load the 34 MB of pattern databases; past the budget the caller
falls back to the full solver (reference.solver.search).
"""

from __future__ import annotations

from reference.dfs_tree import DISTANCE as _DISTANCE
from reference.dfs_tree import NEIGHBOURS as _NEIGHBOURS
from reference.dfs_tree import undoing_cell as _undoing_cell
from reference.puzzle import BLANK

BUDGET = 20_000  # generated nodes: about 50 ms of pure Python, well under the databases' loading time


class _OverBudget(Exception):
    pass


def solve_near(state, budget: int | None = BUDGET, previous: str | None = None) -> list[str] | None:
    """An optimal move list from `state` (valid and solvable) to the goal, or None past `budget` nodes
    (None: no budget, for a caller who knows the state is near enough). With `previous`, the move just
    played, the shortest that does not start by undoing it (what the exam's dfs can find)."""
    board = list(state)
    moves: list[str] = []
    generated = 0

    def descend(blank: int, previous: int, g: int, h: int, bound: int):
        """True when the goal is reached (moves then holds the path), else the least f above `bound`."""
        nonlocal generated
        if h == 0:
            return True
        least = 1 << 30
        for target, name in _NEIGHBOURS[blank]:
            if target == previous:
                continue
            generated += 1
            tile = board[target]
            h2 = h - _DISTANCE[tile][target] + _DISTANCE[tile][blank]
            f = g + 1 + h2
            if f > bound:
                least = min(least, f)
                continue
            if budget is not None and generated > budget:
                raise _OverBudget
            board[blank], board[target] = tile, BLANK
            moves.append(name)
            found = descend(target, blank, g + 1, h2, bound)
            if found is True:
                return True
            moves.pop()
            board[target], board[blank] = tile, BLANK
            least = min(least, found)
        return least

    blank = board.index(BLANK)
    h = bound = sum(_DISTANCE[tile][cell] for cell, tile in enumerate(board) if tile != BLANK)
    try:
        while (found := descend(blank, _undoing_cell(blank, previous), 0, h, bound)) is not True:
            bound = found
    except _OverBudget:
        return None
    return moves
