"""bfs removing duplicates with a set of states already seen (created inside the call), level lists
built with a while loop.

Correct: q4
"""
initial = suivants = final = None


def bfs():
    vus = {initial}
    a = [initial]
    p = 0
    while a != []:
        b = []
        for x in a:
            if final(x):
                return p
            for y in suivants(x):
                if y not in vus:
                    vus.add(y)
                    b.append(y)
        a = b
        p = p + 1
