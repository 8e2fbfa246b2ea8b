"""A whole taquin.py where move recomputes h from scratch (sum over the 15 tiles, the blank skipped by
its position), dfs tries the moves in the order Haut, Droite, Bas, Gauche, and the tente_* are written
out one by one. Slower than the model answer by a constant factor only.

Correct: q15 q16 q17 q18
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
    Gauche = 1
    Bas = 2
    Droite = 3
    Haut = 4


def calcule_h():
    s = 0
    for i in range(4):
        for j in range(4):
            if i != li or j != lj:
                v = grid[i][j]
                s += abs(i - v // 4) + abs(j - v % 4)
    return s


def move(i, j):
    global h, li, lj
    grid[li][lj] = grid[i][j]
    li = i
    lj = j
    h = calcule_h()


def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


def tente_gauche():
    if lj < 3 and (len(solution) == 0 or solution[-1] != Deplacement.Droite):
        gauche()
        solution.append(Deplacement.Gauche)
        return True
    return False


def tente_droite():
    if lj > 0 and (len(solution) == 0 or solution[-1] != Deplacement.Gauche):
        droite()
        solution.append(Deplacement.Droite)
        return True
    return False


def tente_haut():
    if li < 3 and (len(solution) == 0 or solution[-1] != Deplacement.Bas):
        haut()
        solution.append(Deplacement.Haut)
        return True
    return False


def tente_bas():
    if li > 0 and (len(solution) == 0 or solution[-1] != Deplacement.Haut):
        bas()
        solution.append(Deplacement.Bas)
        return True
    return False


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if h == 0:
        return True
    if tente_haut():
        if dfs(m, p + 1):
            return True
        bas()
        solution.pop()
    if tente_droite():
        if dfs(m, p + 1):
            return True
        gauche()
        solution.pop()
    if tente_bas():
        if dfs(m, p + 1):
            return True
        haut()
        solution.pop()
    if tente_gauche():
        if dfs(m, p + 1):
            return True
        droite()
        solution.pop()
    return False


def taquin():
    global minimum, solution
    solution = []
    m = h
    while m != math.inf:
        minimum = math.inf
        if dfs(m, 0):
            return solution
        m = minimum
