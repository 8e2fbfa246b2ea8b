"""Correct, unusual: IDA* as on Wikipedia: the search returns FOUND or the smallest exceeded f (no
global), and skips successors already on the current path."""
import math

initial = suivants = final = h = None
TROUVE = -1


def search(chemin, g, borne):
    e = chemin[-1]
    f = g + h(e)
    if f > borne:
        return f
    if final(e):
        return TROUVE
    mini = math.inf
    for x in suivants(e):
        if x not in chemin:
            chemin.append(x)
            t = search(chemin, g + 1, borne)
            if t == TROUVE:
                return TROUVE
            mini = min(mini, t)
            chemin.pop()
    return mini


def idastar():
    borne = h(initial)
    chemin = [initial]
    while True:
        t = search(chemin, 0, borne)
        if t == TROUVE:
            return len(chemin) - 1
        if t == math.inf:
            return None
        borne = t
