"""Expectations without the model answer: oracles agree with it, and the calibration scales costs."""

import json
import functools
import random
import time
from pathlib import Path

import pytest

from grading import say
from grader.judge import calibration, expectations
from grader.judge.settings import Settings
from grader.judge.engine import grade_question
from grader.results.scoring import Scheme
from grader.questions.jeux import questions as jeux_questions
from grader.questions.jeux import games as jeux_games
from grader.questions.jeux import probes as jeux_probes
from grader.questions.recherche import moves as recherche
from grader.questions.recherche import questions as recherche_questions
from grader.questions.taquin import cases as taquin_cases
from grader.questions.taquin import probes as taquin_probes
from grader.questions.taquin import questions as taquin_questions
from grader.intake import load_submission
from reference import puzzle

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice"


def significant(value: dict) -> dict:
    """A taquin snapshot without the blank cell's value (it is not significant: the model answer's move
    leaves the tile it moved there too)."""
    state = puzzle.from_grid(value["grid"], value["li"], value["lj"])
    return {**{k: v for k, v in value.items() if k != "grid"}, "state": state}


def both(probe, payload, module, serve=None):
    expected, _, _ = expectations.ModelAnswer(module).run(probe, payload, serve)
    oracle, _, _ = expectations.Oracles(module).run(probe, payload, serve)
    return expected, oracle


def test_move_and_tente_oracles_agree_with_the_model_answer():
    rng = random.Random(7)
    for _ in range(300):
        state = tuple(rng.sample(range(16), 16))
        blank_value = rng.choice(taquin_cases.BLANK_VALUES)
        history = rng.choices(puzzle.MOVES, k=rng.randint(0, 3))
        move = rng.choice(puzzle.legal_moves(state))
        i, j = divmod(state.index(puzzle.BLANK), 4)
        cell = [i + puzzle.BLANK_STEP[move][0], j + puzzle.BLANK_STEP[move][1]]
        expected, oracle = both(
            taquin_probes.probe_move, taquin_cases.case_payload(state, blank_value, history, cell=cell), "taquin"
        )
        assert significant(oracle) == significant(expected)
        direction = rng.choice(puzzle.MOVES)
        payload = taquin_cases.case_payload(state, blank_value, history, direction=direction)
        expected, oracle = both(taquin_probes.probe_tente, payload, "taquin")
        assert oracle["accepted"] == expected["accepted"]
        assert significant(oracle) == significant(expected), (state, history, direction)


def test_taquin_oracle_agrees_with_the_model_answer_and_costs_about_as_much():
    from reference.answers import taquin as model_answer

    deep = [(case.state, case.blank_value) for case in taquin_cases.deep_instances(2017)[:2]]
    cases = [(taquin_cases.walk_state([2, 1, 0] * k), 0) for k in (2, 5, 8)] + deep
    for state, blank_value in cases:
        payload = taquin_cases.case_payload(state, blank_value)
        started = time.process_time()  # CPU time, as the costs are: the machine may be shared
        expected = taquin_probes.probe_taquin(model_answer, payload)
        model_seconds = time.process_time() - started
        oracle, oracle_seconds, _ = expectations.Oracles("taquin").run(taquin_probes.probe_taquin, payload)
        assert len(oracle["moves"]) == len(expected["moves"])
        assert puzzle.replay(state, oracle["moves"]) == puzzle.GOAL
        if model_seconds > 0.05:  # long enough to compare: within a factor of 4 either way
            assert model_seconds / 4 < oracle_seconds < 4 * model_seconds, (model_seconds, oracle_seconds)


def test_dfs_oracle_agrees_with_the_model_answer_below_at_and_above_the_optimum():
    for case in taquin_questions.Q17().cases(11, "succes", 12):
        state, history, p, blank_value = taquin_cases.walk_state(case.walk), case.history, case.p, case.blank_value
        optimum, h = taquin_cases.constrained_optimum(state, history[-1] if history else None), puzzle.manhattan(state)
        for m in range(p + h - 1, p + optimum + 3):
            payload = taquin_cases.case_payload(state, blank_value, history, m=m, p=p)
            expected, oracle = both(taquin_probes.probe_dfs, payload, "taquin")
            assert oracle["found"] is expected["found"] is (m >= p + optimum), (state, history, m, p)
            if expected["found"]:  # the goal; no moves: the oracle counts calls, it finds none
                assert oracle["solution"] is None and significant(oracle)["state"] == puzzle.GOAL
            else:  # the state and solution as they were, and the next bound
                assert significant(oracle) == significant(expected), (state, history, m, p)


def test_extension_oracles_agree_with_the_model_answer():
    from grader.questions.recherche import replay as recherche_replay
    from grader.questions.recherche import search as recherche_search
    from reference import sliding

    for name, payload in recherche.costed_cases().items():
        expected, oracle = both(recherche.probe_taquin, payload, "recherche")
        assert (oracle is None) == (expected is None), name
        if oracle is not None and payload["function"] != "dfs_taquin":  # a DFS need not be shortest
            assert len(oracle) == len(expected), name
    rng = random.Random(3)
    for n in (3, 4):
        for _ in range(15):
            state = sliding.goal_state(n)
            for _ in range(rng.randint(0, 16)):
                state = rng.choice([t for _, t in sliding.successors(state, n)])
            payload = {"n": n, "start": list(state), "container": "list"}
            expected, oracle = both(recherche_search.probe_search, payload, "recherche")
            assert len(oracle) == len(expected) and oracle[0] == list(state), (n, state)
            for function in ("astar", "bfs_taquin"):
                case = {"function": function, "matrix": sliding.matrix(state, n)}
                if n == 4 and function == "bfs_taquin":
                    continue  # the model answer's BFS of a 16-move 4x4 puzzle takes too long here
                expected, oracle = both(recherche.probe_taquin, case, "recherche")
                assert len(oracle) == len(expected), (function, state)
    for graph, path in zip(recherche_search.CRAFTED_GRAPHS, ([0, 2, 3], ["s", "a", "g"])):
        payload = {"start": graph["start"], "goal": graph["goal"], "container": graph["container"]}
        served = functools.partial(recherche_replay.SearchServer, graph)
        expected, oracle = both(recherche_search.probe_search, payload, "recherche", served)
        assert oracle == expected == path
        # The oracle's budget basis: at least the model answer's calls, whatever the order of a set.
        model = expectations.ModelAnswer("recherche").run(recherche_search.probe_search, payload, served)[2]
        assert recherche_replay.calls_bound(graph) >= model.total


def test_h_jeu1_oracle_is_a_right_answer_the_exact_distance_not_the_model_answers():
    # The kit holds no admissible h that is not constant but the distances its judge needs: the oracle
    # returns those (an admissible h, the best), never below the model answer's.
    payload = {"targets": list(range(1, 80))}
    expected, oracle = both(jeux_probes.probe_h_jeu1, payload, "jeux")
    assert oracle["rows"] == [list(jeux_games.jeu1_distances(t)) for t in payload["targets"]]
    assert all(h <= d for model, exact in zip(expected["rows"], oracle["rows"]) for h, d in zip(model, exact))
    assert oracle != expected


def test_questions_with_oracles_give_full_marks_without_the_model_answer():
    settings = Settings(reference="oracles", scheme=Scheme.load(ROOT / "benchmarks" / "schemes" / "sans-defi.toml"))
    submission = load_submission(ALICE)
    for qid in ("q1", "q11", "q15", "q16", "q17", "q18", "x1", "x2", "x3", "x4"):
        question = next(
            q
            for q in jeux_questions.QUESTIONS + taquin_questions.QUESTIONS + recherche_questions.QUESTIONS
            if q.id == qid
        )
        result = grade_question(question, submission, settings)
        assert result.status == "passed", (qid, [say(c.message) for c in result.checks])


def test_a_probe_without_oracle_is_said_to_need_the_model_answer(monkeypatch, fresh_process):
    monkeypatch.delattr(taquin_probes.probe_move, "oracle")  # and nothing the oracle said earlier is kept
    result = grade_question(taquin_questions.Q15(), load_submission(ALICE), Settings(reference="oracles"))
    assert result.status == "error" and result.score == 0
    assert all("sans le corrigé" in say(c.message) and "probe_move" in say(c.message) for c in result.checks)


def test_the_provider_follows_the_installation(monkeypatch):
    assert isinstance(expectations.provider("taquin"), expectations.ModelAnswer)
    assert isinstance(expectations.provider("taquin", "oracles"), expectations.Oracles)
    monkeypatch.setattr(expectations, "has_model_answer", lambda module: False)
    assert isinstance(expectations.provider("taquin"), expectations.Oracles)


def test_costs_are_scaled_by_this_machine_s_speed_measured_once(tmp_path, monkeypatch, fresh_process):
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    factor = calibration.machine_factor()
    saved = json.loads((tmp_path / "calibration.json").read_text())
    assert saved["workload_seconds"] / calibration.shipped()["workload_seconds"] == pytest.approx(factor)
    # A slower machine (as the cache says) gets proportionally longer limits, without measuring again.
    (tmp_path / "calibration.json").write_text(
        json.dumps({**saved, "workload_seconds": 10 * saved["workload_seconds"]})
    )
    fresh_process()
    assert calibration.seconds(2.0) == pytest.approx(20 * factor)
    assert calibration.seconds(0.0) == 0.0
    # Timed on another processor or interpreter (a shared home folder, an upgraded Python): timed again.
    (tmp_path / "calibration.json").write_text(
        json.dumps({**saved, "machine": "another CPU | CPython 3.99", "workload_seconds": 1000.0})
    )
    fresh_process()
    assert calibration.machine_factor() < 100
    assert json.loads((tmp_path / "calibration.json").read_text())["machine"] == saved["machine"]
