"""h_jeu1 = ⌈log2(t/n)⌉ in exact integer arithmetic: ⌈log2 c⌉ = (c - 1).bit_length() for c = ⌈t/n⌉.

Correct: q11
"""


def h_jeu1(n, t):
    if n >= t:
        return 0
    c = (t + n - 1) // n
    return (c - 1).bit_length()
