"""Mistake: ids is a breadth-first search (right depths, wrong algorithm)."""
initial = suivants = final = None


def ids():
    a, p = [initial], 0
    while True:
        for x in a:
            if final(x):
                return p
        a = [y for x in a for y in suivants(x)]
        p += 1
