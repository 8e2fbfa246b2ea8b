"""A whole jeux.py written with loops only: solution_42 by hand, bfs with level lists and a while loop,
ids and idastar with nested functions and nonlocal-free globals, h_jeu1 by halving t.

Correct: q1 q4 q7 q10 q11
"""
import math

initial = suivants = final = h = None
minimum = math.inf


def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]


def bfs():
    a = [initial]
    p = 0
    while True:
        for x in a:
            if final(x):
                return p
        a = [y for x in a for y in suivants(x)]
        p += 1


def ids():
    def dfs(m, e, p):
        if p > m:
            return False
        if final(e):
            return True
        return any(dfs(m, x, p + 1) for x in suivants(e))

    m = 0
    while not dfs(m, initial, 0):
        m += 1
    return m


def idastar():
    global minimum

    def dfs(m, e, p):
        global minimum
        c = p + h(e)
        if c > m:
            minimum = min(c, minimum)
            return False
        if final(e):
            return True
        for x in suivants(e):
            if dfs(m, x, p + 1):
                return True
        return False

    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs(m, initial, 0):
            return m
        m = minimum


def h_jeu1(n, t):
    k = 0
    while t > n:
        t = (t + 1) // 2
        k += 1
    return k
