"""A whole taquin.py whose dfs, when every move fails, falls off the end and returns None instead of False
(the cut past the bound still returns False; the state is restored, `minimum` right, a success True): the
value returned is wrong, not the search (red team 4, q17-none-for-false: q17 0/3 when the evidence of
search shared by the three groups was lost at the root; now 2/3, `echec_restaure` alone failing).

Wrong: q17
Correct: q18
Smallest failing case: dfs(h, 0) on any state whose optimum is above h (the root within the bound, every
move failing): None, expected False.
"""
# Alice — partie IV
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
    if lj == 3 or dernier() == Deplacement.Droite:
        return False
    gauche()
    solution.append(Deplacement.Gauche)
    return True


def tente_droite():
    if lj == 0 or dernier() == Deplacement.Gauche:
        return False
    droite()
    solution.append(Deplacement.Droite)
    return True


def tente_haut():
    if li == 3 or dernier() == Deplacement.Bas:
        return False
    haut()
    solution.append(Deplacement.Haut)
    return True


def tente_bas():
    if li == 0 or dernier() == Deplacement.Haut:
        return False
    bas()
    solution.append(Deplacement.Bas)
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


def taquin():
    global minimum, solution
    solution = []
    m = h
    while True:
        minimum = math.inf
        if dfs(m, 0):
            return list(solution)
        m = minimum
