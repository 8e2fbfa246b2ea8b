"""bfs that tests the goal when a state is generated (the initial state is tested first, on its own),
one level at a time, duplicates removed inside a level only.

Correct: q4
"""
initial = suivants = final = None


def bfs():
    if final(initial):
        return 0
    niveau = [initial]
    p = 0
    while True:
        p += 1
        suivant = []
        for x in niveau:
            for y in suivants(x):
                if final(y):
                    return p
                if y not in suivant:
                    suivant.append(y)
        niveau = suivant
