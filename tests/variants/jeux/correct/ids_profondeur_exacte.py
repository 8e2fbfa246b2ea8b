"""ids whose bounded dfs tests the goal only at depth exactly m: right for ids, since every smaller
depth was tested by an earlier pass.

Correct: q7
"""
initial = suivants = final = None


def dfs(m, e, p):
    if p == m:
        return final(e)
    for x in suivants(e):
        if dfs(m, x, p + 1):
            return True
    return False


def ids():
    m = 0
    while True:
        if dfs(m, initial, 0):
            return m
        m = m + 1
