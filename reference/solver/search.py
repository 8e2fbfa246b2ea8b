"""IDA* over one mutable board, with the max of two additive pattern-database lookups.

The second lookup reads the same tables for the board reflected in its main diagonal: reflecting both
cells and tile numbers (tile 4r+c <-> 4c+r) maps the goal to itself and moves to moves, so it is just as
admissible and often larger. The indices of both lookups are updated with one addition per move, from
tables precomputed per (tile, from-cell, to-cell); the parent's inverse move is never generated.
"""

from __future__ import annotations

import operator
from functools import cache

from reference.puzzle import BLANK, GOAL, is_solvable
from reference.solver.pdb import load_table

# 6-6-3 partition (Korf & Felner's, in the exam's numbering): the left columns, the bottom right, the
# rest of the top row.
PARTITION = ((0, 4, 5, 8, 9, 12), (6, 7, 10, 11, 13, 14), (1, 2, 3))


def _transpose(cell: int) -> int:
    return 4 * (cell % 4) + cell // 4


def _move_name(blank: int, target: int) -> str:
    # Named by where the tile goes: the tile on `target` slides onto `blank`.
    return {1: "Gauche", -1: "Droite", 4: "Haut", -4: "Bas"}[target - blank]


@cache
def _tables():
    """The databases and, per blank cell, its (neighbour, per-tile update) steps: an update is the
    (table, group, index change) of the tile's group, then the same for its image in the reflection."""
    tables = [load_table(tiles) for tiles in PARTITION]
    group, weight = {}, {}
    for g, tiles in enumerate(PARTITION):
        for i, tile in enumerate(tiles):
            group[tile], weight[tile] = g, 16**i
    steps = []
    for blank in range(16):
        row = []
        for target in (blank - 4, blank + 4, blank - 1, blank + 1):
            if not (0 <= target < 16) or (abs(target - blank) == 1 and target // 4 != blank // 4):
                continue
            # The tile on `target` goes to `blank`, and in the reflected board its image goes from the
            # image of `target` to the image of `blank`.
            updates = []
            for tile in range(15):
                image = _transpose(tile)
                updates.append(
                    (
                        tables[group[tile]],
                        group[tile],
                        (blank - target) * weight[tile],
                        tables[group[image]],
                        group[image],
                        (_transpose(blank) - _transpose(target)) * weight[image],
                    )
                )
            row.append((target, tuple(updates)))
        steps.append(tuple(row))
    return tables, tuple(steps), group, weight


def _indices(board, group, weight, reflect: bool) -> list[int]:
    indices = [0] * len(PARTITION)
    for cell, tile in enumerate(board):
        if tile != BLANK:
            if reflect:
                tile, cell = _transpose(tile), _transpose(cell)
            indices[group[tile]] += cell * weight[tile]
    return indices


def check(state) -> tuple:
    """`state` as a tuple, after checking it is a solvable 15-puzzle state in the exam convention."""
    message = "not a 15-puzzle state: the numbers 0 to 15 are needed, each once"
    try:
        state = tuple(operator.index(v) for v in state)  # ints of any kind (numpy's too), as ints
    except TypeError:
        raise ValueError(message) from None
    if len(state) != 16 or sorted(state) != list(GOAL):
        raise ValueError(message)
    if not is_solvable(state):
        raise ValueError("unsolvable: the goal cannot be reached from this state")
    return state


def search(state) -> tuple[list[str], int]:
    """An optimal move list from `state` to the goal, and the number of nodes generated."""
    tables, steps, group, weight = _tables()
    board = list(check(state))
    indices = _indices(board, group, weight, reflect=False)
    mirror = _indices(board, group, weight, reflect=True)
    hn = sum(t[i] for t, i in zip(tables, indices))
    hm = sum(t[i] for t, i in zip(tables, mirror))
    path = []  # the blank's successive cells
    generated = 1
    exceeded = [1 << 30]  # the least f above the bound seen in the current iteration

    def descend(blank, previous, g, hn, hm):
        # Children are evaluated here, before any call: most of them are pruned without one.
        nonlocal generated
        g += 1
        count = 0
        for target, updates in steps[blank]:
            if target == previous:
                continue
            count += 1
            tile = board[target]
            table, gn, dn, table_m, gm, dm = updates[tile]
            old = indices[gn]
            new = old + dn
            hn2 = hn - table[old] + table[new]
            old_m = mirror[gm]
            new_m = old_m + dm
            hm2 = hm - table_m[old_m] + table_m[new_m]
            f = g + (hn2 if hn2 > hm2 else hm2)
            if f > bound:
                if f < exceeded[0]:
                    exceeded[0] = f
                continue
            board[blank] = tile
            board[target] = BLANK
            indices[gn] = new
            mirror[gm] = new_m
            path.append(target)
            if hn2 == 0 or descend(target, blank, g, hn2, hm2):
                generated += count
                return True
            path.pop()
            indices[gn] = old
            mirror[gm] = old_m
            board[target] = tile
            board[blank] = BLANK
        generated += count
        return False

    start = board.index(BLANK)
    bound = max(hn, hm)
    while hn and not descend(start, -1, 0, hn, hm):
        bound, exceeded[0] = exceeded[0], 1 << 30
    moves, blank = [], start
    for target in path:
        moves.append(_move_name(blank, target))
        blank = target
    return moves, generated
