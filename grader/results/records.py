"""Result types (plain dataclasses of plain data) and results.json (grades.csv: grader/results/gradebook.py).

Everything here is already judged, and in no language: messages are catalogue keys with their
parameters (`grader.text.message.Message`), titles are catalogue keys, statuses and kinds are enums whose
values are plain strings. The renderers (terminal, HTML reports, exports, web pages) say them in the
language of whoever reads them, so a run graded in French can be shown in English (`grader report`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

from grader.errors import InputError
from grader.text.i18n import say
from grader.text.message import Message
from grader.sandbox.protocol import representable


class TextEnum(str, Enum):
    """An enum whose members are their values as strings: JSON, templates and f-strings see "passed"."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


class Status(TextEnum):
    """A question's status, from best to worst; `missing` and `not_implemented` say why nothing ran.
    `ungraded`: a written question the teacher has not marked yet. Said by the keys `status.<value>`."""

    PASSED = "passed"
    PARTIAL = "partial"
    FAILED = "failed"
    ERROR = "error"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    MEMORY = "memory"
    MISSING = "missing"
    NOT_IMPLEMENTED = "not_implemented"
    UNGRADED = "ungraded"


STATUSES = tuple(s.value for s in Status)


class Kind(TextEnum):
    """What a check group found: ok, or the kind of its failure (the sandbox's reply statuses, `wrong`
    and `invalid` from a judge), or `skipped` (not run, for a reason its message gives)."""

    OK = "ok"
    WRONG = "wrong"
    ERROR = "error"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    MEMORY = "memory"
    MISSING = "missing"
    NOT_IMPLEMENTED = "not_implemented"
    INVALID = "invalid"
    SKIPPED = "skipped"


class SubmissionStatus(TextEnum):
    """What became of a submission as a whole: graded, or why not (grader/intake decides the first
    three). Said by the keys `submission.<value>`."""

    GRADED = "graded"
    NOT_SUBMITTED = "not_submitted"
    UNREADABLE = "unreadable"
    DUPLICATE = "duplicate"
    GRADER_FAILED = "grader_failed"


NO_GRADE = (SubmissionStatus.NOT_SUBMITTED, SubmissionStatus.DUPLICATE, SubmissionStatus.GRADER_FAILED)


@dataclass
class Check:
    """One check group of a question: passed or not, and what it found."""

    name: str  # stable id, e.g. "petits_jeux"
    title: str  # catalogue key of its label, e.g. "q4.petits_jeux"
    passed: bool
    points: float = 0.0
    max_points: float = 0.0
    message: Message | None = None  # why it failed or was skipped; when passed, None or what was left undecided
    kind: Kind = Kind.OK
    counterexample: Any = None  # plain data: a game, a taquin state, arguments
    expected: Any = None
    got: Any = None
    # What the reports draw: {"type": "taquin", "start": [16 ints], "moves": [...], "optimal": [...]}
    # or {"type": "game", "initial": s, "finals": [...], "edges": [[a, b], ...]}; None otherwise.
    visual: dict | None = None
    seconds: float = 0.0  # student's compute time over the check's cases

    @property
    def skipped(self) -> bool:
        return self.kind == Kind.SKIPPED

    @property
    def failed(self) -> bool:
        """Found a fault or lost points; a skip with nothing at stake (a weightless check said to be
        unnecessary, like taquin's chain verified) is no failure, and is not shown as one."""
        return not self.passed and not (self.skipped and not self.max_points)


@dataclass
class Output:
    """What the student's code printed, capped: `dropped` counts the bytes not kept."""

    stdout: str = ""
    stderr: str = ""
    dropped: int = 0


@dataclass
class QuestionResult:
    id: str  # "q4"
    title: str  # catalogue key, e.g. "q4.title"
    score: float
    max: float
    status: Status
    checks: list[Check] = field(default_factory=list)
    manual: bool = False  # hand-graded: no checks, score filled by the teacher
    extension: bool = False  # outside the exam's barème
    warnings: list[Message] = field(default_factory=list)  # e.g. which `solution` convention was seen
    output: Output = field(default_factory=Output)
    # Seconds spent: in all ("wall"), in the student's calls ("student": the child's CPU time, from the kernel),
    # and computing the reference's answers and times ("reference", cached cases cost nothing).
    timing: dict = field(default_factory=dict)
    comment: str = ""  # the teacher's comment on a hand-marked question


@dataclass
class SubmissionResult:
    id: str  # file-safe (lower-case ASCII): file names, URLs, keys
    total: float
    max: float
    questions: list[QuestionResult] = field(default_factory=list)
    warnings: list[Message] = field(default_factory=list)  # e.g. a source decoded as CP1252
    name: str = ""  # display name ("Chloé Durand"), when the class download or roster gives one
    participant: str = ""  # the LMS's participant id (Moodle's "Participant 123456" is "123456")
    comment: str = ""  # the teacher's comment on the whole copy (hand marks)
    status: SubmissionStatus = SubmissionStatus.GRADED
    email: str = ""  # from the roster (--roster), when it has one
    group: str = ""  # from the roster
    digest: str = ""  # SHA-256 of the files as read: `--resume` regrades an entry whose files changed
    # Where this student's results were graded apart from the run's other students (the service grades
    # each attempt on its own): each grading's header (`grading_header`) with the questions taken from
    # it, the latest last; empty when the run's own header says it (`grader grade`).
    graded: list[dict] = field(default_factory=list)

    @property
    def has_grade(self) -> bool:
        """False when there is nothing to grade (not submitted, and no written question marked by hand:
        a copy on paper is work handed in) or the grader could not say (a refused duplicate, the
        grader's own failure): exports leave that student's grade blank, which every LMS importer
        skips, and class statistics count them apart. An unreadable submission is the student's own
        file: graded, 0."""
        if self.status == SubmissionStatus.NOT_SUBMITTED:
            return any(q.manual and q.status != Status.UNGRADED for q in self.questions)
        return self.status not in NO_GRADE

    @property
    def unmarked(self) -> list[str]:
        """The written questions worth points that the teacher has not marked yet: while any is left,
        the copy's total is not its grade, and every export leaves that grade blank rather than count
        them as 0 (grader/results/marks.py: `--unmarked zero` marks them 0 instead)."""
        return [q.id for q in self.questions if q.manual and q.status == Status.UNGRADED and q.max > 0]

    @property
    def has_final_grade(self) -> bool:
        """A grade to give back: graded (`has_grade`) and nothing left to mark by hand."""
        return self.has_grade and not self.unmarked


# What a student's run can put in results is bounded, whatever the child sends: values copied into a check
# (the value got, a counterexample, a message's parameters) are excerpts of at most SHOWN_ITEMS items and
# SHOWN_CHARS characters in all (a list cut ends with "… len=N", N its length; a string cut with the same),
# the student's moves drawn in a visual at most SHOWN_MOVES (the reports' "…" and `length`), and one
# student's results at most MAX_SUBMISSION_BYTES of JSON (`capped`).
SHOWN_ITEMS = 2000
SHOWN_CHARS = 20_000
SHOWN_DEPTH = 10
SHOWN_MOVES = 200
MAX_SUBMISSION_BYTES = 1 << 20


def excerpt(value, _room: list | None = None, _depth: int = 0):
    """A bounded copy of plain data (Messages too) for results: see SHOWN_ITEMS."""
    room = [SHOWN_ITEMS, SHOWN_CHARS] if _room is None else _room
    kind = type(value)
    if kind is str:
        kept = value[: max(0, room[1])]
        room[1] -= len(kept)
        return kept if len(kept) == len(value) else f"{kept}… len={len(value)}"
    if kind is Message:
        return Message(value.key, excerpt(value.params, room, _depth))
    if kind not in (list, tuple, dict):
        return value
    items = list(value.items()) if kind is dict else list(value)
    shown = []
    for item in items:
        room[0] -= 1
        if room[0] < 0 or _depth >= SHOWN_DEPTH:
            break
        shown.append(
            (excerpt(item[0], room, _depth + 1), excerpt(item[1], room, _depth + 1))
            if kind is dict
            else excerpt(item, room, _depth + 1)
        )
    marker = f"… len={len(items)}"
    if kind is dict:
        return {**dict(shown), **({"…": marker} if len(shown) < len(items) else {})}
    return shown + ([marker] if len(shown) < len(items) else [])


def shown_visual(visual: dict | None) -> dict | None:
    """A visual (built by a judge from the case and the student's moves) with the moves cut as reports
    expect them: the first SHOWN_MOVES, then "…", and `length` the full count."""
    if visual is None:
        return None
    moves = visual.get("moves")
    if type(moves) is list and len(moves) > SHOWN_MOVES:
        visual = {**visual, "moves": moves[:SHOWN_MOVES] + ["…"], "length": visual.get("length", len(moves))}
    return {key: value if key in ("moves", "length") else excerpt(value) for key, value in visual.items()}


def size(result) -> int:
    """The bytes of a result's JSON form, as written."""
    return len(json_bytes(result))


def capped(result: SubmissionResult) -> SubmissionResult:
    """`result` within MAX_SUBMISSION_BYTES: past it, what the student's code printed goes first, then the
    values of the checks (counterexamples, values got, visuals), said by a warning; the scores stay."""
    if size(result) <= MAX_SUBMISSION_BYTES:
        return result
    for question in result.questions:
        dropped = len(question.output.stdout) + len(question.output.stderr) + question.output.dropped
        question.output = Output(dropped=dropped)
    if size(result) > MAX_SUBMISSION_BYTES:
        for question in result.questions:
            for check in question.checks:
                check.counterexample = check.expected = check.got = check.visual = None
    result.warnings.append(Message("warning.results_capped", {"limit": MAX_SUBMISSION_BYTES >> 20}))
    return result


# Bumped when results.json changes shape: `--resume` refuses a folder written in another format, and
# reading one (`grader report`, `grader export`) says which grader wrote it. 3: messages as keys.
FORMAT_VERSION = 3


@dataclass
class Run:
    """A grading run: a class or one student's check."""

    grader_version: str
    seed: int | None  # None where it must not be shown (the service's class seed)
    lang: str  # the language the run was graded in: its reports' default, nothing in it is translated
    date: str
    scheme: dict  # question id -> points, and the check groups' weights
    limits: dict  # memory, time factor and floor, output cap...
    submissions: list[SubmissionResult] = field(default_factory=list)
    format_version: int = FORMAT_VERSION
    python: str = ""  # the interpreter and Hypothesis that produced the run
    hypothesis: str = ""
    questions: list[str] = field(default_factory=list)  # the question ids graded
    complete: bool = True  # False when the run was interrupted: some students are not in it yet
    notices: list[Message] = field(default_factory=list)  # about the class: files ignored, roster mismatches
    replay: int | None = None  # `--replay N`: the game whose replay passed checks show too (None: not asked)


# What a grading records of itself, on the machine that graded: its run's header less the class's
# content (students, notices), stored beside an attempt's result and read by every view of it.
HEADER = ("grader_version", "seed", "lang", "date", "scheme", "limits", "python", "hypothesis", "questions", "replay")
# What a student's sheet says of a grading: which seed, when, which grader, in which sandbox.
GRADING = ("grader_version", "seed", "date", "limits")


def run_header(run: Run) -> dict:
    return {key: getattr(run, key) for key in HEADER}


def run_of_header(header: dict) -> Run:
    """A run with `header`'s fields and no students yet (the view adds those it shows)."""
    return Run(**{key: header[key] for key in HEADER if key in header})


def grading_header(header: dict, questions: list[str]) -> dict:
    """A grading as a student's results keep it (`SubmissionResult.graded`): the questions taken from it."""
    return {**{key: header[key] for key in GRADING}, "questions": questions}


def graded_run(run: Run, submission: SubmissionResult) -> Run:
    """The run as `submission` was graded: its latest grading's header over the run's, when it has one."""
    if not submission.graded:
        return run
    return replace(run, **{key: submission.graded[-1][key] for key in GRADING})


def isolation_text(limits: dict, lang: str) -> str:
    """The sandbox's layers in force (`limits["isolation"]`: messages), as a person reads them."""
    layers = limits.get("isolation", "")
    if isinstance(layers, str):  # a run graded before the layers were messages
        return layers
    return ", ".join(say(Message.from_dict(layer), lang) for layer in layers)


def to_dict(obj) -> dict:
    return asdict(obj, dict_factory=_plain)


def _plain(items) -> dict:
    # asdict copies a Message's fields as a dict already; its parameters may hold Messages of their own.
    return {k: v.to_dict() if isinstance(v, Message) else v for k, v in items}


def _message(data) -> Message | None:
    return None if data is None else Message.from_dict(data)


def submission_from_dict(data: dict) -> SubmissionResult:
    """A student's results from their JSON form (raises KeyError, TypeError or ValueError when it is
    not one of this format)."""
    questions = []
    for q in data["questions"]:
        q = dict(q)
        q["checks"] = [
            Check(**{**c, "kind": Kind(c.get("kind", "ok")), "message": _message(c.get("message"))})
            for c in q.get("checks", [])
        ]
        q["output"] = Output(**q.get("output", {}))
        q["status"] = Status(q["status"])
        q["warnings"] = [Message.from_dict(w) for w in q.get("warnings", [])]
        questions.append(QuestionResult(**q))
    return SubmissionResult(
        **{
            **data,
            "questions": questions,
            "status": SubmissionStatus(data.get("status", "graded")),
            "warnings": [Message.from_dict(w) for w in data.get("warnings", [])],
        }
    )


def run_from_dict(data: dict) -> Run:
    return Run(
        **{
            **data,
            "submissions": [submission_from_dict(s) for s in data["submissions"]],
            "notices": [Message.from_dict(n) for n in data.get("notices", [])],
        }
    )


def private_folder(path: Path) -> Path:
    """Make `path` (and missing parents) if it does not exist: a folder the grader creates to hold
    students' work, names and grades is its account's alone (0700), as personal data should be; an
    existing folder keeps the mode its owner gave it."""
    path = Path(path)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def write_json(path: Path, obj) -> None:
    """Write a result type or plain data atomically, so that an interrupted run never leaves half a file.
    Without indentation: only then does `json` use its C encoder (5x faster on a class's results.json,
    which the run writes while nothing else can go on); `python -m json.tool` shows it indented."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(json_bytes(obj))
    tmp.replace(path)


def json_bytes(obj) -> bytes:
    """A result type or plain data as UTF-8 JSON, whatever strings it holds: one no file can (a lone
    surrogate: text from a child is made safe where it enters, but a file's name from a disk may hold
    one) is written escaped rather than stopping the class."""
    data = obj if isinstance(obj, dict) else to_dict(obj)
    try:
        return json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(representable(data), ensure_ascii=False).encode("utf-8")


def load_run(path: Path) -> Run:
    """A run's results.json; one that is missing, unreadable or of another format is the user's input
    error (an older grader's run is graded again rather than guessed at)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("export.no_run", path=path) from None
    except (OSError, ValueError) as exc:
        raise InputError("export.bad_run", path=path, error=f"{type(exc).__name__}: {exc}") from None
    found = data.get("format_version") if isinstance(data, dict) else None
    if found != FORMAT_VERSION:
        raise InputError("results.format", path=str(path), found=str(found), expected=FORMAT_VERSION)
    try:
        return run_from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InputError("export.bad_run", path=path, error=f"{type(exc).__name__}: {exc}") from None
