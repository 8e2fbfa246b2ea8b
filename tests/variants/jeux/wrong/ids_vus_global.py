"""ids whose dfs skips the states it has already expanded, with one set for the whole search (never
emptied between two bounds): each pass after the first stops at the states the earlier passes expanded.

Wrong: q7
Smallest failing case: e0 -> a -> f, F = {f}: m = 0 expands e0 (a is beyond the bound); every later
pass finds e0 in the set and stops there: ids never ends.
"""
initial = suivants = final = None


def ids():
    vus = set()

    def dfs(m, e, p):
        if p > m:
            return False
        if final(e):
            return True
        if e in vus:
            return False
        vus.add(e)
        for x in suivants(e):
            if dfs(m, x, p + 1):
                return True
        return False

    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
