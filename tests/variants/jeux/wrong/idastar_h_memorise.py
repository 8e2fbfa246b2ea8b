"""idastar that keeps the values of h in a dictionary declared at module level ("h is costly: compute it
once per state"), never emptied: right on the first game, wrong on a later one whose states bear the
same names with other values of h.

Wrong: q10
Smallest failing case: a first call on e0 -> e1 with F = {e1}, h = {e0: 1, e1: 0}, then one where e0
itself is final (h = 0): h(e0) = 1 is read from the first game, the first bound is 1, and idastar
returns 1 instead of 0.
"""

import math

initial = suivants = final = h = None
minimum = math.inf
valeurs_h = {}


def h_memo(e):
    if e not in valeurs_h:
        valeurs_h[e] = h(e)
    return valeurs_h[e]


def dfs_star(m, e, p):
    global minimum
    c = p + h_memo(e)
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
    m = h_memo(initial)
    while True:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum
