"""BFS with a plain list as the queue (pop(0), as the description allows), closed as a set of
tuples and only closed checked: a matrix may wait in open several times. Correct."""


def bfs_taquin(matrice):
    n = len(matrice)
    but = list(range(1, n * n)) + [0]
    open_file = [([v for ligne in matrice for v in ligne], [])]
    closed = set()
    while open_file:
        etat, chemin = open_file.pop(0)
        closed.add(tuple(etat))
        if etat == but:
            return chemin
        k = etat.index(0)
        i, j = k // n, k % n
        for op, ni, nj in (("Up", i - 1, j), ("Down", i + 1, j), ("Left", i, j - 1), ("Right", i, j + 1)):
            if 0 <= ni < n and 0 <= nj < n:
                fils = etat[:]
                fils[k], fils[ni * n + nj] = fils[ni * n + nj], 0
                if tuple(fils) not in closed:
                    open_file.append((fils, chemin + [op]))
