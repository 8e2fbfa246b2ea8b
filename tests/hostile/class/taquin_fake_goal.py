import enum


class Deplacement(enum.Enum):
    GAUCHE = 0
    BAS = 1
    DROITE = 2
    HAUT = 3


grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []


def move(i, j):
    pass


def tente_gauche():
    return False


def tente_bas():
    return False


def tente_droite():
    return False


def tente_haut():
    return False


def taquin():
    # Claims the goal was reached: puts the goal in grid and says no move is needed.
    global grid, h, li, lj
    grid = [[4 * i + j for j in range(4)] for i in range(4)]
    h, li, lj = 0, 3, 3
    return []
