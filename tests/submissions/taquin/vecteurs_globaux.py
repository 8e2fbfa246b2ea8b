"""Alice's taquin.py whose tente_* test the border with direction vectors kept as globals (HAUT = (1, 0)...)
while solution holds Deplacement members (a red team's finding: the vectors were taken for the moves).

Correct on q15-q18.
"""
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


# Where the tile that would move sits, relative to the blank, for each direction it moves in.
HAUT = (1, 0)
GAUCHE = (0, 1)
BAS = (-1, 0)
DROITE = (0, -1)


def possible(d):
    """Whether a tile sits at that offset from the blank (the move stays on the grid)."""
    return 0 <= li + d[0] <= 3 and 0 <= lj + d[1] <= 3


def dernier():
    return solution[-1] if solution else None


def tente_gauche():
    if not possible(GAUCHE) or dernier() == Deplacement.Droite:
        return False
    gauche()
    solution.append(Deplacement.Gauche)
    return True


def tente_droite():
    if not possible(DROITE) or dernier() == Deplacement.Gauche:
        return False
    droite()
    solution.append(Deplacement.Droite)
    return True


def tente_haut():
    if not possible(HAUT) or dernier() == Deplacement.Bas:
        return False
    haut()
    solution.append(Deplacement.Haut)
    return True


def tente_bas():
    if not possible(BAS) or dernier() == Deplacement.Haut:
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


def taquin():
    global minimum, solution
    solution = []
    m = h
    while True:
        minimum = math.inf
        if dfs(m, 0):
            return list(solution)
        m = minimum
