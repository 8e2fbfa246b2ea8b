"""idastar whose next bound is the LAST value p + h(e) that exceeded m during the pass, not the
smallest one: it can jump over the optimum.

Wrong: q10
Smallest failing case: e0 -> [f, x], F = {f}, h = 0 except h(x) = 9 (x is a dead end): the pass m = 0
meets f + 1 = 1 then x with 1 + 9 = 10; the next bound is 10 and idastar returns 10 instead of 1.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
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
