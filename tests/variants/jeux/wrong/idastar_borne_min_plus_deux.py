"""idastar whose next bound is min(minimum, m + 2) ("never jump more than two at once"): it still
returns the optimum (no bound skips figure 3's), but wherever two of figure 3's bounds are 3 or more
apart it makes passes with bounds in between, each expanding what the one before did.

Wrong: q10
Smallest failing case: e0 -> a -> b -> f, F = {f}, h = {e0: 0, a: 2, b: 1, f: 0}: figure 3's bounds are
0 then 3 (a's p + h = 1 + 2); this makes a pass with bound 2 in between, which expands e0 only, again.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs_star(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = min(minimum, m + 2)
