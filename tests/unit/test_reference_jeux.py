"""The model answers of parts I-III against brute force, driven the way the grader drives a
submission: set the module globals `initial`, `suivants`, `final`, `h`, then call the function."""

import pytest
from hypothesis import given, settings, strategies as st

from reference.answers import jeux
from bruteforce import distance_to_final, game1_distances

# States of several hashable types; the index keeps them pairwise distinct.
STATE_KINDS = (
    lambda i: i,
    lambda i: f"e{i}",
    lambda i: (i, "t"),
    lambda i: frozenset({i, -1}),
    lambda i: ("x", (i,)),
)


@st.composite
def games(draw, max_states=8):
    """A random finite game in which a solution exists: cycles, self-loops, repeated successors,
    several final states, possibly a final initial state. The reachable final state is forced by a
    random path from the initial state; everything else is random."""
    n = draw(st.integers(1, max_states))
    names = [draw(st.sampled_from(STATE_KINDS))(i) for i in range(n)]
    edges = [draw(st.lists(st.integers(0, n - 1), max_size=3)) for _ in range(n)]
    path = [0] + draw(st.lists(st.integers(0, n - 1), max_size=n))
    for a, b in zip(path, path[1:]):
        edges[a].append(b)
    finals = {path[-1]} | draw(st.sets(st.integers(0, n - 1), max_size=2))
    successors = {names[i]: [names[j] for j in draw(st.permutations(edges[i]))] for i in range(n)}
    return names[0], successors, {names[i] for i in finals}


def setup_game(initial, successors, finals, h=None):
    jeux.initial = initial
    # A fresh list on each call, as the grader does, so mutating it cannot corrupt the game.
    jeux.suivants = lambda e: list(successors[e])
    jeux.final = lambda e: e in finals
    jeux.h = h


def exact_distances(successors, finals):
    return {e: distance_to_final(e, successors.__getitem__, finals.__contains__) for e in successors}


@pytest.mark.slow  # the model answer on 300 random games: 1.2 s of CPU, in CI (every grading runs it too)
@settings(deadline=None, max_examples=300)
@given(games())
def test_bfs_and_ids_are_optimal_on_random_games(game):
    initial, successors, finals = game
    expected = distance_to_final(initial, successors.__getitem__, finals.__contains__)
    setup_game(initial, successors, finals)
    assert jeux.bfs() == expected
    assert jeux.ids() == expected


@st.composite
def games_with_admissible_h(draw):
    initial, successors, finals = draw(games())
    distances = exact_distances(successors, finals)
    kind = draw(st.sampled_from(["zero", "exact", "random"]))

    def bound(e):
        d = distances[e]
        if d is None:  # no final state reachable: h may say anything
            return draw(st.integers(0, 10**6))
        if kind == "zero":
            return 0
        if kind == "exact":
            return d
        return draw(st.integers(0, d))

    table = {e: bound(e) for e in successors}
    return initial, successors, finals, table


@pytest.mark.slow  # the model answer on 300 random games: 1.4 s of CPU, in CI (every grading runs it too)
@settings(deadline=None, max_examples=300)
@given(games_with_admissible_h())
def test_idastar_is_optimal_with_any_admissible_h(game):
    initial, successors, finals, table = game
    expected = distance_to_final(initial, successors.__getitem__, finals.__contains__)
    setup_game(initial, successors, finals, table.__getitem__)
    assert jeux.idastar() == expected


def test_initial_state_final_is_depth_zero():
    successors = {"a": ["a", "b"], "b": ["a"]}
    setup_game("a", successors, {"a", "b"}, h=lambda e: 0)
    assert (jeux.bfs(), jeux.ids(), jeux.idastar()) == (0, 0, 0)


def setup_game1(t, h):
    jeux.initial = 1
    jeux.suivants = lambda n: [2 * n, n + 1]
    jeux.final = lambda n: n == t
    jeux.h = h


# bfs and ids are exponential in the depth on game (1) (question 3): targets stay small.
@pytest.mark.parametrize("t", range(1, 130))
def test_game1_all_searches_match_exact_distance(t):
    expected = game1_distances(t)[1]
    setup_game1(t, lambda n: 0)
    assert jeux.bfs() == expected
    assert jeux.ids() == expected
    assert jeux.idastar() == expected
    setup_game1(t, lambda n: jeux.h_jeu1(n, t))
    assert jeux.idastar() == expected


@pytest.mark.slow  # the model answer on 60 large targets: 1.8 s of CPU, in CI (every grading runs it too)
@settings(deadline=None, max_examples=60)
@given(st.integers(130, 5000))
def test_game1_idastar_with_h_jeu1_on_larger_targets(t):
    setup_game1(t, lambda n: jeux.h_jeu1(n, t))
    assert jeux.idastar() == game1_distances(t)[1]


def test_solution_42_is_valid_and_optimal():
    states = jeux.solution_42()
    assert states[0] == 1 and states[-1] == 42
    assert all(b in (2 * a, a + 1) for a, b in zip(states, states[1:]))
    assert len(states) - 1 == game1_distances(42)[1] == 7


def test_h_jeu1_is_admissible_and_not_constant():
    values = set()
    for t in range(1, 400):
        d = game1_distances(t)
        for n in range(1, t + 1):
            value = jeux.h_jeu1(n, t)
            assert isinstance(value, int) and 0 <= value <= d[n], (n, t)
            values.add(value)
    assert len(values) > 1
