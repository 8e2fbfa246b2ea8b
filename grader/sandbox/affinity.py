"""One CPU for a grading thread and the children it starts (Linux).

A parent-served call (calls.py) is a round trip: the child writes and waits, the parent wakes, answers
and waits, the child wakes. When the two run on different CPUs, every wake-up crosses CPUs, and on a
virtual machine that is most of the cost (measured on the CI's machines: a bare pipe round trip
between two Python processes takes ~60 µs across two CPUs, ~6 µs on one). During a call the parent
and its child take turns, so they lose nothing by sharing one CPU.

While it grades a submission, a thread therefore runs on one CPU: the first of those it may use that
no other grading thread of this user holds. A CPU is held by binding a Unix socket to a name of the
abstract namespace (`taquin-grader-<uid>-cpu<N>`): no file is written, and the kernel frees the name
when the socket is closed, however its process ends. When every CPU is held (more grading threads than
CPUs, or names taken by someone else), the thread stays free to run anywhere: slower calls, never a
different verdict. Its children run where it runs: a spawned child inherits its CPUs, and the fork
server sets them in each child it forks (zygote.py).
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Iterator


@contextlib.contextmanager
def one_cpu(namespace: str = "") -> Iterator[int | None]:
    """Run the block on one CPU that no other grading thread holds, then give the thread back its CPUs;
    yields the CPU, or None (not Linux, one CPU already, all held). `namespace` sets the names apart
    (tests); by default they are this user's."""
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    taken = _take(namespace or f"taquin-grader-{os.getuid()}", allowed) if len(allowed) > 1 else None
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


def _take(namespace: str, cpus: list[int]) -> tuple[int, socket.socket] | None:
    """(cpu, the socket holding it) for the first of `cpus` nobody holds, or None."""
    for cpu in cpus:
        lock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            lock.bind(f"\0{namespace}-cpu{cpu}")
        except OSError:
            lock.close()
            continue
        return cpu, lock
    return None
