"""idastar that keeps a set of the states it has expanded, declared once for the whole search ("never
expand a state twice"), so that each pass after the first skips what the earlier passes expanded.

Wrong: q10
Smallest failing case: e0 -> a -> f, F = {f}, h = 0: the pass m = 0 expands e0; the pass m = 1 finds
e0 in the set and expands nothing; the next bound is infinite and idastar gives up (None).
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def idastar():
    global minimum
    vus = set()

    def dfs_star(m, e, p):
        global minimum
        c = p + h(e)
        if c > m:
            minimum = min(minimum, c)
            return False
        if final(e):
            return True
        if e in vus:
            return False
        vus.add(e)
        for x in suivants(e):
            if dfs_star(m, x, p + 1):
                return True
        return False

    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum
    return None
