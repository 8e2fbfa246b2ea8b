"""Mistake: a state is cut when p + h reaches the bound (>=) instead of exceeding it (>); the initial
state is always explored, and the bound grows by one at least so that the search ends. States with
p + h equal to the bound are left for the next pass."""

import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if p > 0 and c >= m:
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
    while True:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = max(minimum, m + 1)
