"""bfs that keeps only the first 1000 states of each level ("the memory would explode otherwise"),
duplicates kept.

Wrong: q4
Smallest failing case: e0 with 1001 successors c0 … c1000, only c1000 leading to the final state:
c1000 is dropped from level 1, and the search runs out of states (it returns None).
"""
initial = suivants = final = None


def bfs():
    a = [initial]
    p = 0
    while a != []:
        for x in a:
            if final(x):
                return p
        b = []
        for x in a:
            b.extend(suivants(x))
        a = b[:1000]
        p = p + 1
