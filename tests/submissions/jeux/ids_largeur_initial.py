"""Mistake: ids is a breadth-first search that tests the initial state again at every level, so that
final(initial) is called d + 1 times (as often as in an iterative deepening)."""
initial = suivants = final = None


def ids():
    a, p = [initial], 0
    while True:
        if final(initial) and p == 0:
            return 0
        for x in a:
            if final(x):
                return p
        a = [y for x in a for y in suivants(x)]
        p += 1
