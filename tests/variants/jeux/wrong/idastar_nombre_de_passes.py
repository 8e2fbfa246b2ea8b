"""idastar that returns how many passes it made ("the number of iterations") instead of the bound
that succeeded.

Wrong: q10
Smallest failing case: e0 final (s(e0) = [e0]), h = 0: one pass finds it; returns 1 instead of 0.
"""
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
    for x in suivants(e):
        if dfs_star(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    passes = 0
    while True:
        minimum = math.inf
        passes += 1
        if dfs_star(m, initial, 0):
            return passes
        m = minimum
