"""Game (1)'s large pairs for q11: the (n, t) up to t = 2^62 where a floating-point logarithm rounds the
wrong way. The judge of q11 (grader/questions/jeux/heuristic.py) asks a student's h about them, and
reference/answers/jeu1.py writes their exact distances into grader/data/jeu1.json: both read them here, below
either of them.
"""

from __future__ import annotations

from grader.caches import cached


@cached  # the same for every student
def large_pairs() -> tuple[tuple[int, int], ...]:
    """(n, t) up to t = 2^62 where rounding bites: t = n·2^k exactly (a float log2 or log(x, 2) can land
    just above k) and its neighbours t ± 1, for small, odd and 53-bit-plus n; and n just around t/2^k."""
    pairs: set[tuple[int, int]] = set()
    for k in range(63):
        for n in (1, 3, 5, 7, 2**20 + 1, 2**40 - 1, 3**30, 2**53 + 1):
            t = n << k
            if t <= 2**62:
                pairs.update((n, u) for u in (t - 1, t, t + 1) if 1 <= n <= u <= 2**62)
        t = 2**62 - k
        for j in range(62):
            for n in ((t >> j) - 1, t >> j, (t >> j) + 1):
                if 1 <= n <= t:
                    pairs.add((n, t))
    return tuple(sorted(pairs, key=lambda p: (p[1], p[0])))
