"""Correct answers written unlike the model: iterative BFS on a deque of (state, depth), IDS with an
explicit stack, IDA* testing final first (within the bound) and returning the depth found, h = 0 at t and 1 elsewhere."""
import math
from collections import deque

initial = suivants = final = h = None


def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]


def bfs():
    file = deque([(initial, 0)])
    while file:
        e, p = file.popleft()
        if final(e):
            return p
        for x in suivants(e):
            file.append((x, p + 1))


def ids():
    m = 0
    while True:
        pile = [(initial, 0)]
        while pile:
            e, p = pile.pop()
            if final(e):
                return m
            if p < m:
                # reversed so that the stack pops them in the list's order
                pile.extend((x, p + 1) for x in reversed(suivants(e)))
        m += 1


minimum = math.inf


def dfs_etoile(m, e, p):
    global minimum
    # Final tested first; a final state has h = 0 (h admissible), so it counts only within the bound.
    if final(e) and p <= m:
        return p
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return None
    for x in suivants(e):
        trouve = dfs_etoile(m, x, p + 1)
        if trouve is not None:
            return trouve
    return None


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        trouve = dfs_etoile(m, initial, 0)
        if trouve is not None:
            return trouve
        m = minimum


def h_jeu1(n, t):
    return 0 if n == t else 1
