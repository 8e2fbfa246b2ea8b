"""bfs removing duplicates with a set of seen states declared at module level and never emptied: right
on the first call, wrong on a later game whose states were seen before.

Wrong: q4
Smallest failing case: a first call on e0 -> e1 (F = {e1}), then e0 -> e1 -> e2 with F = {e2} from
the same labels: e1 was seen by the first call and is skipped, the second call does not find e2.
"""
initial = suivants = final = None
vus = set()


def bfs():
    vus.add(initial)
    a = [initial]
    p = 0
    while a:
        b = []
        for x in a:
            if final(x):
                return p
            for y in suivants(x):
                if y not in vus:
                    vus.add(y)
                    b.append(y)
        a = b
        p += 1
    return -1
