"""Correct answers close to the exam's text: BFS prepending B <- s(x) ∪ B, IDS with the DFS of
figure 2 starting at m = 1 after testing the initial state, IDA* writing p + h(e) > m, and an exact
(slow but admissible) h computed by a backward programme on every call."""
import math

initial = suivants = final = h = None
minimum = math.inf


def bfs():
    def largeur(a, p):
        b = []
        for x in a:
            if final(x):
                return p
            b = suivants(x) + b
        return largeur(b, p + 1)

    return largeur([initial], 0)


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    return any(dfs(m, x, p + 1) for x in suivants(e))


def ids():
    if final(initial):
        return 0
    m = 1
    while not dfs(m, initial, 0):
        m += 1
    return m


def dfs_star(m, e, p):
    global minimum
    if p + h(e) > m:
        minimum = min(minimum, p + h(e))
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs_star(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs_star(m, initial, 0):
            return m
        m = minimum


def h_jeu1(n, t):
    if n > t:
        return 0
    d = [0] * (t + 1)
    for k in range(t - 1, n - 1, -1):
        d[k] = 1 + min(d[k + 1], d[2 * k] if 2 * k <= t else t)
    return d[n]
