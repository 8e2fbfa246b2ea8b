"""The unit layer's guard (tests/unit/conftest.py) holds: a unit test cannot start a process, however it
tries."""

import multiprocessing
import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "start",
    [
        lambda: subprocess.run([sys.executable, "-c", "pass"], check=False),
        lambda: os.fork() or os._exit(0),  # a child that got through ends at once
        lambda: os.posix_spawn(sys.executable, [sys.executable, "-c", "pass"], os.environ),
        lambda: multiprocessing.get_context("spawn").Process(target=print).start(),
        lambda: multiprocessing.get_context("fork").Process(target=print).start(),
    ],
    ids=["subprocess", "fork", "posix_spawn", "multiprocessing-spawn", "multiprocessing-fork"],
)
def test_a_unit_test_that_starts_a_process_fails(start):
    with pytest.raises(pytest.fail.Exception, match="a unit test starts no child process"):
        start()


def test_the_sandbox_starts_no_child_in_a_unit_test():
    from grader.sandbox import fork_server

    with pytest.raises(pytest.fail.Exception, match="the sandbox's fork server"):
        fork_server.ForkServer.fork(None, {}, [], None, None)
