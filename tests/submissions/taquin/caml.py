"""Correct, written the Caml way: `solution` keeps the most recent move FIRST (insert/pop at 0), the
tente_* are written out one by one, and taquin reverses the list to return the moves in playing order."""
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
    if lj == 3 or (solution != [] and solution[0] == Deplacement.Droite):
        return False
    gauche()
    solution.insert(0, Deplacement.Gauche)
    return True


def tente_droite():
    if lj == 0 or (solution != [] and solution[0] == Deplacement.Gauche):
        return False
    droite()
    solution.insert(0, Deplacement.Droite)
    return True


def tente_haut():
    if li == 3 or (solution != [] and solution[0] == Deplacement.Bas):
        return False
    haut()
    solution.insert(0, Deplacement.Haut)
    return True


def tente_bas():
    if li == 0 or (solution != [] and solution[0] == Deplacement.Haut):
        return False
    bas()
    solution.insert(0, Deplacement.Bas)
    return True


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        return True
    if tente_gauche():
        if dfs(m, p + 1):
            return True
        droite()
        solution.pop(0)
    if tente_bas():
        if dfs(m, p + 1):
            return True
        haut()
        solution.pop(0)
    if tente_droite():
        if dfs(m, p + 1):
            return True
        gauche()
        solution.pop(0)
    if tente_haut():
        if dfs(m, p + 1):
            return True
        bas()
        solution.pop(0)
    return False


def taquin():
    global minimum, solution
    solution = []
    m = h
    while True:
        minimum = math.inf
        if dfs(m, 0):
            return solution[::-1]
        m = minimum
