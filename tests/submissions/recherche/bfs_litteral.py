"""BFS read literally: open and closed are lists of matrices, membership by linear search."""
import copy


def voisins(m):
    n = len(m)
    i, j = next((i, j) for i in range(n) for j in range(n) if m[i][j] == 0)
    for op, (di, dj) in {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}.items():
        if 0 <= i + di < n and 0 <= j + dj < n:
            t = copy.deepcopy(m)
            t[i][j], t[i + di][j + dj] = t[i + di][j + dj], 0
            yield op, t


def bfs_taquin(matrice):
    n = len(matrice)
    but = [[(i * n + j + 1) % (n * n) for j in range(n)] for i in range(n)]
    open_file = [(matrice, [])]
    closed_file = []
    while open_file:
        pere, chemin = open_file[0]
        closed_file.append(pere)
        if pere == but:
            return chemin
        for op, t in voisins(pere):
            if t not in closed_file and all(t != m for m, _ in open_file):
                open_file.append((t, chemin + [op]))
        open_file.pop(0)
