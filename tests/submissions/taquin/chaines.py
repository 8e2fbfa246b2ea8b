"""Correct, written differently: moves are plain strings (no Deplacement at all), move writes a marker in
the blank cell and recomputes h from scratch, dfs tries the moves in another order with a table of
(try, undo) pairs, and taquin returns the moves in playing order."""
import math

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []
minimum = math.inf


def manhattan():
    total = 0
    for i in range(4):
        for j in range(4):
            if (i, j) != (li, lj):
                v = grid[i][j]
                total += abs(i - v // 4) + abs(j - v % 4)
    return total


def move(i, j):
    global h, li, lj
    grid[li][lj] = grid[i][j]
    grid[i][j] = -1
    li, lj = i, j
    h = manhattan()


def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


CONTRAIRE = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}


def tente(nom, possible, geste):
    if not possible:
        return False
    if len(solution) > 0 and solution[-1] == CONTRAIRE[nom]:
        return False
    geste()
    solution.append(nom)
    return True


def tente_gauche():
    return tente("Gauche", lj + 1 <= 3, gauche)


def tente_bas():
    return tente("Bas", li - 1 >= 0, bas)


def tente_droite():
    return tente("Droite", lj - 1 >= 0, droite)


def tente_haut():
    return tente("Haut", li + 1 <= 3, haut)


def dfs(m, p):
    global minimum
    if p + h > m:
        if p + h < minimum:
            minimum = p + h
        return False
    if h == 0:
        return True
    for essai, defaire in ((tente_haut, bas), (tente_droite, gauche), (tente_bas, haut), (tente_gauche, droite)):
        if essai():
            if dfs(m, p + 1):
                return True
            defaire()
            solution.pop()
    return False


def taquin():
    global minimum
    del solution[:]
    m = h
    while m != math.inf:
        minimum = math.inf
        if dfs(m, 0):
            return solution[:]
        m = minimum
    return None
