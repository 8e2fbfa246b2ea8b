"""ids whose passes are breadth-first: for m = 0, 1, 2, … it goes level by level down to depth m from
e0 ("iterative deepening: a deeper search each time"). Depths are right, but each pass holds a whole
level in memory instead of one path: not the depth-first search of figure 2.

Wrong: q7 (algorithm)
Smallest failing case: e0 -> [a, b], a -> [a1], b -> [b1], F = {b1}: with m = 2 this expands a and b
before a1, where a depth-first pass goes down to a1 first.
"""
initial = suivants = final = None


def passe(m):
    niveau = [initial]
    for p in range(m + 1):
        suivant = []
        for e in niveau:
            if final(e):
                return True
            if p < m:
                suivant.extend(suivants(e))
        niveau = suivant
    return False


def ids():
    m = 0
    while not passe(m):
        m += 1
    return m
