"""Mistake: minimum is set to ∞ once, not before each depth-first search."""
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
    return any(dfs_star(m, x, p + 1) for x in suivants(e))


def idastar():
    global minimum
    m = h(initial)
    minimum = math.inf
    while not dfs_star(m, initial, 0):
        m = minimum
    return m
