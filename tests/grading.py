"""Grading submission files under tests/submissions/ question by question, as the question tests do."""

import functools
from pathlib import Path

from grader.text import i18n
from grader.judge.settings import Settings
from grader.judge.engine import grade_question
from grader.registry import all_questions
from grader.results.scoring import Scheme
from grader.intake import load_submission

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = {q.id: q for q in all_questions(extensions=True)}
# Tests that name the very groups a wrong submission fails grade with this fixed seed (a run without one
# draws a fresh seed); correct answers are graded under fresh seeds in tests/test_variants.py.
SEED = 2017


def submission_path(family: str, name: str) -> Path:
    """`name` under tests/submissions/<family>/, or a path from the repository's root when it has a '/'."""
    return ROOT / name if "/" in name else ROOT / "tests" / "submissions" / family / name


@functools.cache
def grade_file(path: Path, qid: str, lang: str = "fr", **scheme):
    """One question's result on one file, cached: several tests read the same grading."""
    return grade_question(
        QUESTIONS[qid], load_submission(path), Settings(seed=SEED, lang=lang, scheme=Scheme(**scheme))
    )


def say(message, lang: str = "fr") -> str:
    """A result's message as a reader of `lang` sees it ("" for none)."""
    return i18n.say(message, lang)


def check(result, group: str):
    return next(c for c in result.checks if c.name == group)


def summary(result):
    return result.status, round(result.score, 6), {c.name for c in result.checks if not c.passed}
