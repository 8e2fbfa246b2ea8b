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
exception), and where it cannot, `sys.monitoring` stops the student's code in the worker itself. A
`time.sleep` is cut into slices that the limit can end. Code that neither can stop (a loop inside C)
makes the page end the worker and start another, which checks the question again with that call's
number among `timed_out`: that call is then a timeout without running, as the confined child's would be
once killed, and the cases (drawn from the seed) are the same.
"""

from __future__ import annotations

import json
import math
import shutil
import signal
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from grader.intake import entry_for
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.records import submission_from_dict, to_dict
from grader.run.grading import new_run
from grader.run.jobs import grade_entry, select, whole_submission
from grader.sandbox import protocol
from grader.sandbox.inprocess import InProcessChild, Watch
from grader.sandbox.limits import Limits
from grader.text import i18n
from reports.render import student_page
from reports.terminal import format_result

# The files a student may give (the page refuses others before they reach us).
ACCEPTED = (".py", ".ipynb")
SLEEP_SLICE = 0.05  # seconds: a student's time.sleep is cut into these, the limit looked at between them


class BrowserLimit:
    """`InProcessChild.limited` in the worker, for one question: the page told of each call (its number and
    its limit), a call the page had to stop by ending the worker answered at once as it ended (a timeout,
    or out of memory when the worker died), the others held by the page's interrupt (a SIGINT, `prepare`)
    or, where the page is not cross-origin isolated, by sys.monitoring."""

    watch: Watch | None = None  # the student's call under way (interrupt mode): a SIGINT now is its limit

    def __init__(self, tell: Callable[[str], None], interrupt: bool, timed_out=(), crashed=()):
        self.tell, self.interrupt = tell, interrupt
        self.timed_out, self.crashed = set(timed_out), set(crashed)
        self.number = 0  # the calls of this question so far

    def __call__(self, seconds: float, function: Callable, folder: str):
        self.number += 1
        if self.number in self.timed_out:
            raise protocol.TimeLimit
        if self.number in self.crashed:
            raise MemoryError
        self.tell(json.dumps({"call": self.number, "seconds": seconds}))
        # Interrupted by the page, the call is then watched by sys.monitoring (which costs nothing before).
        sleep = time.sleep
        try:
            with Watch(folder, math.inf if self.interrupt else seconds) as watch:
                BrowserLimit.watch = watch
                time.sleep = _sliced(sleep, watch)  # type: ignore[assignment]  # (seconds as a float)
                return function()
        finally:
            time.sleep = sleep
            BrowserLimit.watch = None
            self.tell(json.dumps({"done": self.number}))


def _sliced(sleep: Callable[[float], None], watch: Watch) -> Callable[[float], None]:
    """`time.sleep` for the student's call: in slices that the limit can end (Pyodide's own sleep blocks in
    WebAssembly, where neither the interrupt nor sys.monitoring reaches)."""

    def sliced(seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            if time.monotonic() > watch.deadline:
                raise protocol.TimeLimit
            sleep(min(left, SLEEP_SLICE))

    return sliced


def _interrupted(signum, frame):
    """The page's interrupt: the limit of the student's call under way, raised now and at each of its next
    jumps (Watch); none under way, nothing (the page may interrupt once more as a call ends)."""
    if BrowserLimit.watch is not None:
        BrowserLimit.watch.expire()
        raise protocol.TimeLimit


_interrupt = [False]


def prepare(interrupt: bool) -> None:
    """The worker's start: whether the page interrupts calls (its interrupt buffer), and its SIGINT then."""
    _interrupt[0] = interrupt
    if interrupt:
        signal.signal(signal.SIGINT, _interrupted)


class Session:
    """One student's files in the worker, checked question by question under one seed. What was checked is
    kept by the page (each question's result as JSON), so that a worker started again (after the page
    stopped one) loses nothing and the page may ask for the report in either language."""

    def __init__(self, files: dict[str, bytes], seed: int):
        self.root = Path(tempfile.mkdtemp(prefix="copie-"))
        # The copy is named after its files (the report's title), as `grader check` names it after its folder.
        self.folder = self.root / "-".join(sorted(Path(name).stem for name in files))[:60]
        self.folder.mkdir()
        for name, data in files.items():
            if Path(name).name != name or not name.lower().endswith(ACCEPTED):
                raise ValueError(f"not a student's file: {name!r}")
            (self.folder / name).write_bytes(bytes(data))
        self.seed = seed

    def check_question(self, qid: str, tell: Callable[[str], None], timed_out=(), crashed=()) -> str:
        """One question graded: its result as JSON (records.to_dict), for `view` and `report`. `timed_out`
        and `crashed`: the numbers of the calls the page stopped by ending a worker (BrowserLimit)."""
        InProcessChild.limited = BrowserLimit(tell, _interrupt[0], timed_out, crashed)
        result = grade_entry(entry_for(self.folder), _questions([qid]), settings(self.seed, "fr"))
        return json.dumps(to_dict(result), ensure_ascii=False)

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def settings(seed: int, lang: str) -> Settings:
    return Settings(seed=seed, lang=lang, limits=Limits(inprocess=True))


def _questions(qids: list[str]) -> list:
    return select(all_questions(extensions=any(q.startswith("x") for q in qids)), qids)


def view(part: str, lang: str) -> str:
    """One question's result as the page shows it, in `lang`: its rows and what `grader check` prints."""
    result = submission_from_dict(json.loads(part))
    rows = [
        {
            "id": q.id,
            "score": q.score,
            "max": q.max,
            "status": str(q.status),
            "status_text": i18n.t(f"status.{q.status}", lang),
        }
        for q in result.questions
    ]
    return json.dumps({"rows": rows, "text": format_result(result, lang)}, ensure_ascii=False)


def report(parts: list[str], seed: int, lang: str) -> str:
    """The student's HTML page, as `grader check --html` writes it, for the questions checked."""
    results = [submission_from_dict(json.loads(part)) for part in parts]
    qids = [q.id for result in results for q in result.questions]
    result = whole_submission(results, qids)
    run = new_run(settings(seed, lang), _questions(qids))
    run.submissions = [result]
    return student_page(run, result)


def question_list(lang: str) -> str:
    """The automatic questions the page offers, by family, as JSON: [{"id", "title", "module"}]."""
    return json.dumps(
        [
            {"id": q.id, "title": i18n.title(f"{q.id}.title", lang), "module": q.module}
            for q in all_questions(extensions=True)
            if not q.manual
        ],
        ensure_ascii=False,
    )


# -- the notebook form: one cell of a Capytale or JupyterLite activity (docs/student-kit.md) --------------
class Checked:
    """What `check_notebook` gives the notebook: `grader check`'s text, and the HTML report shown in a frame
    under the cell (Jupyter's rich display)."""

    def __init__(self, text: str, html: str):
        self.text, self.html = text, html

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        from html import escape

        return (
            f"<pre>{escape(self.text)}</pre><iframe sandbox='allow-scripts' style='width:100%;height:40em' "
            f"srcdoc='{escape(self.html, quote=True)}'></iframe>"
        )


def notebook_code(namespace: dict) -> str:
    """The notebook's code as the kernel ran it: the cells before this one (IPython's `In`, in the order
    they ran); without that history, the source of the functions and classes the notebook defined."""
    history = namespace.get("In")
    if isinstance(history, list) and len(history) > 1:
        return "\n\n".join(cell for cell in history[1:-1] if isinstance(cell, str))
    import inspect

    sources = []
    for value in list(namespace.values()):
        if inspect.isfunction(value) or inspect.isclass(value):
            if getattr(value, "__module__", None) == namespace.get("__name__", "__main__"):
                try:
                    sources.append(inspect.getsource(value))
                except (OSError, TypeError):
                    continue
    return "\n\n".join(sources)


def check_notebook(questions: list[str] | None = None, seed: int | None = None, lang: str = "fr", namespace=None):
    """Check the functions this notebook defines, as `grader check` checks a notebook: the last cell of an
    activity calls it (`questions`: ids, all the automatic ones by default). The code is read from the
    kernel (`notebook_code`) and checked in this process through the in-process child."""
    import __main__

    from grader.judge.settings import fresh_seed

    code = notebook_code(namespace if namespace is not None else vars(__main__))
    cells: list[dict] = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": code}]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}
    session = Session({"notebook.ipynb": json.dumps(notebook).encode("utf-8")}, fresh_seed() if seed is None else seed)
    try:
        qids = questions or [q["id"] for q in json.loads(question_list(lang)) if not q["id"].startswith("x")]
        InProcessChild.limited = None  # the platform's own limit (sys.monitoring in Pyodide)
        result = grade_entry(entry_for(session.folder), _questions(qids), settings(session.seed, lang))
    finally:
        session.close()
    run = new_run(settings(session.seed, lang), _questions(qids))
    run.submissions = [result]
    seed_line = i18n.t("cli.seed", lang, seed=session.seed)
    said = f"{format_result(result, lang)}\n{seed_line}\n{i18n.t('kit.web_not_a_grade', lang)}"
    return Checked(said, student_page(run, result))
