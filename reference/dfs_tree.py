"""The exam's DFS* as a count of calls, and the optimal length it implies: what the grader needs of a
search on the states q17 and q18 judge, in every installation.

The count is no solver: it records no move. The optimal length comes from counts alone: a pass of DFS*
with bound b reaches the goal exactly when a search that stops at the goal makes fewer calls than one that
never stops (past the goal, the one that goes on still calls the goal's children). The student kit, which
ships no solver (docs/student-kit.md), reads optimal lengths there; the teacher's installation reads them
from reference.solver, faster.
"""

from __future__ import annotations

from reference.puzzle import BLANK, BLANK_STEP, MOVES, SIZE

# DISTANCE[tile][cell]: Manhattan distance from `cell` to the goal cell of `tile` (the exam's: cell `tile`).
DISTANCE = [[abs(c // SIZE - t // SIZE) + abs(c % SIZE - t % SIZE) for c in range(16)] for t in range(16)]
# NEIGHBOURS[blank]: (cell, move name) of each tile that can slide into the blank, named by where the
# tile goes, as in the exam.
NEIGHBOURS = [
    [
        (target, {1: "Gauche", -1: "Droite", SIZE: "Haut", -SIZE: "Bas"}[target - blank])
        for target in (blank - SIZE, blank + SIZE, blank - 1, blank + 1)
        if 0 <= target < 16 and (abs(target - blank) == SIZE or target // SIZE == blank // SIZE)
    ]
    for blank in range(16)
]


def dfs_calls(state, previous: str | None, budget: int, order: tuple[str, ...] | None = None) -> int:
    """How many calls the exam's DFS* makes from `state` (valid) with `budget` = m − p, refusing to undo
    the move `previous`: the first call and each pruned one included. With `order` (move names), a dfs
    that tries the moves in that order and stops at the goal; without, one that never stops: every node of
    the search tree, the most calls a dfs can make whatever order it tries the moves in."""
    return dfs_count(state, previous, budget, order)[0]


def dfs_count(state, previous: str | None, budget: int, order: tuple[str, ...] | None = None) -> tuple[int, int | None]:
    """(dfs_calls, by how much the least p + h cut exceeds m: None when nothing was cut)."""
    board = list(state)
    calls = 0
    least: int | None = None

    def visit(blank: int, came_from: int, left: int, h: int) -> bool:
        """True when the goal is reached and the search stops."""
        nonlocal calls, least
        calls += 1
        if h > left:
            least = h - left if least is None else min(least, h - left)
            return False
        if h == 0 and order is not None:
            return True
        for target, _name in moves_from[blank]:
            if target == came_from:
                continue
            tile = board[target]
            board[blank], board[target] = tile, BLANK
            stopped = visit(target, blank, left - 1, h - DISTANCE[tile][target] + DISTANCE[tile][blank])
            board[target], board[blank] = tile, BLANK
            if stopped:
                return True
        return False

    rank = {name: i for i, name in enumerate(order or ())}
    moves_from = [sorted(pairs, key=lambda pair: rank.get(pair[1], 0)) for pairs in NEIGHBOURS]
    blank = board.index(BLANK)
    h = sum(DISTANCE[tile][cell] for cell, tile in enumerate(board) if tile != BLANK)
    visit(blank, undoing_cell(blank, previous), budget, h)
    return calls, least


def counted_length(state, previous: str | None = None, most: int | None = None) -> int | None:
    """The length of a shortest solution from `state` (valid, solvable) that does not start by undoing
    `previous`, from counts of DFS* alone (the bound goes up by 2 from h: a move changes p + h by 0 or 2);
    None once the passes have made more than `most` calls."""
    bound = sum(DISTANCE[tile][cell] for cell, tile in enumerate(state) if tile != BLANK)
    spent = 0
    while True:
        whole = dfs_calls(state, previous, bound)
        if dfs_calls(state, previous, bound, MOVES) < whole:
            return bound
        spent += whole
        if most is not None and spent > most:
            return None
        bound += 2


def undoing_cell(blank: int, previous: str | None) -> int:
    """The cell whose tile, slid into the blank, would undo the move `previous` (-1 without one)."""
    return blank - SIZE * BLANK_STEP[previous][0] - BLANK_STEP[previous][1] if previous else -1
