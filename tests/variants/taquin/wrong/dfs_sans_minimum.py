"""dfs never records the smallest exceeding f (no `minimum` at all); taquin raises the bound by 2 each round
instead (the parity of Manhattan's h): its bounds are IDA*'s with that h only, and q17's threshold is not kept.

Wrong: q17 q18
Smallest failing case: dfs(h - 1, 0) on any state not the goal: minimum should be h, it stays ∞; taquin()
over a dfs whose h is not Manhattan's: see pas_de_deux.py.
"""
import enum
import math

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []


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


def dfs(m, p):
    if p + h > m:
        return False
    if h == 0:
        return True
    if tente_gauche():
        if dfs(m, p + 1):
            return True
        droite()
        solution.pop()
    if tente_bas():
        if dfs(m, p + 1):
            return True
        haut()
        solution.pop()
    if tente_droite():
        if dfs(m, p + 1):
            return True
        gauche()
        solution.pop()
    if tente_haut():
        if dfs(m, p + 1):
            return True
        bas()
        solution.pop()
    return False


def taquin():
    global solution
    solution = []
    m = h
    while not dfs(m, 0):
        m += 2
    return list(solution)
