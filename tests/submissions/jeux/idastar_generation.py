"""Correct, unusual: IDA* that prunes successors when it generates them (h called on each child there,
and again when the search enters it), successors in reverse order, the depth found returned."""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    if p + h(e) > m:  # only the root can be beyond: children are checked before the call
        minimum = min(minimum, p + h(e))
        return None
    if final(e):
        return p
    for x in reversed(suivants(e)):
        if p + 1 + h(x) > m:
            minimum = min(minimum, p + 1 + h(x))
            continue
        r = dfs_star(m, x, p + 1)
        if r is not None:
            return r
    return None


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        r = dfs_star(m, initial, 0)
        if r is not None:
            return r
        m = minimum
