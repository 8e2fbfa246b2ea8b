"""Mistake (red team): never positive, -1 away from the target; admissible only because it is below 0,
and no natural number (the exam's h maps to naturals)."""


def h_jeu1(n, t):
    return 0 if n == t else -1
