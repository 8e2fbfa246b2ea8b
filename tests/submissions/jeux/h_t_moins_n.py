"""Mistake: t - n overestimates (doubling goes faster)."""


def h_jeu1(n, t):
    return max(t - n, 0)
