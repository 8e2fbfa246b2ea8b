"""A grading scheme names only what exists: every slip is refused before anything is graded (exit 2)."""

from pathlib import Path

import pytest

from grader.cli import main
from grader.errors import SchemeError
from grader.questions import all_questions
from grader.scoring import Scheme

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice"
Q18 = next(q for q in all_questions() if q.id == "q18")


@pytest.mark.parametrize(
    "content, named_fr, named_en",
    [
        ("[questions.q99]\npoints = 1\n", "question inconnue : q99", "unknown question: q99"),
        ("[questions.q18]\npointz = 1\n", "n'a pas de réglage pointz", "has no setting pointz"),
        ("[questions.q18]\ngroups = { nope = 1 }\n", "« nope »", "'nope'"),
        ("[questions.q18]\nchallenge_seconds = -3\n", "challenge_seconds = -3", "challenge_seconds = -3"),
        ("[questions.q18]\nchallenge_seconds = 'long'\n", "n'est pas accepté", "is not accepted"),
        (
            "[questions.q1]\ngroups = { sequence = 0 }\n",
            "tous ses groupes de tests pèsent 0",
            "all its check groups weigh 0",
        ),
    ],
)
def test_a_scheme_naming_what_does_not_exist_is_refused_in_both_languages(
    tmp_path, capsys, content, named_fr, named_en
):
    scheme = tmp_path / "bareme.toml"
    scheme.write_text(content)
    for lang, named in (("fr", named_fr), ("en", named_en)):
        assert main(["check", str(ALICE), "-q", "q1", "--scheme", str(scheme), "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert named in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_a_scheme_built_in_code_is_checked_too():
    with pytest.raises(SchemeError):
        Scheme(overrides={"q18": {"groups": {"exemple": 0}}})


def test_options_have_their_defaults_unless_the_scheme_sets_them(tmp_path):
    assert Scheme().option(Q18, "challenge_seconds") is None
    scheme = tmp_path / "bareme.toml"
    scheme.write_text("[questions.q18]\nchallenge_seconds = 120\n")
    assert Scheme.load(scheme).option(Q18, "challenge_seconds") == 120


def single_group_schemes() -> list[tuple[str, str]]:
    """(question, group) for every check group of every automatic question, from the registry."""
    return [(q.id, g.name) for q in all_questions(extensions=True) if not q.manual for g in q.groups]


MODEL_ANSWERS = {"jeux": "jeux.py", "taquin": "taquin.py", "recherche": "recherche.py"}


@pytest.mark.slow
@pytest.mark.parametrize("qid, group", single_group_schemes())
def test_a_correct_answer_gets_full_marks_with_any_single_group_weighted(qid, group):
    """A barème may weight one check group alone (the others 0): a correct answer still gets every point.
    (The order of q18's list was judged on the lists of the groups then skipped: 0 / 3.)"""
    from grader.engine import Settings, grade_question
    from grader.intake import load_submission

    question = next(q for q in all_questions(extensions=True) if q.id == qid)
    weights = {g.name: float(g.name == group) for g in question.groups}
    scheme = Scheme(overrides={qid: {"groups": weights}})
    path = ROOT / "reference" / MODEL_ANSWERS[question.module]
    result = grade_question(question, load_submission(path), Settings(seed=2017, scheme=scheme))
    assert result.score == result.max > 0, [(c.name, c.message) for c in result.checks if not c.passed]
