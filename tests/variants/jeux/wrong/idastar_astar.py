"""idastar that is an A* (a priority queue ordered by p + h, no closed set): right depths with an
admissible h, but memory grows with the frontier and there are no depth-first passes.

Wrong: q10 (algorithm)
Smallest failing case: e0 -> [f], F = {f}, h = 0: IDA* needs the bounds 0 and 1 (two passes from
e0); this expands e0 once.
"""
import heapq
import itertools

initial = suivants = final = h = None
minimum = None


def idastar():
    compteur = itertools.count()
    tas = [(h(initial), next(compteur), 0, initial)]
    while tas:
        f, _, p, e = heapq.heappop(tas)
        if final(e):
            return p
        for x in suivants(e):
            heapq.heappush(tas, (p + 1 + h(x), next(compteur), p + 1, x))
