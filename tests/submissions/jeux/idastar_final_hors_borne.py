"""Mistake: final is tested before the bound and the depth found returned at once, so that a final
state one move beyond m is accepted before an optimal one (right on most random games)."""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs(m, e, p):
    global minimum
    if final(e):
        return p
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return None
    for x in suivants(e):
        r = dfs(m, x, p + 1)
        if r is not None:
            return r
    return None


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        r = dfs(m, initial, 0)
        if r is not None:
            return r
        m = minimum
