"""Parent side of the sandbox: start a child for one student module, send requests, enforce deadlines.

The child runs in a fresh temporary folder holding a copy of the submission's sources only, with stdin
closed, stdout and stderr captured and capped, and the resource limits of `Limits`. It is started by
supervisor.py, which runs as PID 1 of new PID and network namespaces when `unshare` allows it (else as
a child subreaper) and kills every process the student's code started when the child is done with. When
the grader runs as root, the child drops to an unprivileged user before importing the student's code.
Whatever the child does, `call` returns a `Reply`; a child that does not answer in time is killed with
all its descendants. Replies are validated (envelope, nonce, sequence, types and sizes) before use.
"""
from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from grader.sandbox import calls, protocol

CHILD_SCRIPT = Path(__file__).with_name("child.py")
SUPERVISOR_SCRIPT = Path(__file__).with_name("supervisor.py")
# Tried in order; the first that runs `true` is used. As root, no user namespace: the child drops to
# `Limits.user` itself; otherwise an unmapped user namespace leaves the student no capability at all.
NAMESPACE_FLAGS = ("--pid", "--fork", "--kill-child", "--net")
NAMESPACE_VARIANTS = (("--mount-proc",), ())


@dataclass(frozen=True)
class Limits:
    memory_bytes: int = 1 << 30
    cpu_seconds: int = 600  # a backstop for the whole child; per-call limits come with each request
    processes: int = 32  # threads count too; RLIMIT_NPROC binds only a non-root user
    file_bytes: int = 1 << 20
    open_files: int = 64
    output_bytes: int = 64 * 1024  # kept per stream; the rest is counted
    import_seconds: float = 10.0
    # Added to a call's limit before the parent kills: the child's own timeout should answer first.
    grace_seconds: float = 1.0
    user: int = 65534  # the uid and gid the child drops to when the grader runs as root (nobody)
    # Layers that tests switch off one by one to check the others alone.
    namespaces: bool = True
    audit: bool = True

    def as_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Reply:
    status: str
    value: object = None
    error: str = ""
    traceback: str = ""
    seconds: float = 0.0
    events: list = field(default_factory=list)
    limit: float = 0.0  # the call's time limit, for a timeout's message

    @property
    def ok(self) -> bool:
        return self.status == protocol.OK


_namespace_prefix: dict[bool, list[str]] = {}


def namespace_prefix() -> list[str]:
    """The `unshare` command line that works here (cached per process), or [] when none does."""
    root = os.geteuid() == 0
    if root not in _namespace_prefix:
        _namespace_prefix[root] = []
        unshare = shutil.which("unshare") or ("/usr/bin/unshare" if os.path.exists("/usr/bin/unshare") else None)
        for variant in NAMESPACE_VARIANTS if unshare else ():
            prefix = [unshare, *(() if root else ("--user",)), *NAMESPACE_FLAGS, *variant]
            try:
                ok = subprocess.run([*prefix, "true"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, timeout=10).returncode == 0
            except (OSError, subprocess.SubprocessError):
                ok = False
            if ok:
                _namespace_prefix[root] = prefix
                break
    return _namespace_prefix[root]


def isolation(limits: Limits) -> list[str]:
    """The layers a child gets on this machine, as a run's report should state them."""
    layers = ["rlimits", "empty environment", "python -I"]
    if limits.namespaces and namespace_prefix():
        layers.append("PID and network namespaces" + (" (user namespace)" if os.geteuid() else ""))
    else:
        layers.append("child subreaper (no PID or network namespace)")
    if os.geteuid() == 0:
        layers.append(f"unprivileged user {limits.user}")
    if limits.audit:
        layers.append("audit hook")
    return layers


class _Capture(threading.Thread):
    """Drain one of the child's output pipes, keeping the first `cap` bytes and counting the rest."""

    def __init__(self, stream, cap: int):
        super().__init__(daemon=True)
        self.stream, self.cap = stream, cap
        self.kept = bytearray()
        self.dropped = 0

    def run(self) -> None:
        while chunk := self.stream.read1(65536):
            room = self.cap - len(self.kept)
            self.kept += chunk[:room]
            self.dropped += max(0, len(chunk) - room)

    def text(self) -> str:
        return self.kept.decode("utf-8", errors="replace")


class Child:
    """One child process serving one student module."""

    def __init__(self, sources: dict[str, str], module_name: str, probe_modules: list[str], limits: Limits):
        self.module_name = module_name
        self.limits = limits
        self.nonce = secrets.token_hex(16)
        self.seq = 0
        self.workdir = Path(tempfile.mkdtemp(prefix="taquin-grader-"))
        for name, text in sources.items():
            (self.workdir / f"{name}.py").write_text(text, encoding="utf-8")
        self.source = self.workdir / f"{module_name}.py"
        self.probe_modules = probe_modules
        self.drop_to = limits.user if os.geteuid() == 0 else None
        if self.drop_to is not None:
            for path in (self.workdir, *self.workdir.iterdir()):
                os.chown(path, self.drop_to, self.drop_to)
        self.proc: subprocess.Popen | None = None
        self.names: list[str] = []
        self._buffer = b""
        self._ended: str | None = None  # how the child ended, as the supervisor told
        self._nonblocking = False

    # -- life cycle ---------------------------------------------------------------------------------
    def start(self) -> Reply:
        """Spawn the child and import the student's module; the reply's value lists its callables."""
        request_r, self._request_w = os.pipe()
        self._reply_r, reply_w = os.pipe()
        # The supervisor's channel: it tells how the child ended, and sees its end when we are done.
        self._control, control_child = socket.socketpair()
        prefix = namespace_prefix() if self.limits.namespaces else []
        self.proc = subprocess.Popen(
            [*prefix, sys.executable, "-I", "-S", str(SUPERVISOR_SCRIPT), str(control_child.fileno()), "--",
             sys.executable, "-I", "-X", "utf8", str(CHILD_SCRIPT), str(request_r), str(reply_w)],
            cwd=self.workdir,
            env={},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(request_r, reply_w, control_child.fileno()),
            start_new_session=True,
        )
        os.close(request_r)
        os.close(reply_w)
        control_child.close()
        self._captures = [_Capture(self.proc.stdout, self.limits.output_bytes),
                          _Capture(self.proc.stderr, self.limits.output_bytes)]
        for capture in self._captures:
            capture.start()
        protocol.write_frame(self._request_w, {
            "nonce": self.nonce,
            "workdir": str(self.workdir),
            "source": str(self.source),
            "module_name": self.module_name,
            "probe_modules": self.probe_modules,
            "limits": self.limits.as_dict(),
            "import_seconds": self.limits.import_seconds,
            "drop_to": self.drop_to,
            "audit": self.limits.audit,
        })
        reply = self._await(0, self.limits.import_seconds)
        if reply.ok:
            self.names = [n for n in reply.value if isinstance(n, str)] if isinstance(reply.value, list) else []
        return reply

    @property
    def alive(self) -> bool:
        return self.proc is not None and self._ended is None and self.proc.poll() is None

    def call(self, probe: str, payload: dict, timeout: float, serve=None) -> Reply:
        """Run `probe` on `payload` in the child. While it runs, the child's call frames are answered
        with `serve(name, args)` (see grader/sandbox/calls.py); without `serve` a call frame is a
        protocol violation. The deadline covers the whole run, answers included."""
        self.seq += 1
        deadline = time.monotonic() + timeout + self.limits.grace_seconds + 0.25 * timeout
        try:
            self._send({"seq": self.seq, "probe": probe, "payload": payload, "timeout": timeout}, deadline)
        except OSError:
            return self._death()
        except TimeoutError:
            self._kill()
            return Reply(protocol.TIMEOUT, error="the child did not read its request: it was killed")
        return self._await(self.seq, timeout, serve, deadline)

    def close(self) -> None:
        """Kill the child and every process it started, and remove its folder."""
        if self.proc is not None:
            self._kill()
            for fd in (self._request_w, self._reply_r):
                try:
                    os.close(fd)
                except OSError:
                    pass
            for capture in self._captures:
                capture.join(timeout=1.0)
        shutil.rmtree(self.workdir, ignore_errors=True)

    def output(self) -> tuple[str, str, int]:
        """(stdout, stderr, bytes dropped) captured so far."""
        if self.proc is None:
            return "", "", 0
        out, err = self._captures
        return out.text(), err.text(), out.dropped + err.dropped

    # -- internals ----------------------------------------------------------------------------------
    def _kill(self) -> None:
        """Close the supervisor's channel (it then kills every descendant and exits); SIGKILL its
        process group if it takes too long."""
        if self._control.fileno() != -1:
            self._control.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.proc.wait()

    def _await(self, seq: int, timeout: float, serve=None, deadline: float | None = None) -> Reply:
        if deadline is None:
            deadline = time.monotonic() + timeout + self.limits.grace_seconds + 0.25 * timeout
        try:
            while True:
                body = self._frame(deadline)
                if not protocol.is_call(body):
                    break
                if serve is None:
                    raise protocol.ProtocolError("a call frame, and nobody to answer it")
                self._answer(serve, *protocol.check_call(body, self.nonce, seq), seq, deadline)
            body = protocol.check_reply(body, self.nonce, seq)
            value = protocol.plain(body.get("value")) if body["status"] == protocol.OK else None
        except TimeoutError:
            self._kill()
            return Reply(protocol.TIMEOUT, error="no answer before the deadline: the child was killed")
        except (EOFError, BrokenPipeError):
            return self._death()
        except (protocol.ProtocolError, protocol.InvalidValue, ValueError, RecursionError) as exc:
            self._kill()
            return Reply(protocol.CRASHED, error=f"protocol violation: {str(exc)[:200]}")
        except BaseException:
            self._kill()  # the handler raised: a grader bug, the child is of no further use
            raise
        return Reply(
            status=body["status"],
            value=value,
            error=body.get("error", "")[:4000],
            traceback=body.get("traceback", "")[:4000],
            seconds=float(body.get("seconds", 0.0)),
            events=[e[:200] for e in body.get("events", []) if isinstance(e, str)][:50],
        )

    def _frame(self, deadline: float):
        (size,) = struct.unpack(">I", self._read(4, deadline))
        if size > protocol.MAX_FRAME:
            raise protocol.ProtocolError("oversized frame")
        return json.loads(self._read(size, deadline))

    def _answer(self, serve, name: str, args, seq: int, deadline: float) -> None:
        """Answer one call frame with the handler's value, or tell the child to stop."""
        try:
            answer = {"seq": seq, "answer": serve(name, args)}
        except calls.Stop as stop:
            answer = {"seq": seq, "stop": stop.reason}
        self._send(answer, deadline)

    def _send(self, obj, deadline: float) -> None:
        """Write a frame to the child without ever blocking past the deadline (a child that stops
        reading its requests must not hang the parent)."""
        if not self._nonblocking:
            os.set_blocking(self._request_w, False)
            self._nonblocking = True
        view = memoryview(protocol.frame_bytes(obj))
        while view:
            try:
                view = view[os.write(self._request_w, view):]
            except BlockingIOError:
                if not select.select([], [self._request_w], [], max(0.0, deadline - time.monotonic()))[1]:
                    raise TimeoutError from None

    def _read(self, size: int, deadline: float) -> bytes:
        """Read from the reply pipe; once the supervisor says the child ended, only what is left."""
        if len(self._buffer) >= size:  # the usual case for a frame's body: no system call
            data, self._buffer = self._buffer[:size], self._buffer[size:]
            return data
        poller = select.poll()
        poller.register(self._reply_r, select.POLLIN)
        poller.register(self._control, select.POLLIN)
        while len(self._buffer) < size:
            remaining = 0 if self._ended else deadline - time.monotonic()
            if remaining <= 0 and not self._ended:
                raise TimeoutError
            ready = {fd for fd, _ in poller.poll(remaining * 1000)}
            if self._reply_r in ready:
                chunk = os.read(self._reply_r, 1 << 16)  # a 1 MiB read buffer costs an mmap per call
                if not chunk:
                    raise EOFError
                self._buffer += chunk
            elif self._control.fileno() in ready:
                self._ended = self._control.recv(256).decode("ascii", "replace").strip() or "unknown"
                poller.unregister(self._control)
            elif self._ended:
                raise EOFError
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def _death(self) -> Reply:
        """The child went away: say how (signal, exit code), as the supervisor saw it."""
        if self._ended is None and self._control.fileno() != -1:
            if select.select([self._control], [], [], 2.0)[0]:
                self._ended = self._control.recv(256).decode("ascii", "replace").strip()
        ended = self._ended or ""
        self._ended = ended or "unknown"
        self._kill()
        how, _, number = ended.partition(" ")
        if how == "signal" and number.isdigit():
            code = int(number)
            name = signal.Signals(code).name if code in signal.valid_signals() else number
            if code == signal.SIGXCPU:
                return Reply(protocol.TIMEOUT, error=f"CPU time limit ({name})")
            return Reply(protocol.CRASHED, error=f"killed by signal {name}")
        if how == "exit":
            return Reply(protocol.CRASHED, error=f"the process exited (code {number})")
        return Reply(protocol.CRASHED, error="the reply channel was closed")
