"""bfs testing the goal when states are generated, forgetting to test the initial state itself.

Wrong: q4
Smallest failing case: e0 final with s(e0) = [e0]: returns 1 instead of 0.
"""
initial = suivants = final = None


def bfs():
    a = [initial]
    p = 0
    while True:
        b = []
        for x in a:
            for y in suivants(x):
                if final(y):
                    return p + 1
                b.append(y)
        a = b
        p += 1
