"""Brute-force oracles the reference answers are tested against.

Written independently of reference/* on purpose: none of this imports the code under test, so a bug
there cannot hide behind the same bug here. Slow and simple beats clever.
"""

from __future__ import annotations

import math
import random
from collections import deque

# --- Parts I-III: one-player games -------------------------------------------------------------


def distance_to_final(initial, successors, is_final) -> int | None:
    """Length of a shortest path from `initial` to a final state (plain BFS with a visited set), or
    None when no final state is reachable. The game must be finite."""
    seen = {initial}
    queue = deque([(initial, 0)])
    while queue:
        state, depth = queue.popleft()
        if is_final(state):
            return depth
        for nxt in successors(state):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    return None


def game1_distances(t: int) -> list[int]:
    """d[n] = exact distance from n to t in game (1) (s(n) = {2n, n + 1}) for 1 <= n <= t.

    Moves only increase n, so states above t are dead ends and the distances satisfy
    d[t] = 0, d[n] = 1 + min(d[n + 1], d[2n] if 2n <= t): a backward dynamic programme."""
    d = [math.inf] * (t + 1)
    d[t] = 0
    for n in range(t - 1, 0, -1):
        d[n] = 1 + min(d[n + 1], d[2 * n] if 2 * n <= t else math.inf)
    return d


# --- Part IV: the 15-puzzle ---------------------------------------------------------------------
# A state is a tuple of 16 cells in row-major order; tiles 0..14, and None for the blank.

GOAL = tuple(range(15)) + (None,)
# Direction the tile moves -> how the blank moves (row, column); the exam names a move by its tile.
BLANK_STEPS = {"Gauche": (0, 1), "Droite": (0, -1), "Haut": (1, 0), "Bas": (-1, 0)}
REVERSE = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}


def manhattan(state) -> int:
    total = 0
    for cell, tile in enumerate(state):
        if tile is not None:
            total += abs(cell // 4 - tile // 4) + abs(cell % 4 - tile % 4)
    return total


def successors(state):
    """(move, next state) for every legal move."""
    blank = state.index(None)
    i, j = divmod(blank, 4)
    for move, (di, dj) in BLANK_STEPS.items():
        if 0 <= i + di < 4 and 0 <= j + dj < 4:
            other = (i + di) * 4 + j + dj
            cells = list(state)
            cells[blank], cells[other] = cells[other], None
            yield move, tuple(cells)


def play(state, moves):
    """The state after `moves`; raises KeyError on an illegal move."""
    for move in moves:
        state = dict(successors(state))[move]
    return state


def random_walk(rng: random.Random, length: int, start=GOAL):
    """A random walk that never undoes its previous move, so that its end is usually far away."""
    state, last = start, None
    for _ in range(length):
        last, state = rng.choice([(m, s) for m, s in successors(state) if last is None or m != REVERSE[last]])
    return state


def is_solvable(state) -> bool:
    """Classic inversion criterion for an even width: a vertical move makes a tile jump over three
    others (odd change of the inversion count) and changes the blank's row by one; a horizontal move
    changes neither. So inversions + blank row keeps its parity, which is 0 + 3 at the goal; and the
    states with that parity are all reachable (Johnson & Story, 1879)."""
    tiles = [t for t in state if t is not None]
    inversions = sum(1 for a in range(15) for b in range(a + 1, 15) if tiles[a] > tiles[b])
    return (inversions + state.index(None) // 4) % 2 == 1


def optimal_length(state, limit: int = 20) -> int:
    """Length of an optimal solution by bidirectional BFS (both frontiers grow level by level, the
    smaller first); raises ValueError beyond `limit` moves. Fine up to ~20 moves."""
    if state == GOAL:
        return 0
    depth_from = [{state: 0}, {GOAL: 0}]
    frontiers = [[state], [GOAL]]
    depths = [0, 0]
    while depths[0] + depths[1] < limit:
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        seen, other = depth_from[side], depth_from[1 - side]
        depths[side] += 1
        best = math.inf
        nxt = []
        for s in frontiers[side]:
            for _, t in successors(s):
                if t in other:
                    best = min(best, depths[side] + other[t])
                if t not in seen:
                    seen[t] = depths[side]
                    nxt.append(t)
        if best < math.inf:
            return best
        frontiers[side] = nxt
    raise ValueError(f"no solution within {limit} moves")


def next_threshold(state, m: int, previous: str | None = None) -> float:
    """The smallest f = p + manhattan exceeding m in the tree DFS* of figure 3 explores from `state`
    at depth 0, where a move is never the reverse of the one before (Q16). Raises ValueError if that
    tree holds a solution within m, i.e. if DFS*(m) would succeed."""
    best = math.inf

    def explore(s, p, last):
        nonlocal best
        f = p + manhattan(s)
        if f > m:
            best = min(best, f)
            return
        if s == GOAL:
            raise ValueError(f"a solution within {m} moves exists")
        for move, t in successors(s):
            if last is None or move != REVERSE[last]:
                explore(t, p + 1, move)

    explore(state, 0, previous)
    return best


def dfs_calls(state, m: int, previous: str | None, order) -> int:
    """How many calls DFS* of figure 3 makes from `state` at depth 0 with bound m, trying the moves in
    `order` (never the reverse of the one before) and stopping at the goal: every call counted, pruned
    ones too."""
    calls = 0

    def explore(s, p, last) -> bool:
        nonlocal calls
        calls += 1
        if p + manhattan(s) > m:
            return False
        if s == GOAL:
            return True
        after = dict(successors(s))
        return any(
            explore(after[move], p + 1, move)
            for move in order
            if move in after and (last is None or move != REVERSE[last])
        )

    explore(state, 0, previous)
    return calls
