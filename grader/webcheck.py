"""The self-check in the browser, Python's side: what the page's Web Worker runs in Pyodide (the page and
the worker: grader/web/; the folder that holds them: grader/webkit.py, `grader kit --web DIR`).

The worker hands over the student's files (`jeux.py`, `taquin.py`, `recherche.py`, a notebook), one
question at a time (`check_question`), and at the end asks for the report (`report`): the same grading as
`grader check` (grader/run/jobs.py's `grade_entry`, the wheel's oracles, a fixed seed), the same HTML page
as `grader check --html` (reports/render.py). The student's code never leaves the page.

The student's module does not run here: it runs in a second Web Worker, with its own Pyodide, that
only answers this judge's request frames (grader/sandbox/remote.py: `RemoteChild` here, `FrameServer`
there, the protocol of the confined child). The expectations, the served calls' handlers and the
verdicts stay in this worker, out of the student's code's reach. Each call is held to its limit over
there (sys.monitoring, or the judge's interrupt where the page is cross-origin isolated); code that
neither stops (a loop inside C) is ended with its worker at the call's deadline, which this judge
observes (a timeout, as the confined child killed), and a new worker serves the next child.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from grader.intake import entry_for
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.records import submission_from_dict, to_dict
from grader.run.grading import new_run
from grader.run.jobs import grade_entry, select, whole_submission
from grader.sandbox.remote import RemoteChild, WorkerLink
from grader.sandbox.limits import Limits
from grader.text import i18n
from reports.terminal import format_result

# The files a student may give (the page refuses others before they reach us).
ACCEPTED = (".py", ".ipynb")


def prepare(student) -> None:
    """The judge's worker's start: `student`, the student's worker (grader/web/worker.js's `Student`),
    serves every child from now on. The exam questions' modules are imported now, while that worker starts,
    rather than in the first check."""
    RemoteChild.link = WorkerLink(student)
    all_questions(extensions=False)  # (the exam's: the extensions only when one is asked for)


class Session:
    """One student's files in the worker, checked question by question under one seed. What was checked is
    kept by the page (each question's result as JSON), so that the page may ask for the views and the
    report in either language. Each session's children are served by a student's worker that served no
    other files (what a copy's code left in its worker is not the next copy's)."""

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
        self.served = False

    def check_question(self, qid: str) -> str:
        """One question graded: its result as JSON (records.to_dict), for `view` and `report`."""
        if not self.served and RemoteChild.link is not None:
            RemoteChild.link.restart()
        self.served = True
        result = grade_entry(entry_for(self.folder), selected_questions([qid]), settings(self.seed, "fr"))
        return json.dumps(to_dict(result), ensure_ascii=False)

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def settings(seed: int, lang: str) -> Settings:
    return Settings(seed=seed, lang=lang, limits=Limits(inprocess=True))


def selected_questions(qids: list[str]) -> list:
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
    # Imported here: the report's Jinja2 is not waited for before the page's first verdict.
    from reports.render import student_page

    results = [submission_from_dict(json.loads(part)) for part in parts]
    qids = [q.id for result in results for q in result.questions]
    result = whole_submission(results, qids)
    run = new_run(settings(seed, lang), selected_questions(qids))
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
