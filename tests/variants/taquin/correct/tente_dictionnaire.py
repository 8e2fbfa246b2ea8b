"""A whole taquin.py whose tente_* share one function driven by a dict (direction -> blank step, the
opposite move, the given gesture), dfs looping over the four tente_* with the undo taken from the same
dict, and minimum = min(minimum, c).

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
    Gauche = "Gauche"
    Bas = "Bas"
    Droite = "Droite"
    Haut = "Haut"


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    ci, cj = v // 4, v % 4
    avant = abs(i - ci) + abs(j - cj)
    apres = abs(li - ci) + abs(lj - cj)
    grid[li][lj] = v
    h = h - avant + apres
    li, lj = i, j


def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


# direction -> (the blank's step, the opposite move, the gesture, the gesture that undoes it)
TABLE = {
    Deplacement.Gauche: ((0, 1), Deplacement.Droite, gauche, droite),
    Deplacement.Droite: ((0, -1), Deplacement.Gauche, droite, gauche),
    Deplacement.Haut: ((1, 0), Deplacement.Bas, haut, bas),
    Deplacement.Bas: ((-1, 0), Deplacement.Haut, bas, haut),
}


def tente(d):
    (di, dj), oppose, geste, _ = TABLE[d]
    if not (0 <= li + di <= 3 and 0 <= lj + dj <= 3):
        return False
    if solution and solution[-1] == oppose:
        return False
    geste()
    solution.append(d)
    return True


def tente_gauche():
    return tente(Deplacement.Gauche)


def tente_bas():
    return tente(Deplacement.Bas)


def tente_droite():
    return tente(Deplacement.Droite)


def tente_haut():
    return tente(Deplacement.Haut)


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        return True
    for d in Deplacement:
        if tente(d):
            if dfs(m, p + 1):
                return True
            TABLE[d][3]()
            solution.pop()
    return False


def taquin():
    global minimum
    solution.clear()
    m = h
    while True:
        minimum = math.inf
        if dfs(m, 0):
            return list(solution)
        m = minimum
