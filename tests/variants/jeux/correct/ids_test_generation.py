"""ids testing the goal when successors are generated (the initial state tested once on its own), with
a recursive dfs that returns the depth found or -1.

Correct: q7
"""
initial = suivants = final = None


def dfs(m, e, p):
    if p == m:
        return -1
    for x in suivants(e):
        if final(x):
            return p + 1
        r = dfs(m, x, p + 1)
        if r >= 0:
            return r
    return -1


def ids():
    if final(initial):
        return 0
    m = 1
    while True:
        r = dfs(m, initial, 0)
        if r >= 0:
            return r
        m += 1
