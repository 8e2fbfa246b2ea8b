"""Mistake, after a public IDA* for the n-puzzle: a set of states explored, emptied before each pass,
skips any state already met in the pass (even one met first by a longer path), and the goal is tested
before the bound (a final state beyond m is accepted)."""
import math

initial = suivants = final = h = None
explores = set()


def cherche(e, g, seuil):
    if final(e):
        return "trouvé", g
    f = g + h(e)
    if f > seuil:
        return "coupé", f
    mini = math.inf
    for x in suivants(e):
        if x not in explores:
            explores.add(x)
            r = cherche(x, g + 1, seuil)
            if r[0] == "trouvé":
                return r
            mini = min(mini, r[1])
    return "coupé", mini


def idastar():
    seuil = h(initial)
    while True:
        explores.clear()
        r = cherche(initial, 0, seuil)
        if r[0] == "trouvé":
            return r[1]
        if r[1] == math.inf:
            return None
        seuil = r[1]
