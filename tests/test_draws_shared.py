"""A class run's workers share its draws (grader/judge/drawing.py): each check group is drawn by one worker,
the others read its cases, and the verdicts are those of workers that each draw their own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grader.judge import checks, drawing
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.run.grading import grade_class
from grader.run.jobs import select

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"
QUESTIONS = ["q4", "q15"]  # drawn groups of two families: the games, the taquin's moves


def _graded(out: Path, drawn: Path, monkeypatch) -> dict:
    """The sample class graded by 2 workers (forked: they inherit the patch), each draw written to `drawn`."""
    draw = checks.draw

    def counted(seed, qid, group, strategy, examples):
        with drawn.open("a") as log:  # one short append per draw: whole lines from both workers
            log.write(f"{qid}/{group} {os.getpid()}\n")
        return draw(seed, qid, group, strategy, examples)

    monkeypatch.setattr(checks, "draw", counted)
    questions = select(all_questions(extensions=True), QUESTIONS)
    run = grade_class(SAMPLE, out, questions, Settings(seed=5), workers=2)
    return {
        s.id: [(q.id, q.score, [(c.name, c.passed, c.counterexample) for c in q.checks]) for q in s.questions]
        for s in run.submissions
    }


@pytest.mark.slow
def test_each_group_is_drawn_once_by_the_class_and_the_verdicts_are_those_of_own_draws(tmp_path, monkeypatch):
    shared = _graded(tmp_path / "drawn_once", tmp_path / "drawn_once.log", monkeypatch)
    groups = [line.split()[0] for line in (tmp_path / "drawn_once.log").read_text().splitlines()]
    assert sorted(groups) == ["q15/move_grille", "q15/move_h", "q15/move_libre", "q4/petits_jeux"]  # once each

    monkeypatch.setattr(drawing, "share", lambda folder: None)  # each worker its own draws, as before
    own = _graded(tmp_path / "own", tmp_path / "own.log", monkeypatch)
    lines = (tmp_path / "own.log").read_text().splitlines()
    assert len({pid for _, pid in (line.split() for line in lines)}) == 2  # both workers drew: the run's shape
    assert len(shared) == 7 and shared == own
