"""ids whose bounded dfs never revisits a state within a pass (a set of visited states, emptied at each
bound): a state first met by a long path is not explored again from a shorter one.

Wrong: q7
Smallest failing case: e0 -> [a, b], a -> [b], b -> [f], F = {f}: with m = 2, b is met at depth 2
through a, marked, then skipped at depth 1; returns 3 instead of 2.
"""
initial = suivants = final = None


def ids():
    m = 0
    while True:
        vus = set()

        def dfs(e, p):
            if p > m:
                return False
            vus.add(e)
            if final(e):
                return True
            for x in suivants(e):
                if x not in vus and dfs(x, p + 1):
                    return True
            return False

        if dfs(initial, 0):
            return m
        m += 1
