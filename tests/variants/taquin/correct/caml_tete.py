"""A whole taquin.py kept the Caml way: `solution` has its most recent move first (insert(0, …),
pop(0)), taquin reverses it to return the moves in playing order; moves tried Droite, Gauche, Bas, Haut.

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
    Gauche = enum.auto()
    Bas = enum.auto()
    Droite = enum.auto()
    Haut = enum.auto()


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    h += abs(li - v // 4) + abs(lj - v % 4) - abs(i - v // 4) - abs(j - v % 4)
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
    if solution == []:
        return None
    return solution[0]


def tente_gauche():
    if lj == 3 or dernier() == Deplacement.Droite:
        return False
    gauche()
    solution.insert(0, Deplacement.Gauche)
    return True


def tente_bas():
    if li == 0 or dernier() == Deplacement.Haut:
        return False
    bas()
    solution.insert(0, Deplacement.Bas)
    return True


def tente_droite():
    if lj == 0 or dernier() == Deplacement.Gauche:
        return False
    droite()
    solution.insert(0, Deplacement.Droite)
    return True


def tente_haut():
    if li == 3 or dernier() == Deplacement.Bas:
        return False
    haut()
    solution.insert(0, Deplacement.Haut)
    return True


def dfs(m, p):
    global minimum
    if p + h > m:
        if p + h < minimum:
            minimum = p + h
        return False
    if h == 0:
        return True
    for essai, annule in ((tente_droite, gauche), (tente_gauche, droite), (tente_bas, haut), (tente_haut, bas)):
        if essai():
            if dfs(m, p + 1):
                return True
            annule()
            solution.pop(0)
    return False


def taquin():
    global minimum, solution
    solution = []
    m = h
    while m != math.inf:
        minimum = math.inf
        if dfs(m, 0):
            return solution[::-1]
        m = minimum
