"""Mistake: `p >= m` in the depth-limited search, so that DFS(m) only sees depths below m."""
initial = suivants = final = None


def dfs(m, e, p):
    if p >= m:
        return False
    if final(e):
        return True
    return any(dfs(m, x, p + 1) for x in suivants(e))


def ids():
    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
