"""The model answers of the extension exercises against brute force: BFS distances on random graphs
and on the whole 3×3 puzzle (grader.questions.recherche.puzzles.distances_3)."""

import random
from collections import deque

import pytest

from hypothesis import given, settings, strategies as st

from grader.questions.recherche.puzzles import distances_3, near_3, solvable
from reference.sliding import apply_move, goal_state, manhattan, successors
from reference.answers import recherche


def bfs_distance(graph, start, goal):
    distance, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        for t in graph[state]:
            if t not in distance:
                distance[t] = distance[state] + 1
                queue.append(t)
    return distance.get(goal)


@st.composite
def graphs_with_admissible_h(draw):
    size = draw(st.integers(1, 9))
    graph = {i: draw(st.sets(st.integers(0, size - 1), max_size=3)) for i in range(size)}
    path = [0] + draw(st.lists(st.integers(0, size - 1), max_size=size))
    for a, b in zip(path, path[1:]):
        graph[a].add(b)
    goal = path[-1]
    h = {}
    for state in graph:
        exact = bfs_distance(graph, state, goal)
        h[state] = draw(st.integers(0, exact if exact is not None else 5))
    return graph, goal, h


@settings(deadline=None, max_examples=300)
@given(graphs_with_admissible_h())
def test_search_returns_a_shortest_path_on_random_graphs(case):
    graph, goal, h = case
    path = recherche.search(0, goal, graph.__getitem__, lambda s, g: h[s])
    assert path[0] == 0 and path[-1] == goal
    assert all(b in graph[a] for a, b in zip(path, path[1:]))
    assert len(path) - 1 == bfs_distance(graph, 0, goal)


def replay(start, n, moves):
    for move in moves:
        start = apply_move(start, n, move)
        assert start is not None
    return start


@pytest.mark.slow  # the model answer on 30 states of the 3x3 puzzle: 8 s of CPU, in CI (every grading runs it too)
@settings(deadline=None, max_examples=30)
@given(near_3(20))
def test_astar_and_bfs_are_optimal_and_dfs_valid_on_the_3x3_puzzle(state):
    matrice = [list(state[r * 3 : (r + 1) * 3]) for r in range(3)]
    for function in (recherche.astar, recherche.bfs_taquin):
        moves = function([row[:] for row in matrice])
        assert replay(state, 3, moves) == goal_state(3) and len(moves) == distances_3()[state]
    assert replay(state, 3, recherche.dfs_taquin(matrice)) == goal_state(3)


def test_search_on_a_4x4_puzzle_matches_astar():
    state = goal_state(4)
    for move in ("Up", "Left", "Left", "Up", "Right", "Down", "Left", "Up", "Up", "Right", "Right", "Down"):
        state = apply_move(state, 4, move)
    path = recherche.search(
        state, goal_state(4), lambda s: {t for _, t in successors(s, 4)}, lambda s, g: manhattan(s, 4)
    )
    moves = recherche.astar([list(state[r * 4 : (r + 1) * 4]) for r in range(4)])
    assert len(path) - 1 == len(moves) and replay(state, 4, moves) == goal_state(4)


def test_the_reference_helpers_agree_with_the_grader():
    for state in list(distances_3())[:500]:
        assert recherche.manhattan(state, 3) == manhattan(state, 3) <= distances_3()[state]
        assert sorted(recherche.fils(state, 3)) == sorted(successors(state, 3))


def test_solvable_is_whether_the_table_holds_the_state():
    """The oracles tell an unsolvable puzzle by parity (the kit has no whole table to look it up in)."""
    rng = random.Random(2017)
    table = distances_3()
    for _ in range(3000):
        state = tuple(rng.sample(range(9), 9))
        assert solvable(state, 3) == (state in table), state
    four = goal_state(4)
    for _ in range(300):
        four = rng.choice([t for _, t in successors(four, 4)])
        assert solvable(four, 4)
    i, j = [k for k, v in enumerate(four) if v][:2]  # two tiles swapped: the other half of the states
    swapped = list(four)
    swapped[i], swapped[j] = four[j], four[i]
    assert not solvable(tuple(swapped), 4)
