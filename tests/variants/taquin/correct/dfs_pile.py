"""A whole taquin.py whose dfs is a loop over an explicit stack, no recursion: each entry holds the moves
left to try from a state; the tiles slide on the global grid, written inline (no call of move), and a
child past the bound is cut by its p + h before moving there.

Correct: q17 q18
"""

import enum
import math


class Deplacement(enum.Enum):
    Gauche = "Gauche"
    Bas = "Bas"
    Droite = "Droite"
    Haut = "Haut"


# Set by the grader before each call; the goal state here so that the module is usable as it is.
grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution: list[Deplacement] = []
minimum = math.inf


# Question 15. La case libre prend la valeur v ; la case (i, j) devient libre (sa valeur n'importe
# plus). Seule la distance de v à sa place change dans h.
def move(i, j):
    global h, li, lj
    v = grid[i][j]
    bi, bj = divmod(v, 4)
    h += abs(li - bi) + abs(lj - bj) - abs(i - bi) - abs(j - bj)
    grid[li][lj] = v
    li, lj = i, j


# Donné par l'énoncé : le nom d'un déplacement est la direction dans laquelle bouge l'entier.
def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


OPPOSE = {
    Deplacement.Gauche: Deplacement.Droite,
    Deplacement.Droite: Deplacement.Gauche,
    Deplacement.Haut: Deplacement.Bas,
    Deplacement.Bas: Deplacement.Haut,
}


# Question 16 : les quatre tente_* ne diffèrent que par le déplacement, sa condition et son geste.
def tente(deplacement, possible, jouer):
    if possible and not (solution and solution[-1] == OPPOSE[deplacement]):
        jouer()
        solution.append(deplacement)
        return True
    return False


def tente_gauche():
    return tente(Deplacement.Gauche, lj < 3, gauche)


def tente_bas():
    return tente(Deplacement.Bas, li > 0, bas)


def tente_droite():
    return tente(Deplacement.Droite, lj > 0, droite)


def tente_haut():
    return tente(Deplacement.Haut, li < 3, haut)


# The blank's step for each move (the tile slides the other way), and the move that undoes it.
PAS = {Deplacement.Gauche: (0, 1), Deplacement.Bas: (-1, 0), Deplacement.Droite: (0, -1), Deplacement.Haut: (1, 0)}
ORDRE = (Deplacement.Gauche, Deplacement.Bas, Deplacement.Droite, Deplacement.Haut)


def dfs(m, p):
    global minimum, h, li, lj
    if p + h > m:
        minimum = min(minimum, p + h)
        return False
    if h == 0:
        return True
    pile = [list(ORDRE)]  # the moves left to try from each state of the path
    while pile:
        if not pile[-1]:
            pile.pop()
            if len(pile) == 0:
                return False
            d = solution.pop()
            di, dj = PAS[OPPOSE[d]]
            i, j = li + di, lj + dj
            v = grid[i][j]
            bi, bj = divmod(v, 4)
            h = h + abs(li - bi) + abs(lj - bj) - abs(i - bi) - abs(j - bj)
            grid[li][lj] = v
            li, lj = i, j
            continue
        d = pile[-1].pop(0)
        di, dj = PAS[d]
        if not (0 <= li + di < 4 and 0 <= lj + dj < 4) or (solution and solution[-1] == OPPOSE[d]):
            continue
        v = grid[li + di][lj + dj]
        bi, bj = divmod(v, 4)
        apres = h + abs(li - bi) + abs(lj - bj) - abs(li + di - bi) - abs(lj + dj - bj)
        q = p + len(pile)
        if q + apres > m:
            minimum = min(minimum, q + apres)
            continue
        i, j = li + di, lj + dj
        grid[li][lj] = v
        li, lj = i, j
        h = apres
        solution.append(d)
        if h == 0:
            return True
        pile.append(list(ORDRE))
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
    return None
