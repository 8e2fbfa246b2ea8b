"""Where grading jobs run: the one seam between the grading code and the machines it runs on.

- Embedded (the default): this machine's processes. `grader grade` uses a process pool; `grader serve`
  uses Huey's consumer on its SQLite storage (`queue()` below without a broker).
- Distributed: Huey on Redis as the broker, `grader worker` on each grading machine. `grader grade
  --broker URL` sends the embedded pool's jobs (`Distributed`), split for as many grading processes as
  the workers announce in Redis; `grader serve` with `broker = "redis://…"` in its configuration queues
  its attempts there (`queue()`), its database on PostgreSQL.

Both modes run the same job function, `grader.run.jobs.grade_entry`: through `grade_job` for a student of
a class (`grader grade`), through `Service.grade` for an attempt of the service. Student code runs only
in the sandbox, in both.

Huey delivers a message at most once: a worker killed mid-job takes its message with it, and a broker
restarted without its data forgets what was queued. Whoever owns the jobs therefore keeps a lease on
each: the service through its database (claims, heartbeats and its reaper, grader/service/store.py);
`Distributed` through two keys per job in Redis, the worker's claim and a heartbeat that expires after
`lease` seconds. A claimed job whose heartbeat expired, or a job nobody claimed while the queue stayed
empty for `lease` seconds, is sent again; the first result of a job is kept, a later one ignored, so a
student is graded once in the results whatever the deliveries.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import signal
import socket
import tempfile
import time
import uuid
from collections import Counter
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures import as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grader.run.deadline import JobDeadline, watched
from grader.run.heartbeat import Heartbeat
from grader.errors import InputError, UsageError
from grader.judge import drawing
from grader.registry import all_questions
from grader.run.jobs import select
from grader.run.jobs import grade_entry, whole_submission

if TYPE_CHECKING:
    import pebble

BATCH_QUEUE = "grader-batch"  # `grader grade --broker`: self-contained jobs, any class
SERVICE_QUEUE = "grader-service"  # `grader serve`: one class's attempts, over its database
GRADE_JOB = "grade_job"
# How long stopped workers get to close their children before they are killed.
STOP_GRACE_SECONDS = 10.0
# Deliveries after which a job that keeps losing its worker is reported as a grader failure.
MAX_DELIVERIES = 3
# `grader worker --broker` says how many grading processes it runs under this prefix, renewed every
# third of PRESENCE_SECONDS: a machine lost is forgotten that many seconds later.
WORKER_PRESENCE = f"{BATCH_QUEUE}:worker:"
PRESENCE_SECONDS = 15


class WorkerLost(Exception):
    """A job's worker stopped beating on every delivery."""


# -- the job, in both modes -------------------------------------------------------------------------------
def grade_job(entry, question_ids: list[str], settings):
    """Grade one student of a class: questions travel as ids (question objects stay in each process)."""
    return grade_entry(entry, select(all_questions(extensions=True), question_ids), settings)


# -- embedded: this machine's processes ------------------------------------------------------------------
# The class's last students are graded a question per job: a worker that runs out of students takes
# their questions instead of idling while another finishes a whole student (a looping one takes seconds).
TAIL_STUDENTS_PER_WORKER = 4


def tail_split(students: int, question_ids: list[str], workers: int) -> list[tuple[int, list[str]]]:
    """The jobs for `students` students, in order, as (student's number, question ids): whole students,
    then, with more than one worker, each question of the last TAIL_STUDENTS_PER_WORKER x workers
    students on its own (questions are judged independently: the split changes no result). The tail
    goes from the exam's last question to its first: the taquin's cost most, so the last jobs are short."""
    split = workers > 1 and len(question_ids) > 1
    split_from = max(0, students - TAIL_STUDENTS_PER_WORKER * workers) if split else students
    whole = [(number, list(question_ids)) for number in range(split_from)]
    return whole + [(number, [qid]) for qid in reversed(question_ids) for number in range(split_from, students)]


def whole_students(todo: list, jobs: list[tuple[int, list[str]]], question_ids: list[str], finished):
    """Yields (entry, result) as each student's last job comes in; `finished` yields (student's number,
    the job's result or the exception that stopped it) in any order."""
    left = Counter(number for number, _ in jobs)
    parts: dict[int, list] = {}
    for number, outcome in finished:
        parts.setdefault(number, []).append(outcome)
        left[number] -= 1
        if not left[number]:
            yield todo[number], whole_submission(parts.pop(number), question_ids)


class Embedded:
    """This machine's processes: a pebble pool, which kills a worker whose job passes its deadline
    (`Settings.job_seconds`, from the job's start) and starts another; the job's student is then the
    grader's failure, with the reason, and the other jobs go on (a process pool of the standard library
    can neither stop one job nor lose a worker without failing them all)."""

    def __init__(self, workers: int = 0):
        self.workers = workers or os.cpu_count() or 1
        self.pool: pebble.ProcessPool | None = None

    def run(self, todo: list, question_ids: list[str], settings):
        """Yields (entry, result or the exception that stopped one of its jobs) as students finish."""
        import pebble  # a class run's only: it imports asyncio, which `grader check` has no use for

        workers = max(1, min(self.workers, len(todo)))
        with shared_draws() as draws:
            self.pool = pebble.ProcessPool(max_workers=workers, initializer=_worker_init, initargs=(draws,))
            jobs = tail_split(len(todo), question_ids, workers)
            futures = {
                self.pool.schedule(_in_pool_worker, (todo[number], ids, settings), timeout=settings.job_seconds): number
                for number, ids in jobs
            }

            def finished():
                for future in as_completed(futures):
                    try:
                        yield futures[future], future.result()
                    except FutureTimeout:
                        yield futures[future], JobDeadline(settings.job_seconds)
                    except Exception as exc:  # noqa: BLE001 - a grader bug or a lost worker: still one row
                        yield futures[future], exc

            yield from whole_students(todo, jobs, question_ids, finished())
            self.pool.close()
            self.pool.join()

    def stop(self) -> None:
        """SIGTERM every worker (each closes its children, whose supervisors kill what they started), then
        SIGKILL what is still there after the grace period (a supervisor sees its channel close, and
        kills its child's processes)."""
        workers = multiprocessing.active_children()
        for worker in workers:
            worker.terminate()
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for worker in workers:
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.is_alive():
                worker.kill()
                worker.join()
        if self.pool is not None:
            self.pool.stop()
            self.pool.join(STOP_GRACE_SECONDS)


@contextmanager
def shared_draws():
    """The run's draws, shared by its workers (grader/judge/drawing.py): each check group drawn once. A
    temporary folder that cannot be made (a full disk) leaves each worker its own draws."""
    try:
        folder = tempfile.TemporaryDirectory(prefix="grader-draws-")
    except OSError:
        yield None
        return
    with folder as draws:
        yield draws


class _WorkerStopped(KeyboardInterrupt):
    """Raised in a busy worker on SIGTERM. A KeyboardInterrupt, so that nothing on the way (the
    engine's own handlers, Hypothesis) takes it for a failure, and every `finally` closes its child."""


_busy = False


def _worker_init(draws: str | None) -> None:
    drawing.share(draws)
    # A terminal's Ctrl-C reaches the whole process group: the parent alone decides what happens.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_sigterm)


def _worker_sigterm(signum, frame) -> None:
    if _busy:
        # Once: a second SIGTERM (the pool terminates the others when one worker exits) would interrupt the
        # cleanup of the first and leave a child's folder behind. The parent's SIGKILL is the backstop.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise _WorkerStopped
    os._exit(128 + signum)


def _in_pool_worker(entry, question_ids: list[str], settings):
    global _busy
    _busy = True
    try:
        return grade_job(entry, question_ids, settings)
    except _WorkerStopped:
        os._exit(128 + signal.SIGTERM)  # every child was closed on the way up
    finally:
        _busy = False


# -- the queue: Huey, on SQLite (one machine) or Redis (many) ----------------------------------------------
def queue(name: str, broker: str = "", sqlite_file: Path | None = None, results: bool = False):
    """Huey on Redis when a broker URL is given, on a SQLite file otherwise: the same task code runs on both."""
    if broker:
        from huey import RedisHuey

        try:
            import redis  # noqa: F401 - Huey imports it lazily; said here, in the user's language
        except ImportError:
            raise UsageError("service.extra_missing", module="redis") from None

        try:
            return RedisHuey(name=name, url=broker, results=results)
        except ValueError as exc:  # not a Redis URL (http://…, a typo): the user's to fix
            raise UsageError("executor.broker_url", url=_safe_url(broker), detail=str(exc)) from None
    from huey import SqliteHuey

    return SqliteHuey(name=name, filename=str(sqlite_file), results=results)


def check_broker(huey, broker: str) -> None:
    """A broker that does not answer is the user's input to fix: said, exit status 2."""
    import redis

    try:
        huey.storage.conn.ping()
    except (redis.RedisError, ValueError) as exc:
        raise InputError("executor.broker_unreachable", url=_safe_url(broker), detail=str(exc)) from None


def _safe_url(url: str) -> str:
    """The broker's URL without its password, for messages."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        if parts.password:
            return url.replace(f":{parts.password}@", ":***@", 1)
    except ValueError:
        pass
    return url


def batch_queue(broker: str):
    """The queue of `grader grade --broker`, with its one task registered (on both sides: the command
    sends it, `grader worker --broker` runs it)."""
    huey = queue(BATCH_QUEUE, broker, results=True)
    conn = huey.storage.conn

    @huey.task(name=GRADE_JOB)
    def grade_remote(job_id: str, lease: float, entry, question_ids, settings):
        with watched(settings.job_seconds, "grader.run.executor:record_deadline", broker, job_id):
            return _leased(conn, job_id, lease, lambda: grade_job(entry, question_ids, settings))

    huey.grade_remote = grade_remote
    return huey


def record_deadline(seconds: float, broker: str, job_id: str) -> None:
    """Said by a job's watcher (grader/run/deadline.py) before it stops the job: read by `Distributed`."""
    import redis

    redis.Redis.from_url(broker, socket_timeout=5).set(_deadline_key(job_id), repr(seconds), ex=24 * 3600)


def _deadline_key(job_id: str) -> str:
    return f"{BATCH_QUEUE}:deadline:{job_id}"


def _claim_key(job_id: str) -> str:
    return f"{BATCH_QUEUE}:claim:{job_id}"


def _beat_key(job_id: str) -> str:
    return f"{BATCH_QUEUE}:beat:{job_id}"


def _leased(conn, job_id: str, lease: float, work):
    """Run `work()` while beating a heartbeat that expires `lease` seconds after the last beat."""
    import redis

    me = f"{socket.gethostname()}:{os.getpid()}"
    expiry = max(1, math.ceil(lease))
    conn.set(_claim_key(job_id), me, ex=24 * 3600)
    conn.set(_beat_key(job_id), me, ex=expiry)
    # A redis error is the broker restarting: the next beat, or the lease, decides.
    with Heartbeat(lease / 4, lambda: conn.set(_beat_key(job_id), me, ex=expiry), (redis.RedisError,)):
        return work()


@dataclass
class Job:
    id: str
    entry: Any  # grader.intake.Entry
    number: int  # the student's, in the class's order
    question_ids: list[str]
    handles: list = field(default_factory=list)  # Huey results, one per delivery
    quiet_since: float | None = None  # since when nobody holds it and the queue is empty

    @property
    def deliveries(self) -> int:
        return len(self.handles)


class Distributed:
    """`grader grade --broker URL`: Huey jobs on Redis, run by `grader worker --broker URL` on every
    grading machine. The class is read here; each job carries its student's files (the same `Entry` the
    embedded pool receives), and its result comes back through Redis. The jobs are those of the embedded
    pool (`tail_split`) for as many grading processes as the workers announce when the run starts: one
    per student when a single one (or none yet) is there."""

    def __init__(self, broker: str, lease: float = 30.0, poll: float = 0.2):
        self.broker, self.lease, self.poll = broker, lease, poll
        self.huey = batch_queue(broker)
        check_broker(self.huey, broker)
        self.jobs: dict[str, Job] = {}
        # Student id -> the most times one of their jobs was sent (the fault tests read it).
        self.deliveries: dict[str, int] = {}

    def run(self, todo: list, question_ids: list[str], settings):
        """Yields (entry, result or the exception that stopped one of its jobs) as students finish."""
        self.settings = settings
        run = uuid.uuid4().hex[:12]
        jobs = tail_split(len(todo), question_ids, max(1, announced_processes(self.huey.storage.conn)))
        self.jobs = {}
        for index, (number, ids) in enumerate(jobs):
            job = Job(f"{run}:{index}", todo[number], number, ids)
            self.jobs[job.id] = job
            self._send(job)
        yield from whole_students(todo, jobs, question_ids, self._finished())

    def _finished(self):
        """Yields (student's number, the job's result or why it was given up) as jobs finish."""
        import redis

        checked = time.monotonic()
        while self.jobs:
            finished = []
            try:
                # One call per sweep says which results are in (not one per job: the broker's machine
                # may be a grading machine too).
                storage = self.huey.storage
                ready = {key.decode() for key in storage.conn.hkeys(storage.result_key)}
                for job in list(self.jobs.values()):
                    if not any(handle is not None and handle.id in ready for handle in job.handles):
                        continue
                    outcome = self._outcome(job)
                    if outcome is not None:
                        finished.append(self._done(job, outcome))
                if time.monotonic() - checked >= min(1.0, self.lease / 3):
                    checked = time.monotonic()
                    finished += self._send_lost(checked)
            except redis.RedisError:  # the broker restarting: what it forgot is sent again once it is back
                pass
            yield from finished
            if not finished:
                time.sleep(self.poll)

    def _done(self, job: Job, outcome) -> tuple[int, Any]:
        del self.jobs[job.id]
        sent = self.deliveries.get(job.entry.id, 0)
        self.deliveries[job.entry.id] = max(sent, job.deliveries)
        return job.number, outcome

    def _send(self, job: Job) -> None:
        import redis

        try:
            self.huey.storage.conn.delete(_claim_key(job.id))
            job.handles.append(self.huey.grade_remote(job.id, self.lease, job.entry, job.question_ids, self.settings))
        except redis.RedisError:
            job.handles.append(None)  # not sent: `_send_lost` sends it once the broker answers
        job.quiet_since = None

    def _outcome(self, job: Job):
        from huey.exceptions import TaskException

        for handle in job.handles:
            if handle is None:
                continue
            try:
                value = handle.get(blocking=False)
            except TaskException as exc:  # an exception in the worker's job: that student's row says so
                return exc
            if value is not None:
                return value
        return None

    def _send_lost(self, now: float) -> list:
        """Sends again the jobs lost by a worker or the broker; returns those given up, with why."""
        given_up = []
        conn = self.huey.storage.conn
        empty = self.huey.pending_count() == 0
        for job in list(self.jobs.values()):
            stopped = conn.get(_deadline_key(job.id))
            if stopped is not None:  # its watcher stopped it: not sent again
                given_up.append(self._done(job, JobDeadline(float(stopped))))
                continue
            if conn.exists(_beat_key(job.id)):
                job.quiet_since = None
                continue
            dead = bool(conn.exists(_claim_key(job.id)))  # claimed, and its heartbeat expired
            unsent = job.handles[-1] is None
            if not (dead or unsent or empty):
                job.quiet_since = None
                continue
            job.quiet_since = job.quiet_since or now
            if dead or unsent or now - job.quiet_since >= self.lease:
                if job.deliveries >= MAX_DELIVERIES and not unsent:
                    given_up.append(self._done(job, WorkerLost(f"{job.deliveries} deliveries")))
                else:
                    self._send(job)
        return given_up

    def stop(self) -> None:
        """Jobs not yet started are revoked; those running finish on their workers, their results unread."""
        for job in self.jobs.values():
            for handle in job.handles:
                if handle is not None:
                    try:
                        handle.revoke()
                    except Exception:  # noqa: BLE001 - stopping: a broker that does not answer changes nothing
                        pass


def run_batch_worker(broker: str, processes: int = 0) -> None:
    """`grader worker --broker URL`: Huey's consumer for `grader grade --broker` jobs (blocks until
    stopped), its number of grading processes announced for as long as it runs."""
    huey = batch_queue(broker)
    check_broker(huey, broker)
    processes = processes or os.cpu_count() or 1
    with _announced(broker, processes):
        consume(huey, processes)


@contextmanager
def _announced(broker: str, processes: int):
    """This machine's presence key, kept alive while the block runs and deleted after it."""
    import redis

    # Connections of its own (Huey's forked processes never use them), never waiting long on a broker away.
    conn = redis.Redis.from_url(broker, socket_timeout=5, socket_connect_timeout=5)
    key = f"{WORKER_PRESENCE}{socket.gethostname()}:{os.getpid()}"
    # A redis error is the broker restarting: the next renewal puts the key back. Leaving waits for a
    # renewal under way, which would otherwise put the key back after its deletion.
    renewal = Heartbeat(
        PRESENCE_SECONDS / 3,
        lambda: conn.set(key, processes, ex=PRESENCE_SECONDS),
        (redis.RedisError,),
        first=True,
        settle=PRESENCE_SECONDS,
    )
    try:
        with renewal:
            yield
    finally:
        try:
            conn.delete(key)
        except redis.RedisError:  # the key expires anyway
            pass


def announced_processes(conn) -> int:
    """The grading processes that running `grader worker --broker` machines announce, 0 if none."""
    import redis

    total = 0
    try:
        for key in conn.scan_iter(match=f"{WORKER_PRESENCE}*"):
            value = conn.get(key)  # None if it expired since the scan
            total += int(value) if value and value.isdigit() else 0
    except redis.RedisError:  # the broker restarting: the jobs go whole, as with a single process
        return 0
    return total


def consume(huey, processes: int) -> None:
    """Huey's consumer with N grading processes; a dead one is replaced. Fails closed, like `grader serve`:
    a machine whose sandbox cannot confine files grades nobody's code."""
    from grader.sandbox.limits import Limits
    from grader.sandbox.runner import isolation

    if not isolation(Limits())["files_confined"]:
        raise UsageError("cli.unconfined_refused")
    # Huey's own log: each job executed, by which process, in how long (the operators' record).
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(process)d %(name)s %(message)s")
    consumer = huey.create_consumer(
        workers=processes,
        worker_type="process",
        periodic=False,
        initial_delay=0.05,
        backoff=1.2,
        max_delay=0.5,
        check_worker_health=True,
        health_check_interval=1,
    )
    consumer.run()
