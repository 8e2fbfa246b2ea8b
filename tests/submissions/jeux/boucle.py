"""Mistake: an infinite loop that calls none of the game's functions."""


def bfs():
    while True:
        pass
