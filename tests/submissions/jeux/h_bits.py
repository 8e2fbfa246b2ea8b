"""Correct, unusual: ⌊log2(t/n)⌋ with integer bit lengths (exact for any t)."""


def h_jeu1(n, t):
    if n >= t:
        return 0
    return (t // n).bit_length() - 1
