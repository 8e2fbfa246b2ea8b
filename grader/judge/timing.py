"""The model answer's time on a case, measured robustly once per machine and kept (and its values that
cost seconds, such as the dfs served to a student's search of the exam's example: `measured(..., runs=1)`).

A call's time limit is a multiple of the model answer's time on the same case. One wall-clock run is a
poor base (the same search varied from 15 to 76 s with the machine's load): times here are CPU seconds
of this process, and a case that costs more than REPEAT_ABOVE is run RUNS times, the best run kept. The
value and time are cached on disk per machine and per code timed (the fingerprint: CPU model, Python
interpreter, a digest of the sources that run in a timed call: the model answers and the probes), so that the
next run, and the other worker processes, read it instead of measuring again (one that meets a case another is
measuring waits for it: `_measuring`); a commit that changes none of
those sources (the engine, the reports, the service) reads the same timings.
`grader check|grade --recalibrate` (or `refresh()`) forgets the machine's timings. A test session may keep
its own timings elsewhere, each measured once (`SESSION_FOLDER`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
import threading
import time
from pathlib import Path

from grader.caches import cached, register
from reference.cache import cache_dir

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # (the module, or None where there is none)

REPEAT_ABOVE = 0.05  # seconds: cheaper cases are under the scheme's floor anyway, one run is enough
RUNS = 3
# A fresh seed draws fresh cases, so every run adds its expensive ones: the oldest go beyond this many
# (every process parses the file again after each write; the challenge's, measured again, comes back).
MAX_ENTRIES = 1000
# Each version of the timed code and each machine sharing a home folder has its own file: another's, unused
# this long, is deleted when ours is written (in use, it is touched once per process).
STALE_SECONDS = 30 * 24 * 3600
_lock = threading.Lock()
# Set by the unit tests' session only (tests/unit/conftest.py; docs/architecture.md, "Testing"), never by the
# grader: the folder the session's timings and measuring locks go to, where a costly case is measured once,
# not the best of `runs`. A test asks whether a limit tells right from wrong, not how tight it is; and the
# cache folder, which teachers' runs read, never receives a time of one run.
SESSION_FOLDER: Path | None = None


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


# What runs in a timed call, below the repository's root: the model answers and their solver (reference/), the
# probes and the served model functions (grader/questions/), the parent's side of the served calls and the
# plain data the values are made of (grader/sandbox/calls.py, protocol.py). A cached value is one of theirs.
TIMED_CODE = ("reference", "grader/questions", "grader/sandbox/calls.py", "grader/sandbox/protocol.py")


def machine() -> str:
    """What a CPU time depends on besides the code: the processor and the interpreter."""
    return f"{cpu_model()} | {platform.python_implementation()} {platform.python_version()}"


def code_digest() -> str:
    root = Path(__file__).resolve().parents[2]
    hasher = hashlib.sha256()
    for part in TIMED_CODE:
        for path in sorted((root / part).rglob("*.py")) if (root / part).is_dir() else [root / part]:
            hasher.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()[:12]


@cached
def fingerprint() -> str:
    return f"{machine()} | code {code_digest()}"


def _folder() -> Path:
    return SESSION_FOLDER or cache_dir()


def _path():
    digest = hashlib.sha256(fingerprint().encode()).hexdigest()[:16]
    return _folder() / f"timings-{digest}.json"


# The file as this process last parsed it, by what names that version of it: every measured case reads the
# file, and parsing it again (tens of KB, hundreds of cases a class) was a visible part of the grader's CPU.
# A write replaces the file (a new inode, a new mtime): the next read parses the new one.
_parsed: dict = register(f"{__name__}._parsed", {})


def _load() -> dict:
    """The machine's timings (not to be changed in place: `_store` copies them)."""
    path = _path()
    try:
        found = os.stat(path)
        version = (str(path), found.st_ino, found.st_size, found.st_mtime_ns)
        if _parsed.get("version") != version:
            data = json.loads(path.read_text(encoding="utf-8"))
            _parsed.clear()
            if data.get("fingerprint") != fingerprint():
                return {}
            _parsed.update(version=version, timings=data["timings"])
        _mark_used(path)
        return _parsed["timings"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}


@cached
def _mark_used(path) -> None:
    try:
        os.utime(path)
    except OSError:  # a read-only cache: nothing to delete it either
        pass


def _delete_stale(ours) -> None:
    cutoff = time.time() - STALE_SECONDS
    for other in ours.parent.glob("timings-*"):
        try:
            if other != ours and other.stat().st_mtime < cutoff:
                other.unlink()
        except OSError:  # another process's, deleted or replaced meanwhile
            pass


def _store(key: str, entry: list) -> None:
    with _lock:
        timings = dict(_load())
        timings[key] = entry
        for oldest in list(timings)[: max(0, len(timings) - MAX_ENTRIES)]:
            del timings[oldest]
        path = _path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            temporary.write_text(json.dumps({"fingerprint": fingerprint(), "timings": timings}), encoding="utf-8")
            os.replace(temporary, path)  # atomic: parallel workers never read half a file
            _delete_stale(path)
        except OSError:  # a read-only cache: measured again next time, nothing worse
            pass


def refresh() -> None:
    """Forget this machine's timings: the next runs measure again."""
    try:
        _path().unlink()
    except OSError:
        pass


def measured(key: str, run, runs: int = RUNS) -> tuple[object, float]:
    """(value, CPU seconds) of `run()`, which returns plain data. A case costing more than REPEAT_ABOVE
    is run `runs` times, the best time kept, and its value and time cached for this machine: later runs
    read them and do not run it again."""
    key = hashlib.sha256(key.encode()).hexdigest()
    cached = _load().get(key)
    if cached is not None:
        return cached[0], cached[1]
    with _measuring(key) as waited:
        cached = _load().get(key) if waited else None
        return (cached[0], cached[1]) if cached is not None else _measure(key, run, runs)


# The workers of a class on a cold cache meet the same costly cases at once (q18's challenge: seconds of
# search): one measures, the others wait for it and read what it stored, instead of doing the same work
# beside it. Each case's key falls on one of STRIPES lock files, kept open by the process (a lock costs two
# system calls, not a file made per case); a case that shares another's stripe waits for it too, at most
# the length of one measure. A process holds one stripe at a time (a measure inside a measure takes none),
# so no two processes can wait for each other. Best effort: without a lock (a read-only cache, no fcntl),
# each process measures; and so does one that waited MAX_WAIT in vain (the holder is stopped, or measures
# something that never ends: a test's in-process student loop held a stripe for half an hour, and every
# grader of the machine whose case fell on it waited as long). A stripe waited for in vain is not waited
# for again by this process (its other cases on it would each wait as long).
STRIPES = 64
MAX_WAIT = 60.0  # seconds: well beyond the costliest measure (the challenge's served searches, a few seconds)
POLL = 0.05
_held = threading.local()
_given_up: set[int] = set()  # the stripes this process waited MAX_WAIT for in vain


@contextlib.contextmanager
def _measuring(key: str):
    """Held while this process measures `key`; yields True when it had to wait for another process (which
    may have stored the case meanwhile)."""
    held = fcntl is None or getattr(_held, "on", False)
    number = int(key[:8], 16) % STRIPES
    stripe = None if held else _stripe(number, os.getpid())
    if stripe is None:
        yield False
        return
    waited, locked = False, lock_within(stripe, 0.0)
    if not locked and number not in _given_up:
        waited, locked = True, lock_within(stripe, MAX_WAIT)
        if not locked:
            _given_up.add(number)
    _held.on = True
    try:
        yield waited
    finally:
        _held.on = False
        if locked:
            fcntl.flock(stripe, fcntl.LOCK_UN)


def lock_within(stripe, seconds: float) -> bool:
    """Whether this process took the stripe's lock within `seconds` (flock itself has no timeout)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.flock(stripe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(POLL)


@cached(maxsize=STRIPES)
def _stripe(number: int, pid: int):
    """The open lock file of stripe `number` in the cache folder, or None where it cannot be made; opened by
    this process (`pid`): a forked worker's lock must not be its parent's open file, which it would share."""
    try:
        folder = _folder() / "measuring"
        folder.mkdir(parents=True, exist_ok=True)
        return open(folder / f"{number}.lock", "a")  # noqa: SIM115 - open for the process's life
    except OSError:
        return None


def _measure(key: str, run, runs: int) -> tuple[object, float]:
    started = time.process_time()
    value = run()
    seconds = time.process_time() - started
    if seconds > REPEAT_ABOVE:
        for _ in range(runs - 1 if SESSION_FOLDER is None else 0):
            started = time.process_time()
            run()
            seconds = min(seconds, time.process_time() - started)
        _store(key, [value, seconds])
    return value, seconds
