# Alice — parties I à III, version itérative
from collections import deque
import math

initial = None
suivants = None
final = None
h = None


def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]


def bfs():
    # file de couples (état, profondeur)
    file = deque([(initial, 0)])
    while file:
        e, p = file.popleft()
        if final(e):
            return p
        for x in suivants(e):
            file.append((x, p + 1))


def dfs_limite(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    return any(dfs_limite(m, x, p + 1) for x in suivants(e))


def ids():
    m = 0
    while not dfs_limite(m, initial, 0):
        m += 1
    return m


minimum = math.inf


def dfs_etoile(m, e, p):
    global minimum
    c = p + h(e)
    if c > m:
        minimum = min(minimum, c)
        return False
    if final(e):
        return True
    for x in suivants(e):
        if dfs_etoile(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while m != math.inf:
        minimum = math.inf
        if dfs_etoile(m, initial, 0):
            return m
        m = minimum


def h_jeu1(n, t):
    # chaque coup au plus double : il faut 2^k * n >= t
    if n >= t:
        return 0
    return math.ceil(math.log2(t / n))
