"""Every way this process has of starting another one, refused while `no_child()` holds: the unit layer
(tests/unit/conftest.py) holds it around each test; a test in tests/ holds it around what must start no
process (a service page rendered, for one)."""

from __future__ import annotations

import contextlib
import multiprocessing.util
import os
import subprocess

import pytest

from grader.sandbox import fork_server


UNIT = "a unit test starts no child process ({what}): move this test out of tests/unit"


def _refused(what: str, said: str):
    def refuse(*args, **kwargs):
        pytest.fail(said.format(what=what), pytrace=True)

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
def no_child(said: str = UNIT):
    """`said`: the failure, `{what}` the way a process was started."""
    with pytest.MonkeyPatch.context() as patch:
        for owner, name, what in _STARTS:
            patch.setattr(owner, name, _refused(what, said))
        yield
