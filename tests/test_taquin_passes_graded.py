"""q18's passes beside the model answer's, on wrong variants graded the way a user grades them: a taquin
that skips a bound (tests/variants/taquin/wrong/taquin_saute_une_borne.py) and one that does not reset
`minimum` (taquin_minimum_non_remis.py); the terminal's and the student page's forms."""

from __future__ import annotations

import pytest
from grading import check, grade_file, submission_path

from grader.results.records import SubmissionResult
from reports.render import student_page
from reports.terminal import format_result
from tests.french import english_in
from grader.results.records import Run
from tests.report_fixtures import LIMITS, SCHEME

# The student runs where --child says (in this process by default: tests/conftest.py, `judged`).
pytestmark = pytest.mark.usefixtures("judged")

SKIPS = submission_path("taquin", "tests/variants/taquin/wrong/taquin_saute_une_borne.py")
NOT_RESET = submission_path("taquin", "tests/variants/taquin/wrong/taquin_minimum_non_remis.py")


def test_a_taquin_that_skips_a_bound_parts_at_the_pass_after_its_sixth():
    c = check(grade_file(SKIPS, "q18"), "grandes_profondeurs")
    assert c.message.key == "q18.not_optimal"
    passes = c.visual["passes"]
    first = passes["first"]
    assert first == 6  # six rounds as figure 3 makes them, then a bound raised by 4 instead of 2
    assert passes["student"][:first] == passes["expected"][:first]  # same bounds, so the same nodes
    assert passes["student"][first][0] == passes["expected"][first][0] + 2
    assert passes["expected"][0][0] == c.counterexample["h"]  # m = h(e0) first


def test_a_taquin_that_does_not_reset_minimum_repeats_its_second_bound():
    c = check(grade_file(NOT_RESET, "q18"), "grandes_profondeurs")
    assert c.kind == "timeout"
    passes = c.visual["passes"]
    student, expected = passes["student"], passes["expected"]
    assert student[0] == expected[0] and student[2] == student[1] != expected[2] and passes["first"] == 2


def test_the_terminal_and_the_page_show_the_passes_in_the_readers_language():
    for lang in ("fr", "en"):
        result = grade_file(SKIPS, "q18", lang)
        sub = SubmissionResult("x", result.score, result.max, [result])
        out = format_result(sub, lang)
        if lang == "fr":
            assert "Premier écart au parcours n° 7 : seuil m = " in out and english_in(out) == []
            assert "votre taquin() : seuil m (nœuds) : " in out
        else:
            assert "First divergence at pass #7: bound m = " in out
        run = Run("0.1.0", 2017, lang, "2026-12-04T10:00:00+01:00", SCHEME, LIMITS, [sub])
        page = student_page(run, sub, lang=lang)
        assert page.count('<table class="passes-table">') == 1 and "<mark>" in page
