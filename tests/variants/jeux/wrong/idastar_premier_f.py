"""idastar that records only the FIRST value p + h(e) exceeding m in a pass (`if minimum == inf`),
not the smallest one.

Wrong: q10
Smallest failing case: e0 -> [x, f], F = {f}, h = 0 except h(x) = 9 (x is a dead end): the pass m = 0
meets x first (f = 10), then f (f = 1); the next bound is 10 and idastar returns 10 instead of 1.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        if minimum == math.inf:
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
    while m != math.inf:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum
