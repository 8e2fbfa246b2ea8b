"""Typical mistake: a DFS without closed: it only avoids undoing its last move, and loops forever."""


def dfs_taquin(matrice):
    n = len(matrice)
    but = [v for v in range(1, n * n)] + [0]
    pile = [([v for ligne in matrice for v in ligne], [])]
    inverse = {"Up": "Down", "Down": "Up", "Left": "Right", "Right": "Left"}
    while pile:
        etat, chemin = pile.pop()
        if etat == but:
            return chemin
        k = etat.index(0)
        i, j = divmod(k, n)
        for op, di, dj in (("Up", -1, 0), ("Down", 1, 0), ("Left", 0, -1), ("Right", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n and not (chemin and chemin[-1] == inverse[op]):
                t = etat[:]
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                pile.append((t, chemin + [op]))
