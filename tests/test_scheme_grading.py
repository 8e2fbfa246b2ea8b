"""A correct answer gets full marks under any barème `--scheme` accepts: the model answers graded (in the
sandbox) under each barème that weights one check group alone."""

from pathlib import Path

import pytest

from grader.registry import all_questions
from grader.results.scoring import Scheme

ROOT = Path(__file__).resolve().parents[1]


def single_group_schemes() -> list[tuple[str, str]]:
    """(question, group) for every check group of every automatic question, from the registry."""
    return [(q.id, g.name) for q in all_questions(extensions=True) if not q.manual for g in q.groups]


@pytest.mark.slow
@pytest.mark.parametrize("qid, group", single_group_schemes())
def test_a_correct_answer_gets_full_marks_with_any_single_group_weighted(qid, group):
    """A barème may weight one check group alone (the others 0): a correct answer still gets every point.
    (The order of q18's list was judged on the lists of the groups then skipped: 0 / 3.)"""
    from grader.judge.settings import Settings
    from grader.judge.engine import grade_question
    from grader.intake import load_submission

    question = next(q for q in all_questions(extensions=True) if q.id == qid)
    weights = {g.name: float(g.name == group) for g in question.groups}
    scheme = Scheme(overrides={qid: {"groups": weights}})
    path = ROOT / "reference" / "answers" / f"{question.module}.py"
    result = grade_question(question, load_submission(path), Settings(seed=2017, scheme=scheme))
    assert result.score == result.max > 0, [(c.name, c.message) for c in result.checks if not c.passed]
