"""h_jeu1 = ⌈log(t/n, 2)⌉ in floating point: math.log(x, 2) is log(x)/log(2), which overshoots some
exact powers of two, and t/n itself is rounded for large t.

Wrong: q11
Smallest failing case: n = 1, t = 2^29: math.log(2**29, 2) = 29.000000000000004, so h = 30 while
the distance is 29 (found by the harness: smallest t with an inadmissible value).
"""
import math


def h_jeu1(n, t):
    if n >= t:
        return 0
    return math.ceil(math.log(t / n, 2))
