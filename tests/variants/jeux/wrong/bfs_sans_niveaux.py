"""bfs with a queue and one counter, raised each time a state is taken from the queue ("one more step"):
it counts the states expanded before the final state, not the levels.

Wrong: q4
Smallest failing case: e0 -> [a, f], F = {f}: e0 then a are expanded before f is taken; returns 2
instead of 1.
"""
from collections import deque

initial = suivants = final = None


def bfs():
    file = deque([initial])
    p = 0
    while file:
        x = file.popleft()
        if final(x):
            return p
        file.extend(suivants(x))
        p += 1
    return None
