"""Mistake: bfs written as an iterative deepening whose final tests are memoised: it never tests a
state twice, yet it walks back from the initial state for every depth (not a breadth-first search)."""
initial = suivants = final = None


def bfs():
    vus = {}

    def gagnant(e):
        if e not in vus:
            vus[e] = final(e)
        return vus[e]

    def dfs(m, e, p):
        if p > m:
            return False
        if gagnant(e):
            return True
        return any(dfs(m, x, p + 1) for x in suivants(e))

    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m
