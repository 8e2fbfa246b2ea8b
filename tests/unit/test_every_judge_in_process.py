"""Every question's judges, run through the in-process child (grader/sandbox/inprocess.py): the model answer
earns every point, and a wrong variant of tests/variants/ loses some on each question it is declared wrong
for. tests/test_inprocess.py checks (slow) that the in-process child gives the points the confined child
gives; the confined child's own tests are the sandbox's and the attacks'."""

from __future__ import annotations

from pathlib import Path

import pytest
from variants import harness

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.scoring import Scheme

pytestmark = pytest.mark.usefixtures("in_process")

ROOT = Path(__file__).resolve().parents[2]
SEED = 2017
# As tests/test_variants.py: the q18 challenge left out (half a minute for a correct answer), the taquin's
# chains judged with the student's own functions (the harness judges those; the model answer's served ones
# are tests/unit/test_served.py's and tests/test_questions_taquin.py's: on a wrong q17, a round trip per
# call of its whole search, five sixths of the layer's costliest test).
SCHEME = {
    "q16": {"dependances": "eleve"},
    "q17": {"dependances": "eleve"},
    "q18": {"dependances": "eleve", "groups": {"defi": 0}},
}
QUESTIONS = {q.id: q for q in all_questions(extensions=True) if not q.manual}
# The first variant declared wrong for each question that has one.
WRONG = {}
for variant in harness.variants():
    for qid, declared in variant.declared:
        if declared == "wrong" and qid in QUESTIONS:
            WRONG.setdefault(qid, variant)


def _graded(path: Path, qid: str):
    return grade_question(QUESTIONS[qid], load_submission(path), Settings(seed=SEED, scheme=Scheme(overrides=SCHEME)))


@pytest.mark.parametrize("qid", QUESTIONS)
def test_the_model_answer_earns_every_point(qid):
    result = _graded(ROOT / "reference" / "answers" / f"{QUESTIONS[qid].module}.py", qid)
    assert result.score == result.max > 0, [(c.name, c.message) for c in result.checks if not c.passed]


@pytest.mark.parametrize("qid", sorted(WRONG), ids=lambda qid: f"{qid}-{WRONG[qid].name}")
def test_a_wrong_variant_loses_points(qid):
    result = _graded(WRONG[qid].path, qid)
    assert result.score < result.max


def test_the_judges_of_every_family_are_run():
    assert {q.module for q in QUESTIONS.values()} == {"jeux", "taquin", "recherche"}
    assert {QUESTIONS[qid].module for qid in WRONG} == {"jeux", "taquin", "recherche"}
