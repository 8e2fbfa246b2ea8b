"""Mistake: an A* (priority queue on p + h, closed set): right depths, but not IDA* (memory grows with
the states seen, no depth-first passes)."""
import heapq
import itertools

initial = suivants = final = h = None


def idastar():
    compteur = itertools.count()
    file = [(h(initial), next(compteur), 0, initial)]
    vus = set()
    while file:
        f, _, p, e = heapq.heappop(file)
        if final(e):
            return p
        if e in vus:
            continue
        vus.add(e)
        for x in suivants(e):
            if x not in vus:
                heapq.heappush(file, (p + 1 + h(x), next(compteur), p + 1, x))
