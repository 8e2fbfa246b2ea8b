# David — partie IV seulement, dans un seul fichier
import enum
import math

grid = None
h = 0
li = lj = 0
solution = []
minimum = math.inf


class Deplacement(enum.Enum):
    Gauche = 1
    Bas = 2
    Droite = 3
    Haut = 4


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    avant = abs(i - v // 4) + abs(j - v % 4)
    apres = abs(li - v // 4) + abs(lj - v % 4)
    h += apres - avant
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


OPPOSE = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}


def tente(nom, possible, jouer):
    if not possible or (solution and solution[-1].name == OPPOSE[nom]):
        return False
    jouer()
    solution.append(Deplacement[nom])
    return True


def tente_gauche():
    return tente("Gauche", lj < 3, gauche)


def tente_bas():
    return tente("Bas", li > 0, bas)


def tente_droite():
    return tente("Droite", lj > 0, droite)


def tente_haut():
    return tente("Haut", li < 3, haut)


def dfs(m, p):
    # oublie de défaire les déplacements quand la branche échoue
    global minimum
    c = p + h
    if c > m:
        minimum = min(minimum, c)
        return False
    if h == 0:
        return True
    for t in (tente_gauche, tente_bas, tente_droite, tente_haut):
        if t() and dfs(m, p + 1):
            return True
    return False


def taquin():
    global minimum
    m = h
    while True:
        minimum = math.inf
        if dfs(m, 0):
            return solution
        m = minimum
