# Farid — boucle infinie
import enum
grid = None
h = li = lj = 0
solution = []


class Deplacement(enum.Enum):
    Gauche = 1
    Bas = 2
    Droite = 3
    Haut = 4


def move(i, j):
    global li, lj, h
    while True:
        pass


def taquin():
    while True:
        pass
