"""The CPU time of a whole process tree, read from a control group of its own (Linux, as root).

A process's `RUSAGE_CHILDREN` counts only the descendants that were waited for all the way up: the grader's
fork server reaps its children itself and is not always waited for in turn, so that the tree's count both
missed the fork server's work and, in some runs, held part of the students' (double-counted beside the
questions' `timing.student`). A cgroup counts every task that ran in it, whoever reaps it. Where no cgroup
can be made (not root, no cpuacct or cpu controller), `Account.seconds` is None and the caller falls back
on the tree's count, saying so.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

V1 = Path("/sys/fs/cgroup/cpuacct")  # cgroup v1's CPU accounting hierarchy
V2 = Path("/sys/fs/cgroup")  # the unified hierarchy


class Account:
    """A fresh cgroup; `enter` (a `preexec_fn`) puts the new process, and so all it starts, in it."""

    def __init__(self, name: str):
        self.folder: Path | None = None
        for root, probe in ((V1, "cpuacct.usage"), (V2, "cpu.stat")):
            if (root / probe).exists():
                try:
                    folder = root / f"{name}-{os.getpid()}-{time.monotonic_ns()}"
                    folder.mkdir()
                except OSError:
                    continue
                self.folder = folder
                break

    def enter(self) -> None:
        if self.folder is not None:
            (self.folder / "cgroup.procs").write_text(str(os.getpid()))

    @property
    def seconds(self) -> float | None:
        """CPU seconds (user and system) of every task that ran in the cgroup so far."""
        if self.folder is None:
            return None
        usage = self.folder / "cpuacct.usage"
        if usage.exists():
            return int(usage.read_text()) / 1e9
        stat = dict(line.split() for line in (self.folder / "cpu.stat").read_text().splitlines())
        return int(stat["usage_usec"]) / 1e6

    def close(self) -> None:
        """Remove the cgroup once its last task ended (a few tenths of a second at most)."""
        if self.folder is None:
            return
        for _ in range(50):
            with contextlib.suppress(OSError):
                self.folder.rmdir()
                return
            time.sleep(0.1)


@contextlib.contextmanager
def account(name: str):
    measured = Account(name)
    try:
        yield measured
    finally:
        measured.close()
