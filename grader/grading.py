"""Grade one submission or a whole class; write results as students finish.

`grade_path` never raises for a student's reason: whatever the submission is, it comes back as a
`SubmissionResult`. `grade_class` grades students in parallel worker processes and writes each
student's result to OUT/students/<id>.json as soon as it is done, so that `--resume` can finish an
interrupted run.
"""
from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from grader import i18n
from grader.engine import Settings, grade_submission
from grader.marks import apply_marks
from grader.sandbox.runner import isolation
from grader.terminal import printable
from grader.results import QuestionResult, Run, SubmissionResult, submission_from_dict, write_gradebook, write_json
from grader.submission import SubmissionError, find_submissions, load_submission, submission_id


def grader_version() -> str:
    try:
        return version("taquin-grader")
    except PackageNotFoundError:
        return "0+unknown"


def _grade_by_ids(path: Path, question_ids: list[str], settings: Settings) -> SubmissionResult:
    """Worker entry point: questions travel as ids (question objects stay in each process)."""
    from grader.questions import all_questions, select

    return grade_path(path, select(all_questions(extensions=True), question_ids), settings)


def grade_path(path: Path, questions: list, settings: Settings) -> SubmissionResult:
    try:
        submission = load_submission(path)
    except (SubmissionError, OSError) as exc:
        return _unreadable(submission_id(Path(path)), questions, settings, str(exc))
    return grade_submission(submission, questions, settings)


def _unreadable(student: str, questions, settings: Settings, reason: str,
                key: str = "warning.unreadable") -> SubmissionResult:
    results = [QuestionResult(id=q.id, title=i18n.t(f"{q.id}.title", settings.lang), score=0.0,
                              max=settings.scheme.points(q), status="missing")
               for q in questions if not q.manual]
    return SubmissionResult(id=student, total=0.0, max=sum(r.max for r in results), questions=results,
                            warnings=[i18n.t(key, settings.lang, reason=reason)])


def new_run(settings: Settings, questions: list) -> Run:
    limits = settings.limits.as_dict()
    found = isolation(settings.limits)
    # Every report says it when the students' code could reach other files (`grade --unsafe`, `check`).
    layers = ", ".join(found["layers"]) + ("" if found["files_confined"] else " (NOT CONFINED)")
    limits.update(time_factor=settings.scheme.time_factor, time_floor=settings.scheme.time_floor,
                  isolation=layers)
    return Run(grader_version=grader_version(), seed=settings.seed, lang=settings.lang,
               date=datetime.now(timezone.utc).isoformat(timespec="seconds"),
               scheme=settings.scheme.as_dict(questions), limits=limits)


def _student_file(out: Path, student: str) -> Path:
    return out / "students" / f"{student.encode('utf-8').hex()}.json"


def grade_class(class_dir: Path, out: Path, questions: list, settings: Settings, workers: int = 0,
                resume: bool = False, progress=None) -> Run:
    """Grade every student of `class_dir`; `progress(done, total, student)` is told of each one."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "students").mkdir(exist_ok=True)
    entries = find_submissions(class_dir)
    run = new_run(settings, questions)
    results: dict[str, SubmissionResult] = {}
    todo = []
    for entry in entries:
        student = submission_id(entry)
        saved = _student_file(out, student)
        if resume and saved.exists():
            results[student] = submission_from_dict(json.loads(saved.read_text(encoding="utf-8")))
        else:
            todo.append(entry)
    done = len(results)
    workers = workers or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=max(1, min(workers, len(todo) or 1))) as pool:
        ids = [q.id for q in questions]
        futures = {pool.submit(_grade_by_ids, entry, ids, settings): entry for entry in todo}
        for future in as_completed(futures):
            entry = futures[future]
            try:
                result = future.result()
            except Exception as exc:  # noqa: BLE001 - a grader bug or a lost worker: still one row
                result = _unreadable(submission_id(entry), questions, settings, f"{type(exc).__name__}: {exc}",
                                     key="warning.grader_failed")
            write_json(_student_file(out, result.id), result)
            results[result.id] = result
            done += 1
            if progress:
                progress(done, len(entries), result.id)
    run.submissions = [results[k] for k in sorted(results)]
    write_json(out / "results.json", run)
    write_gradebook(out / "grades.csv", apply_marks(run))  # the written questions as columns, to be marked
    return run


class Progress:
    """A tqdm bar with the time left on a terminal; plain lines otherwise (logs, CI)."""

    def __init__(self, total: int, stream=None):
        self.stream = stream = stream or sys.stderr
        self.started = time.monotonic()
        self.bar = None
        if stream.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="student", file=stream)

    def __call__(self, done: int, total: int, student: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(printable(student[:20], False))
            self.bar.update(1)
        else:
            elapsed = time.monotonic() - self.started
            print(f"[{done}/{total}] {printable(student, False)} ({elapsed:.1f} s)", file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
