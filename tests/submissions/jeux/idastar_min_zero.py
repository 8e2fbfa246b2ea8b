"""Mistake: minimum starts at 0 instead of ∞, so it never records a bound."""
initial = suivants = final = h = None
minimum = 0


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if final(e):
        return True
    return any(dfs_star(m, x, p + 1) for x in suivants(e))


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = 0
        if dfs_star(m, initial, 0):
            return m
        m = max(m, minimum)
