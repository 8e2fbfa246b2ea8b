"""Grading submission files under tests/submissions/ question by question, as the question tests do."""

import functools
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from grader.text import i18n
from grader.text.message import Message
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


def failed_replay(family: str, name: str, qid: str, group: str, lang: str = "fr") -> tuple[dict, list, list]:
    """The replay a failed search check carries (its visual's), and each side's calls as tuples."""
    c = check(grade_file(submission_path(family, name), qid, lang), group)
    assert not c.passed
    replay = c.visual["replay"]
    student = [tuple(call) for group in replay["student"]["groups"] for call in group["calls"]]
    expected = [tuple(call) for group in replay["expected"]["groups"] for call in group["calls"]]
    return replay, student, expected


def replay_why(replay: dict, lang: str = "fr") -> str:
    """The replay's sentence at the first divergence, as a reader of `lang` sees it."""
    return i18n.say(Message.from_dict(replay["why"]), lang)


def checked_page(folder: Path, family: str, name: str, qid: str, *options: str) -> str:
    """The page `grader check --html` writes for one question of a wrong submission (exit status 1)."""
    from grader.cli import main

    assert main(["check", str(submission_path(family, name)), "-q", qid, "--html", str(folder), *options]) == 1
    return (folder / "index.html").read_text(encoding="utf-8")


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """Workers for gradings in parallel, started by a fork server: forked from the suite's process, which
    earlier tests leave with threads, a worker can wait for ever on a lock held at the fork (a whole CI=true
    run once hung so in tests/test_variants.py's sweep)."""
    return ProcessPoolExecutor(
        max_workers=workers or os.cpu_count() or 1, mp_context=multiprocessing.get_context("forkserver")
    )
