"""Typical mistake: `dfs_taquin` written as a breadth-first search (a FIFO queue, `popleft`). Its
solutions are valid, and the shortest ones: it is not the depth-first search the description asks for
(a LIFO stack)."""
from collections import deque


def dfs_taquin(matrice):
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(range(1, n * n)) + (0,)
    file = deque([depart])
    pere = {depart: None}
    while file:
        s = file.popleft()
        if s == but:
            chemin = []
            while pere[s] is not None:
                s, op = pere[s]
                chemin.append(op)
            return chemin[::-1]
        k = s.index(0)
        i, j = divmod(k, n)
        for op, di, dj in (("Up", -1, 0), ("Down", 1, 0), ("Left", 0, -1), ("Right", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(s)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                t = tuple(t)
                if t not in pere:
                    pere[t] = (s, op)
                    file.append(t)
    return None
