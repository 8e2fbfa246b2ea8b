"""The unit layer starts no child process: no sandbox, no grading run, no server, no browser.

Around each phase of a test under tests/unit (its fixtures' set-up included), every way this process has
of starting another one fails the test, naming what it tried: a test that needs a child belongs in
tests/, beside this folder. `python -m pytest tests/unit` is README's quick loop.
"""

from __future__ import annotations

import contextlib
import multiprocessing.util
import os
import subprocess

import pytest

from grader.sandbox import fork_server


def _refused(what: str):
    def refuse(*args, **kwargs):
        pytest.fail(f"a unit test starts no child process ({what}): move this test out of tests/unit", pytrace=True)

    return refuse


# Where a process starts another: a program (subprocess, posix_spawn, multiprocessing's spawn and
# forkserver), a fork (os.fork, multiprocessing's fork), and the sandbox's fork server (its zygote
# forks the children: this process starts none once the zygote runs).
_STARTS = [
    (subprocess.Popen, "__init__", "subprocess"),
    (os, "fork", "os.fork"),
    (os, "forkpty", "os.forkpty"),
    (os, "posix_spawn", "os.posix_spawn"),
    (os, "posix_spawnp", "os.posix_spawnp"),
    (multiprocessing.util, "spawnv_passfds", "multiprocessing"),
    (fork_server.ForkServer, "fork", "the sandbox's fork server"),
]


@contextlib.contextmanager
def no_child():
    with pytest.MonkeyPatch.context() as patch:
        for owner, name, what in _STARTS:
            patch.setattr(owner, name, _refused(what))
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    with no_child():
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    with no_child():
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    with no_child():
        yield
