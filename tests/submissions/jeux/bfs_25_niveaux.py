"""Mistake: a BFS that gives up after 25 levels (right on every game but a deep one)."""
initial = suivants = final = None


def bfs():
    a = [initial]
    for p in range(26):
        b = []
        for x in a:
            if final(x):
                return p
            b.extend(suivants(x))
        a = b
    return -1
