"""Correct, with taquin returning the moves most recent first (the Caml list as it is), an enum named
Deplacement with auto() values, and an iterative IDA* loop with an explicit threshold variable."""
import enum
import math

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []
minimum = math.inf


class Deplacement(enum.Enum):
    Gauche = enum.auto()
    Bas = enum.auto()
    Droite = enum.auto()
    Haut = enum.auto()


def dist(v, i, j):
    return abs(v // 4 - i) + abs(v % 4 - j)


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    h += dist(v, li, lj) - dist(v, i, j)
    grid[li][lj], li, lj = v, i, j


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
    ok = lj < 3 and dernier() != Deplacement.Droite
    if ok:
        gauche()
        solution.append(Deplacement.Gauche)
    return ok


def tente_bas():
    ok = li > 0 and dernier() != Deplacement.Haut
    if ok:
        bas()
        solution.append(Deplacement.Bas)
    return ok


def tente_droite():
    ok = lj > 0 and dernier() != Deplacement.Gauche
    if ok:
        droite()
        solution.append(Deplacement.Droite)
    return ok


def tente_haut():
    ok = li < 3 and dernier() != Deplacement.Bas
    if ok:
        haut()
        solution.append(Deplacement.Haut)
    return ok


ANNULE = {Deplacement.Gauche: droite, Deplacement.Droite: gauche, Deplacement.Haut: bas, Deplacement.Bas: haut}


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        minimum = c if c < minimum else minimum
        return False
    if h == 0:
        return True
    for essai in (tente_droite, tente_haut, tente_gauche, tente_bas):
        if essai():
            if dfs(m, p + 1):
                return True
            ANNULE[solution.pop()]()
    return False


def taquin():
    global minimum, solution
    solution = []
    seuil = h
    trouve = False
    while not trouve:
        minimum = math.inf
        trouve = dfs(seuil, 0)
        seuil = minimum
    return list(reversed(solution))
