"""Typical mistake: f = h only (greedy best-first search): a solution, not always a shortest one."""
import heapq


def astar(matrice):
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(range(1, n * n)) + (0,)

    def h(s):
        return sum(abs(k // n - (v - 1) // n) + abs(k % n - (v - 1) % n) for k, v in enumerate(s) if v)

    open_liste = [(h(depart), depart, [])]
    closed = set()
    while open_liste:
        _, s, chemin = heapq.heappop(open_liste)
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
                    heapq.heappush(open_liste, (h(t), t, chemin + [op]))
