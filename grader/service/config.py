"""The class configuration of `grader serve` (a TOML file): every key checked, unknown ones refused.

name = "MP2 2026"
students = ["alice", { id = "elise", name = "Élise Dupré-Lefèvre" }]   # an id, or an id and the name pages show
                                         # or roster = "roster.csv": a class list as `grader grade --roster`
                                         # reads it (Moodle's grading worksheet: its exports are filled)
deadline = 2026-06-01T23:59:00Z         # optional; TOML datetime, with its offset
late = "accept"                          # after the deadline: "accept" (marked late) or "refuse"
seed = 918273                            # the class's secret seed: never served
scheme = "bareme.toml"                   # optional, relative to this file
questions = ["q1", "q4"]                 # optional: the questions graded (default: every automatic one; x1-x4 if named)
workers = 2                              # grading processes started by `grader serve` (0: none here)
broker = "redis://127.0.0.1:6379/0"      # optional: the queue on Redis, workers on other machines
database_url = "postgresql+psycopg://grader@127.0.0.1/grader"   # optional (default: SQLite in data)
data = "service-data"                    # database, queue, stored submissions (relative to this file)
lang = "fr"                              # the pages' default language
replay = 1                               # optional: passed checks' searches replayed too, on game N (--replay N)
max_upload_kib = 2048
[rate_limit]                             # token buckets: `burst` attempts at once, refilled `per_hour`
student_burst = 10
student_per_hour = 20
question_burst = 5
question_per_hour = 10
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from grader import settings_files as settings
from grader.errors import InputError, UsageError
from grader.intake.identity import slug
from grader.intake.roster import Student, read_roster
from grader.judge.settings import JOB_SECONDS
from grader.text.message import Message

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
    replay: int | None = None  # `grader check --replay N` for every attempt: passed searches replayed on game N

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


def _database_url(url: str) -> bool:
    if not url:
        return True
    try:
        from sqlalchemy.engine import make_url

        make_url(url)
    except Exception:  # noqa: BLE001 - SQLAlchemy's parse errors are several types
        return False
    return True


_POSITIVE = settings.Number(low=0, above=True)
# A student: an id, or { id = ..., name = ... } (the name pages and exports show).
_STUDENT = settings.Either(
    (settings.Text(), settings.Table({"id": settings.Text(), "name": settings.Text()}, required=("id",)))
)
SCHEMA = settings.Table(
    {
        "name": settings.Text(filled=True),
        "students": settings.ListOf(item=_STUDENT),
        "roster": settings.Text(filled=True),
        "deadline": settings.Moment(),
        "late": settings.Text(choices=LATE_POLICIES, default="accept"),
        "seed": settings.Number(integer=True),
        "scheme": settings.Text(filled=True),
        "questions": settings.ListOf(item=settings.Text()),
        "workers": settings.Number(low=0, high=64, integer=True, default=1),
        "data": settings.Text(filled=True, default="service-data"),
        "lang": settings.Text(choices=("fr", "en"), default="fr"),
        "max_upload_kib": settings.Number(low=1, high=64 * 1024, integer=True, default=2048),
        # The class's questions decide how high (checked by the service, which selects them).
        "replay": settings.Number(low=1, integer=True),
        "rate_limit": settings.Table(dict.fromkeys(RateLimit.__dataclass_fields__, _POSITIVE)),
        "lease_seconds": settings.Number(low=1, high=3600, default=30.0),
        "max_deliveries": settings.Number(low=1, high=10, integer=True, default=3),
        "job_seconds": settings.Number(low=10, high=24 * 3600, default=JOB_SECONDS),
        "database_url": settings.Text(test=_database_url, expected=Message("service.expect_database_url"), default=""),
        "broker": settings.Text(
            test=lambda url: not url or url.startswith(("redis://", "rediss://", "unix://")),
            expected=Message("service.expect_broker"),
            default="",
        ),
    },
    required=("name",),
)


def load(path: Path) -> ServiceConfig:
    path = Path(path)
    raw = settings.load(path, SCHEMA, "config")
    if "seed" not in raw:
        raise UsageError("service.config_no_seed", path=str(path))
    # Without a broker the queue is a file of this machine: someone here must grade.
    if not raw["broker"] and raw["workers"] == 0:
        raise settings.refused(path, "config", "workers", 0, Message("service.expect_workers_here"))
    base = path.parent
    students, people = _students(raw, base, path)
    deadline = raw.get("deadline")
    return ServiceConfig(
        path=path,
        name=raw["name"],
        students=students,
        people=people,
        roster=base / raw["roster"] if "roster" in raw and people else None,
        seed=raw["seed"],
        deadline=deadline.astimezone(timezone.utc) if deadline is not None else None,
        late=raw["late"],
        scheme=base / raw["scheme"] if "scheme" in raw else None,
        questions=raw.get("questions"),
        workers=raw["workers"],
        data=base / raw["data"],
        lang=raw["lang"],
        max_upload_kib=raw["max_upload_kib"],
        rate_limit=RateLimit(**raw.get("rate_limit", {})),
        lease_seconds=float(raw["lease_seconds"]),
        max_deliveries=raw["max_deliveries"],
        job_seconds=float(raw["job_seconds"]),
        database_url=raw["database_url"],
        broker=raw["broker"],
        replay=raw.get("replay"),
    )


def _students(raw: dict, base: Path, path: Path) -> tuple[list[str], dict[str, Student]]:
    """The class's student ids, and what a roster with names says of each."""
    if ("students" in raw) == ("roster" in raw):
        raise UsageError("service.config_students", path=str(path))
    people: dict[str, Student] = {}
    if "students" in raw:
        students = []
        for entry in raw["students"]:
            if isinstance(entry, dict):
                students.append(entry["id"])
                if entry.get("name", "").strip():
                    people[entry["id"].strip()] = Student(entry["name"].strip()[:200])
            else:
                students.append(entry)
    else:
        pairs = _people(base / raw["roster"])
        students = [sid for sid, _ in pairs]
        people = {sid.strip(): student for sid, student in pairs if student.name != sid.strip()}
    students = [s.strip() for s in students]
    if not students or any(not s or len(s) > 200 for s in students) or len(set(students)) != len(students):
        key = "students" if "students" in raw else "roster"
        raise settings.refused(path, "config", key, raw[key], Message("service.expect_students"))
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
