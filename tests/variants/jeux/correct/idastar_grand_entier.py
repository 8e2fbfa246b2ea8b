"""idastar with a large int standing for ∞ (INFINI = 10**9, as one writes max_int in Caml), and
`minimum = min(minimum, c)`.

Correct: q10
"""
initial = suivants = final = h = None
INFINI = 10 ** 9
minimum = INFINI


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
    while m < INFINI:
        minimum = INFINI
        if dfs_etoile(m, initial, 0):
            return m
        m = minimum
    return -1
