"""idastar whose dfs returns the depth p of the solution it meets (or None) and idastar returns that
depth: with an admissible h it equals the bound. The goal is tested before computing c, but a final
state only counts within the bound.

Correct: q10
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def chercher(m, e, p):
    global minimum
    f = p + h(e)
    if final(e) and f <= m:
        return p
    if f > m:
        minimum = f if f < minimum else minimum
        return None
    for x in suivants(e):
        r = chercher(m, x, p + 1)
        if r is not None:
            return r
    return None


def idastar():
    global minimum
    seuil = h(initial)
    while True:
        minimum = math.inf
        r = chercher(seuil, initial, 0)
        if r is not None:
            return r
        if minimum == math.inf:
            return None
        seuil = minimum
