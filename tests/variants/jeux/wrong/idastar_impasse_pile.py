"""idastar with an explicit stack whose pass stops at the first dead end ("no successor: this bound
fails") instead of going on with the states left on the stack. The bound it moves to is the smallest
p + h cut before the dead end, or none at all.

Wrong: q10
Smallest failing case: e0 -> [d, a], a -> [f], F = {f}, h = {e0: 1, d: 0, a: 1, f: 0} (d a dead end):
with m = 1 the pass pops d first, a dead end, and stops with no state cut: idastar gives up (None)
instead of returning 2.
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def passe(m):
    global minimum
    pile = [(initial, 0)]
    while pile:
        e, p = pile.pop()
        c = p + h(e)
        if c > m:
            minimum = min(minimum, c)
            continue
        if final(e):
            return True
        fils = suivants(e)
        if not fils:
            return False
        for x in reversed(fils):
            pile.append((x, p + 1))
    return False


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if passe(m):
            return m
        m = minimum
    return None
