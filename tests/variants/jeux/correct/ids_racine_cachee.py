"""ids that tests the initial state once and computes its successors once, before the loop, then runs
the depth-bounded dfs from each successor for m = 1, 2, ... (the root's work is not repeated).

Correct: q7
"""
initial = suivants = final = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs(m, x, p + 1):
            return True
    return False


def ids():
    if final(initial):
        return 0
    fils = suivants(initial)
    m = 1
    while True:
        for x in fils:
            if dfs(m, x, 1):
                return m
        m += 1
