"""Mistake: a breadth-first search that makes its solution longer without coming back to a state: its
first move is one the shortest solution does not make, then a shortest path that avoids the start."""

from collections import deque

STEPS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def plus_court(depart, n, interdits=()):
    but = tuple(range(1, n * n)) + (0,)
    pere = {depart: None, **{etat: None for etat in interdits}}
    file = deque([depart])
    while file:
        etat = file.popleft()
        if etat == but:
            ops = []
            while pere[etat] is not None:
                etat, op = pere[etat]
                ops.append(op)
            return ops[::-1]
        vide = etat.index(0)
        i, j = divmod(vide, n)
        for op, (di, dj) in STEPS.items():
            if 0 <= i + di < n and 0 <= j + dj < n:
                fils = list(etat)
                fils[vide], fils[vide + di * n + dj] = fils[vide + di * n + dj], 0
                fils = tuple(fils)
                if fils not in pere:
                    pere[fils] = (etat, op)
                    file.append(fils)
    return None


def dfs_taquin(matrice):
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    court = plus_court(depart, n)
    vide = depart.index(0)
    i, j = divmod(vide, n)
    for op, (di, dj) in STEPS.items():
        if court and op != court[0] and 0 <= i + di < n and 0 <= j + dj < n:
            voisin = list(depart)
            voisin[vide], voisin[vide + di * n + dj] = voisin[vide + di * n + dj], 0
            reste = plus_court(tuple(voisin), n, interdits=(depart,))
            if reste is not None:
                return [op, *reste]
    return court
