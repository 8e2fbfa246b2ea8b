"""idastar testing final(e) before comparing p + h(e) with the bound, and returning the depth p where
it found a final state: a final state one move beyond the bound is accepted, at a depth that may not
be the least.

Wrong: q10
Smallest failing case: e0 -> [x, g], x -> [f], F = {f, g}, h = {e0: 1, x: 0, f: 0, g: 0}: with m = 1,
f (depth 2) is reached under x before g; returns 2 instead of 1.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    if final(e):
        return p
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return None
    for x in suivants(e):
        found = dfs_star(m, x, p + 1)
        if found is not None:
            return found
    return None


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        found = dfs_star(m, initial, 0)
        if found is not None:
            return found
        m = minimum
