"""A grading scheme names only what exists: every slip is refused before anything is graded (exit 2)."""

from pathlib import Path

import pytest

from grader.cli import main
from grader.errors import SchemeError
from grader.registry import all_questions
from grader.results.scoring import Scheme

ROOT = Path(__file__).resolve().parents[2]
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
