"""ids whose loop starts at m = 1 instead of 0.

Wrong: q7
Smallest failing case: e0 final (s(e0) = [e0]): returns 1 instead of 0.
"""
initial = suivants = final = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs(m, x, p + 1):
            return True
    return False


def ids():
    m = 1
    while not dfs(m, initial, 0):
        m += 1
    return m
