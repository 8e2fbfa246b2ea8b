# Chloé — exercices complémentaires : erreurs typiques
import heapq


def search(start, goal, next_states, heuristic):
    # oublie l'état de départ dans le chemin renvoyé
    limit = heuristic(start, goal)
    while True:
        r = cherche(start, 0, goal, next_states, limit, heuristic, [])
        if isinstance(r, list):
            return r
        limit = r


def cherche(state, g, goal, next_states, limit, heuristic, chemin):
    if g + heuristic(state, goal) > limit:
        return g + heuristic(state, goal)
    if state == goal:
        return chemin
    smallest = float("inf")
    for ns in next_states(state):
        if ns not in chemin:
            r = cherche(ns, g + 1, goal, next_states, limit, heuristic, chemin + [ns])
            if isinstance(r, list):
                return r
            smallest = min(smallest, r)
    return smallest


def h(etat, n):
    return sum(abs(k // n - (v - 1) // n) + abs(k % n - (v - 1) % n) for k, v in enumerate(etat) if v)


def astar(matrice):
    # pas de liste closed : un même taquin est développé encore et encore
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(range(1, n * n)) + (0,)
    open_liste = [(h(depart, n), depart, [])]
    while open_liste:
        f, etat, chemin = heapq.heappop(open_liste)
        if etat == but:
            return chemin
        k = etat.index(0)
        i, j = divmod(k, n)
        for op, di, dj in (("Up", -1, 0), ("Down", 1, 0), ("Left", 0, -1), ("Right", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(etat)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                t = tuple(t)
                heapq.heappush(open_liste, (len(chemin) + 1 + h(t, n), t, chemin + [op]))


def bfs_taquin(matrice):
    # les opérations nomment le déplacement de la tuile, pas celui de la case vide
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(range(1, n * n)) + (0,)
    open_file = [(depart, [])]
    closed = {depart}
    while open_file:
        etat, chemin = open_file.pop(0)
        if etat == but:
            return chemin
        k = etat.index(0)
        i, j = divmod(k, n)
        for op, di, dj in (("Down", -1, 0), ("Up", 1, 0), ("Right", 0, -1), ("Left", 0, 1)):
            if 0 <= i + di < n and 0 <= j + dj < n:
                t = list(etat)
                t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
                t = tuple(t)
                if t not in closed:
                    closed.add(t)
                    open_file.append((t, chemin + [op]))


def dfs_taquin(matrice):
    raise NotImplementedError
