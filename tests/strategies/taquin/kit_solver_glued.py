"""A taquin() that glues the grader's IDA* solver (reference/solver/shallow.py::solve_near, copied as it is
from the student kit's wheel, which shipped it then) to the exam's globals: no move, tente_* nor dfs (a red
team's finding). q18 earns it nothing. (The kit ships no solver now: docs/student-kit.md.)
"""

# Part IV: nothing written but the glue. taquin() hands the state to solve_near, copied verbatim from
# the student kit's wheel of then (reference/solver/shallow.py), which is an IDA* with the Manhattan sum.
import enum
import math

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []
minimum = math.inf


class Deplacement(enum.Enum):
    Gauche = "Gauche"
    Bas = "Bas"
    Droite = "Droite"
    Haut = "Haut"


BLANK, SIZE = 15, 4  # reference/puzzle.py's


def _undoing_cell(blank, previous):
    return -1  # no previous move: taquin() starts from an empty history


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


def taquin():
    state = tuple(BLANK if (i, j) == (li, lj) else grid[i][j] for i in range(4) for j in range(4))
    return [Deplacement[m] for m in solve_near(state, budget=None)]
