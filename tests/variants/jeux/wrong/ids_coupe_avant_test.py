"""ids whose dfs gives up at p = m before testing the state (`if p >= m: return False` first): a pass
never tests the states at its own bound, so the final state at depth d is found by the pass m = d + 1,
and that m is returned.

Wrong: q7
Smallest failing case: e0 final (s(e0) = [e0]): m = 0 tests nothing, m = 1 finds e0; returns 1 instead
of 0.
"""
initial = suivants = final = None


def dfs(m, e, p):
    if p >= m:
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs(m, x, p + 1):
            return True
    return False


def ids():
    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
