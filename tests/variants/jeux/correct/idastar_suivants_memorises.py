"""A whole jeux.py whose idastar runs figure 3's DFS*(m, e, p) over a memo of suivants (a dict emptied at
each idastar() call, filled as states are first expanded): the passes, their bounds and their cuts are
figure 3's; only suivants is asked once per state instead of once per pass (red team 5, finding 4: it
lost 60 % of q10).

Correct: q1 q4 q7 q10 q11
"""
from collections import deque
import math

initial = None
suivants = None
final = None
h = None
minimum = math.inf


def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]


def h_jeu1(n, t):
    if n >= t:
        return 0
    k = 0
    while n << k < t:
        k += 1
    return k


def bfs():
    # file de couples (état, profondeur)
    file = deque([(initial, 0)])
    while file:
        e, p = file.popleft()
        if final(e):
            return p
        for x in suivants(e):
            file.append((x, p + 1))


def dfs_limite(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    return any(dfs_limite(m, x, p + 1) for x in suivants(e))


def ids():
    m = 0
    while not dfs_limite(m, initial, 0):
        m += 1
    return m


_sc = {}


def succ(e):
    if e not in _sc:
        _sc[e] = list(suivants(e))
    return _sc[e]


def dfs_etoile(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return False
    if final(e):
        return True
    for x in succ(e):
        if dfs_etoile(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    _sc.clear()
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs_etoile(m, initial, 0):
            return m
        m = minimum
