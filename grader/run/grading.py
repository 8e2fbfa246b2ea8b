"""Grade a whole class; write results as students finish; stop cleanly; resume.

Each student is one job, `grader.run.jobs.grade_entry`. `grade_class` grades students in parallel
worker processes and writes each student's result to OUT/students/ as soon as it is done. SIGINT or SIGTERM stop every worker and its children at once, write what was graded
(`results.json` marked incomplete) and raise `Interrupted`; `--resume` then grades only the students
missing from OUT or whose files changed, and refuses a folder written by an incompatible run.
"""

from __future__ import annotations

import hashlib
import json
import platform
import signal
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path

from grader.judge.settings import Settings
from grader.run.executor import Embedded
from grader.run.jobs import not_graded
from grader.errors import InputError, writing
from grader.results.gradebook import shown_name, write_gradebook
from grader.intake import RUN_MANIFEST, Entry, find_class
from grader.intake.roster import identified, join
from grader.results.marks import apply_marks
from grader.text import i18n
from grader.text.message import Message
from grader.results.records import (
    Run,
    SubmissionResult,
    SubmissionStatus,
    private_folder,
    submission_from_dict,
    write_json,
)
from grader.text.terminal import escaped
from grader.sandbox.runner import isolation
from grader.version import grader_version

# What must be equal for two runs' results to sit in one results.json (not the language: results hold
# no text).
# `replay` too: a class's pages would otherwise replay passed checks for some students only.
COMPATIBLE = ("format_version", "grader_version", "seed", "scheme", "questions", "memory", "replay")


class Interrupted(BaseException):
    """SIGINT or SIGTERM during a class run: what was graded is saved; not an error of anyone's."""

    def __init__(self, signum: int, graded: int = 0, total: int = 0):
        super().__init__(signum)
        self.signum, self.graded, self.total = signum, graded, total

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


# -- a class ------------------------------------------------------------------------------------------
def new_run(settings: Settings, questions: list) -> Run:
    import hypothesis

    limits = settings.limits.as_dict()
    found = isolation(settings.limits)
    # Every report says it when the students' code could reach other files (`grade --unsafe`, `check`).
    layers = found["layers"] + ([] if found["files_confined"] else [Message("isolation.not_confined")])
    limits.update(
        time_factor=settings.scheme.time_factor,
        time_floor=settings.scheme.time_floor,
        isolation=[layer.to_dict() for layer in layers],
    )
    return Run(
        grader_version=grader_version(),
        seed=settings.seed,
        lang=settings.lang,
        date=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        scheme=settings.scheme.as_dict(questions),
        limits=limits,
        python=platform.python_version(),
        hypothesis=hypothesis.__version__,
        questions=[q.id for q in questions],
        replay=settings.replay,
    )


def _fingerprint(run: Run) -> dict:
    return {
        "format_version": run.format_version,
        "grader_version": run.grader_version,
        "seed": run.seed,
        "lang": run.lang,
        "scheme": run.scheme,
        "questions": run.questions,
        "memory": run.limits.get("memory_bytes"),
        "replay": run.replay,
    }


def _student_file(out: Path, student: str) -> Path:
    return out / "students" / f"{student}.json"


def _manifest(out: Path) -> Path:
    return out / RUN_MANIFEST  # a student's id never starts with a dot


def saved_seed(out: Path, default: int) -> int:
    """The seed of the run written in `out` (a resumed run keeps it), or `default` when there is none."""
    try:
        seed = json.loads(_manifest(out).read_text(encoding="utf-8")).get("seed")
    except (OSError, ValueError, AttributeError):
        return default  # no run there, or an unreadable one: `_previous` says so if resuming needs it
    return seed if type(seed) is int else default


def _previous(out: Path, run: Run, resume: bool) -> dict[str, SubmissionResult]:
    """The results a resumed run keeps; refuses a folder written by an incompatible run."""
    students = out / "students"
    if not resume:
        for stale in students.glob("*.json"):  # a fresh run never mixes with an older one's files
            if not stale.name.startswith("."):
                stale.unlink()
        return {}
    if not _manifest(out).exists():
        return {}
    try:
        saved = json.loads(_manifest(out).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError("resume.unreadable", out=str(out), detail=str(exc)) from None
    current = _fingerprint(run)
    differ = [key for key in COMPATIBLE if saved.get(key) != current[key]]
    if differ:
        shown = "; ".join(f"{key}: {_short(saved.get(key))} -> {_short(current[key])}" for key in differ)
        raise InputError("resume.mismatch", out=str(out), fields=shown)
    kept = {}
    for path in sorted(students.glob("*.json")):
        if not path.name.startswith("."):
            try:
                result = submission_from_dict(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError, TypeError, KeyError, AttributeError):
                continue  # a file cut short by a crash, or of another shape: that student is graded again
            kept[result.id] = result
    return kept


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 40 else hashlib.sha256(text.encode()).hexdigest()[:10]


def grade_class(
    class_path: Path,
    out: Path,
    questions: list,
    settings: Settings,
    workers: int = 0,
    resume: bool = False,
    progress=None,
    found=None,
    roster=None,
    executor=None,
) -> Run:
    """Grade every student of `class_path`; `progress(done, total, result)` is told of each one.
    With a roster (grader/intake/roster.py), its students without a submission get a row too.
    The jobs run on `executor` (grader/run/executor.py): by default `workers` processes of this machine."""
    found = found or find_class(class_path)
    run = new_run(settings, questions)
    run.notices = [Message(key, params) for key, params in found.notices]
    with writing(out):  # before any grading: a folder that cannot be written costs nothing
        private_folder(out)
        (out / "students").mkdir(exist_ok=True)
        previous = _previous(out, run, resume)
        write_json(_manifest(out), _fingerprint(run))
    results: dict[str, SubmissionResult] = {}
    todo = []
    for entry in found.entries:
        kept = previous.get(entry.id)
        if kept is not None and kept.digest == entry.digest():
            results[entry.id] = kept
        else:
            todo.append(entry)
    total = len(found.entries)
    try:
        with _signals_raise_interrupted():
            _grade_in_pool(todo, questions, settings, executor or Embedded(workers), out, results, total, progress)
    except Interrupted as stopped:
        stopped.graded, stopped.total = len(results), total
        _finish(run, results, out, questions, settings, roster, complete=False)
        raise
    return _finish(run, results, out, questions, settings, roster, complete=True)


def _finish(
    run: Run, results: dict[str, SubmissionResult], out: Path, questions, settings: Settings, roster, complete: bool
) -> Run:
    run.submissions = [results[k] for k in sorted(results)]
    if roster is not None:

        def absent(student, sid: str) -> SubmissionResult:
            row = not_graded(sid, questions, settings, SubmissionStatus.NOT_SUBMITTED, [Message("roster.absent")])
            return identified(row, student)

        run.submissions, notices = join(run.submissions, roster, absent)
        run.notices += [Message(key, params) for key, params in notices]
    run.complete = complete
    write_json(out / "results.json", run)
    write_gradebook(out / "grades.csv", apply_marks(run), run.lang)  # the written questions as columns, to be marked
    return run


def _grade_in_pool(todo: list[Entry], questions, settings, executor, out, results, total, progress) -> None:
    if not todo:
        return
    try:
        automatic = [q.id for q in questions if not q.manual]  # the written ones have no job to run
        for entry, outcome in executor.run(todo, automatic, settings):
            # A grader bug or a lost worker: still one row.
            result = (
                outcome
                if isinstance(outcome, SubmissionResult)
                else _grader_failed(entry, questions, settings, outcome)
            )
            try:
                write_json(_student_file(out, result.id), result)
            except OSError:
                raise  # the output folder's: every student's, said once by the command
            except Exception as exc:  # noqa: BLE001 - one student's result never stops the class
                result = _grader_failed(entry, questions, settings, exc)
                write_json(_student_file(out, result.id), result)
            results[result.id] = result
            if progress:
                progress(len(results), total, result)
    except Interrupted:
        executor.stop()
        raise


def _grader_failed(entry: Entry, questions, settings: Settings, why: BaseException) -> SubmissionResult:
    """The row of a student the grader failed (a bug, a lost worker, a job past its deadline, a result
    that could not be written), with the reason: "erreur du correcteur", never the student's fault."""
    reason = escaped(f"{type(why).__name__}: {why}")[:500]
    result = not_graded(
        entry.id,
        questions,
        settings,
        SubmissionStatus.GRADER_FAILED,
        [Message("warning.grader_failed", {"reason": reason})],
    )
    result.name, result.participant = escaped(entry.identity.name), escaped(entry.identity.participant)
    return result


class _signals_raise_interrupted:
    """While grading, SIGINT and SIGTERM raise `Interrupted` in the main thread (once: a second signal
    while stopping is ignored, so that the stop itself is never cut short)."""

    def __enter__(self):
        self.saved = {}
        if threading.current_thread() is not threading.main_thread():
            return self
        for signum in (signal.SIGINT, signal.SIGTERM):
            self.saved[signum] = signal.signal(signum, self._handle)
        return self

    def _handle(self, signum, frame):
        for other in self.saved:
            signal.signal(other, signal.SIG_IGN)
        raise Interrupted(signum)

    def __exit__(self, *exc):
        for signum, handler in self.saved.items():
            signal.signal(signum, handler)
        return False


class Progress:
    """A tqdm bar with the time left on a terminal; plain lines otherwise (logs, CI): each student by
    name, with the time their own grading took (their questions may run beside other students')."""

    def __init__(self, total: int, lang: str = "fr", stream=None):
        self.stream = stream = stream or sys.stderr  # the current one: tests swap sys.stderr
        self.lang = lang
        self.bar = None
        if stream.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="student", file=stream)

    def __call__(self, done: int, total: int, result: SubmissionResult) -> None:
        name = shown_name(result)
        if self.bar is not None:
            self.bar.set_postfix_str(name[:20])
            self.bar.update(1)
        else:
            seconds = round(sum(q.timing.get("wall", 0.0) for q in result.questions), 1)
            line = i18n.t("cli.progress", self.lang, done=done, total=total, name=name, seconds=seconds)
            print(line, file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
