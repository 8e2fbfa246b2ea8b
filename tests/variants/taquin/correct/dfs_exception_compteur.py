"""A whole taquin.py whose dfs unwinds from the goal by an exception that only the root call catches (a global
count of the calls open tells the root), turning it into True: every other call of dfs is left by the
exception, none returns (red team 4's control of q17-dfs-not-self-recursive: q18 0/3 with the student's own
dfs, the calls the exception left never seen to return).

Correct: q17 q18
"""
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


class Trouve(Exception):
    """Raised at the goal to leave the whole recursion at once: `solution` then holds the path."""


niveau = 0  # the calls of dfs open: the root is the one that opens at 0


def dfs(m, p):
    global niveau
    niveau += 1
    try:
        return _cherche(m, p)
    except Trouve:
        if niveau > 1:
            raise
        return True
    finally:
        niveau -= 1


def _cherche(m, p):
    global minimum
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        raise Trouve
    for tente, defait in ((tente_haut, bas), (tente_bas, haut), (tente_gauche, droite), (tente_droite, gauche)):
        if tente():
            dfs(m, p + 1)
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
