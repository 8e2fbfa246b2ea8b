"""Mistake: the next bound is the last p + h that exceeded m in the pass, not the smallest (right
whenever the last one happens to be the smallest)."""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        minimum = c
        return None
    if final(e):
        return p
    for x in suivants(e):
        r = dfs_star(m, x, p + 1)
        if r is not None:
            return r
    return None


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        r = dfs_star(m, initial, 0)
        if r is not None:
            return r
        m = minimum
