"""Mistake: IDA* limited to 10 rounds (right on every game that needs at most 10 bounds)."""
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
    for _ in range(10):
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum
    return None
