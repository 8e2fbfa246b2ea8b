"""Typical mistake: open used as a stack (pop() instead of pop(0)), so this "BFS" is a depth-first
search: it finds a solution, rarely a shortest one."""


def bfs_taquin(matrice):
    n = len(matrice)
    but = tuple(range(1, n * n)) + (0,)
    depart = tuple(v for ligne in matrice for v in ligne)
    open_file = [(depart, [])]
    closed = set()
    while open_file:
        etat, chemin = open_file.pop()
        if etat in closed:
            continue
        closed.add(etat)
        if etat == but:
            return chemin
        k = etat.index(0)
        i, j = divmod(k, n)
        for op, di, dj in (("Up", -1, 0), ("Down", 1, 0), ("Left", 0, -1), ("Right", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(etat)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                if tuple(t) not in closed:
                    open_file.append((tuple(t), chemin + [op]))
