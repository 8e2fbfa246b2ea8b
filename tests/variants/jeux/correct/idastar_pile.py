"""idastar with an explicit stack for each bounded pass (no recursion), pushing successors in reverse
so that they are explored in their natural order.

Correct: q10
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
            if c < minimum:
                minimum = c
            continue
        if final(e):
            return True
        for x in reversed(suivants(e)):
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
