"""One CPU for a grading thread and the children it starts (Linux).

A parent-served call (calls.py) is a round trip: the child writes and waits, the parent wakes, answers
and waits, the child wakes. When the two run on different CPUs, every wake-up crosses CPUs, and on a
virtual machine that is most of the cost (measured on the CI's machines: a bare pipe round trip
between two Python processes takes ~60 µs across two CPUs, ~6 µs on one). During a call the parent
and its child take turns, so they lose nothing by sharing one CPU.

While it grades a submission, a thread therefore runs on one CPU: the first of those it may use that
no other grading thread of this user holds, held by an exclusive lock on a file (`flock`, which the
kernel releases when the process ends, however it ends). When every CPU is held (more grading threads
than CPUs), it stays free to run anywhere. Its children run where it runs: a spawned child inherits
its CPUs, and the fork server sets them in each child it forks (zygote.py).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def one_cpu(folder: Path) -> Iterator[int | None]:
    """Run the block on one CPU that no other grading thread holds (lock files in `folder`), then give
    the thread back its CPUs; yields the CPU, or None (not Linux, one CPU already, all held, no folder)."""
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    taken = _take(folder, allowed) if len(allowed) > 1 else None
    if taken is None:
        yield None
        return
    cpu, lock = taken
    try:
        os.sched_setaffinity(0, {cpu})
        yield cpu
    finally:
        os.sched_setaffinity(0, allowed)
        lock.close()


def _take(folder: Path, cpus: list[int]):
    """(cpu, its open lock file) for the first of `cpus` nobody holds, or None."""
    import fcntl

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    for cpu in cpus:
        try:
            lock = open(folder / f"cpu{cpu}.lock", "a")  # noqa: SIM115 - held open while the block runs
        except OSError:
            return None
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            continue
        return cpu, lock
    return None
