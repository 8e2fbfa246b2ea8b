"""Mistake: assumes the states are small ints (a visited list indexed by state)."""
initial = suivants = final = None


def bfs():
    vu = [False] * 100_000
    a, p = [initial], 0
    while True:
        b = []
        for x in a:
            if final(x):
                return p
            for y in suivants(x):
                if y < len(vu) and not vu[y]:
                    vu[y] = True
                    b.append(y)
        a, p = b, p + 1
