"""bfs that gives up after 25 levels ("a solution is never that deep"), returning -1.

Wrong: q4
Smallest failing case: a chain e0 -> e1 -> ... -> e25 with F = {e25}: returns -1 instead of 25.
"""
initial = suivants = final = None


def bfs():
    a = [initial]
    for p in range(25):
        for x in a:
            if final(x):
                return p
        a = [y for x in a for y in suivants(x)]
    return -1
