"""q18's bound update judged with another heuristic (grader/questions/taquin/conflicts.py): the properties
the judgement rests on, measured on its own served dfs."""

from __future__ import annotations

import random

from grader.questions.taquin.cases import ROUNDS
from grader.questions.taquin.conflicts import CONFLICT_CASES, ConflictServer, conflict_h
from grader.questions.taquin.probes import BLANK
from reference.puzzle import apply, legal_moves, manhattan, scramble


def passes(state) -> list[int]:
    """The bounds of figure 3's taquin over ConflictServer's dfs, each the minimum the previous pass left."""
    server = ConflictServer("last", ("dfs",))
    li, lj = divmod(state.index(BLANK), 4)
    grid = [[0 if 4 * i + j == 4 * li + lj else state[4 * i + j] for j in range(4)] for i in range(4)]
    bounds = [conflict_h(state)]
    while True:
        start = {"grid": grid, "li": li, "lj": lj, "h": bounds[0], "minimum": "inf"}
        answer, _ = server._answer("dfs", [bounds[-1], 0], start, [])
        if answer["result"]:
            assert answer["state"]["h"] == 0 and len(answer["state"]["solution"]) == bounds[-1]
            return bounds
        bounds.append(answer["state"]["minimum"])


def test_the_heuristic_is_admissible_consistent_and_at_least_manhattans():
    rng = random.Random(18)
    for _ in range(300):
        state = scramble(rng, rng.randint(1, 60))
        h = conflict_h(state)
        assert manhattan(state) <= h
        assert all(abs(conflict_h(apply(state, move)) - h) <= 1 for move in legal_moves(state)), state
    assert all(conflict_h(state) <= optimum for state, optimum in ROUNDS)


def test_each_case_cuts_both_m_plus_1_and_m_plus_2_so_no_fixed_step_meets_its_minima():
    for state in CONFLICT_CASES:
        bounds = passes(state)
        assert {later - earlier for earlier, later in zip(bounds, bounds[1:])} == {1, 2}, (state, bounds)
