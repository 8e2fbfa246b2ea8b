"""What a caller of the sandbox gives a child (`Limits`) and gets back from each call (`Reply`)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from grader.sandbox import fork_server, protocol


@dataclass(frozen=True)
class Limits:
    memory_bytes: int = 1 << 30
    cpu_seconds: int = 600  # a backstop for the whole child; per-call limits come with each request
    processes: int = 32  # threads count too; RLIMIT_NPROC binds only a non-root user
    # Where the child shares the teacher's uid (no user namespace), RLIMIT_NPROC counts every task of
    # hers: the child's limit is then her count when it starts + `processes` + this much room for what
    # her other processes (a browser, the grader's other workers) start meanwhile (confine.py).
    account_tasks: int = 256
    # The children of that account that may run at once, one per worker of a pool (`grader grade
    # --workers`; by default a pool has a worker per processor): on a shared uid each may hold its share
    # while this one runs, so the room is sized for the pool too (confine.account_room).
    workers: int = os.cpu_count() or 1
    file_bytes: int = 1 << 20
    open_files: int = 64
    output_bytes: int = 64 * 1024  # kept per stream; the rest is counted
    import_seconds: float = 10.0
    # Added to a call's limit before the parent kills: the child's own alarm should answer first.
    grace_seconds: float = 1.0
    disk_bytes: int = 16 << 20  # the child's folder (a tmpfs), when a mount namespace allows it
    disk_files: int = 1024
    # Where there is no tmpfs (no mount namespace), the parent counts the child's folder every 0.1 s and
    # kills it past these (host.DiskWatch): wider than the tmpfs's, which refuses a write at once where
    # the parent only sees it afterwards, so that a write refused there and caught is not a kill here.
    watched_disk_bytes: int = 64 << 20
    watched_disk_files: int = 4096
    # As root, each concurrent child runs as a uid (and gid) of its own from this range; a lock file per
    # uid keeps it unique across the processes of `grader grade --workers N` (and concurrent runs).
    uid_first: int = 62000
    uid_count: int = 2000
    # How a child starts: forked by the fork server (zygote.py: Linux), or spawned as new processes
    # (unshare, supervisor.py, child.py: any platform, and a test of that path on Linux).
    fork_server: bool = fork_server.available()
    # The portable path (stdio.py), for a parent that cannot fork a supervisor (Windows).
    stdio: bool = not hasattr(os, "fork")
    # No child process at all (inprocess.py, not a sandbox): the browser's self-check (Pyodide, which has
    # no fork) and the unit tests of judges; never `grader grade`.
    inprocess: bool = sys.platform == "emscripten"
    # Layers that tests switch off one by one to check the others alone.
    namespaces: bool = True
    private_root: bool = True  # where there are namespaces
    landlock: bool = True
    seccomp: bool = True

    def as_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Reply:
    status: str
    value: object = None
    error: str = ""
    traceback: str = ""
    seconds: float = 0.0  # wall time of the call, measured here
    cpu_seconds: float = 0.0  # the child's CPU time during the call, from the kernel (see Child.cpu)
    cpu_measured: bool = True  # False without the kernel's clock: `cpu_seconds` is then the wall time
    cpu_limited: bool = False  # the child's own timer counted its CPU time, not the wall's (channel.py)
    limit: float = 0.0  # the call's time limit, for a timeout's message
    calls: int = 0  # the child's calls that the parent answered during the call (grader/sandbox/calls.py)
    # The CPU time the child used since its previous reply, before this call's request (its threads' work
    # between calls), counted in `cpu_seconds` (channel.py).
    idle_seconds: float = 0.0
    # The CPU time of the module's import counted in this call's (the first case of a child: judge/session.py).
    import_seconds: float = 0.0
    # A call outside the run's interface (status VIOLATION): the message key and parameters that say it.
    violation: tuple[str, dict] | None = None

    @property
    def ok(self) -> bool:
        return self.status == protocol.OK

    @property
    def import_decided(self) -> bool:
        """A timeout the import's CPU time made (at least half the limit): said as such, not as the
        case's own slowness."""
        return self.status == protocol.TIMEOUT and self.import_seconds * 2 >= self.limit
