"""Mistake: ids stops at m = 20 (right on every game whose optimum is at most 20)."""
initial = suivants = final = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    return any(dfs(m, x, p + 1) for x in suivants(e))


def ids():
    for m in range(21):
        if dfs(m, initial, 0):
            return m
    return None
