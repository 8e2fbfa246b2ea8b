"""ids that stops at m = 20 ("the depths are small"), returning -1 beyond.

Wrong: q7
Smallest failing case: the chain e0 -> e1 -> ... -> e21, F = {e21}: returns -1 instead of 21.
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
    for m in range(21):
        if dfs(m, initial, 0):
            return m
    return -1
