"""Mistake (red team): the constant 0, written 0.0 for n = 1 so that two texts differ; as numbers, one
constant."""


def h_jeu1(n, t):
    return 0.0 if n == 1 else 0
