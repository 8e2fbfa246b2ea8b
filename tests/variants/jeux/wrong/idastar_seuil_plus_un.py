"""idastar whose next bound is minimum + 1 ("strictly above what failed"), and which returns the bound.

Wrong: q10
Smallest failing case: e0 -> [f], F = {f}, h = 0: bounds 0 then 2, returns 2 instead of 1.
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
    while m != math.inf:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum + 1
