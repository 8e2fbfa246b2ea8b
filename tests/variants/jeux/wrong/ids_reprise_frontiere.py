"""ids that does not start each pass again from e0: it keeps the states at depth m of the last pass
and goes one level further from them ("no need to redo the top of the tree"). Depths are right, but it
is a breadth-first search by another name: it holds the whole frontier and never restarts.

Wrong: q7 (algorithm)
Smallest failing case: e0 -> [a, b], a -> [a1], b -> [b1], a1 -> [a2], b1 -> [b2], F = {b2}: no state
at depth 1 is looked at again once depth 2 has been reached.
"""
initial = suivants = final = None


def ids():
    frontiere, m = [initial], 0
    while True:
        for e in frontiere:
            if final(e):
                return m
        frontiere = [x for e in frontiere for x in suivants(e)]
        m += 1
