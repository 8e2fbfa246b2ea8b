"""bfs written with a list used as a stack (`pop()` takes the last state, not the first): a depth-first
search with a set of seen states, returning the depth at which it first meets a final state.

Wrong: q4
Smallest failing case: e0 -> [f, a], a -> [g], F = {f, g}: a, pushed last, is taken first and g found
at depth 2; returns 2 instead of 1.
"""
initial = suivants = final = None


def bfs():
    pile = [(initial, 0)]
    vus = {initial}
    while pile:
        x, p = pile.pop()
        if final(x):
            return p
        for y in suivants(x):
            if y not in vus:
                vus.add(y)
                pile.append((y, p + 1))
    return None
