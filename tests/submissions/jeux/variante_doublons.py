"""Correct answers with duplicates removed and other orders: BFS with a visited set testing final on
generation, IDS testing final only at depth exactly m, IDA* over reversed successors pruning children
before the call, h = ⌊log2(t/n)⌋."""
initial = suivants = final = h = None
INFINI = float("inf")
minimum = INFINI


def bfs():
    if final(initial):
        return 0
    vus, niveau, p = {initial}, [initial], 0
    while niveau:
        p += 1
        suivant = []
        for e in niveau:
            for x in suivants(e):
                if x not in vus:
                    if final(x):
                        return p
                    vus.add(x)
                    suivant.append(x)
        niveau = suivant


def exactement(m, e, p):
    """Is there a final state at depth exactly m below e (e at depth p)?"""
    if p == m:
        return final(e)
    return any(exactement(m, x, p + 1) for x in suivants(e))


def ids():
    m = 0
    while not exactement(m, initial, 0):
        m += 1
    return m


def cherche(m, e, p):
    global minimum
    if final(e):
        return True
    for x in reversed(suivants(e)):
        c = p + 1 + h(x)
        if c > m:
            if c < minimum:
                minimum = c
        elif cherche(m, x, p + 1):
            return True
    return False


def idastar():
    global minimum
    m = h(initial)
    while m != INFINI:
        minimum = INFINI
        if cherche(m, initial, 0):
            return m
        m = minimum


def h_jeu1(n, t):
    if n > t:
        return 0
    return (t // n).bit_length() - 1
