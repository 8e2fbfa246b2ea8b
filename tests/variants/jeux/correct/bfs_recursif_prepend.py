"""bfs as the exam's hint has it (recursive, lists, duplicates kept), but B is built the way figure 1
writes it, B <- s(x) ∪ B: each new list of successors goes in front, so a level is visited in the
reverse order of its discovery.

Correct: q4
"""
initial = suivants = final = None


def bfs():
    def niveau(a, p):
        b = []
        for x in a:
            if final(x):
                return p
            b = suivants(x) + b
        return niveau(b, p + 1)

    return niveau([initial], 0)
