"""ids with an explicit stack of (state, depth) pairs instead of recursion (memory still linear in m).

Correct: q7
"""
initial = suivants = final = None


def dfs_borne(m):
    pile = [(initial, 0)]
    while pile:
        e, p = pile.pop()
        if final(e):
            return True
        if p < m:
            for x in suivants(e):
                pile.append((x, p + 1))
    return False


def ids():
    m = 0
    while not dfs_borne(m):
        m += 1
    return m
