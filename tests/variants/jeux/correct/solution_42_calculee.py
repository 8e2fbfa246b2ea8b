"""solution_42 computed by a BFS with parents on game (1), rather than written by hand.

Correct: q1
"""


def solution_42():
    parent = {1: None}
    niveau = [1]
    while 42 not in parent:
        suivant = []
        for n in niveau:
            for x in (2 * n, n + 1):
                if x <= 42 and x not in parent:
                    parent[x] = n
                    suivant.append(x)
        niveau = suivant
    chemin = [42]
    while parent[chemin[-1]] is not None:
        chemin.append(parent[chemin[-1]])
    return chemin[::-1]
