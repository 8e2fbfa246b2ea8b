"""Alice's taquin.py with the moves written as the letters GAUCHE = "G", BAS = "B"... kept as globals, no enum
(a red team's finding: the letters were not read back as moves).

Correct on q15-q18.
"""
import math

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []
minimum = math.inf


# The four moves, as the letters the solution is written with.
GAUCHE = "G"
BAS = "B"
DROITE = "D"
HAUT = "H"


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
    if lj == 3 or dernier() == DROITE:
        return False
    gauche()
    solution.append(GAUCHE)
    return True


def tente_droite():
    if lj == 0 or dernier() == GAUCHE:
        return False
    droite()
    solution.append(DROITE)
    return True


def tente_haut():
    if li == 3 or dernier() == BAS:
        return False
    haut()
    solution.append(HAUT)
    return True


def tente_bas():
    if li == 0 or dernier() == HAUT:
        return False
    bas()
    solution.append(BAS)
    return True


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        return True
    for tente, defait in ((tente_haut, bas), (tente_bas, haut), (tente_gauche, droite), (tente_droite, gauche)):
        if tente():
            if dfs(m, p + 1):
                return True
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
