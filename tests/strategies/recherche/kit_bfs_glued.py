"""An `bfs_taquin` (x3) that glues what the student kit's wheel holds for the documents' puzzles, copied as it
is, behind the exercise's function: the grader's optimal_moves, which answers only where the teacher's
solver is installed, and the lengths it judges on. Before the kit left the solver out, the same glue
around the wheel's solve_near earned x2 and x3 full marks (red-team finding); it earns nothing now.
"""

# Nothing written but the glue (at the end). Pasted from the student kit's wheel, as it is: the documents'
# puzzle (reference/sliding.py), the breadth-first distances (reference/graphs.py), what the grader judges
# x2-x4 on (grader/questions/recherche/puzzles.py: the 3x3 table, kept in memory here, optimal_moves,
# optimal_length) and the count of DFS* it reads 4x4 lengths from (reference/dfs_tree.py).
from collections import deque
from functools import cache

BLANK, SIZE = 15, 4
BLANK_STEP = {"Gauche": (0, 1), "Bas": (-1, 0), "Droite": (0, -1), "Haut": (1, 0)}
MOVES = ("Gauche", "Bas", "Droite", "Haut")
SLIDING_MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def goal_state(n):
    return tuple(range(1, n * n)) + (0,)


def apply_move(state, n, move):
    blank = state.index(0)
    di, dj = SLIDING_MOVES[move]
    i, j = blank // n + di, blank % n + dj
    if not (0 <= i < n and 0 <= j < n):
        return None
    cells = list(state)
    cells[blank], cells[i * n + j] = cells[i * n + j], 0
    return tuple(cells)


def successors(state, n):
    return [(m, t) for m in SLIDING_MOVES if (t := apply_move(state, n, m)) is not None]


def distances(sources, neighbours):
    distance = dict.fromkeys(sources, 0)
    queue = deque(distance)
    while queue:
        state = queue.popleft()
        for there in neighbours(state):
            if there not in distance:
                distance[there] = distance[state] + 1
                queue.append(there)
    return distance


def neighbours(n):
    return lambda state: [t for _, t in successors(state, n)]


@cache
def distances_3():
    return distances([goal_state(3)], neighbours(3))


@cache
def optimal_moves(start, n):
    try:
        from reference.solver.sliding import deepening, descent
    except ModuleNotFoundError:
        return None
    return descent(start, n, distances_3()) if n == 3 else deepening(start, n)


@cache
def optimal_length(start, n):
    if n == 3:
        return distances_3()[start]
    moves = optimal_moves(start, n)
    if moves is not None:
        return len(moves)
    length = counted_length(tuple(15 if v == 0 else v - 1 for v in start))
    assert length is not None
    return length


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
    return calls


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


def bfs_taquin(matrice):
    n = len(matrice)
    start = tuple(v for row in matrice for v in row)
    return list(optimal_moves(start, n))
