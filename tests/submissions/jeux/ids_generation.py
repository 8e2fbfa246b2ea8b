"""Correct, unusual: ids starting at m = 1 after testing e0, a depth-limited search that tests the
successors when it generates them and expands only above the bound, successors in reverse order."""
initial = suivants = final = None


def cherche(m, e, p):
    if p >= m:
        return False
    enfants = suivants(e)[::-1]
    for x in enfants:
        if final(x):
            return True
    return any(cherche(m, x, p + 1) for x in enfants)


def ids():
    if final(initial):
        return 0
    m = 1
    while not cherche(m, initial, 0):
        m += 1
    return m
