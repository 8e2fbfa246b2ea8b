"""The in-process child (grader/sandbox/inprocess.py) gives the points the confined child gives: the sample
class (exercises/exemples/) and the wrong variants (tests/variants/*/wrong), question by question, under
a fixed seed; and it keeps what a child must keep of a student's run (fresh globals per question, a
time limit, captured prints, served calls answered and refused as on the pipes, the grader's memory
bounded).

Each test grades in this process: the confined side starts sandboxed children (so this file is in tests/,
not tests/unit/).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from grading import QUESTIONS, ROOT
from variants import harness

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.scoring import Scheme
from grader.sandbox.limits import Limits

SEED = 2017
# The q18 challenge costs a correct answer half a minute and tells the two children apart no better than
# the other groups: left out, as tests/test_variants.py leaves it out.
NO_CHALLENGE = {"q18": {"groups": {"defi": 0}}}
SAMPLE = sorted((ROOT / "exercises" / "exemples").iterdir())
AUTOMATIC = [q for q in all_questions() if not q.manual]


def points(path: Path, questions, inprocess: bool) -> dict[str, tuple[float, str]]:
    settings = Settings(seed=SEED, scheme=Scheme(overrides=NO_CHALLENGE), limits=Limits(inprocess=inprocess))
    submission = load_submission(path)
    return {
        q.id: (round(r.score, 6), r.status.value) for q in questions for r in [grade_question(q, submission, settings)]
    }


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.name)
def test_the_sample_class_gets_the_same_points_in_process(path):
    confined = points(path, AUTOMATIC, inprocess=False)
    assert points(path, AUTOMATIC, inprocess=True) == confined


WRONG = [(v, [QUESTIONS[q] for q, d in v.declared if d == "wrong"]) for v in harness.variants()]
WRONG = [(v, qs) for v, qs in WRONG if qs]


@pytest.mark.slow
@pytest.mark.parametrize("variant,questions", WRONG, ids=[v.name for v, _ in WRONG])
def test_a_wrong_variant_gets_the_same_points_in_process(variant, questions, tmp_path):
    submission = tmp_path / f"{variant.family}.py"
    submission.write_text(variant.path.read_text(encoding="utf-8"), encoding="utf-8")
    confined = points(submission, questions, inprocess=False)
    assert points(submission, questions, inprocess=True) == confined
