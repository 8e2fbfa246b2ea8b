"""idastar pruning children as they are made, which never tests the initial state's own p + h and
starts from m = 0 instead of h(e0): the first pass expands e0 beyond its bound (h(e0) > 0), and the
bounds after it need not be figure 3's (the least p + h of e0's children, not h(e0)). Depths stay right.

Wrong: q10 (algorithm)
Smallest failing case: e0 -> a -> f, F = {f}, h = {e0: 2, a: 1, f: 0}: figure 3 makes one pass (bound
2); this one expands e0 with m = 0 first, then again with m = 2.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs(m, e, p):
    global minimum
    if final(e):
        return True
    for x in suivants(e):
        c = p + 1 + h(x)
        if c > m:
            minimum = min(minimum, c)
        elif dfs(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = 0
    while True:
        minimum = math.inf
        if dfs(m, initial, 0):
            return m
        m = minimum
