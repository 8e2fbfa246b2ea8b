"""Everything the service keeps, through SQLAlchemy Core: SQLite in the data folder by default, any
database SQLAlchemy speaks by URL (PostgreSQL for issue 15) without a change here.

An attempt's life: stored with its content (hash) *before* its job is queued, then
`queued` → `running` (claimed by one worker, which beats a heartbeat) → `done` or `ungradable`;
`superseded` when a newer attempt of the same student covering the same files arrives while it still
waits. Every transition is a conditional UPDATE, so a duplicate delivery or a worker taken for dead
that comes back changes nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sqlalchemy as sa

RUNNING, QUEUED, DONE, UNGRADABLE, SUPERSEDED = "running", "queued", "done", "ungradable", "superseded"
FINAL = (DONE, UNGRADABLE, SUPERSEDED)
# A new attempt's columns of progress: waiting, unclaimed, never delivered.
_WAITING = {
    "state": QUEUED,
    "done_questions": 0,
    "current_question": "",
    "claim": "",
    "worker_pid": 0,
    "heartbeat": 0.0,
    "deliveries": 0,
    "result_key": "",
}

metadata = sa.MetaData()
students = sa.Table(
    "students",
    metadata,
    sa.Column("id", sa.String(200), primary_key=True),
    sa.Column("token_hash", sa.String(64), unique=True, nullable=False),
)
settings = sa.Table(  # the teacher's password hash, the session-signing key, the attempt seeds' key
    "settings",
    metadata,
    sa.Column("key", sa.String(50), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
contents = sa.Table(
    "contents",
    metadata,
    sa.Column("hash", sa.String(64), primary_key=True),
    sa.Column("filename", sa.String(255), nullable=False),
    sa.Column("data", sa.LargeBinary, nullable=False),
)
attempts = sa.Table(
    "attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student", sa.String(200), sa.ForeignKey("students.id"), nullable=False, index=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("content_hash", sa.String(64), sa.ForeignKey("contents.hash"), nullable=False),
    sa.Column("modules", sa.String(100), nullable=False),  # "jeux,taquin": what it answers
    sa.Column("questions", sa.Text, nullable=False),  # JSON list of the question ids graded
    sa.Column("lang", sa.String(5), nullable=False),
    sa.Column("late", sa.Boolean, nullable=False, default=False),
    sa.Column("state", sa.String(20), nullable=False, index=True),
    sa.Column("done_questions", sa.Integer, nullable=False, default=0),
    sa.Column("current_question", sa.String(20), nullable=False, default=""),
    sa.Column("claim", sa.String(32), nullable=False, default=""),
    sa.Column("worker_pid", sa.Integer, nullable=False, default=0),
    sa.Column("heartbeat", sa.Float, nullable=False, default=0.0),
    sa.Column("deliveries", sa.Integer, nullable=False, default=0),
    sa.Column("result_key", sa.String(64), nullable=False, default=""),
    sa.Column("message", sa.Text, nullable=False, default=""),  # why ungradable, or which attempt superseded it
    sa.Column("finished", sa.Float, nullable=False, default=0.0),
    # A teacher's regrade: the regrade's id, its seed and barème (TOML text); 0/None/"" for a student's own
    # attempt, graded with the class configuration's.
    sa.Column("regrade", sa.Integer, nullable=False, default=0, index=True),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("scheme", sa.Text, nullable=False, default=""),
)
regrades = sa.Table(
    "regrades",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("scheme", sa.Text, nullable=False),
)
results = sa.Table(  # keyed by (content hash, grader version, seed, scheme, questions, language)
    "results",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("graded", sa.Integer, nullable=False, default=1),  # times actually graded (idempotence test)
)
gradings = sa.Table(  # what graded a result (grader/results/records.py `run_header`), as its worker recorded it
    "gradings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),  # the result's
    sa.Column("header", sa.Text, nullable=False),
)
buckets = sa.Table(
    "buckets",
    metadata,
    sa.Column("key", sa.String(260), primary_key=True),
    sa.Column("tokens", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)


def _numbered() -> sa.Select:
    """Attempts with their `number`: the student's own count (1 for their first attempt, whatever the
    others did before), in the order they came, within the student's attempts or one regrade's. The id
    stays what links and URLs name (unique in the class)."""
    earlier = attempts.alias("earlier")
    number = (
        sa.select(sa.func.count())
        .where(
            earlier.c.student == attempts.c.student,
            earlier.c.regrade == attempts.c.regrade,
            earlier.c.id <= attempts.c.id,
        )
        .scalar_subquery()
        .label("number")
    )
    return sa.select(attempts, number)


def token_hash(token: str) -> str:
    # Tokens are 256 random bits: a fast hash is enough (nothing to brute-force), and a leaked database
    # gives no usable link.
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def content_hash(filename: str, data: bytes) -> str:
    # The name is part of what is graded (`jeux.py` versus a file named freely).
    return hashlib.sha256(filename.encode("utf-8") + b"\0" + data).hexdigest()


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1)
    return f"scrypt$16384$8$1${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    try:
        _, n, r, p, salt, digest = stored.split("$")
        found = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(found.hex(), digest)


@dataclass
class Budget:
    """What a student may still submit: whole attempts, and per question."""

    student: float
    questions: dict[str, float]


class Store:
    def __init__(self, url: str):
        self.url = url
        self._engines: dict[int, sa.Engine] = {}
        self._lock = threading.Lock()  # one bucket update at a time in this process
        with self.engine.begin() as db:
            if db.dialect.name == "postgresql":
                # Machines starting together: one creates the tables while the others wait for its lock.
                db.execute(sa.text("SELECT pg_advisory_xact_lock(2017)"))
            metadata.create_all(db)

    @property
    def engine(self) -> sa.Engine:
        # One engine per process: a worker forked from the consumer must not share its parent's connections.
        pid = os.getpid()
        if pid not in self._engines:
            if self.url.startswith("sqlite"):
                engine = sa.create_engine(self.url, connect_args={"timeout": 60, "check_same_thread": False})

                @sa.event.listens_for(engine, "connect")
                def _wal(dbapi, _record):
                    dbapi.execute("PRAGMA journal_mode=WAL")
                    dbapi.execute("PRAGMA synchronous=NORMAL")
            else:
                engine = sa.create_engine(self.url, pool_pre_ping=True)
            self._engines[pid] = engine
        return self._engines[pid]

    # --- people ---------------------------------------------------------------------------------
    def add_students(self, ids: list[str]) -> dict[str, str]:
        """Tokens for the students who have none yet (returned once: only their hashes are kept)."""
        with self.engine.begin() as db:
            known = set(db.scalars(sa.select(students.c.id)))
            new = {sid: secrets.token_urlsafe(32) for sid in ids if sid not in known}
            for sid, token in new.items():
                db.execute(students.insert().values(id=sid, token_hash=token_hash(token)))
        return new

    def new_token(self, student: str) -> str:
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as db:
            db.execute(students.update().where(students.c.id == student).values(token_hash=token_hash(token)))
        return token

    def student_of(self, token: str) -> str | None:
        wanted = token_hash(token)
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(students.c.id, students.c.token_hash).where(students.c.token_hash == wanted)
            ).first()
        # The lookup goes by hash (its timing says nothing about the token); the compare is constant-time.
        return row.id if row is not None and hmac.compare_digest(row.token_hash, wanted) else None

    def student_ids(self) -> list[str]:
        with self.engine.connect() as db:
            return list(db.scalars(sa.select(students.c.id).order_by(students.c.id)))

    def setting(self, key: str) -> str | None:
        with self.engine.connect() as db:
            return db.scalar(sa.select(settings.c.value).where(settings.c.key == key))

    def secret(self, key: str) -> str:
        """The setting `key`: a random 256-bit secret made the first time any process of the service asks
        for it (the first to store it wins, the others read it)."""
        if self.setting(key) is None:
            with contextlib.suppress(sa.exc.IntegrityError), self.engine.begin() as db:
                db.execute(settings.insert().values(key=key, value=secrets.token_urlsafe(32)))
        found = self.setting(key)
        assert found is not None
        return found

    def set_setting(self, key: str, value: str) -> None:
        with self.engine.begin() as db:
            if db.execute(settings.update().where(settings.c.key == key).values(value=value)).rowcount == 0:
                db.execute(settings.insert().values(key=key, value=value))

    # --- rate limit -----------------------------------------------------------------------------
    def take(self, wanted: Mapping[str, tuple[float, float]], now: float, apply: bool) -> dict[str, float]:
        """Token buckets: `wanted` maps a bucket key to (burst, per hour). When every bucket holds a
        token and `apply`, one is taken from each; returns each bucket's level before taking."""
        with self._lock, self.engine.begin() as db:
            levels = {}
            for key, (burst, per_hour) in wanted.items():
                row = db.execute(sa.select(buckets).where(buckets.c.key == key)).first()
                tokens = burst if row is None else min(burst, row.tokens + (now - row.updated) * per_hour / 3600)
                levels[key] = tokens
            if apply and all(level >= 1 for level in levels.values()):
                for key, level in levels.items():
                    values = {"tokens": level - 1, "updated": now}
                    if db.execute(buckets.update().where(buckets.c.key == key).values(**values)).rowcount == 0:
                        db.execute(buckets.insert().values(key=key, **values))
            return levels

    # --- attempts -------------------------------------------------------------------------------
    def store_attempt(
        self,
        student: str,
        filename: str,
        data: bytes,
        modules: list[str],
        questions: list[str],
        lang: str,
        late: bool,
        now: float,
    ) -> tuple[int, list[int]]:
        """Store the content and the attempt, supersede this student's older waiting attempts that
        this one covers; returns the new id and the superseded ones."""
        digest = content_hash(filename, data)
        with self.engine.begin() as db:
            if db.scalar(sa.select(sa.func.count()).where(contents.c.hash == digest)) == 0:
                db.execute(contents.insert().values(hash=digest, filename=filename, data=data))
            new = _new_id(
                db.execute(
                    attempts.insert().values(
                        student=student,
                        created=now,
                        content_hash=digest,
                        modules=",".join(sorted(modules)),
                        questions=json.dumps(questions),
                        lang=lang,
                        late=late,
                        **_WAITING,
                        message="",
                        finished=0.0,
                        regrade=0,
                        seed=None,
                        scheme="",
                    )
                )
            )
            older = db.execute(
                sa.select(attempts.c.id, attempts.c.modules).where(
                    attempts.c.student == student,
                    attempts.c.state == QUEUED,
                    attempts.c.id != new,
                    attempts.c.regrade == 0,
                )
            ).all()
            superseded = [row.id for row in older if set(row.modules.split(",")) <= set(modules)]
            for old in superseded:
                db.execute(
                    attempts.update()
                    .where(attempts.c.id == old, attempts.c.state == QUEUED)
                    .values(state=SUPERSEDED, message=str(new), finished=now)
                )
        return new, superseded

    def attempt(self, attempt_id: int):
        with self.engine.connect() as db:
            return db.execute(_numbered().where(attempts.c.id == attempt_id)).first()

    def content(self, digest: str):
        with self.engine.connect() as db:
            return db.execute(sa.select(contents.c.filename, contents.c.data).where(contents.c.hash == digest)).first()

    def attempts_of(self, student: str | None = None, regrade: int = 0) -> Sequence:
        """A student's (or every student's) own attempts, or those of one regrade."""
        query = _numbered().where(attempts.c.regrade == regrade).order_by(attempts.c.id)
        if student is not None:
            query = query.where(attempts.c.student == student)
        with self.engine.connect() as db:
            return db.execute(query).all()

    def claim(self, attempt_id: int, now: float) -> str | None:
        """Take a queued attempt for this process; None when another delivery already did."""
        claim = secrets.token_hex(16)
        with self.engine.begin() as db:
            taken = db.execute(
                attempts.update()
                .where(attempts.c.id == attempt_id, attempts.c.state == QUEUED)
                .values(
                    state=RUNNING,
                    claim=claim,
                    worker_pid=os.getpid(),
                    heartbeat=now,
                    deliveries=attempts.c.deliveries + 1,
                    done_questions=0,
                )
            ).rowcount
        return claim if taken else None

    def _owned(self, attempt_id: int, claim: str):
        return attempts.update().where(
            attempts.c.id == attempt_id, attempts.c.claim == claim, attempts.c.state == RUNNING
        )

    def beat(
        self, attempt_id: int, claim: str, now: float, done: int | None = None, current: str | None = None
    ) -> bool:
        values: dict[str, object] = {"heartbeat": now}
        if done is not None:
            values.update(done_questions=done, current_question=current or "")
        with self.engine.begin() as db:
            return db.execute(self._owned(attempt_id, claim).values(**values)).rowcount == 1

    def finish(
        self, attempt_id: int, claim: str, state: str, now: float, result_key: str = "", message: str = ""
    ) -> bool:
        with self.engine.begin() as db:
            return (
                db.execute(
                    self._owned(attempt_id, claim).values(
                        state=state, result_key=result_key, message=message, finished=now, current_question=""
                    )
                ).rowcount
                == 1
            )

    def result(self, key: str) -> dict | None:
        with self.engine.connect() as db:
            data = db.scalar(sa.select(results.c.data).where(results.c.key == key))
        return None if data is None else json.loads(data)

    def graded_count(self, key: str) -> int:
        with self.engine.connect() as db:
            return db.scalar(sa.select(results.c.graded).where(results.c.key == key)) or 0

    def save_result(self, key: str, data: str, header: dict) -> None:
        """A result and the header of the grading that made it (the first grading's, kept)."""
        with self.engine.begin() as db:
            # Two deliveries that both graded (the first taken for dead): same key, same content; count it.
            if (
                db.execute(results.update().where(results.c.key == key).values(graded=results.c.graded + 1)).rowcount
                == 0
            ):
                db.execute(results.insert().values(key=key, data=data, graded=1))
                db.execute(gradings.insert().values(key=key, header=json.dumps(header)))

    def header(self, key: str) -> dict | None:
        """The header of the grading that made a result; None for a result stored before headers were."""
        with self.engine.connect() as db:
            text = db.scalar(sa.select(gradings.c.header).where(gradings.c.key == key))
        return None if text is None else json.loads(text)

    def reap(self, now: float, lease: float, max_deliveries: int) -> list[int]:
        """Running attempts whose worker stopped beating: back to the queue (or ungradable after
        `max_deliveries`); returns the ids to enqueue again."""
        requeued = []
        with self.engine.begin() as db:
            stale = db.execute(
                sa.select(attempts.c.id, attempts.c.deliveries, attempts.c.claim).where(
                    attempts.c.state == RUNNING, attempts.c.heartbeat < now - lease
                )
            ).all()
            for row in stale:
                owned = attempts.update().where(
                    attempts.c.id == row.id, attempts.c.claim == row.claim, attempts.c.state == RUNNING
                )
                if row.deliveries >= max_deliveries:
                    db.execute(owned.values(state=UNGRADABLE, message="deliveries", finished=now))
                elif db.execute(owned.values(state=QUEUED, claim="", current_question="")).rowcount:
                    requeued.append(row.id)
        return requeued

    def waiting(self, older_than: float) -> list[int]:
        with self.engine.connect() as db:
            return list(
                db.scalars(
                    sa.select(attempts.c.id)
                    .where(attempts.c.state == QUEUED, attempts.c.created < older_than)
                    .order_by(attempts.c.id)
                )
            )

    def regrade(self, sources: list, seed: int, scheme: str, now: float) -> tuple[int, list[int]]:
        """Copies of `sources` (attempt rows) to grade again with `seed` and `scheme`."""
        with self.engine.begin() as db:
            regrade = _new_id(db.execute(regrades.insert().values(created=now, seed=seed, scheme=scheme)))
            ids = [
                _new_id(
                    db.execute(
                        attempts.insert().values(
                            student=row.student,
                            created=now,
                            content_hash=row.content_hash,
                            modules=row.modules,
                            questions=row.questions,
                            lang=row.lang,
                            late=row.late,
                            **_WAITING,
                            message=str(row.id),
                            finished=0.0,
                            regrade=regrade,
                            seed=seed,
                            scheme=scheme,
                        )
                    )
                )
                for row in sources
            ]
        return regrade, ids

    def regrade_record(self, regrade: int):
        with self.engine.connect() as db:
            return db.execute(sa.select(regrades).where(regrades.c.id == regrade)).first()

    def regrade_records(self) -> Sequence:
        with self.engine.connect() as db:
            return db.execute(sa.select(regrades).order_by(regrades.c.id.desc())).all()


def _new_id(inserted) -> int:
    """The id a single-row insert gave its row."""
    key = inserted.inserted_primary_key
    assert key is not None
    return key[0]
