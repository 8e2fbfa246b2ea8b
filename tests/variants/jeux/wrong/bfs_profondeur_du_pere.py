"""bfs with a queue of (state, depth) pairs that gives each successor its parent's depth plus one only
when the parent was the first of its level ("the level changes here"): the other states of a level
pass their own depth on unchanged.

Wrong: q4
Smallest failing case: e0 -> [a, b], b -> [f], F = {f}: a is first at depth 1, b is not, so f gets
depth 1; returns 1 instead of 2.
"""
from collections import deque

initial = suivants = final = None


def bfs():
    file = deque([(initial, 0)])
    niveau_vu = set()
    while file:
        x, p = file.popleft()
        if final(x):
            return p
        nouveau = p not in niveau_vu
        niveau_vu.add(p)
        for y in suivants(x):
            file.append((y, p + 1 if nouveau else p))
    return None
