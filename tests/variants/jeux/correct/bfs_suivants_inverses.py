"""bfs, recursive on the level list, trying the successors in reverse order and building the next level
with a comprehension.

Correct: q4
"""
initial = suivants = final = None


def bfs():
    return parcours([initial], 0)


def parcours(a, p):
    if any(final(x) for x in a):
        return p
    return parcours([y for x in a for y in reversed(suivants(x))], p + 1)
