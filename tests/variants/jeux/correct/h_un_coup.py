"""h_jeu1 = 1 away from the target, 0 on it: admissible (one move at least) and not constant.

Correct: q11
"""


def h_jeu1(n, t):
    if n == t:
        return 0
    return 1
