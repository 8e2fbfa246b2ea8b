"""Corrigé des parties I à III (jeux à un joueur), traduction Python des figures 1, 2 et 3.

Conventions (voir exercises/README.md) : le correcteur fixe les globales `initial`, `suivants`,
`final` et `h` de ce module avant chaque appel.
"""

import math

# Set by the grader before each call; None here so that importing the module has no effect.
initial = None
suivants = None
final = None
h = None


# Question 1 : 1 → 2 → 4 → 5 → 10 → 20 → 21 → 42. Sept coups, et pas moins : chaque coup au plus
# double la valeur, et 42 = 101010 en binaire demande cinq doublements et deux « +1 ».
def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]


# Question 4 (figure 1). A et B sont des listes, sans élimination des doublons.
def bfs():
    def parcours(a, p):
        b = []
        for x in a:
            if final(x):
                return p
            b.extend(suivants(x))
        return parcours(b, p + 1)

    return parcours([initial], 0)


# Figure 2 : DFS(m, e, p).
def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs(m, x, p + 1):
            return True
    return False


# Question 7 : recherche itérée en profondeur (ne termine pas s'il n'y a pas de solution).
def ids():
    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m


# Question 10 (figure 3). `minimum` est la globale `min` de l'énoncé : un int, ou math.inf pour ∞.
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs_star(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum
    raise ValueError("pas de solution")


# Question 11 : un coup au plus double l'état, donc depuis n il faut au moins k coups avec
# n·2^k ≥ t, soit h(n) = ⌈log2(t/n)⌉. Les états n > t n'atteignent jamais t (les coups font croître
# l'état) : h peut y valoir n'importe quoi, 0 ici.
def h_jeu1(n, t):
    k = 0
    while n << k < t:
        k += 1
    return k
