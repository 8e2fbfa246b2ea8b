"""Alice's taquin.py whose tente_* write and compare the strings "Gauche"... and whose taquin() converts them
to Deplacement members at the end (a red team's finding: the enum was taken for what solution holds).

Correct on q15-q18.
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
    Gauche = "Gauche"
    Bas = "Bas"
    Droite = "Droite"
    Haut = "Haut"


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
    if lj == 3 or dernier() == "Droite":
        return False
    gauche()
    solution.append("Gauche")
    return True


def tente_droite():
    if lj == 0 or dernier() == "Gauche":
        return False
    droite()
    solution.append("Droite")
    return True


def tente_haut():
    if li == 3 or dernier() == "Bas":
        return False
    haut()
    solution.append("Haut")
    return True


def tente_bas():
    if li == 0 or dernier() == "Haut":
        return False
    bas()
    solution.append("Bas")
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
            return [Deplacement(d) for d in solution]  # the exam's type
        m = minimum
