"""A quick optimal search for states near the goal, without the pattern databases; and how many calls
the exam's DFS* makes on such a state.

IDA* with the Manhattan sum over one mutable board, given up after a budget of generated nodes: a state
a short walk from the goal (q17's cases, q18's small ones) is solved in milliseconds, so checks that
only meet such states never build nor load the 34 MB of pattern databases; past the budget the caller
falls back to the full solver (reference.solver.search).
"""

from __future__ import annotations

from reference.puzzle import BLANK, BLANK_STEP, SIZE

BUDGET = 20_000  # generated nodes: about 50 ms of pure Python, well under the databases' loading time

# _DISTANCE[tile][cell]: Manhattan distance from `cell` to the goal cell of `tile` (the exam's: cell `tile`).
_DISTANCE = [[abs(c // SIZE - t // SIZE) + abs(c % SIZE - t % SIZE) for c in range(16)] for t in range(16)]
# _NEIGHBOURS[blank]: (cell, move name) of each tile that can slide into the blank, named by where the
# tile goes, as in the exam.
_NEIGHBOURS = [
    [
        (target, {1: "Gauche", -1: "Droite", SIZE: "Haut", -SIZE: "Bas"}[target - blank])
        for target in (blank - SIZE, blank + SIZE, blank - 1, blank + 1)
        if 0 <= target < 16 and (abs(target - blank) == SIZE or target // SIZE == blank // SIZE)
    ]
    for blank in range(16)
]


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


def dfs_calls(state, previous: str | None, budget: int, order: tuple[str, ...] | None = None) -> int:
    """How many calls the exam's DFS* makes from `state` (valid) with `budget` = m − p, refusing to undo
    the move `previous`: the first call and each pruned one included. With `order` (move names), a dfs
    that tries the moves in that order and stops at the goal; without, one that never stops: every node of
    the search tree, the most calls a dfs can make whatever order it tries the moves in."""
    board = list(state)
    calls = 0

    def visit(blank: int, came_from: int, left: int, h: int) -> bool:
        """True when the goal is reached and the search stops."""
        nonlocal calls
        calls += 1
        if h > left:
            return False
        if h == 0 and order is not None:
            return True
        for target, _name in moves_from[blank]:
            if target == came_from:
                continue
            tile = board[target]
            board[blank], board[target] = tile, BLANK
            stopped = visit(target, blank, left - 1, h - _DISTANCE[tile][target] + _DISTANCE[tile][blank])
            board[target], board[blank] = tile, BLANK
            if stopped:
                return True
        return False

    rank = {name: i for i, name in enumerate(order or ())}
    moves_from = [sorted(pairs, key=lambda pair: rank.get(pair[1], 0)) for pairs in _NEIGHBOURS]
    blank = board.index(BLANK)
    h = sum(_DISTANCE[tile][cell] for cell, tile in enumerate(board) if tile != BLANK)
    visit(blank, _undoing_cell(blank, previous), budget, h)
    return calls


def _undoing_cell(blank: int, previous: str | None) -> int:
    """The cell whose tile, slid into the blank, would undo the move `previous` (-1 without one)."""
    return blank - SIZE * BLANK_STEP[previous][0] - BLANK_STEP[previous][1] if previous else -1
