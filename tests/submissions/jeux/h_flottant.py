"""Mistake: log2(t/n) as a float, not rounded to an int."""
import math


def h_jeu1(n, t):
    return math.log2(t / n) if n <= t else 0.0
