"""A whole taquin.py whose dfs cuts a child by its p + h before moving there: it reads the tile that the
move would slide, computes the h it would leave, and keeps that p + h in minimum when it exceeds m;
it moves only into the children within the bound (as IDA* does when it tests at generation).

Correct: q17 q18
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


# The tile each move slides, seen from the blank, and the opposite of each move.
TUILE = {Deplacement.Gauche: (0, 1), Deplacement.Bas: (-1, 0), Deplacement.Droite: (0, -1), Deplacement.Haut: (1, 0)}
ESSAIS = (
    (tente_gauche, droite, Deplacement.Gauche),
    (tente_bas, haut, Deplacement.Bas),
    (tente_droite, gauche, Deplacement.Droite),
    (tente_haut, bas, Deplacement.Haut),
)
OPPOSE = {
    Deplacement.Gauche: Deplacement.Droite,
    Deplacement.Droite: Deplacement.Gauche,
    Deplacement.Bas: Deplacement.Haut,
    Deplacement.Haut: Deplacement.Bas,
}


def h_apres(d):
    """The h the move d would leave, or None when it is impossible or undoes the last move."""
    i, j = li + TUILE[d][0], lj + TUILE[d][1]
    if not (0 <= i < 4 and 0 <= j < 4) or (solution and solution[-1] == OPPOSE[d]):
        return None
    v = grid[i][j]
    return h - abs(i - v // 4) - abs(j - v % 4) + abs(li - v // 4) + abs(lj - v % 4)


def dfs(m, p):
    global minimum
    if p + h > m:
        minimum = min(minimum, p + h)
        return False
    if h == 0:
        return True
    for essai, annule, d in ESSAIS:
        apres = h_apres(d)
        if apres is None:
            continue
        if p + 1 + apres > m:
            minimum = min(minimum, p + 1 + apres)
            continue
        if essai():
            if dfs(m, p + 1):
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
        if dfs(m, 0):
            return list(solution)
        m = minimum
