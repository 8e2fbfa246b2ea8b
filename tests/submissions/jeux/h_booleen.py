"""Mistake: a bool (admissible values, but not an int)."""


def h_jeu1(n, t):
    return n != t
