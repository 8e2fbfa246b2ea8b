"""The self-check in the browser, Python's side: what the page's Web Worker runs in Pyodide (the page and
the worker: grader/web/; the folder that holds them: grader/webkit.py, `grader kit --web DIR`).

The worker hands over the student's files (`jeux.py`, `taquin.py`, `recherche.py`, a notebook), one
question at a time (`check_question`), and at the end asks for the report (`report`): the same grading as
`grader check` (grader/run/jobs.py's `grade_entry`, the wheel's oracles, a fixed seed), the same HTML page
as `grader check --html` (reports/render.py), through the in-process child (grader/sandbox/inprocess.py:
Pyodide has no fork). The student's code never leaves the page.

Time limits (`BrowserLimit`): before each call of the student's code the page is told its number within
the question and the seconds it may take (`tell`); past them the page interrupts Python (its interrupt
buffer, where the page is cross-origin isolated: a SIGINT, which the call turns into the limit's
exception), and where it cannot, `sys.monitoring` stops the student's code in the worker itself. Code that
neither can stop (a loop inside C, `time.sleep`) makes the page end the worker and start another, which
checks the question again with that call's number among `timed_out`: that call is then a timeout without
running, as the confined child's would be once killed, and the cases (drawn from the seed) are the same.
"""

from __future__ import annotations

import json
import shutil
import signal
import tempfile
from collections.abc import Callable
from pathlib import Path

from grader.intake import entry_for
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.records import Status, SubmissionResult, to_dict
from grader.run.grading import new_run
from grader.run.jobs import grade_entry, select, whole_submission
from grader.sandbox import protocol
from grader.sandbox.inprocess import InProcessChild, monitoring_limited
from grader.sandbox.limits import Limits
from grader.text import i18n
from reports.render import student_page
from reports.terminal import format_result

# The files a student may give (the page refuses others before they reach us).
ACCEPTED = (".py", ".ipynb")


class BrowserLimit:
    """`InProcessChild.limited` in the worker: the page told of each call, a call the page had to stop by
    ending the worker answered as a timeout at once, the others held by the interrupt or sys.monitoring."""

    def __init__(self, tell: Callable[[str], None], interrupt: bool, timed_out=()):
        self.tell, self.interrupt, self.timed_out = tell, interrupt, set(timed_out)
        self.number = 0  # the calls of this question so far

    def __call__(self, seconds: float, function: Callable, folder: str):
        self.number += 1
        if self.number in self.timed_out:
            raise protocol.TimeLimit
        self.tell(json.dumps({"call": self.number, "seconds": seconds}))
        try:
            if not self.interrupt:
                return monitoring_limited(seconds, function, folder)
            previous = signal.signal(signal.SIGINT, _expired)
            try:
                return function()
            finally:
                signal.signal(signal.SIGINT, previous)
        finally:
            self.tell(json.dumps({"done": self.number}))


def _expired(signum, frame):
    raise protocol.TimeLimit


class Session:
    """One student's files in the worker, checked question by question under one seed."""

    def __init__(self, files: dict[str, bytes], seed: int, lang: str):
        self.root = Path(tempfile.mkdtemp(prefix="copie-"))
        self.folder = self.root / "copie"
        self.folder.mkdir()
        for name, data in files.items():
            if Path(name).name != name or not name.lower().endswith(ACCEPTED):
                raise ValueError(f"not a student's file: {name!r}")
            (self.folder / name).write_bytes(bytes(data))
        self.settings = Settings(seed=seed, lang=lang, limits=Limits(inprocess=True))
        self.parts: dict[str, SubmissionResult] = {}

    def check_question(self, qid: str, tell: Callable[[str], None], interrupt: bool, timed_out=()) -> str:
        """One question graded (its result, as JSON for the page: its points, status and messages)."""
        (question,) = select(all_questions(extensions=qid.startswith("x")), [qid])
        InProcessChild.limited = BrowserLimit(tell, interrupt, timed_out)
        result = grade_entry(entry_for(self.folder), [question], self.settings)
        self.parts[qid] = result
        shown = to_dict(result)
        for row in shown["questions"]:
            row["status_text"] = i18n.t(f"status.{row['status']}", self.settings.lang)
        shown["passed"] = all(q.status == Status.PASSED for q in result.questions)
        shown["text"] = format_result(result, self.settings.lang)  # what `grader check` prints
        return json.dumps(shown, ensure_ascii=False)

    def report(self, qids: list[str]) -> str:
        """The student's HTML page, as `grader check --html` writes it, for the questions checked."""
        done = [qid for qid in qids if qid in self.parts]
        questions = select(all_questions(extensions=any(q.startswith("x") for q in done)), done)
        result = whole_submission([self.parts[qid] for qid in done], done)
        run = new_run(self.settings, questions)
        run.submissions = [result]
        return student_page(run, result)

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def questions(lang: str) -> str:
    """The automatic questions the page offers, by family, as JSON: [{"id", "title", "module"}]."""
    return json.dumps(
        [
            {"id": q.id, "title": i18n.title(f"{q.id}.title", lang), "module": q.module}
            for q in all_questions(extensions=True)
            if not q.manual
        ],
        ensure_ascii=False,
    )
