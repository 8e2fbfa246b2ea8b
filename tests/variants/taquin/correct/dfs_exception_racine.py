"""A whole taquin.py whose dfs takes a flag: the root call re-enters dfs at the same state with the flag off,
inside a `try`; the goal raises an exception that unwinds the whole recursion at once, which the root turns
into True (red team 4, q17-dfs-not-self-recursive: q18 0/3 with the student's own dfs, the calls the
exception left never returned).

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


def dfs(m, p, racine=True):
    global minimum
    if racine:
        try:
            return dfs(m, p, False)
        except Trouve:
            return True
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        raise Trouve
    for tente, defait in ((tente_haut, bas), (tente_bas, haut), (tente_gauche, droite), (tente_droite, gauche)):
        if tente():
            dfs(m, p + 1, False)
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
