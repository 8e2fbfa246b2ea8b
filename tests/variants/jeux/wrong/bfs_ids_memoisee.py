"""bfs that is really an iterative deepening search with a memo of final(): depths are right and final
is called once per state, but the states are re-expanded at every bound (not a breadth-first search,
memory and time of an IDS).

Wrong: q4 (algorithm)
Smallest failing case: the chain e0 -> e1 -> e2, F = {e2}: suivants(e0) is called twice (bounds 1 and 2).
"""
initial = suivants = final = None


def bfs():
    memo = {}

    def est_final(e):
        if e not in memo:
            memo[e] = final(e)
        return memo[e]

    def dfs(m, e, p):
        if est_final(e):
            return True
        if p == m:
            return False
        return any(dfs(m, x, p + 1) for x in suivants(e))

    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
