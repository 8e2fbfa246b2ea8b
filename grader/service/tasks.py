"""The grading job and the queue it runs on (Huey).

The job is plain code over the `Store`: it grades an attempt's files through `grader.run.jobs.grade_entry`,
the job `grader grade` runs for each student, so student code runs only in the sandbox. The queue is Huey
with its SQLite storage in the data folder, or on Redis with `broker` (grader/run/executor.py): the same
task code.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import hmac
import json
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path, PurePosixPath

from grader.text import i18n
from grader.run.deadline import watched
from grader.run.heartbeat import Heartbeat
from grader.judge.settings import Settings
from grader.errors import writing
from grader.run.executor import SERVICE_QUEUE, check_broker, consume, queue
from grader.version import grader_version
from grader.registry import all_questions
from grader.run.jobs import select
from grader.results.records import SubmissionStatus, json_bytes, run_header
from grader.run.grading import new_run
from grader.run.jobs import grade_entry
from grader.text.terminal import escaped
from grader.sandbox.limits import Limits
from grader.results.scoring import Scheme
from grader.service.config import ServiceConfig
from grader.settings_files import refused
from grader.text.message import Message
from grader.service.store import DONE, UNGRADABLE, Store
from grader.intake import entry_for

MAX_RESULT_BYTES = 4 * 1024 * 1024  # a result beyond this is not shown: the attempt is ungradable
TASK = "grade_attempt"
SEED_KEY = "seed_key"  # the setting holding the key of the attempts' seeds (`attempt_seed`)


def private(config: ServiceConfig) -> None:
    """The data folder (students' files and results, token hashes, the teacher's password hash) is
    the account's alone: 0700, its SQLite files 0600 (created so before SQLite opens them; SQLite
    gives its journal files the database's mode)."""
    os.chmod(config.data, 0o700)
    files = [config.queue_file] if not config.broker else []
    if not config.database_url:
        files.append(config.data / "service.db")
    for path in files:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        os.chmod(path, 0o600)


class Service:
    """What a process of the service (web or worker) needs: the configuration, the store, the queue."""

    def __init__(self, config: ServiceConfig):
        with writing(config.data):  # said at start, not as a failed database or upload later
            config.data.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not os.access(config.data, os.W_OK | os.X_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(config.data))
            private(config)
        self.config = config
        self.scheme = Scheme.load(config.scheme) if config.scheme else Scheme()
        # The companion exercises (x1-x4) when the configuration names them, as `grader check -q x1` does.
        extensions = any(q.startswith("x") for q in config.questions or [])
        self.questions = select(all_questions(extensions=extensions), config.questions)
        self.scheme.as_dict(self.questions)  # a scheme naming what does not exist: refused at start
        self._check_replay()
        self.store = Store(config.database)
        self.huey = queue(SERVICE_QUEUE, config.broker, config.queue_file)
        self.grade_task = self.huey.task(name=TASK)(self.grade)

    def _check_replay(self) -> None:
        """`replay = N` must be a game of every question of the class that replays (grader check --replay)."""
        replay = self.config.replay
        counts = [q.replay_games() for q in self.questions if q.replay_games()]
        if replay is not None and replay > min(counts, default=0):
            expected = (
                Message("service.expect_replay", {"high": min(counts)})
                if counts
                else Message("service.expect_replay_none", {"ids": ", ".join(q.id for q in self.questions)})
            )
            raise refused(self.config.path, "config", "replay", replay, expected)

    def questions_for(self, modules: list[str]) -> list:
        """The class's questions that files holding `modules` answer (what an attempt spends of the rate
        limit; an attempt that answers none is refused)."""
        return [q for q in self.questions if not q.manual and q.module in modules]

    def graded_questions(self) -> list:
        """What every attempt is graded on, as `grader grade` grades a student: every automatic question of
        the class, those whose module the files lack being missing (0 of their points)."""
        return [q for q in self.questions if not q.manual]

    def settings(self, lang: str, attempt=None) -> Settings:
        """The class's settings, or those of one attempt: its own seed (`attempt_seed`) and the barème of
        its regrade, if it is one."""
        seed = self.config.seed
        if attempt is not None:
            base = self.config.seed if attempt.seed is None else attempt.seed
            seed = attempt_seed(self.seed_key, base, attempt.content_hash)
        scheme = self.scheme if attempt is None or not attempt.scheme else scheme_from_text(attempt.scheme)
        return Settings(seed=seed, lang=lang, scheme=scheme, limits=Limits(), replay=self.config.replay)

    @functools.cached_property
    def seed_key(self) -> str:
        """The key of the attempts' seeds, made on the service's first use and kept in its database."""
        return self.store.secret(SEED_KEY)

    def result_key(self, attempt) -> str:
        settings = self.settings(attempt.lang, attempt)
        scheme = json.dumps(settings.scheme.as_dict(self.questions), sort_keys=True)
        # Not the language: results hold message keys, said in the viewer's language when shown.
        parts = [
            attempt.content_hash,
            grader_version(),
            str(settings.seed),
            scheme,
            attempt.questions,
            str(settings.replay),
        ]
        return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()

    def enqueue(self, attempt_id: int) -> bool:
        """Queue an attempt already stored; False when the broker does not answer (the reaper queues it
        again once the queue is back and empty)."""
        try:
            self.grade_task(attempt_id)
        except Exception as exc:  # noqa: BLE001 - Redis's and SQLite's errors alike: the attempt is stored
            print(f"enqueue {attempt_id}: {type(exc).__name__}: {exc}", file=sys.stderr)
            return False
        return True

    # --- the job --------------------------------------------------------------------------------
    def grade(self, attempt_id: int) -> None:
        store = self.store
        claim = store.claim(attempt_id, time.time())
        if claim is None:  # superseded, done, or taken by another delivery: nothing to do
            return
        attempt = store.attempt(attempt_id)
        recorder = ("grader.service.tasks:record_deadline", str(self.config.path), str(attempt_id), claim)
        # Any error of a beat (SQLite's, a server database's) is the database away for a moment.
        heartbeat = Heartbeat(self.config.lease_seconds / 4, lambda: store.beat(attempt_id, claim, time.time()))
        with watched(self.config.job_seconds, *recorder), heartbeat:
            try:
                key = self.result_key(attempt)
                if store.result(key) is None:  # same content, grader, seed, scheme: graded already
                    data, header = self._grade_content(attempt, claim)
                    if len(data.encode("utf-8")) > MAX_RESULT_BYTES:
                        store.finish(attempt_id, claim, UNGRADABLE, time.time(), message="oversized")
                        return
                    store.save_result(key, data, header)
                store.finish(attempt_id, claim, DONE, time.time(), result_key=key)
            except Exception as exc:  # noqa: BLE001 - never a page stuck on "grading": the attempt says why
                message = escaped(f"{type(exc).__name__}: {exc}")[:500]
                store.finish(attempt_id, claim, UNGRADABLE, time.time(), message=message)

    def _grade_content(self, attempt, claim: str) -> tuple[str, dict]:
        """The attempt's result (JSON) and the header of its grading, as this worker graded it: the
        sandbox described is the one its children got (verified on the first, grader/sandbox/runner.py)."""
        filename, data = self.store.content(attempt.content_hash)
        with tempfile.TemporaryDirectory(prefix="grader-service-") as folder:
            path = Path(folder) / PurePosixPath(filename).name
            path.write_bytes(data)
            entry = entry_for(path)
        entry.identity = replace(entry.identity, id=attempt.student)

        def progress(k: int, n: int, qid: str) -> None:
            self.store.beat(attempt.id, claim, time.time(), done=k, current=qid)

        settings = self.settings(attempt.lang, attempt)
        result = grade_entry(entry, self.graded_questions(), settings, progress=progress)
        if result.status != SubmissionStatus.GRADED:  # checked at upload: only a grader slip can bring one here
            raise ValueError("; ".join(i18n.say(warning, "en") for warning in result.warnings))
        return json_bytes(result).decode("utf-8"), run_header(new_run(settings, self.graded_questions()))


def attempt_seed(key: str, seed: int, content_hash: str) -> int:
    """An attempt's own seed: the class's (or a regrade's) seed and the attempt's content, by HMAC-SHA-256
    keyed with a random secret the service keeps (`seed_key`), never with the seed a teacher typed (a date
    falls to a search in a second from two attempts' seeds). Its pages and sheets show it (`grader check
    --seed` with it grades the files again as the service did); it tells nothing of the class seed nor of
    the seed of any content not graded yet. Content graded once keeps its seed, so its result is reused."""
    digest = hmac.new(key.encode("ascii"), f"{seed}\0{content_hash}".encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def record_deadline(seconds: float, config_path: str, attempt_id: str, claim: str) -> None:
    """Said by an attempt's watcher (grader/run/deadline.py) before it stops the job: the attempt is
    ungradable, and why (the grader's failure, not the student's); the reaper does not queue it again."""
    from grader.run.deadline import JobDeadline
    from grader.service.config import load

    message = str(JobDeadline(seconds))
    Store(load(Path(config_path)).database).finish(int(attempt_id), claim, UNGRADABLE, time.time(), message=message)


def scheme_from_text(text: str) -> Scheme:
    """A barème given as TOML text (a regrade's, typed in the dashboard), checked like a file."""
    with tempfile.TemporaryDirectory(prefix="grader-scheme-") as folder:
        path = Path(folder) / "bareme.toml"
        path.write_text(text, encoding="utf-8")
        scheme = Scheme.load(path)
    scheme.source = "bareme.toml"
    return scheme


def run_worker(config: ServiceConfig, processes: int = 0) -> None:
    """`grader worker CONFIG`: Huey's consumer with N grading processes (blocks until stopped)."""
    service = Service(config)
    if config.broker:
        check_broker(service.huey, config.broker)
    consume(service.huey, processes or config.workers or os.cpu_count() or 1)
