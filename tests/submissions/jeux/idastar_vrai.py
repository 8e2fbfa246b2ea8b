"""Mistake: returns VRAI as in figure 3 instead of the depth."""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return False
    if final(e):
        return True
    return any(dfs_star(m, x, p + 1) for x in suivants(e))


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return True
        m = minimum
    return False
