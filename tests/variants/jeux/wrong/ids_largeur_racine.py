"""ids that is a breadth-first search which, to look iterative, calls final(initial) once per level
(d + 1 times for a solution at depth d): right depths, not a depth-first search.

Wrong: q7 (algorithm)
Smallest failing case: e0 -> [a, b], a -> [a1], b -> [b1], a1 -> [a2], b1 -> [b2], F = {b2}: no
state at depth 1 is ever looked at again once depth 2 has been reached.
"""
initial = suivants = final = None


def ids():
    niveau = [initial]
    m = 0
    while True:
        if final(initial) and m == 0:
            return 0
        for x in niveau:
            if x != initial and final(x):
                return m
        niveau = [y for x in niveau for y in suivants(x)]
        m += 1
        final(initial)
