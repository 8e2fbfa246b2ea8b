"""A hard wall deadline for a grading job, enforced from outside the process that runs it.

Every bound inside a job (a call's time limit, the served calls' budget) is the job's own code keeping
its word; this is the backstop for when it does not (a grader bug, a computation nobody bounded). A
job of `grader grade` runs in its pool's worker, which the pool kills past `Settings.job_seconds`
(grader/run/executor.py). A job of a Huey worker (`grader worker`, the workers of `grader serve`) runs
under `watched(seconds, recorder)`: a watcher process of its own (`python -m grader.run.deadline`) waits
for the job to end; at the deadline it first records why where the job's owner reads it (`recorder`,
"module:function" and its arguments, called in the watcher), then ends the job's process: SIGTERM,
SIGKILL after GRACE_SECONDS. The job's sandboxed children die with it (their supervisors see their
channel close), Huey's consumer starts a new worker, and the queue goes on.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import select
import signal
import subprocess
import sys
import time

GRACE_SECONDS = 5.0  # after SIGTERM: the job closes its children on the way out, else SIGKILL


class JobDeadline(Exception):
    """A job was stopped at its deadline: the student is recorded as the grader's failure, with this."""

    def __init__(self, seconds: float):
        super().__init__(f"the grading job passed its deadline of {seconds:g} s and was stopped")
        self.seconds = seconds


@contextlib.contextmanager
def watched(seconds: float, recorder: str, *arguments: str):
    """Run the block with this process's deadline `seconds` away, kept by a watcher process."""
    watcher = subprocess.Popen(
        [sys.executable, "-m", "grader.run.deadline", str(os.getpid()), repr(seconds), recorder, *arguments],
        stdin=subprocess.PIPE,
        start_new_session=True,  # a stop signal sent to the job's group does not take its watcher first
    )
    try:
        yield
    finally:
        assert watcher.stdin is not None  # a pipe
        watcher.stdin.close()  # in time: the watcher reads the end of its input and exits
        watcher.wait()


def main(argv: list[str]) -> int:
    pid, seconds, recorder, *arguments = argv
    if select.select([sys.stdin], [], [], float(seconds))[0]:
        return 0  # the job ended (or its process died): nothing to do
    module, _, function = recorder.partition(":")
    try:
        getattr(importlib.import_module(module), function)(float(seconds), *arguments)
    finally:
        _end(int(pid))
    return 0


def _end(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
        stop = time.monotonic() + GRACE_SECONDS
        while time.monotonic() < stop:
            time.sleep(0.1)
            os.kill(pid, 0)  # ProcessLookupError once it is gone
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
