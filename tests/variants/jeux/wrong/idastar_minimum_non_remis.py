"""idastar that sets `minimum` to infinity once, before the loop, instead of before each pass: after
the first failed pass the next bound is the smallest p + h cut in ANY pass so far, which is the
current bound itself: the same pass again, forever.

Wrong: q10
Smallest failing case: e0 -> a -> f, F = {f}, h = 0: bounds 0, 1, then 1 again (a's p + h = 1 was cut in
the first pass and is still the minimum): idastar never ends.
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
    minimum = math.inf
    while True:
        if dfs_star(m, initial, 0):
            return m
        m = minimum
