"""h_jeu1 counting doublings with <= instead of <: one too many whenever n·2^k = t.

Wrong: q11
Smallest failing case: n = 1, t = 1: h = 1 while the distance is 0.
"""


def h_jeu1(n, t):
    k = 0
    while n * 2 ** k <= t:
        k += 1
    return k
