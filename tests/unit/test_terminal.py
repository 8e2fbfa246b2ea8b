"""The terminal's view of a result (`grader check`): a failure already said for a question is referred to,
and a weightless check skipped with the same words is no failure, so it is never shown as one."""

from __future__ import annotations

from grader.results.records import Check, Kind, QuestionResult, Status, SubmissionResult
from grader.text.message import Message
from reports.terminal import format_result

WHY = Message("error.path_missing", {"path": "jeux.py"})


def _result(*checks: Check) -> SubmissionResult:
    question = QuestionResult("q4", "q4.title", 0, 3, Status.FAILED, list(checks))
    return SubmissionResult("alice", 0, 3, [question])


def _failed(name: str, points: float = 1) -> Check:
    return Check(name, "q4.petits_jeux", False, 0, points, WHY, Kind.WRONG, counterexample={"n": 3})


def test_a_failure_said_twice_is_referred_to():
    lines = format_result(_result(_failed("a"), _failed("b")), "fr").splitlines()
    assert [line for line in lines if "même échec que" in line] == [
        "     ✗ profondeur optimale sur de petits jeux finis : même échec que « profondeur optimale sur de petits jeux finis »"
    ]


def test_a_weightless_skip_with_the_same_words_is_not_a_failure():
    skipped = Check("c", "q4.petits_jeux", False, 0, 0, WHY, Kind.SKIPPED, counterexample={"n": 3})
    text = format_result(_result(_failed("a"), skipped), "fr")
    assert "même échec" not in text
    assert sum(line.startswith("     – ") for line in text.splitlines()) == 1
    assert sum(line.startswith("     ✗ ") for line in text.splitlines()) == 1
