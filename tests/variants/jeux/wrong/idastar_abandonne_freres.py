"""idastar pruning children as it makes them, which gives up the whole state at its first child beyond
the bound (`return False` where `continue` was meant): the siblings after a cut child are never
explored in that pass.

Wrong: q10
Smallest failing case: e0 -> [a, f], F = {f}, h = {e0: 1, a: 5, f: 0}: with m = 1, a (p + h = 6) is cut
and f is never looked at; the next bound is 6, where a is entered and f found: returns 6 instead of 1.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs(m, e, p):
    global minimum
    if final(e):
        return True
    for x in suivants(e):
        c = p + 1 + h(x)
        if c > m:
            minimum = min(minimum, c)
            return False
        if dfs(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        if dfs(m, initial, 0):
            return m
        m = minimum
