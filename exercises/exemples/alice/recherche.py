# Alice — exercices complémentaires, tous traités
import heapq
from collections import deque

DEPLACEMENTS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(path, list):
            return path
        limit = path


def dl_search(path, goal, next_states, limit, heuristic):
    state = path[-1]
    total = len(path) - 1 + heuristic(state, goal)
    if total > limit:
        return total
    if state == goal:
        return path
    smallest = float("inf")
    for ns in next_states(state):
        if ns not in path:
            solution = dl_search(path + [ns], goal, next_states, limit, heuristic)
            if isinstance(solution, list):
                return solution
            smallest = min(smallest, solution)
    return smallest


def fils(etat, n):
    k = etat.index(0)
    i, j = divmod(k, n)
    for op, (di, dj) in DEPLACEMENTS.items():
        if 0 <= i + di < n and 0 <= j + dj < n:
            t = list(etat)
            t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
            yield op, tuple(t)


def manhattan(etat, n):
    return sum(abs(k // n - (v - 1) // n) + abs(k % n - (v - 1) % n) for k, v in enumerate(etat) if v)


def depart_et_but(matrice):
    n = len(matrice)
    return n, tuple(v for ligne in matrice for v in ligne), tuple(range(1, n * n)) + (0,)


def astar(matrice):
    n, depart, but = depart_et_but(matrice)
    open_liste = [(manhattan(depart, n), 0, depart, [])]
    meilleur_g = {depart: 0}
    closed = set()
    while open_liste:
        f, g, etat, chemin = heapq.heappop(open_liste)
        if etat in closed:
            continue
        closed.add(etat)
        if etat == but:
            return chemin
        for op, t in fils(etat, n):
            if t in closed or meilleur_g.get(t, g + 2) <= g + 1:
                continue
            meilleur_g[t] = g + 1
            heapq.heappush(open_liste, (g + 1 + manhattan(t, n), g + 1, t, chemin + [op]))


def bfs_taquin(matrice):
    n, depart, but = depart_et_but(matrice)
    chemins = {depart: []}
    file = deque([depart])
    while file:
        etat = file.popleft()
        if etat == but:
            return chemins[etat]
        for op, t in fils(etat, n):
            if t not in chemins:
                chemins[t] = chemins[etat] + [op]
                file.append(t)


def dfs_taquin(matrice):
    n, depart, but = depart_et_but(matrice)
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
            while pere[etat]:
                etat, op = pere[etat]
                ops.append(op)
            return ops[::-1]
        for op, t in fils(etat, n):
            if t not in closed:
                pere[t] = (etat, op)
                pile.append(t)
