"""Breadth-first distances and non-backtracking walks on any graph given by its neighbours: one copy for
the puzzles (reference.puzzle, reference.sliding) and the grader's oracles and case generators.
Standard library only."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

State = TypeVar("State", bound=Hashable)


def distances(sources: Iterable[State], neighbours: Callable[[State], Iterable[State]]) -> dict[State, int]:
    """The length of a shortest path from any of `sources` to each state reachable from them, in the order
    a breadth-first search meets them."""
    distance = dict.fromkeys(sources, 0)
    queue = deque(distance)
    while queue:
        state = queue.popleft()
        for there in neighbours(state):
            if there not in distance:
                distance[there] = distance[state] + 1
                queue.append(there)
    return distance


def walk(start: State, neighbours: Callable[[State], Sequence[State]], choices: Sequence[int]) -> State:
    """Where a walk from `start` that never steps straight back to the state it has just left ends: each
    choice picks among the other neighbours (modulo their number), so that any list of small ints is a
    walk, and a shorter list a shorter walk (Hypothesis shrinks it)."""
    return _walk(start, neighbours, len(choices), lambda k, options: options[choices[k] % len(options)])


def random_walk(rng: random.Random, start: State, neighbours: Callable[[State], Sequence[State]], length: int) -> State:
    """Where a random walk of `length` steps from `start` that never steps straight back ends."""
    return _walk(start, neighbours, length, lambda k, options: rng.choice(options))


def _walk(start, neighbours, length: int, pick):
    state, previous = start, None
    for k in range(length):
        previous, state = state, pick(k, [there for there in neighbours(state) if there != previous])
    return state
