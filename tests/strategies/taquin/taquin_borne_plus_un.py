# Alice — partie IV, taquin raising its bound by one (red team 4, q18-bound-plus-one): optimal lists through
# dfs, without IDA*'s update of the bound. q18: 0/3 before, now the groups of optimal results (see
# tests/test_cheap_strategies_taquin.py).
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
    return False


def taquin():
    """The bound raised one at a time from h: every optimal length is reached, the first found is optimal."""
    global minimum, solution
    solution = []
    m = h
    while not dfs(m, 0):
        m += 1
    return list(solution)
