"""Mistake: h only sets the first bound; the search prunes on p alone (an IDS in disguise)."""
initial = suivants = final = h = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    return any(dfs(m, x, p + 1) for x in suivants(e))


def idastar():
    m = h(initial)
    while not dfs(m, initial, 0):
        m += 1
    return m
