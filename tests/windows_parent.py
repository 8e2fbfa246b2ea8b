"""Windows seen from Linux, for the parent: run a grader command in an interpreter without what the
POSIX paths need (fork, poll, killpg, setsid, fcntl, resource, setitimer, CPU affinity...) and that says it is
win32, so that the grader takes the portable path (grader/sandbox/stdio.py) as it would on Windows.

    python tests/windows_parent.py check SUBMISSION [options]

The standard-library modules that read the platform when imported are imported first, on the real
platform: only the grader's own choices see Windows.
"""

import sys

import concurrent.futures.process  # noqa: F401
import multiprocessing.connection  # noqa: F401
import multiprocessing.pool  # noqa: F401
import os
import select
import signal
import subprocess  # noqa: F401
import sysconfig

import hypothesis.configuration  # noqa: F401 (its plugins, e.g. trio's, read the platform)
import hypothesis.strategies  # noqa: F401

sysconfig.get_config_vars()
for module, names in (
    (
        os,
        (
            "fork",
            "forkpty",
            "killpg",
            "setsid",
            "getpgid",
            "setpgid",
            "geteuid",
            "getuid",
            "register_at_fork",
            "sched_getaffinity",
            "sched_setaffinity",
        ),
    ),
    (select, ("poll", "epoll")),
    (signal, ("setitimer", "SIGALRM", "SIGXCPU", "pthread_sigmask")),
):
    for name in names:
        if hasattr(module, name):
            delattr(module, name)
for name in ("fcntl", "resource", "pyseccomp", "termios", "pwd", "grp"):
    sys.modules[name] = None  # type: ignore[assignment]
sys.platform = "win32"

from grader.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
