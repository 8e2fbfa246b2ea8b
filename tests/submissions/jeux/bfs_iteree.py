"""Mistake: an iterative deepening search written as bfs (right depths, wrong algorithm)."""
initial = suivants = final = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    return any(dfs(m, x, p + 1) for x in suivants(e))


def bfs():
    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
