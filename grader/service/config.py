"""The class configuration of `grader serve` (a TOML file): every key checked, unknown ones refused.

name = "MP2 2026"
students = ["alice", { id = "elise", name = "Élise Dupré-Lefèvre" }]   # an id, or an id and the name pages show
                                         # or roster = "roster.csv": a class list as `grader grade --roster`
                                         # reads it (Moodle's grading worksheet: its exports are filled)
deadline = 2026-06-01T23:59:00Z         # optional; TOML datetime, with its offset
late = "accept"                          # after the deadline: "accept" (marked late) or "refuse"
seed = 918273                            # the class's secret seed: never served
scheme = "bareme.toml"                   # optional, relative to this file
questions = ["q1", "q4"]                 # optional: the questions graded (default: every automatic one)
workers = 2                              # grading processes started by `grader serve` (0: none here)
broker = "redis://127.0.0.1:6379/0"      # optional: the queue on Redis, workers on other machines
database_url = "postgresql+psycopg://grader@127.0.0.1/grader"   # optional (default: SQLite in data)
data = "service-data"                    # database, queue, stored submissions (relative to this file)
lang = "fr"                              # the pages' default language
max_upload_kib = 2048
[rate_limit]                             # token buckets: `burst` attempts at once, refilled `per_hour`
student_burst = 10
student_per_hour = 20
question_burst = 5
question_per_hour = 10
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from grader.judge.engine import JOB_SECONDS
from grader.errors import InputError, UsageError
from grader.intake.identity import slug
from grader.intake.roster import Student, read_roster

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LATE_POLICIES = ("accept", "refuse")


@dataclass(frozen=True)
class RateLimit:
    student_burst: float = 10
    student_per_hour: float = 20
    question_burst: float = 5
    question_per_hour: float = 10


@dataclass
class ServiceConfig:
    path: Path
    name: str
    students: list[str]  # ids: links, files, the database
    seed: int
    data: Path
    deadline: datetime | None = None
    late: str = "accept"
    scheme: Path | None = None
    questions: list[str] | None = None
    workers: int = 1
    lang: str = "fr"
    max_upload_kib: int = 2048
    rate_limit: RateLimit = field(default_factory=RateLimit)
    # Seconds without a heartbeat after which a running attempt's worker is taken for dead.
    lease_seconds: float = 30.0
    # Deliveries after which an attempt that keeps killing its worker is declared ungradable.
    max_deliveries: int = 3
    job_seconds: float = JOB_SECONDS  # an attempt's hard wall deadline (grader/run/deadline.py)
    database_url: str = ""  # default: SQLite in `data`; PostgreSQL for the distributed mode
    broker: str = ""  # default: Huey on SQLite in `data`; a Redis URL for the distributed mode
    # From a roster: each student's name as the LMS spells it, LMS participant id, email, group.
    people: dict[str, Student] = field(default_factory=dict)
    roster: Path | None = None  # the class list read (Moodle's grading worksheet: the exports fill it)

    def name_of(self, student: str) -> str:
        """What a page calls a student: their name as the class list spells it, else their id."""
        person = self.people.get(student)
        return person.name if person is not None and person.name else student

    @property
    def database(self) -> str:
        return self.database_url or f"sqlite:///{self.data / 'service.db'}"

    @property
    def queue_file(self) -> Path:
        return self.data / "queue.db"


_KEYS = {
    "name",
    "students",
    "roster",
    "deadline",
    "late",
    "seed",
    "scheme",
    "questions",
    "workers",
    "data",
    "lang",
    "max_upload_kib",
    "rate_limit",
    "lease_seconds",
    "max_deliveries",
    "job_seconds",
    "database_url",
    "broker",
}
_RATE_KEYS = set(RateLimit.__dataclass_fields__)


def load(path: Path) -> ServiceConfig:
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("error.path_missing", path=str(path)) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError("service.config_unreadable", path=str(path), detail=str(exc)) from None
    unknown = set(raw) - _KEYS
    if unknown:
        raise UsageError(
            "service.config_unknown_keys", path=str(path), keys=", ".join(sorted(unknown)), count=len(unknown)
        )
    base = path.parent

    def bad(key, value=None):
        return UsageError("service.config_bad_value", path=str(path), key=key, value=repr(raw.get(key, value)))

    def typed(key, kind, default):
        value = raw.get(key, default)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise bad(key)
        return value

    name = typed("name", str, "")
    if not name.strip():
        raise bad("name")
    students, people = _students(raw, base, path, bad)
    seed = raw.get("seed")
    if type(seed) is not int:
        raise UsageError("service.config_no_seed", path=str(path))
    deadline = raw.get("deadline")
    if deadline is not None:
        if not isinstance(deadline, datetime) or deadline.tzinfo is None:
            raise bad("deadline")
        deadline = deadline.astimezone(timezone.utc)
    late = typed("late", str, "accept")
    if late not in LATE_POLICIES:
        raise bad("late")
    scheme = raw.get("scheme")
    if scheme is not None:
        if not isinstance(scheme, str):
            raise bad("scheme")
        scheme = base / scheme
    questions = raw.get("questions")
    if questions is not None and (
        not isinstance(questions, list) or not questions or not all(isinstance(q, str) for q in questions)
    ):
        raise bad("questions")
    workers = typed("workers", int, 1)
    broker = typed("broker", str, "")
    if broker and not broker.startswith(("redis://", "rediss://", "unix://")):
        raise bad("broker")
    database_url = typed("database_url", str, "")
    if database_url:
        try:
            from sqlalchemy.engine import make_url

            make_url(database_url)
        except Exception:  # noqa: BLE001 - SQLAlchemy's parse errors are several types
            raise bad("database_url") from None
    # Without a broker the queue is a file of this machine: someone here must grade.
    if not (0 if broker else 1) <= workers <= 64:
        raise bad("workers")
    lang = typed("lang", str, "fr")
    if lang not in ("fr", "en"):
        raise bad("lang")
    max_upload = typed("max_upload_kib", int, 2048)
    if not 1 <= max_upload <= 64 * 1024:
        raise bad("max_upload_kib")
    rate = raw.get("rate_limit", {})
    if not isinstance(rate, dict):
        raise bad("rate_limit")
    unknown = set(rate) - _RATE_KEYS
    if unknown:
        raise UsageError(
            "service.config_unknown_keys",
            path=str(path),
            keys=", ".join(f"rate_limit.{k}" for k in sorted(unknown)),
            count=len(unknown),
        )
    for key, value in rate.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise bad(f"rate_limit.{key}", value)
    lease = raw.get("lease_seconds", 30.0)
    if isinstance(lease, bool) or not isinstance(lease, (int, float)) or not 1 <= lease <= 3600:
        raise bad("lease_seconds")
    deliveries = typed("max_deliveries", int, 3)
    if not 1 <= deliveries <= 10:
        raise bad("max_deliveries")
    job = raw.get("job_seconds", JOB_SECONDS)
    if isinstance(job, bool) or not isinstance(job, (int, float)) or not 10 <= job <= 24 * 3600:
        raise bad("job_seconds")
    return ServiceConfig(
        path=path,
        name=name,
        students=students,
        people=people,
        roster=base / raw["roster"] if "roster" in raw and people else None,
        seed=seed,
        deadline=deadline,
        late=late,
        scheme=scheme,
        questions=questions,
        workers=workers,
        data=base / typed("data", str, "service-data"),
        lang=lang,
        max_upload_kib=max_upload,
        rate_limit=RateLimit(**rate),
        lease_seconds=float(lease),
        max_deliveries=deliveries,
        job_seconds=float(job),
        database_url=database_url,
        broker=broker,
    )


def _students(raw: dict, base: Path, path: Path, bad) -> tuple[list[str], dict[str, Student]]:
    """The class's student ids, and what a roster with names says of each."""
    if ("students" in raw) == ("roster" in raw):
        raise UsageError("service.config_students", path=str(path))
    people: dict[str, Student] = {}
    if "students" in raw:
        listed = raw["students"]
        if not isinstance(listed, list):
            raise bad("students")
        students = []
        for entry in listed:  # an id, or { id = ..., name = ... }: the name pages and exports show
            if isinstance(entry, dict) and "id" in entry and set(entry) <= {"id", "name"}:
                if not all(isinstance(v, str) for v in entry.values()):
                    raise bad("students")
                students.append(entry["id"])
                if entry.get("name", "").strip():
                    people[entry["id"].strip()] = Student(entry["name"].strip()[:200])
            elif isinstance(entry, str):
                students.append(entry)
            else:
                raise bad("students")
    else:
        if not isinstance(raw["roster"], str):
            raise bad("roster")
        pairs = _people(base / raw["roster"])
        students = [sid for sid, _ in pairs]
        people = {sid.strip(): student for sid, student in pairs if student.name != sid.strip()}
    students = [s.strip() for s in students]
    if not students or any(not s or len(s) > 200 for s in students) or len(set(students)) != len(students):
        raise bad("students")
    return students, people


def _people(roster: Path) -> list[tuple[str, Student]]:
    """The roster read as `grader grade --roster` reads it, with a service id each: the roster's own
    identifier (a login), else the id `grader grade` gives (the name's slug, with Moodle's participant
    number). A list without a header naming names is a list of ids (its first column, under a header)."""
    try:
        students = read_roster(roster, positional=False)
    except InputError as exc:
        if exc.key != "roster.no_names":
            raise
        with roster.open(newline="", encoding="utf-8-sig") as handle:
            rows = [row for row in csv.reader(handle) if row and row[0].strip()]
        return [(row[0], Student(row[0].strip())) for row in rows[1:]]  # the first row is the header
    people: list[tuple[str, Student]] = []
    taken: set[str] = set()
    for student in students:
        sid = student.id.strip() if student.id.strip() and not student.participant else ""
        if not sid:  # made up here: made distinct here, as `grader grade` does for its absentees
            sid = slug(student.name) + (f"_{student.participant}" if student.participant else "")
            while sid in taken:
                sid += "_"
        taken.add(sid)
        people.append((sid, student))
    return people
