"""Expectations without the model answer: oracles agree with it, and the calibration scales costs."""
import json
import random
import time
from pathlib import Path

import pytest

from grading import say
from grader import calibration, engine, expectations
from grader.engine import Settings, grade_question
from grader.scoring import Scheme
from grader.questions import jeux, taquin
from grader.intake import load_submission
from reference import puzzle

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice"


def significant(value: dict) -> dict:
    """A taquin snapshot without the blank cell's value (it is not significant: the model answer's move
    leaves the tile it moved there too)."""
    state = puzzle.from_grid(value["grid"], value["li"], value["lj"])
    return {**{k: v for k, v in value.items() if k != "grid"}, "state": state}


def both(probe, payload, module):
    expected, _, _ = expectations.ModelAnswer(module).run(probe, payload)
    oracle, _, _ = expectations.Oracles(module).run(probe, payload)
    return expected, oracle


def test_move_and_tente_oracles_agree_with_the_model_answer():
    rng = random.Random(7)
    for _ in range(300):
        state = tuple(rng.sample(range(16), 16))
        blank_value = rng.choice(taquin.BLANK_VALUES)
        history = rng.choices(puzzle.MOVES, k=rng.randint(0, 3))
        move = rng.choice(puzzle.legal_moves(state))
        i, j = divmod(state.index(puzzle.BLANK), 4)
        cell = [i + puzzle.BLANK_STEP[move][0], j + puzzle.BLANK_STEP[move][1]]
        expected, oracle = both(taquin.probe_move, taquin._payload(state, blank_value, history, cell=cell), "taquin")
        assert significant(oracle) == significant(expected)
        direction = rng.choice(puzzle.MOVES)
        payload = taquin._payload(state, blank_value, history, direction=direction)
        expected, oracle = both(taquin.probe_tente, payload, "taquin")
        assert oracle["accepted"] == expected["accepted"]
        assert significant(oracle) == significant(expected), (state, history, direction)


def test_taquin_oracle_agrees_with_the_model_answer_and_costs_about_as_much():
    from reference import taquin as model_answer

    deep = [(state, blank_value) for state, blank_value, _optimum in taquin.deep_instances(2017)[:2]]
    cases = [(taquin._walk_state([2, 1, 0] * k), 0) for k in (2, 5, 8)] + deep
    for state, blank_value in cases:
        payload = taquin._payload(state, blank_value)
        started = time.process_time()  # CPU time, as the costs are: the machine may be shared
        expected = taquin.probe_taquin(model_answer, payload)
        model_seconds = time.process_time() - started
        oracle, oracle_seconds, _ = expectations.Oracles("taquin").run(taquin.probe_taquin, payload)
        assert len(oracle["moves"]) == len(expected["moves"])
        assert puzzle.replay(state, oracle["moves"]) == puzzle.GOAL
        if model_seconds > 0.05:  # long enough to compare: within a factor of 4 either way
            assert model_seconds / 4 < oracle_seconds < 4 * model_seconds, (model_seconds, oracle_seconds)


def test_h_jeu1_oracle_agrees_with_the_model_answer():
    payload = {"targets": list(range(1, 80))}
    expected, oracle = both(jeux.probe_h_jeu1, payload, "jeux")
    assert oracle == expected


def test_questions_with_oracles_give_full_marks_without_the_model_answer():
    settings = Settings(reference="oracles", scheme=Scheme.load(ROOT / "benchmarks" / "schemes" / "sans-defi.toml"))
    submission = load_submission(ALICE)
    for qid in ("q1", "q11", "q15", "q16", "q18"):
        question = next(q for q in jeux.QUESTIONS + taquin.QUESTIONS if q.id == qid)
        result = grade_question(question, submission, settings)
        assert result.status == "passed", (qid, [say(c.message) for c in result.checks])


def test_a_probe_without_oracle_is_said_to_need_the_model_answer(monkeypatch):
    monkeypatch.delattr(taquin.probe_move, "oracle")
    monkeypatch.setattr(engine, "_reference_cache", {})  # nothing the oracle said earlier
    result = grade_question(taquin.Q15(), load_submission(ALICE), Settings(reference="oracles"))
    assert result.status == "error" and result.score == 0
    assert all("sans le corrigé" in say(c.message) and "probe_move" in say(c.message) for c in result.checks)


def test_the_provider_follows_the_installation(monkeypatch):
    assert isinstance(expectations.provider("taquin"), expectations.ModelAnswer)
    assert isinstance(expectations.provider("taquin", "oracles"), expectations.Oracles)
    monkeypatch.setattr(expectations, "has_model_answer", lambda module: False)
    assert isinstance(expectations.provider("taquin"), expectations.Oracles)


def test_costs_are_scaled_by_this_machine_s_speed_measured_once(tmp_path, monkeypatch):
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    calibration.machine_factor.cache_clear()
    try:
        factor = calibration.machine_factor()
        saved = json.loads((tmp_path / "calibration.json").read_text())
        assert saved["workload_seconds"] / calibration.shipped()["workload_seconds"] == pytest.approx(factor)
        # A slower machine (as the cache says) gets proportionally longer limits, without measuring again.
        (tmp_path / "calibration.json").write_text(json.dumps({**saved, "workload_seconds": 10 * saved["workload_seconds"]}))
        calibration.machine_factor.cache_clear()
        assert calibration.seconds(2.0) == pytest.approx(20 * factor)
        assert calibration.seconds(0.0) == 0.0
    finally:
        calibration.machine_factor.cache_clear()
