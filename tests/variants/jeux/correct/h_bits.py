"""h_jeu1 = difference of bit lengths: a move adds at most one bit (2n adds exactly one, n + 1 at most
one), so at least len(t) - len(n) moves are needed.

Correct: q11
"""


def h_jeu1(n, t):
    return max(0, t.bit_length() - n.bit_length())
