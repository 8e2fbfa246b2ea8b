"""idastar that explores the children of each state in increasing order of h ("the most promising
first"): every failed pass expands the same states as figure 3, and the last one finds a final state at
the same bound, perhaps another one.

Correct: q10
"""

import math

initial = suivants = final = h = None
minimum = math.inf


def dfs_star(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return False
    if final(e):
        return True
    for x in sorted(suivants(e), key=h):
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
        m = minimum
