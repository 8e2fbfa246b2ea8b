"""idastar that raises its bound by one after a failed pass ("the next depth, as ids does"),
instead of to the smallest p + h that exceeded it. It still returns the optimum (bounds are integers
and none is skipped), but makes a pass for every integer between two of figure 3's bounds.

Wrong: q10
Smallest failing case: e0 -> a -> f, F = {f}, h = {e0: 0, a: 1, f: 0}: figure 3's bounds are 0 then 2
(a's p + h = 1 + 1); this makes a pass with bound 1 in between, which expands e0 only, again.
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
    while True:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = m + 1
