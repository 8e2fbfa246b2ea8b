"""idastar that prunes children when they are generated: a child x is entered only if p + 1 + h(x)
<= m, otherwise that value feeds `minimum` (the root is checked once, in idastar).

Correct: q10
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
        elif dfs(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        if dfs(m, initial, 0):
            return m
        if minimum == math.inf:
            raise ValueError("pas de solution")
        m = minimum
