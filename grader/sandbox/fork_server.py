"""The parent's handle on its fork server (zygote.py, whose doc tells the design): one zygote per
grader process, started on first use; a process forked from ours (a pool's worker) starts its own.
"""

from __future__ import annotations

import json
import multiprocessing.util
import os
import select
import socket
import subprocess
import sys
import threading
from pathlib import Path

from grader.errors import SandboxError
from grader.sandbox.zygote import MAX_MESSAGE

ZYGOTE_SCRIPT = Path(__file__).with_name("zygote.py")


def available() -> bool:
    """Whether this platform can run the fork server (Linux with pidfds: 5.3 and later)."""
    return sys.platform.startswith("linux") and hasattr(os, "pidfd_open")


class Forked:
    """A child's top process S as the parent sees it, with the subset of Popen that runner.py uses."""

    def __init__(self, pid: int, pidfd: int, stdout, stderr):
        self.pid, self._pidfd = pid, pidfd
        self.stdout, self.stderr = stdout, stderr
        self.returncode: int | None = None

    def poll(self) -> int | None:
        return self._ended(0)

    def wait(self, timeout: float | None = None) -> int:
        code = self._ended(timeout)
        if code is None:
            raise subprocess.TimeoutExpired(f"child {self.pid}", timeout or 0.0)
        return code

    def _ended(self, timeout: float | None) -> int | None:
        if self.returncode is None and select.select([self._pidfd], [], [], timeout)[0]:
            self.returncode = 0  # S's own status is the zygote's to reap; the child's comes from its supervisor
            os.close(self._pidfd)
        return self.returncode


class ForkServer:
    """This process's zygote (one per process: a worker forked from a parent starts its own)."""

    def __init__(self, stdlib: str):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._lock = threading.Lock()
        self.owner = os.getpid()
        try:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-I",
                    "-X",
                    "utf8",
                    str(ZYGOTE_SCRIPT),
                    str(theirs.fileno()),
                    stdlib,
                ],
                cwd="/",
                env={},
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
            )
        finally:
            theirs.close()
        self._socket = ours
        assert self.process.stderr is not None  # a pipe, asked for above
        self._stderr = self.process.stderr

    def fork(self, request: dict, fds: list[int], stdout, stderr) -> Forked:
        """Have the zygote fork a child's process with these descriptors (kept open here: the caller
        closes its copies)."""
        with self._lock:
            try:
                socket.send_fds(self._socket, [json.dumps(request).encode()], fds)
                message, received, _, _ = socket.recv_fds(self._socket, MAX_MESSAGE, 1)
            except OSError as exc:
                raise SandboxError(f"the fork server is gone: {exc}{self._last_words()}") from None
        if not message:
            raise SandboxError(f"the fork server is gone{self._last_words()}")
        answer = json.loads(message)
        if "error" in answer or len(received) != 1:
            for fd in received:
                os.close(fd)
            raise SandboxError(f"the fork server could not start a child: {answer.get('error')}")
        return Forked(answer["pid"], received[0], stdout, stderr)

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """End the zygote (it exits when its socket closes)."""
        if self.owner != os.getpid():
            return
        self._socket.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._stderr.close()

    def _last_words(self) -> str:
        if self.process.poll() is None:
            return ""
        return ": " + self._stderr.read(4000).decode("utf-8", "replace").strip()[-500:]


_server: ForkServer | None = None
_server_lock = threading.Lock()


def server(stdlib: str | None = None) -> ForkServer:
    """This process's fork server, started on first use (and again if it died), importing from `stdlib`,
    the children's copy of the standard library (a child that reads another moves there: zygote.py);
    without `stdlib`, the one running."""
    global _server
    with _server_lock:
        if _server is None or _server.owner != os.getpid() or not _server.alive():
            if stdlib is None:
                raise SandboxError("the fork server is not started")
            if _server is not None and _server.owner == os.getpid():
                _server.close()
            _server = ForkServer(stdlib)
            # Ended and reaped with this process (a pool's worker too: multiprocessing runs these at its
            # exit, atexit does not), so that nothing outlives it and its CPU time is counted.
            multiprocessing.util.Finalize(_server, _server.close, exitpriority=0)
        return _server


def reset() -> None:
    """Close this process's fork server, if it has one: the next child starts a new zygote, which holds
    only the probe modules loaded from then on (a zygote keeps every probe module of earlier runs)."""
    global _server
    with _server_lock:
        if _server is not None and _server.owner == os.getpid():
            _server.close()
        _server = None


def _forget_after_fork() -> None:
    """A process forked from ours (a pool's worker) must not share our zygote's socket: it starts its
    own zygote, and ours sees its end when we close it."""
    global _server
    if _server is not None:
        try:
            _server._socket.close()
        except OSError:
            pass
        _server = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)
