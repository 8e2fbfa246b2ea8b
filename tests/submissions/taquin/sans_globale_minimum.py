"""Mistake: dfs keeps no threshold at all (the name minimum appears nowhere); taquin raises the bound by 2
each round (h keeps the parity of the optimum), which finds optimal lists but is IDA*'s update only with
Manhattan's h: q18's bound update group fails (docs/judging.md)."""
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
solution = []


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


# Question 17 (DFS* de la figure 3 sur l'état global). L'état final est le seul où h = 0.
# Chaque essai réussi est défait (geste opposé, puis retrait de solution) avant l'essai suivant.
ESSAIS = ((tente_gauche, droite), (tente_bas, haut), (tente_droite, gauche), (tente_haut, bas))


def dfs(m, p):
    c = p + h
    if c > m:
        return False
    if h == 0:
        return True
    for essai, annule in ESSAIS:
        if essai():
            if dfs(m, p + 1):
                return True
            annule()
            solution.pop()
    return False


# Question 18 (IDA* de la figure 3). Les déplacements sont rendus dans l'ordre où ils sont joués.
def taquin():
    global solution
    solution = []
    m = h
    while True:
        if dfs(m, 0):
            return list(solution)
        m += 2
