"""Typical mistake: a correct BFS whose operations name the move of the tile (the exam's convention),
not of the blank."""
from collections import deque


def bfs_taquin(matrice):
    n = len(matrice)
    but = tuple(range(1, n * n)) + (0,)
    depart = tuple(v for ligne in matrice for v in ligne)
    vus = {depart: []}
    file = deque([depart])
    while file:
        etat = file.popleft()
        if etat == but:
            return vus[etat]
        k = etat.index(0)
        i, j = divmod(k, n)
        # la tuile qui glisse vers la case vide : "Up" quand elle vient d'en dessous
        for op, di, dj in (("Down", -1, 0), ("Up", 1, 0), ("Right", 0, -1), ("Left", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(etat)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                t = tuple(t)
                if t not in vus:
                    vus[t] = vus[etat] + [op]
                    file.append(t)
