"""Mistake (red team): a breadth-first search with a detour at the goal (the blank goes left and back),
so that its solutions are not the shortest ones; it passes through a state twice."""

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
    ops = plus_court(tuple(v for ligne in matrice for v in ligne), n)
    return ops + ["Left", "Right"]
