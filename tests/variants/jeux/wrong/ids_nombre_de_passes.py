"""ids that counts its passes and returns the count ("the number of iterations"), one more than the
bound that succeeded.

Wrong: q7
Smallest failing case: e0 final (s(e0) = [e0]): the first pass (m = 0) finds it; returns 1 instead of 0.
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
    m, passes = 0, 0
    while True:
        passes += 1
        if dfs(m, initial, 0):
            return passes
        m += 1
