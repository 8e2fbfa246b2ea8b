"""idastar whose dfs accepts a final state only when p = m: right for IDA* with an admissible h (a
final state met within bound m is at depth >= the optimum >= m).

Correct: q10
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def dfs(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        if c < minimum:
            minimum = c
        return False
    if p == m and final(e):
        return True
    return any(dfs(m, x, p + 1) for x in suivants(e))


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs(m, initial, 0):
            return m
        m = minimum
