"""dfs skips states it has already visited, with a set of grids that is never emptied during the search
(only by taquin, at each round): a state first met by a long path blocks the short one.

Wrong: q17
Smallest failing case: dfs called twice in a row (as a grader does): the states the first call
visited stay in `vus`, so the second call, from one of them, explores nothing (found by the harness:
dfs(3, 2) one move from the goal leaves minimum at ∞ instead of 5).
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
    Gauche = 0
    Bas = 1
    Droite = 2
    Haut = 3


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    h = h - abs(i - v // 4) - abs(j - v % 4) + abs(li - v // 4) + abs(lj - v % 4)
    grid[li][lj] = v
    li = i
    lj = j


def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


def tente_gauche():
    if lj < 3 and (solution == [] or solution[-1] != Deplacement.Droite):
        gauche()
        solution.append(Deplacement.Gauche)
        return True
    return False


def tente_bas():
    if li > 0 and (solution == [] or solution[-1] != Deplacement.Haut):
        bas()
        solution.append(Deplacement.Bas)
        return True
    return False


def tente_droite():
    if lj > 0 and (solution == [] or solution[-1] != Deplacement.Gauche):
        droite()
        solution.append(Deplacement.Droite)
        return True
    return False


def tente_haut():
    if li < 3 and (solution == [] or solution[-1] != Deplacement.Bas):
        haut()
        solution.append(Deplacement.Haut)
        return True
    return False


vus = set()


def cle():
    return tuple(-1 if (i, j) == (li, lj) else grid[i][j] for i in range(4) for j in range(4))


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if h == 0:
        return True
    vus.add(cle())
    for essai, annule in ((tente_gauche, droite), (tente_bas, haut), (tente_droite, gauche), (tente_haut, bas)):
        if essai():
            if cle() not in vus and dfs(m, p + 1):
                return True
            annule()
            solution.pop()
    return False


def taquin():
    global minimum, solution
    solution = []
    m = h
    while m != math.inf:
        minimum = math.inf
        vus.clear()
        if dfs(m, 0):
            return list(solution)
        m = minimum
