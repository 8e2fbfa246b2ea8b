"""idastar as figure 3 writes it (dfs_star with a global `minimum`, math.inf for ∞), successors tried
last to first.

Correct: q10
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
    for x in suivants(e)[::-1]:
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
