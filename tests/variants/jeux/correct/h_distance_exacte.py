"""h_jeu1 = the exact distance, by a backward dynamic programme over n..t memoised per target (slow
but valid: the exact distance is admissible).

Correct: q11
"""
import functools


@functools.lru_cache(maxsize=64)
def distances(t):
    d = {t: 0}
    for k in range(t - 1, 0, -1):
        d[k] = 1 + min(d[k + 1], d[2 * k] if 2 * k <= t else t)
    return d


def h_jeu1(n, t):
    if n >= t:
        return 0
    if t > 2000:
        return (((t + n - 1) // n) - 1).bit_length()
    return distances(t)[n]
