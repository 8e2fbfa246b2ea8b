"""Optimal solutions of the companion documents' puzzles (the extension exercises x1–x4), for the teacher's
reports and oracles: never in the student kit (setup.py ships no solver), which judges on optimal lengths
alone (grader/questions/recherche/puzzles.py)."""

from __future__ import annotations

import math
from collections import deque

from reference.sliding import goal_state, manhattan, successors


def distances_from_goal(n: int) -> dict[tuple, int]:
    """Every solvable state's distance to the goal, in the order a breadth-first search from the goal
    meets them (the 3×3 puzzle: 181,440 states, 0.9 s): a search, so here, never in the kit."""
    distance = {goal_state(n): 0}
    queue = deque(distance)
    while queue:
        state = queue.popleft()
        for _, there in successors(state, n):
            if there not in distance:
                distance[there] = distance[state] + 1
                queue.append(there)
    return distance


def descent(start: tuple, n: int, distance: dict) -> tuple[str, ...]:
    """A shortest list of operations from `start`, down a table of every state's distance to the goal."""
    moves, state = [], start
    while distance[state]:
        move, state = next((m, t) for m, t in successors(state, n) if distance[t] == distance[state] - 1)
        moves.append(move)
    return tuple(moves)


def deepening(start: tuple, n: int) -> tuple[str, ...]:
    """A shortest list of operations from `start`: IDA* with the Manhattan sum (the grader's 4×4 cases are
    walks of at most 16 moves)."""
    goal, moves = goal_state(n), []

    def bounded(state, g, bound, previous):
        f = g + manhattan(state, n)
        if f > bound:
            return f
        if state == goal:
            return None
        least = math.inf
        for move, following in successors(state, n):
            if following != previous:
                moves.append(move)
                over = bounded(following, g + 1, bound, state)
                if over is None:
                    return None
                moves.pop()
                least = min(least, over)
        return least

    bound = manhattan(start, n)
    while bound is not None:
        bound = bounded(start, 0, bound, None)
    return tuple(moves)
