"""The student kit ships no solver nor search: it judges on optimal lengths from counts of DFS*
(reference/dfs_tree.py) and, for the 3×3 puzzle, on the distances the teacher's installation wrote
(grader/data/kit_lengths3.json). Those lengths are the solver's, on every kind of state the kit meets."""

from __future__ import annotations

import builtins
import json
import random

import pytest

from grader.caches import clear_all
from grader.questions.recherche import moves as recherche_moves
from grader.questions.recherche import puzzles as recherche_puzzles
from grader.questions.taquin import cases, passes
from reference import puzzle, sliding
from reference.dfs_tree import counted_length
from reference.solver import solve
from reference.solver.crafted import ASTAR_CLOSED_CASES, ASTAR_HARD_CASES
from reference.solver.shallow import solve_near
from reference.solver.sliding import deepening

RNG_SEED = 2017


def _walks(count: int, longest: int) -> list[tuple]:
    rng = random.Random(RNG_SEED)
    return [cases.walk_state([rng.randrange(3) for _ in range(rng.randint(0, longest))]) for _ in range(count)]


def test_counted_lengths_are_the_manhattan_ida_stars_with_or_without_a_move_not_to_undo():
    rng = random.Random(RNG_SEED)
    for state in [*_walks(40, 20), *cases.SMALL_DETOURS]:
        previous = rng.choice([None, *puzzle.MOVES])
        expected = solve_near(state, None, previous)
        assert expected is not None
        assert counted_length(state, previous) == len(expected), (state, previous)


def test_a_count_past_its_limit_gives_up():
    deep = cases.SMALL_DETOURS[2]  # 17 moves, h = 11: four passes
    assert counted_length(deep, most=10) is None
    assert counted_length(deep) == 17


def _states(kit_data: dict):
    """q17's and q18's kinds of state (walks, q18's small detours, the exam's example), and x2-x4's puzzles
    (4×4 walks, and the 3×3 states of the kit's data, every state it judges on, with their size)."""
    rng = random.Random(RNG_SEED)
    documents = []
    for _ in range(6):
        state = sliding.goal_state(4)
        for _ in range(rng.randint(0, 16)):
            state = rng.choice([t for _, t in sliding.successors(state, 4)])
        documents.append((state, 4))
    documents += [(tuple(state), 3) for state in kit_data["states"]]
    return [*_walks(12, 20), *cases.SMALL_DETOURS, puzzle.EXAM_EXAMPLE], documents


def _judged(exam, documents):
    """The lengths the judges read, as this installation computes them."""
    walks = exam[:12]
    return {
        "optimum": [cases.optimum_length(s) for s in exam],
        "detour": [cases.with_detour(s) for s in walks],
        "constrained": [cases.constrained_optimum(s, puzzle.legal_moves(s)[0]) for s in walks],
        "calls": [passes.ida_calls(s) for s in walks],
        "sliding": [recherche_puzzles.optimal_length(s, n) for s, n in documents],
    }


def test_the_kits_3x3_data_is_what_the_teachers_installation_writes():
    # Written by `python -m grader.questions.recherche.moves`: stale after a change of the sample or the cases.
    shipped = json.loads(recherche_puzzles.KIT_LENGTHS.read_text(encoding="utf-8"))
    assert shipped == recherche_moves.kit_data()


@pytest.fixture
def teachers():
    """The states and the lengths with the solver (this checkout's), computed before `kit` takes it away."""
    clear_all()
    exam, documents = _states(json.loads(recherche_puzzles.KIT_LENGTHS.read_text(encoding="utf-8")))
    judged = _judged(exam, documents)
    assert judged["optimum"] == [len(solve(s)) for s in exam]
    assert judged["sliding"] == [
        len(deepening(s, n)) if n == 4 else len(recherche_puzzles.optimal_moves(s, n)) for s, n in documents
    ]
    return (exam, documents), judged


@pytest.fixture
def kit(monkeypatch):
    """This process as the kit: no solver to import (cases.installed_solver and recherche.puzzles' import
    fail), the 3×3 distances read from the kit's data."""
    real_import = builtins.__import__

    def without_solver(name, *args, **kwargs):
        if name.startswith("reference.solver"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    clear_all()
    monkeypatch.setattr(builtins, "__import__", without_solver)
    yield
    monkeypatch.undo()
    clear_all()


def test_the_kit_judges_on_the_teachers_lengths_and_shows_no_solution(teachers, kit):
    (exam, documents), judged = teachers
    assert cases.installed_solver() is None and recherche_puzzles.teachers_searches() is None
    assert _judged(exam, documents) == judged
    assert any(judged["detour"]) and not all(judged["detour"])  # the filter says something
    # Every 3×3 state the kit draws is one of its data's: a sample of each distance, the crafted cases.
    known = set(recherche_puzzles.distances_3())
    assert len(known) == len({s for s, n in documents if n == 3}) < 1000
    for seed in (2017, 1, 2):
        assert {case.start for case in recherche_moves.bfs_long_cases(seed)} | set(
            recherche_moves.dfs_long_cases(seed)
        ) <= known
    assert set(recherche_moves.BFS_LONG_CASES) <= known
    # x2's fixed puzzles are the teacher's only: neither in the data nor judged (a table would pass them).
    assert recherche_moves.astar_cases() == recherche_moves.AstarPuzzles()
    assert not set(ASTAR_CLOSED_CASES + ASTAR_HARD_CASES) & known
    assert cases.optimal_solution(puzzle.EXAM_EXAMPLE) is None
    assert recherche_puzzles.optimal_moves(sliding.goal_state(4), 4) is None
