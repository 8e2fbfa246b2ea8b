"""A* read literally from the description: open and closed are plain lists of nodes, the best node
is found by a linear scan, and closed holds matrices (lists of lists). Correct, quadratic."""
import copy


def h(m):
    n = len(m)
    total = 0
    for i in range(n):
        for j in range(n):
            v = m[i][j]
            if v != 0:
                total += abs(i - (v - 1) // n) + abs(j - (v - 1) % n)
    return total


def final(n):
    return [[(i * n + j + 1) % (n * n) for j in range(n)] for i in range(n)]


def fils(m):
    n = len(m)
    for i in range(n):
        for j in range(n):
            if m[i][j] == 0:
                li, lj = i, j
    for op, (di, dj) in (("Up", (-1, 0)), ("Down", (1, 0)), ("Left", (0, -1)), ("Right", (0, 1))):
        ni, nj = li + di, lj + dj
        if 0 <= ni < n and 0 <= nj < n:
            t = copy.deepcopy(m)
            t[li][lj], t[ni][nj] = t[ni][nj], 0
            yield op, t


def astar(matrice):
    but = final(len(matrice))
    open_liste = [{"m": matrice, "g": 0, "f": h(matrice), "chemin": []}]
    closed_liste = []
    while open_liste:
        pere = min(open_liste, key=lambda t: t["f"])
        closed_liste.append(pere["m"])
        if pere["m"] == but:
            return pere["chemin"]
        for op, m in fils(pere["m"]):
            if m in closed_liste:
                continue
            f = pere["g"] + 1 + h(m)
            if any(t["m"] == m and t["f"] <= f for t in open_liste):
                continue
            open_liste.append({"m": m, "g": pere["g"] + 1, "f": f, "chemin": pere["chemin"] + [op]})
        open_liste.remove(pere)
    return None
