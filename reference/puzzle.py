"""The 15-puzzle as plain data, in the exam's convention: the model every part of the product shares.

A state is a tuple of 16 ints in row-major order; tiles are 0..14 and the blank is written BLANK (15).
The goal has tile v at index v, so the blank ends at the bottom right. A move is named, as in the exam,
by the direction the *tile* moves: "Haut" slides the tile below the blank up (the blank goes down).
"""

from __future__ import annotations

import random

from reference import graphs

SIZE = 4
BLANK = 15
GOAL = tuple(range(16))
MOVES = ("Gauche", "Bas", "Droite", "Haut")
# How the blank moves (row, column) when a tile moves in the named direction.
BLANK_STEP = {"Gauche": (0, 1), "Bas": (-1, 0), "Droite": (0, -1), "Haut": (1, 0)}
OPPOSITE = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}

# The exam's example initial state. The exam's "49 déplacements supplémentaires" count from the state after
# its shown first move (12 slides left); from this state the optimum is 50 (49 is impossible by parity).
EXAM_EXAMPLE = (2, 3, 1, 6, 14, 5, 8, 4, BLANK, 12, 7, 9, 10, 13, 11, 0)


class IllegalMove(ValueError):
    pass


def blank_position(state) -> tuple[int, int]:
    return divmod(state.index(BLANK), SIZE)


def manhattan(state) -> int:
    """The exam's h: the sum over tiles 0..14 of the distance to their goal cell."""
    total = 0
    for index, tile in enumerate(state):
        if tile != BLANK:
            total += abs(index // SIZE - tile // SIZE) + abs(index % SIZE - tile % SIZE)
    return total


def legal_moves(state) -> list[str]:
    i, j = blank_position(state)
    return [m for m in MOVES if 0 <= i + BLANK_STEP[m][0] < SIZE and 0 <= j + BLANK_STEP[m][1] < SIZE]


def apply(state, move: str) -> tuple:
    if move not in BLANK_STEP:
        raise IllegalMove(f"unknown move {move!r}")
    i, j = blank_position(state)
    di, dj = BLANK_STEP[move]
    ni, nj = i + di, j + dj
    if not (0 <= ni < SIZE and 0 <= nj < SIZE):
        raise IllegalMove(f"{move} is impossible with the blank at ({i}, {j})")
    cells = list(state)
    cells[i * SIZE + j], cells[ni * SIZE + nj] = cells[ni * SIZE + nj], BLANK
    return tuple(cells)


def replay(state, moves) -> tuple:
    for move in moves:
        state = apply(state, move)
    return state


def is_solvable(state) -> bool:
    """Reachable from GOAL iff the permutation's parity equals the parity of the blank's distance to
    its goal cell (each move is one transposition and moves the blank by one cell)."""
    cells = list(state)
    inversions_parity = 0
    for a in range(16):  # parity of a permutation = parity of (16 - number of cycles)
        while cells[a] != a:
            b = cells[a]
            cells[a], cells[b] = cells[b], cells[a]
            inversions_parity ^= 1
    i, j = blank_position(state)
    return inversions_parity == (SIZE - 1 - i + SIZE - 1 - j) % 2


def to_grid(state, blank_value: int = 0) -> list[list[int]]:
    """The exam's `grid`; the blank cell holds `blank_value` (not significant in the exam)."""
    return [[blank_value if t == BLANK else t for t in state[r * SIZE : (r + 1) * SIZE]] for r in range(SIZE)]


def from_grid(grid, li: int, lj: int) -> tuple:
    """The state a `grid` with the blank at (li, lj) stands for; the blank cell's value is ignored."""
    return tuple(BLANK if (r, c) == (li, lj) else grid[r][c] for r in range(SIZE) for c in range(SIZE))


def neighbours(state: tuple) -> list[tuple]:
    """The states one legal move away, in the order of MOVES."""
    return [apply(state, move) for move in legal_moves(state)]


def scramble(rng: random.Random, length: int, start=GOAL) -> tuple:
    """A random walk of `length` moves that never undoes the previous one."""
    return graphs.random_walk(rng, start, neighbours, length)


def random_solvable(rng: random.Random) -> tuple:
    """A uniformly random solvable state."""
    while True:
        cells = list(range(16))
        rng.shuffle(cells)
        if is_solvable(tuple(cells)):
            return tuple(cells)
