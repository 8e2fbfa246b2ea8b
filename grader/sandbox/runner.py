"""Parent side of the sandbox: start a child for one student module, send requests, enforce deadlines.

The child runs in a fresh temporary folder holding a copy of the submission's sources only, in its own
session and process group, with stdin closed, stdout and stderr captured and capped, and the resource
limits of `Limits`. Whatever the child does, `call` returns a `Reply`; a child that does not answer in
time has its whole process group killed.
"""
from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from grader.sandbox import protocol

CHILD_SCRIPT = Path(__file__).with_name("child.py")


@dataclass(frozen=True)
class Limits:
    memory_bytes: int = 1 << 30
    cpu_seconds: int = 600  # a backstop for the whole child; per-call limits come with each request
    processes: int = 32  # threads count too; RLIMIT_NPROC binds only a non-root user
    file_bytes: int = 1 << 20
    output_bytes: int = 64 * 1024  # kept per stream; the rest is counted
    import_seconds: float = 10.0
    # Added to a call's limit before the parent kills: the child's own timeout should answer first.
    grace_seconds: float = 1.0

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

    @property
    def ok(self) -> bool:
        return self.status == protocol.OK


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
        self.proc: subprocess.Popen | None = None
        self.names: list[str] = []
        self._buffer = b""

    # -- life cycle ---------------------------------------------------------------------------------
    def start(self) -> Reply:
        """Spawn the child and import the student's module; the reply's value lists its callables."""
        request_r, self._request_w = os.pipe()
        self._reply_r, reply_w = os.pipe()
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-X", "utf8", str(CHILD_SCRIPT), str(request_r), str(reply_w)],
            cwd=self.workdir,
            env={},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(request_r, reply_w),
            start_new_session=True,
        )
        os.close(request_r)
        os.close(reply_w)
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
        })
        reply = self._await(0, self.limits.import_seconds)
        if reply.ok:
            self.names = [n for n in reply.value if isinstance(n, str)] if isinstance(reply.value, list) else []
        return reply

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def call(self, probe: str, payload: dict, timeout: float) -> Reply:
        self.seq += 1
        try:
            protocol.write_frame(self._request_w, {"seq": self.seq, "probe": probe, "payload": payload,
                                                   "timeout": timeout})
        except OSError:
            return self._death()
        return self._await(self.seq, timeout)

    def close(self) -> None:
        """Kill whatever is left of the child's process group and remove its folder."""
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
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def _await(self, seq: int, timeout: float) -> Reply:
        deadline = time.monotonic() + timeout + self.limits.grace_seconds + 0.25 * timeout
        try:
            (size,) = struct.unpack(">I", self._read(4, deadline))
            if size > protocol.MAX_FRAME:
                raise protocol.ProtocolError("oversized frame")
            body = protocol.check_reply(json.loads(self._read(size, deadline)), self.nonce, seq)
        except TimeoutError:
            self._kill()
            return Reply(protocol.TIMEOUT, error="no answer before the deadline: process group killed")
        except EOFError:
            return self._death()
        except (protocol.ProtocolError, ValueError) as exc:
            self._kill()
            return Reply(protocol.CRASHED, error=f"protocol violation: {exc}")
        return Reply(
            status=body["status"],
            value=body.get("value"),
            error=body.get("error", ""),
            traceback=body.get("traceback", ""),
            seconds=float(body.get("seconds", 0.0)),
            events=[e for e in body.get("events", []) if isinstance(e, str)][:50],
        )

    def _read(self, size: int, deadline: float) -> bytes:
        while len(self._buffer) < size:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self._reply_r], [], [], remaining)
            if ready:
                chunk = os.read(self._reply_r, 1 << 20)
                if not chunk:
                    raise EOFError
                self._buffer += chunk
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def _death(self) -> Reply:
        """The child went away: say how (signal, exit code)."""
        self._kill()
        code = self.proc.returncode
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            if -code == signal.SIGXCPU:
                return Reply(protocol.TIMEOUT, error=f"CPU time limit ({name})")
            return Reply(protocol.CRASHED, error=f"killed by signal {name}")
        return Reply(protocol.CRASHED, error=f"the process exited (code {code})")
