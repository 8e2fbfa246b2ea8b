"""Typical mistake: the A*'s h also counts the blank's distance to its place (the sum over every cell).
Not admissible: on most puzzles it still finds a shortest solution, but not on some hard ones (e.g. a
27-move instance solved in 29)."""
import heapq


def astar(matrice):
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(range(1, n * n)) + (0,)

    def h(s):
        # The blank (0) belongs in the last cell: (0 - 1) % n² is its index there.
        return sum(abs(k // n - (v - 1) % (n * n) // n) + abs(k % n - (v - 1) % (n * n) % n) for k, v in enumerate(s))

    open_liste = [(h(depart), 0, depart, [])]
    closed = set()
    while open_liste:
        _, g, s, chemin = heapq.heappop(open_liste)
        if s in closed:
            continue
        closed.add(s)
        if s == but:
            return chemin
        k = s.index(0)
        i, j = divmod(k, n)
        for op, di, dj in (("Up", -1, 0), ("Down", 1, 0), ("Left", 0, -1), ("Right", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(s)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                t = tuple(t)
                if t not in closed:
                    heapq.heappush(open_liste, (g + 1 + h(t), g + 1, t, chemin + [op]))
