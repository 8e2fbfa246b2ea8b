"""Part I only: q1 and bfs; ids, idastar and h_jeu1 are missing."""
initial = suivants = final = None


def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]


def bfs():
    a, p = [initial], 0
    while not any(final(x) for x in a):
        a, p = [y for x in a for y in suivants(x)], p + 1
    return p
