"""Korf's convention (0 is the blank, goal 0 1 2 ... 15 with the blank top left) against the exam's.

Turning Korf's board half a turn puts its blank at the bottom right: cell p goes to cell 15 - p, and
relabelling tile k as 15 - k then makes Korf's goal the exam's (tile 15 - k on cell 15 - k, the blank
0 becoming 15). A half turn maps moves to moves, so solution lengths are preserved. It reverses every
direction, and so does naming a move by the blank instead of by the tile: the exam's move "Haut" (a tile
goes up) is Korf's blank move "Up" on the turned board, and likewise for the other three.
"""

from __future__ import annotations

KORF_MOVES = {"Gauche": "Left", "Droite": "Right", "Haut": "Up", "Bas": "Down"}


def from_korf(numbers) -> tuple:
    """The exam-convention state of a Korf-convention one (16 numbers, 0 the blank)."""
    numbers = tuple(numbers)
    if sorted(numbers) != list(range(16)):
        raise ValueError("not a 15-puzzle state: the numbers 0 to 15 are needed, each once")
    return tuple(15 - numbers[15 - cell] for cell in range(16))


def to_korf(state) -> tuple:
    """The Korf-convention state of an exam-convention one: the same half turn (it is an involution)."""
    return from_korf(state)


def korf_moves(moves) -> list[str]:
    """Exam move names (the tile's direction) as Korf's blank directions on his board."""
    return [KORF_MOVES[m] for m in moves]
