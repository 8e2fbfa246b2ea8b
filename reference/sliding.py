"""The n×n sliding puzzle of the companion documents (the extension exercises x1–x4), as plain data.

Not the exam's convention (reference/puzzle.py): 0 is the blank, the goal is 1 … n²−1 row-major with the
blank last, and an operation is named by the direction the BLANK moves ("Up", "Down", "Left", "Right").
Standard library only: the sandbox's child uses it in the probes.
"""

from __future__ import annotations

# How the blank moves (row, column) for each operation.
MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}
# The same operation read as the move of the tile (the exam's convention): a frequent mix-up.
TILE_READING = {"Up": "Down", "Down": "Up", "Left": "Right", "Right": "Left"}


def goal_state(n: int) -> tuple:
    return tuple(range(1, n * n)) + (0,)


def manhattan(state, n: int) -> int:
    return sum(abs(k // n - (v - 1) // n) + abs(k % n - (v - 1) % n) for k, v in enumerate(state) if v)


def apply_move(state: tuple, n: int, move: str) -> tuple | None:
    """The state after the blank moves in direction `move`, None if it would leave the board."""
    blank = state.index(0)
    di, dj = MOVES[move]
    i, j = blank // n + di, blank % n + dj
    if not (0 <= i < n and 0 <= j < n):
        return None
    cells = list(state)
    cells[blank], cells[i * n + j] = cells[i * n + j], 0
    return tuple(cells)


def successors(state: tuple, n: int) -> list[tuple[str, tuple]]:
    return [(m, t) for m in MOVES if (t := apply_move(state, n, m)) is not None]


def matrix(state, n: int) -> list[list[int]]:
    return [list(state[r * n : (r + 1) * n]) for r in range(n)]


def replay(start: tuple, n: int, moves: list, reading: dict | None = None) -> tuple[tuple | None, int]:
    """The state the moves lead to; or None, and the rank of the first impossible move."""
    state = start
    for index, move in enumerate(moves, 1):
        moved = apply_move(state, n, reading[move] if reading else move)
        if moved is None:
            return None, index
        state = moved
    return state, 0
