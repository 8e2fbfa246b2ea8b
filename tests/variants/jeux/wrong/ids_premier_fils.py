"""ids whose dfs returns the result of the first successor's call (`return dfs(...)` inside the loop):
the other successors are never explored.

Wrong: q7
Smallest failing case: e0 -> [a, f], F = {f}: only a is explored, ids never terminates.
"""
initial = suivants = final = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    for x in suivants(e):
        return dfs(m, x, p + 1)
    return False


def ids():
    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
