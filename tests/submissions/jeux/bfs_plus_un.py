"""Mistake: the depth counts the level being built, one too many."""
initial = suivants = final = None


def bfs():
    a, p = [initial], 0
    while True:
        p += 1
        b = []
        for x in a:
            if final(x):
                return p
            b.extend(suivants(x))
        a = b
