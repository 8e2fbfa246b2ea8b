"""idastar whose next bound is min(minimum, m + 3): it still returns the optimum, but wherever two of
figure 3's bounds are 4 or more apart it makes passes with bounds in between.

Wrong: q10
Smallest failing case: e0 -> a -> b -> c -> f, F = {f}, h = {e0: 0, a: 3, b: 2, c: 1, f: 0}: figure 3's
bounds are 0 then 4; this makes a pass with bound 3 in between, which expands e0 only, again.
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
        m = min(minimum, m + 3)
