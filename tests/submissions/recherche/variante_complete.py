"""All four, correct, written unlike the model answer: search keeps the current path in a set and
grows one list in place; astar keeps open as a sorted list (bisect) and closed as a dict; bfs_taquin
and dfs_taquin keep parents in a dict; moves are members of an Enum, tried in another order."""
import bisect
import enum
from collections import deque


class Op(enum.Enum):
    Up = (-1, 0)
    Down = (1, 0)
    Left = (0, -1)
    Right = (0, 1)


ORDRE = (Op.Right, Op.Left, Op.Down, Op.Up)


def search(start, goal, next_states, heuristic):
    chemin, sur_chemin = [start], {start}

    def explore(borne):
        etat = chemin[-1]
        f = len(chemin) - 1 + heuristic(etat, goal)
        if f > borne:
            return f
        if etat == goal:
            return None
        plus_petit = float("inf")
        for suivant in list(next_states(etat)):
            if suivant in sur_chemin:
                continue
            chemin.append(suivant)
            sur_chemin.add(suivant)
            r = explore(borne)
            if r is None:
                return None
            chemin.pop()
            sur_chemin.discard(suivant)
            plus_petit = min(plus_petit, r)
        return plus_petit

    borne = heuristic(start, goal)
    while True:
        r = explore(borne)
        if r is None:
            return list(chemin)
        borne = r


def _voisins(etat, n):
    k = etat.index(0)
    i, j = divmod(k, n)
    for op in ORDRE:
        di, dj = op.value
        if 0 <= i + di < n and 0 <= j + dj < n:
            t = list(etat)
            t[k], t[k + di * n + dj] = t[k + di * n + dj], 0
            yield op, tuple(t)


def _h(etat, n):
    return sum(abs(k // n - (v - 1) // n) + abs(k % n - (v - 1) % n) for k, v in enumerate(etat) if v)


def _chemin(parents, etat):
    ops = []
    while parents[etat] is not None:
        etat, op = parents[etat]
        ops.append(op)
    return ops[::-1]


def astar(matrice):
    n = len(matrice)
    depart = tuple(sum(matrice, []))
    but = tuple(range(1, n * n)) + (0,)
    open_liste = [(_h(depart, n), 0, depart)]  # triée par f décroissant : le meilleur est à la fin
    meilleur_g = {depart: 0}
    parents = {depart: None}
    closed = {}
    while open_liste:
        _, moins_g, etat = open_liste.pop()
        g = -moins_g
        if etat in closed or g > meilleur_g[etat]:
            continue
        closed[etat] = g
        if etat == but:
            return _chemin(parents, etat)
        for op, t in _voisins(etat, n):
            if t in closed or meilleur_g.get(t, g + 2) <= g + 1:
                continue
            meilleur_g[t] = g + 1
            parents[t] = (etat, op)
            bisect.insort(open_liste, (-(g + 1 + _h(t, n)), -(g + 1), t))
    return None


def bfs_taquin(matrice):
    n = len(matrice)
    depart = tuple(sum(matrice, []))
    but = tuple(range(1, n * n)) + (0,)
    parents = {depart: None}
    file = deque([depart])
    while file:
        etat = file.popleft()
        if etat == but:
            return _chemin(parents, etat)
        for op, t in _voisins(etat, n):
            if t not in parents:
                parents[t] = (etat, op)
                file.append(t)


def dfs_taquin(matrice):
    n = len(matrice)
    depart = tuple(sum(matrice, []))
    but = tuple(range(1, n * n)) + (0,)
    parents = {depart: None}
    pile = [depart]
    vus = set()
    while pile:
        etat = pile.pop()
        if etat in vus:
            continue
        vus.add(etat)
        if etat == but:
            return _chemin(parents, etat)
        for op, t in _voisins(etat, n):
            if t not in vus:
                parents[t] = (etat, op)
                pile.append(t)
