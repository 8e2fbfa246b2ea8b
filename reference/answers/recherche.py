"""Corrigé des exercices complémentaires (recherche.py) : IDA* renvoyant le chemin (x1), et A*, BFS,
DFS sur le taquin n×n (x2, x3, x4), d'après les deux documents d'accompagnement.

Taquin : `matrice` est une liste de n listes de n entiers, 0 pour la case vide ; l'état final est
1 … n²−1 ligne par ligne, la case vide en bas à droite. Une opération est le sens dans lequel se
déplace la case VIDE : "Up", "Down", "Left", "Right".
"""

import heapq
import itertools
from collections import deque

# Comment la case vide se déplace (ligne, colonne) pour chaque opération.
OPERATIONS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


# Exercice x1 : le carnet IDA*. `search` relance `dl_search` avec des horizons croissants ; le
# chemin courant `Path` sert à ne pas boucler. (Le carnet affiche chaque horizon ; pas ici.)
def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        Path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(Path, list):
            return Path
        limit = Path


def dl_search(Path, goal, next_states, limit, heuristic):
    """Un chemin de longueur au plus `limit` prolongeant `Path` jusqu'à `goal`, ou, à défaut, le plus
    petit f = g + h qui a dépassé `limit` (le prochain horizon)."""
    state = Path[-1]
    distance = len(Path) - 1
    total = distance + heuristic(state, goal)
    if total > limit:
        return total
    if state == goal:
        return Path
    smallest = float("Inf")
    for ns in next_states(state):
        if ns not in Path:
            Solution = dl_search(Path + [ns], goal, next_states, limit, heuristic)
            if isinstance(Solution, list):
                return Solution
            smallest = min(smallest, Solution)
    return smallest


# Le taquin. Un état est un tuple (les n² cases ligne par ligne) : hachable, pour `closed`.
def etat(matrice):
    return tuple(v for ligne in matrice for v in ligne)


def but(n):
    return tuple(range(1, n * n)) + (0,)


def manhattan(state, n):
    """H : somme des distances de chaque tuile (pas la case vide) à sa place finale."""
    total = 0
    for index, tuile in enumerate(state):
        if tuile:
            total += abs(index // n - (tuile - 1) // n) + abs(index % n - (tuile - 1) % n)
    return total


def fils(state, n):
    """Les couples (opération, état) obtenus en déplaçant la case vide."""
    vide = state.index(0)
    i, j = divmod(vide, n)
    for operation, (di, dj) in OPERATIONS.items():
        ni, nj = i + di, j + dj
        if 0 <= ni < n and 0 <= nj < n:
            cases = list(state)
            cases[vide], cases[ni * n + nj] = cases[ni * n + nj], 0
            yield operation, tuple(cases)


def chemin(pere, state):
    """Les opérations de l'état initial à `state`, en remontant les pères."""
    operations = []
    while pere[state] is not None:
        state, operation = pere[state]
        operations.append(operation)
    operations.reverse()
    return operations


# Exercice x2 : A*. `open_liste` est un tas de (f, rang, état) ; `g_open` donne le meilleur g connu de
# chaque état en attente (c2), `closed` les états déjà développés (c1). Un état dépassé dans le tas
# (c2 l'a remplacé par un meilleur) est simplement ignoré quand il en sort.
def astar(matrice):
    n = len(matrice)
    depart, final = etat(matrice), but(n)
    rang = itertools.count()  # départage les f égaux sans comparer les états
    open_liste = [(manhattan(depart, n), next(rang), depart)]
    g_open = {depart: 0}
    pere = {depart: None}
    closed = set()
    while open_liste:
        _, _, taquin = heapq.heappop(open_liste)  # 1. le taquin de plus petit f
        if taquin in closed:
            continue
        g = g_open.pop(taquin)  # 5. il quitte open…
        closed.add(taquin)  # 2. …pour closed
        if taquin == final:  # 3. test-but
            return chemin(pere, taquin)
        for operation, t in fils(taquin, n):  # 4.
            if t in closed:  # c1
                continue
            if t in g_open and g_open[t] <= g + 1:  # c2 : même h, donc comparer f revient à comparer g
                continue
            g_open[t] = g + 1
            pere[t] = (taquin, operation)
            heapq.heappush(open_liste, (g + 1 + manhattan(t, n), next(rang), t))
    return None


# Exercice x3 : BFS, `open_file` est une file (FIFO). Un fils déjà dans closed ou déjà en attente est
# ignoré : il y est arrivé par un chemin au moins aussi court.
def bfs_taquin(matrice):
    n = len(matrice)
    depart, final = etat(matrice), but(n)
    open_file = deque([depart])
    pere = {depart: None}  # les états déjà vus : closed, et ceux qui attendent dans open
    closed = set()
    while open_file:
        taquin = open_file.popleft()  # 1. et 5.
        closed.add(taquin)  # 2.
        if taquin == final:  # 3.
            return chemin(pere, taquin)
        for operation, t in fils(taquin, n):  # 4.
            if t not in pere:  # c1
                pere[t] = (taquin, operation)
                open_file.append(t)
    return None


# Exercice x4 : DFS, `open_pile` est une pile (LIFO). Un même état peut être empilé plusieurs fois ;
# grâce à closed, il n'est développé qu'une fois, ce qui assure la terminaison.
def dfs_taquin(matrice):
    n = len(matrice)
    depart, final = etat(matrice), but(n)
    open_pile = [(depart, None)]  # (taquin, (père, opération) qui l'a empilé)
    pere = {}
    closed = set()
    while open_pile:
        taquin, origine = open_pile.pop()  # 1. et 5.
        if taquin in closed:
            continue
        closed.add(taquin)  # 2.
        pere[taquin] = origine
        if taquin == final:  # 3.
            return chemin(pere, taquin)
        for operation, t in fils(taquin, n):  # 4.
            if t not in closed:  # c1
                open_pile.append((t, (taquin, operation)))
    return None
