"""idastar limited to 10 rounds (10 bounds tried), returning -1 after.

Wrong: q10
Smallest failing case: the chain e0 -> ... -> e10 with F = {e10} and h = 0 everywhere: bounds 0..10
are 11 rounds; returns -1 instead of 10.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        if c < minimum:
            minimum = c
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
    for _ in range(10):
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum
    return -1
