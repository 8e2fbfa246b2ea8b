"""Mistake: an iterative deepening that never restarts from the initial state: each pass goes on from
the states where the previous one stopped (right depths, but that is a breadth-first search by passes,
whose memory grows with the frontier)."""
initial = suivants = final = None


def explore(e, p, m, stopped):
    if p > m:
        stopped.append((e, p))
        return None
    if final(e):
        return p
    for x in suivants(e):
        r = explore(x, p + 1, m, stopped)
        if r is not None:
            return r
    return None


def ids():
    frontier, m = [(initial, 0)], 0
    while True:
        stopped = []
        for e, p in frontier:
            r = explore(e, p, m, stopped)
            if r is not None:
                return r
        frontier, m = stopped, m + 1
