"""idastar whose passes are breadth-first: each pass goes level by level through the states whose
p + h is within the bound, and the next bound is the least p + h it cut. Bounds and depths are figure
3's, but a pass holds a whole level in memory instead of one path: not the depth-first search asked
for.

Wrong: q10 (algorithm)
Smallest failing case: e0 -> [a, b], a -> [a1], b -> [b1], F = {b1}, h = 0: with m = 2 this expands a
and b before a1, where a depth-first pass goes down to a1 first.
"""
import math

initial = suivants = final = h = None


def idastar():
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        niveau, p = [initial], 0
        while niveau:
            suivant = []
            for e in niveau:
                c = p + h(e)
                if c > m:
                    minimum = min(minimum, c)
                elif final(e):
                    return m
                else:
                    suivant.extend(suivants(e))
            niveau, p = suivant, p + 1
        m = minimum
    return None
