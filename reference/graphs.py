"""Distances in a graph given whole, and non-backtracking walks on any graph given by its neighbours: one
copy for the puzzles (reference.puzzle, reference.sliding) and the grader's oracles and case generators.
Standard library only."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

State = TypeVar("State", bound=Hashable)


def distances(adjacency: Mapping | Sequence, sources: Iterable) -> dict:
    """The length of a shortest path from any of `sources` to each state reachable from them, in a graph
    given whole: `adjacency` lists every state's neighbours (by index, or in a dict). Rounds over every
    edge until none shortens a distance, not a search from the sources: the grader's graphs are small,
    and code that needs the whole graph before it starts is no search a student could paste to solve a
    puzzle given by its moves (the kit ships no search: docs/student-kit.md)."""
    edges = list(adjacency.items() if isinstance(adjacency, Mapping) else enumerate(adjacency))
    distance = dict.fromkeys(sources, 0)
    shortened = True
    while shortened:
        shortened = False
        for state, around in edges:
            if (here := distance.get(state)) is None:
                continue
            for there in around:
                if distance.get(there, here + 2) > here + 1:
                    distance[there] = here + 1
                    shortened = True
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
