"""The parent's end of the request/reply protocol with a child (grader/sandbox/protocol.py): a request
written without ever blocking past its deadline, every reply read within it and validated (envelope,
nonce, sequence, types and sizes) before use, the child's calls answered by the run's interface while a
probe runs (grader/sandbox/calls.py), and how a child that went away ended, as its supervisor saw it.
The child's process itself (start, confinement, kill) is process.py's `Child`, built on this.
"""

from __future__ import annotations

import os
import secrets
import select
import signal
import socket
import struct
import time
from abc import ABC, abstractmethod

from grader.sandbox import calls, protocol
from grader.sandbox.deadline import Deadline
from grader.sandbox.limits import Limits, Reply


class Channel(ABC):
    """The protocol's pipes to one child: requests, replies, served calls, the supervisor's word."""

    _request_w: int  # the child's request pipe, our end
    _reply_r: int  # its reply pipe, our end
    _control: socket.socket  # the supervisor's channel: how the child ended

    def __init__(self, limits: Limits):
        self.limits = limits
        self.nonce = secrets.token_hex(16)
        self.seq = 0
        self._buffer = b""
        self._ended: str | None = None  # how the child ended, as the supervisor told
        self._nonblocking = False
        self._poller: select.poll | None = None
        # The child's CPU clock when it last replied: what it uses from then until its next reply (a thread
        # of the student's working while the parent draws cases or computes expected values) counts in
        # its next call, never in none.
        self._replied_cpu: float | None = None

    @abstractmethod
    def cpu(self) -> float | None:
        """The child's CPU time so far, from the kernel (see process.Child.cpu)."""

    @abstractmethod
    def _kill(self) -> None:
        """End the child and every process it started."""

    def call(self, probe: str, payload: dict, timeout: float, serve=None) -> Reply:
        """Run `probe` on `payload` in the child. While it runs, the child's call frames are answered
        by `serve`, the run's interface (a calls.Served, see grader/sandbox/calls.py); without `serve` a
        call frame is a protocol violation. `timeout` bounds the child's CPU time (its own timer) and,
        where the child made calls, the run with its answers on a clock that the machine's load does
        not move (deadline.py): the handler's work stops there. The reply's CPU time starts at the
        child's previous reply (its `idle_seconds` then are in it, and the child's limit is the rest)."""
        self.seq += 1
        cpu, started = self.cpu(), time.monotonic()
        idle = 0.0
        if cpu is not None and self._replied_cpu is not None:
            idle, cpu = max(0.0, cpu - self._replied_cpu), self._replied_cpu
        timeout = max(timeout - idle, 0.001)
        deadline = self._deadline(timeout)
        # Where the child's CPU clock cannot be read, the child's own timer counts wall time too.
        request = {"seq": self.seq, "probe": probe, "payload": payload, "timeout": timeout}
        try:
            self._send({**request, "wall": timeout if cpu is None else None}, deadline)
        except OSError:
            return self._death()
        except TimeoutError:
            self._kill()
            return Reply(protocol.TIMEOUT, error="the child did not read its request: it was killed")
        if serve is not None:
            serve.deadline = Deadline(timeout, self.waited)
        reply = self._timed(self._await(self.seq, timeout, serve, deadline), cpu, started)
        reply.idle_seconds, reply.cpu_limited = idle, cpu is not None
        return reply

    def waited(self) -> float | None:
        """The seconds the child's threads and the calling thread have waited for a processor
        (deadline.processor_waits), None where they cannot be counted."""
        return None

    def _deadline(self, timeout: float) -> Deadline:
        """When the parent kills a child that has not replied within `timeout`: a grace past it (the
        child's own timer gives the clean timeout), pushed back by the processor waits, and never past
        as much CPU time used by the child."""
        return Deadline(timeout + self.limits.grace_seconds + 0.25 * timeout, self.waited, self.cpu)

    def _timed(self, reply: Reply, cpu: float | None, started: float) -> Reply:
        """`reply` with the wall and CPU time since `started`, when the child's CPU clock read `cpu`."""
        reply.seconds = time.monotonic() - started
        # Without the kernel's clock, the parent's wall time: an upper bound, never the child's account.
        now = self.cpu()
        if cpu is not None and now is not None:
            reply.cpu_seconds = max(0.0, now - cpu)
            self._replied_cpu = now
        else:
            reply.cpu_seconds, reply.cpu_measured = reply.seconds, False
        return reply

    def _await(self, seq: int, timeout: float, serve=None, deadline: Deadline | None = None) -> Reply:
        if deadline is None:
            deadline = self._deadline(timeout)
        calls_answered = 0
        try:
            while True:
                body = self._frame(deadline)
                if not protocol.is_call(body):
                    break
                name, args = protocol.check_call(body, self.nonce, seq)
                if serve is None:  # a run that serves no name: whatever it calls, it does not serve
                    raise calls.Violation("engine.reply.not_served", name=name[:40])
                serve.charge(0)  # past the run's deadline, its next call is not answered
                self._answer(serve, name, args, seq, deadline)
                calls_answered += 1
            body = protocol.check_reply(body, self.nonce, seq)
            value = protocol.plain(body.get("value")) if body["status"] == protocol.OK else None
            reply = Reply(
                status=body["status"],
                value=value,
                error=body.get("error", "")[:4000],
                traceback=body.get("traceback", "")[:4000],
            )
            if calls_answered and reply.ok and serve.deadline.passed():  # the answers count in the limit
                reply = Reply(protocol.TIMEOUT, error="the run and the answers to its calls passed its limit")
        except TimeoutError:
            self._kill()
            reply = Reply(protocol.TIMEOUT, error="no answer before the deadline: the child was killed")
        except calls.Exhausted as exc:
            self._kill()
            reply = Reply(protocol.TIMEOUT, error=str(exc))
        except calls.Violation as exc:
            self._kill()
            reply = Reply(protocol.VIOLATION, error=exc.key, violation=(exc.key, exc.params))
        except (EOFError, BrokenPipeError):
            reply = self._death()
        except (protocol.ProtocolError, protocol.InvalidValue, ValueError, RecursionError) as exc:
            self._kill()
            reply = Reply(protocol.CRASHED, error=f"protocol violation: {str(exc)[:200]}")
        except BaseException:
            self._kill()  # the handler raised: a grader bug, the child is of no further use
            raise
        reply.calls = calls_answered
        return reply

    def _close_channel(self) -> None:
        for fd in (self._request_w, self._reply_r):
            try:
                os.close(fd)
            except OSError:
                pass

    def _frame(self, deadline: Deadline):
        (size,) = struct.unpack(">I", self._read(4, deadline))
        if size > protocol.MAX_FRAME:
            raise protocol.ProtocolError("oversized frame")
        return protocol.parse_frame(self._read(size, deadline))

    def _answer(self, serve, name: str, args, seq: int, deadline: Deadline) -> None:
        """Answer one call frame with the handler's value, or tell the child to stop."""
        try:
            answer = {"seq": seq, "answer": calls.answer(serve, name, args)}
        except calls.Stop as stop:
            answer = {"seq": seq, "stop": stop.reason}
        self._send(answer, deadline)

    def _send(self, obj, deadline: Deadline) -> None:
        """Write a frame to the child without ever blocking past the deadline (a child that stops
        reading its requests must not hang the parent)."""
        if not self._nonblocking:
            os.set_blocking(self._request_w, False)
            self._nonblocking = True
        view = memoryview(protocol.frame_bytes(obj))
        while view:
            try:
                view = view[os.write(self._request_w, view) :]
            except BlockingIOError:
                if not select.select([], [self._request_w], [], max(0.0, deadline.remaining()))[1]:
                    raise TimeoutError from None

    def _read(self, size: int, deadline: Deadline) -> bytes:
        """Read from the reply pipe; once the supervisor says the child ended, only what is left."""
        if len(self._buffer) >= size:  # the usual case for a frame's body: no system call
            data, self._buffer = self._buffer[:size], self._buffer[size:]
            return data
        if self._poller is None:  # made once per child: a round trip costs a poll and a read
            self._poller = select.poll()
            self._poller.register(self._reply_r, select.POLLIN)
            self._poller.register(self._control, select.POLLIN)
        while len(self._buffer) < size:
            remaining = 0 if self._ended else deadline.remaining()
            if remaining <= 0 and not self._ended:
                raise TimeoutError
            ready = {fd for fd, _ in self._poller.poll(remaining * 1000)}
            if self._reply_r in ready:
                chunk = os.read(self._reply_r, 1 << 16)  # a 1 MiB read buffer costs an mmap per call
                if not chunk:
                    raise EOFError
                self._buffer += chunk
            elif self._control.fileno() in ready:
                self._ended = self._control.recv(256).decode("ascii", "replace").strip() or "unknown"
                self._poller.unregister(self._control)
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
