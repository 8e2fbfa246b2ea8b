# Chloé — erreurs typiques
import math

initial = None
suivants = None
final = None
h = None


def solution_42():
    # 1, 2, 4, 8, 16, 32, 33, ..., 42 : valide mais pas optimale
    return [1, 2, 4, 8, 16, 32] + list(range(33, 43))


def bfs():
    # parcours en profondeur au lieu d'un parcours en largeur
    pile = [(initial, 0)]
    vus = set()
    meilleur = math.inf
    while pile:
        e, p = pile.pop()
        if final(e):
            meilleur = min(meilleur, p)
            continue
        if e in vus or p > 30:
            continue
        vus.add(e)
        for x in suivants(e):
            pile.append((x, p + 1))
    return meilleur


def dfs(m, e, p):
    if p >= m:  # erreur : devrait être p > m
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs(m, x, p + 1):
            return True
    return False


def ids():
    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m


def idastar():
    # ignore h : c'est ids
    return ids()


def h_jeu1(n, t):
    return t - n  # non admissible
