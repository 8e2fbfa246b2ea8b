"""h_jeu1 counting doublings: the smallest k with n·2^k >= t, by a loop on n.

Correct: q11
"""


def h_jeu1(n, t):
    k = 0
    while n < t:
        n = 2 * n
        k = k + 1
    return k
