"""taquin that, after six failed rounds, raises its bound by 4 instead of 2 ("f only grows by 2, so
let us skip a round now and then: the search is taking long"): it skips the bound h + 12, and on a state
that needs it returns a solution found within h + 14, often longer than the optimum.

Wrong: q18
Smallest failing case: a state whose optimum is h + 12 (seven rounds) on which the search with the
bound h + 14 meets a longer solution first, e.g. 0 1 5 3 / 4 2 9 7 / 8 6 10 11 / 12 13 14 _ (h = 8,
optimum 20): taquin returns 22 moves.
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
    tours = 0
    while m != math.inf:
        minimum = math.inf
        if dfs(m, 0):
            return list(solution)
        tours = tours + 1
        if tours < 6:
            m = minimum
        else:
            m = minimum + 2
