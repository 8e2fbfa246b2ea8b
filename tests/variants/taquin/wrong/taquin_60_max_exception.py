"""taquin gives up when the bound passes 60 ("no state needs more than 60 moves") with an exception
(red team 12: after it, the model's passes once searched q18's 78-move trap to the end in the grader's
own process).

Wrong: q18
Smallest failing case: a state whose optimum is above 60, e.g. the goal rotated by 180° (blank top
left): h = 58, and the bounds 58 and 60 fail.
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


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        if c < minimum:
            minimum = c
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
    global minimum, solution
    solution = []
    m = h
    while m <= 60:
        minimum = math.inf
        if dfs(m, 0):
            return list(solution)
        m = minimum
    raise ValueError("pas de solution en 60 coups")
