"""bfs that keeps the successors it has asked for in a dictionary declared at module level ("never ask
twice"), never emptied: right on the first game, wrong on a later one whose states bear the same names.

Wrong: q4
Smallest failing case: a first call on e0 -> e0 with e0 final, then e0 -> e1 -> e2 with F = {e2}: the
successors of e0 are read from the first game ([e0]) and the search never reaches e2.
"""

initial = suivants = final = None
connus = {}


def successeurs(x):
    if x not in connus:
        connus[x] = suivants(x)
    return connus[x]


def bfs():
    niveau, p = [initial], 0
    while niveau:
        for x in niveau:
            if final(x):
                return p
        niveau = [y for x in niveau for y in successeurs(x)]
        p += 1
    return None
