"""The notebook form of the self-check: one cell a teacher puts at the end of a Capytale or JupyterLite
activity (docs/student-kit.md, "In a notebook"). The cell installs the kit's wheel with micropip and
calls `check(globals(), [...])`: the code the notebook's kernel ran is checked as `grader check` checks a
notebook, in this very process, through the in-process child (grader/sandbox/inprocess.py).

The notebook's kernel is the student's: their code shares the judge's Python here and could change what
is shown, so the verdict says it is a check, not a grade. In Pyodide (no signal, no thread) each call's
time limit is `sys.monitoring`'s on the student's code: an endless loop of theirs ends as "temps dépassé"
and the kernel goes on; a loop inside C is not stopped (the page of `grader kit --web` ends its worker
then; a notebook has none to end).
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import sys
import tempfile
import time
from html import escape
from pathlib import Path

from grader.intake import entry_for
from grader.judge.settings import fresh_seed
from grader.run.grading import new_run
from grader.run.jobs import grade_entry
from grader.sandbox.inprocess import InProcessChild
from grader.sandbox.remote import RemoteChild
from grader.text import i18n
from grader.webcheck import question_list, selected_questions, settings
from reports.terminal import format_result

# A cell that names this module is the teacher's (this check, run once more), not the student's code.
THIS_MODULE = __name__


class Checked:
    """What `check` gives the notebook: `grader check`'s text, and the HTML report shown in a frame under
    the cell (Jupyter's rich display)."""

    def __init__(self, text: str, html: str):
        self.text, self.html = text, html

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return (
            f"<pre>{escape(self.text)}</pre><iframe sandbox='allow-scripts' style='width:100%;height:40em' "
            f"srcdoc='{escape(self.html, quote=True)}'></iframe>"
        )


def notebook_code(namespace: dict) -> str:
    """The notebook's code as the kernel ran it: the cells before this one (IPython's `In`, in the order
    they ran), less the teacher's cells (an earlier run of this check, whose `await` would not even
    compile in a module); without that history, the source of the functions and classes the notebook
    defined."""
    history = namespace.get("In")
    if isinstance(history, list) and len(history) > 1:
        return "\n\n".join(cell for cell in history[1:-1] if isinstance(cell, str) and THIS_MODULE not in cell)
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


@contextlib.contextmanager
def _hypothesis_depth_lifted():
    """Hypothesis sets the recursion limit to the depth of the frames it walks plus 2,000; JupyterLite's
    Pyodide kernel counts about 2,000 more than those frames (measured: 2,026 against 24), so that limit
    is below the interpreter's depth and refused (RecursionError: the check's every question an internal
    error). Hypothesis's limits are lifted by the difference meanwhile (none where the two agree)."""
    from hypothesis.internal.conjecture import junkdrawer

    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(1)  # refused, with the interpreter's own count of the depth
    except RecursionError as exc:
        said = re.search(r"depth (\d+)", str(exc))
        extra = int(said.group(1)) - junkdrawer.stack_depth_of_caller() if said else 0
    else:  # pragma: no cover - no interpreter accepts it below its own frame
        sys.setrecursionlimit(limit)
        extra = 0
    if extra <= 0:  # CPython, and any kernel that counts as Hypothesis does
        yield
        return
    limiter = junkdrawer._stackframe_limiter  # an internal of Hypothesis (the 6.155.7 the kit pins for Pyodide has it)
    original = limiter._setrecursionlimit
    limiter._setrecursionlimit = lambda new_limit, check=True: original(new_limit + extra, check=check)
    try:
        yield
    finally:
        del limiter._setrecursionlimit
        sys.setrecursionlimit(limit)


@contextlib.contextmanager
def process_time_ticking():
    """Basthon's Pyodide (0.26, the Python of Capytale's notebooks) reads the process's time with times(),
    which its Emscripten leaves at 0: every CPU time the grader measured was 0 (the machine's speed
    calibrated to 0, then each question an internal error, a division by it). Where that clock does not
    move, the check reads the wall clock instead, as the page does where there is no CPU clock (one
    thread: the kernel's)."""
    started, until = time.process_time(), time.perf_counter() + 0.02
    while time.perf_counter() < until:
        pass
    if time.process_time() > started:
        yield
        return
    stuck = time.process_time
    time.process_time = time.perf_counter
    try:
        yield
    finally:
        time.process_time = stuck


def check(namespace: dict, questions: list[str] | None = None, seed: int | None = None, lang: str = "fr") -> Checked:
    """Check the functions the notebook defines (`namespace`: the notebook's `globals()`) on `questions`
    (ids; the exam's automatic questions by default), under `seed` (a fresh one by default, printed), in
    `lang`: what `grader check` prints, with the HTML report under the cell."""
    from reports.render import student_page

    code = notebook_code(namespace)
    cells: list[dict] = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": code}]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}
    seed = fresh_seed() if seed is None else seed
    qids = questions or [q["id"] for q in json.loads(question_list(lang)) if not q["id"].startswith("x")]
    root = Path(tempfile.mkdtemp(prefix="copie-"))
    try:
        folder = root / "notebook"  # the copy's name in the report, as `grader check` names it after its folder
        folder.mkdir()
        (folder / "notebook.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
        # The platform's own limit (sys.monitoring in Pyodide), no student's worker: this kernel is theirs.
        InProcessChild.limited, RemoteChild.link = None, None
        with _hypothesis_depth_lifted(), process_time_ticking():
            result = grade_entry(entry_for(folder), selected_questions(qids), settings(seed, lang))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    run = new_run(settings(seed, lang), selected_questions(qids))
    run.submissions = [result]
    said = (
        f"{format_result(result, lang)}\n{i18n.t('cli.seed', lang, seed=seed)}\n{i18n.t('kit.web_not_a_grade', lang)}"
    )
    return Checked(said, student_page(run, result))
