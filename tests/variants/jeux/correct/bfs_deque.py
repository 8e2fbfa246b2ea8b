"""bfs with a collections.deque of (state, depth) pairs, duplicates kept: the textbook queue version.

Correct: q4
"""
from collections import deque

initial = suivants = final = None


def bfs():
    file = deque()
    file.append((initial, 0))
    while len(file) > 0:
        e, p = file.popleft()
        if final(e):
            return p
        for x in suivants(e):
            file.append((x, p + 1))
