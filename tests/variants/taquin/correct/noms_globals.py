"""A whole taquin.py whose dfs tries the moves by name through globals() and undoes them with a dict of
opposite names; tente_* through one helper.

Correct: q16 q17 q18
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


OPPOSE = {"gauche": "droite", "droite": "gauche", "haut": "bas", "bas": "haut"}


def tente(nom, possible):
    d = Deplacement[nom.capitalize()]
    if not possible or (len(solution) > 0 and solution[-1] == Deplacement[OPPOSE[nom].capitalize()]):
        return False
    globals()[nom]()
    solution.append(d)
    return True


def tente_gauche():
    return tente("gauche", lj + 1 <= 3)


def tente_bas():
    return tente("bas", li - 1 >= 0)


def tente_droite():
    return tente("droite", lj - 1 >= 0)


def tente_haut():
    return tente("haut", li + 1 <= 3)


def dfs(m, p):
    global minimum
    c = p + h
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if h == 0:
        return True
    for nom in ("haut", "gauche", "bas", "droite"):
        if globals()["tente_" + nom]():
            if dfs(m, p + 1):
                return True
            globals()[OPPOSE[nom]]()
            solution.pop()
    return False


def taquin():
    global minimum, solution
    solution = []
    m = h
    while m != math.inf:
        minimum = math.inf
        if dfs(m, 0):
            return list(solution)
        m = minimum
