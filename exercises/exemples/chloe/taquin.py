# Chloé — partie IV
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
    # oublie de mettre h à jour
    global li, lj
    grid[li][lj] = grid[i][j]
    li, lj = i, j


def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


def tente_gauche():
    # ne regarde pas le déplacement précédent
    if lj < 3:
        gauche()
        solution.append(Deplacement.Gauche)
        return True
    return False


def tente_bas():
    if li > 0:
        bas()
        solution.append(Deplacement.Bas)
        return True
    return False


def tente_droite():
    if lj > 0:
        droite()
        solution.append(Deplacement.Droite)
        return True
    return False


def tente_haut():
    if li < 3:
        haut()
        solution.append(Deplacement.Haut)
        return True
    return False
