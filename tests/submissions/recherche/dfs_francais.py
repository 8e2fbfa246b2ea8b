"""Typical mistake: a correct DFS whose operations are named in French ("Haut"...), not as agreed."""

NOMS = {(-1, 0): "Haut", (1, 0): "Bas", (0, -1): "Gauche", (0, 1): "Droite"}


def dfs_taquin(matrice):
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(range(1, n * n)) + (0,)
    pere = {depart: None}
    pile = [depart]
    closed = set()
    while pile:
        etat = pile.pop()
        if etat in closed:
            continue
        closed.add(etat)
        if etat == but:
            ops = []
            while pere[etat] is not None:
                etat, op = pere[etat]
                ops.append(op)
            return ops[::-1]
        k = etat.index(0)
        i, j = divmod(k, n)
        for (di, dj), op in NOMS.items():
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(etat)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                t = tuple(t)
                if t not in closed:
                    pere[t] = (etat, op)
                    pile.append(t)
