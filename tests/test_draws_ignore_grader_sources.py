"""Every student of a run is judged on the same cases: a check group's cases are drawn once per process
from the run's seed (grader/judge/checks.py), in every worker. Hypothesis also mixes into its draws the
constants it finds in the sources of the "local" modules loaded at the time (its
`hypothesis.internal.constants_ast`: integers from 100 up, short strings, floats): the grader's own and
the model answers'. Which of those are loaded differs between processes (a worker whose first job was
q18 has loaded the optimal solver), so a strategy that could draw such a value gave students of one run,
or a student re-running `--seed`, different cases: x2's did (an index among the 3×3 states at a distance,
above 100). The grader switches those constants off (grader/judge/drawing.py's `configure`); this
test fails if they come back, for any question."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from grading import ROOT

pytestmark = pytest.mark.slow

DRAW = r"""
import importlib, json, pkgutil, sys
from pathlib import Path

root, modules = Path(sys.argv[1]), sys.argv[2]
sys.path[:0] = [str(root), str(root / "tests")]
if modules == "every module":  # as a worker that has run every kind of job, and more
    import grader, reference, reports
    for package in (grader, reference, reports):
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            try:
                importlib.import_module(found.name)
            except ImportError:  # an extra not installed (the service's)
                pass

from grader.judge import checks
from grader.judge.settings import Settings
from grader.judge.engine import grade_question
from grader.registry import all_questions
from grader.results.scoring import Scheme
from grading import load_submission

no_challenge = Scheme(overrides={"q18": {"groups": {"defi": 0}}})
for question in all_questions(extensions=True):
    if question.draws_with_hypothesis and not question.manual:
        model = load_submission(root / "reference" / "answers" / f"{question.module}.py")
        result = grade_question(question, model, Settings(seed=2017, scheme=no_challenge))
        assert result.score == result.max > 0, (question.id, result.score)
print(len(sys.modules), json.dumps(sorted([repr(key), repr(cases)] for key, cases in checks._drawn_cases.items())))
"""


def _drawn(modules: str) -> tuple[int, list]:
    """(modules loaded, every check group's cases) in a process that grades the model answers."""
    done = subprocess.run(
        [sys.executable, "-c", DRAW, str(ROOT), modules], capture_output=True, text=True, timeout=900, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    loaded, cases = done.stdout.splitlines()[-1].split(" ", 1)
    return int(loaded), json.loads(cases)


def test_the_cases_drawn_are_the_same_whatever_modules_the_process_has_loaded():
    (few, as_graded), (more, with_every_module) = _drawn("as grading loads them"), _drawn("every module")
    assert more > few  # the premise: more of our sources loaded
    assert len(as_graded) >= 13  # a Hypothesis group or more per question that draws with it
    assert with_every_module == as_graded
