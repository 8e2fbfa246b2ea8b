"""Result types (plain dataclasses of plain data), results.json and grades.csv.

Everything here is already judged and translated: reports and the CLI only read these types.
"""
from __future__ import annotations

import csv
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# A question's status, from best to worst; `missing` and `not_implemented` say why nothing ran.
# `ungraded`: a written question the teacher has not marked yet.
STATUSES = ("passed", "partial", "failed", "error", "timeout", "crashed", "memory", "missing", "not_implemented",
            "ungraded")


@dataclass
class Check:
    """One check group of a question: passed or not, and what it found."""

    name: str  # stable id, e.g. "petits_jeux"
    title: str  # translated label
    passed: bool
    points: float = 0.0
    max_points: float = 0.0
    message: str = ""  # translated, empty when passed
    kind: str = "ok"  # ok | wrong | error | timeout | crashed | memory | missing | not_implemented | invalid | skipped
    counterexample: Any = None  # plain data: a game, a taquin state, arguments
    expected: Any = None
    got: Any = None
    # What the reports draw: {"type": "taquin", "start": [16 ints], "moves": [...], "optimal": [...]}
    # or {"type": "game", "initial": s, "finals": [...], "edges": [[a, b], ...]}; None otherwise.
    visual: dict | None = None
    seconds: float = 0.0  # student's compute time over the check's cases


@dataclass
class Output:
    """What the student's code printed, capped: `dropped` counts the bytes not kept."""

    stdout: str = ""
    stderr: str = ""
    dropped: int = 0


@dataclass
class QuestionResult:
    id: str  # "q4"
    title: str
    score: float
    max: float
    status: str  # one of STATUSES
    checks: list[Check] = field(default_factory=list)
    manual: bool = False  # hand-graded: no checks, score filled by the teacher
    extension: bool = False  # outside the exam's barème
    warnings: list[str] = field(default_factory=list)  # e.g. which `solution` convention was seen
    output: Output = field(default_factory=Output)
    # Seconds spent: in all ("wall"), in the student's calls ("student": the child's CPU time, from the kernel),
    # and computing the reference's answers and times ("reference", cached cases cost nothing).
    timing: dict = field(default_factory=dict)
    comment: str = ""  # the teacher's comment on a hand-marked question


# What became of a submission as a whole: graded, or why not (grader/intake decides the first three).
SUBMISSION_STATUSES = ("graded", "not_submitted", "unreadable", "duplicate", "grader_failed")


@dataclass
class SubmissionResult:
    id: str  # file-safe (lower-case ASCII): file names, URLs, keys
    total: float
    max: float
    questions: list[QuestionResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # e.g. a source decoded as CP1252
    name: str = ""  # display name ("Chloé Durand"), when the class download or roster gives one
    participant: str = ""  # the LMS's participant id (Moodle's "Participant 123456" is "123456")
    comment: str = ""  # the teacher's comment on the whole copy (hand marks)
    status: str = "graded"  # one of SUBMISSION_STATUSES
    email: str = ""  # from the roster (--roster), when it has one
    group: str = ""  # from the roster
    digest: str = ""  # SHA-256 of the files as read: `--resume` regrades an entry whose files changed


# Bumped when results.json changes shape: `--resume` refuses a folder written in another format.
FORMAT_VERSION = 2


@dataclass
class Run:
    """A grading run: a class or one student's check."""

    grader_version: str
    seed: int
    lang: str
    date: str
    scheme: dict  # question id -> points, and the check groups' weights
    limits: dict  # memory, time factor and floor, output cap...
    submissions: list[SubmissionResult] = field(default_factory=list)
    format_version: int = FORMAT_VERSION
    python: str = ""  # the interpreter and Hypothesis that produced the run
    hypothesis: str = ""
    questions: list[str] = field(default_factory=list)  # the question ids graded
    complete: bool = True  # False when the run was interrupted: some students are not in it yet
    notices: list[str] = field(default_factory=list)  # about the class: files ignored, roster mismatches


def to_dict(obj) -> dict:
    return asdict(obj)


def submission_from_dict(data: dict) -> SubmissionResult:
    questions = []
    for q in data["questions"]:
        q = dict(q)
        q["checks"] = [Check(**c) for c in q.get("checks", [])]
        q["output"] = Output(**q.get("output", {}))
        questions.append(QuestionResult(**q))
    return SubmissionResult(**{**data, "questions": questions})


def run_from_dict(data: dict) -> Run:
    return Run(**{**data, "submissions": [submission_from_dict(s) for s in data["submissions"]]})


def write_json(path: Path, obj) -> None:
    """Write a result type or plain data atomically, so that an interrupted run never leaves half a file."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    data = obj if isinstance(obj, dict) else to_dict(obj)
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


def load_run(path: Path) -> Run:
    return run_from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


def write_gradebook(path: Path, run: Run) -> None:
    """grades.csv: one row per student, one column per question, then the total."""
    question_ids = []
    for sub in run.submissions:
        for q in sub.questions:
            if q.id not in question_ids:
                question_ids.append(q.id)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", *question_ids, "total", "max"])
        for sub in sorted(run.submissions, key=lambda s: s.id):
            scores = {q.id: q.score for q in sub.questions if q.status != "ungraded"}  # not marked: empty
            writer.writerow([sub.id, *(_number(scores.get(qid, "")) for qid in question_ids),
                             _number(sub.total), _number(sub.max)])


def _number(value):
    return round(value, 2) if isinstance(value, float) else value
