"""bfs whose recursive call is indented inside the loop over A: only the successors of the first
state of each level are ever looked at.

Wrong: q4
Smallest failing case: e0 -> [e1, e2], e2 -> [e3], F = {e3}: the level [e1, e2] is cut to e1's
successors (none), and the search never reaches e3.
"""
initial = suivants = final = None


def bfs():
    def parcours(a, p):
        b = []
        for x in a:
            if final(x):
                return p
            b = b + suivants(x)
            return parcours(b, p + 1)
        return -1

    return parcours([initial], 0)
