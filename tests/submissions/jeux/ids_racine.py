"""Correct, unusual: ids tests the initial state once and computes its successors once, before the
loop, then runs depth-limited searches from each successor for m = 0, 1, 2, … (depth counted from e0)."""
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
    enfants = suivants(initial)
    m = 0
    while True:
        for x in enfants:
            if dfs(m, x, 1):
                return m
        m += 1
