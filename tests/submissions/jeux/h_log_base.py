"""Mistake: ⌈log(t/n, 2)⌉ in floating point: math.log(x, 2) is log(x)/log(2), which lands just above
k for some x = 2^k (from t = 2^29 with n = 1): h then exceeds the distance."""
import math


def h_jeu1(n, t):
    if n >= t:
        return 0
    return math.ceil(math.log(t / n, 2))
