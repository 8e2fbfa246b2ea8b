"""A child at the other end of a message channel: the browser's self-check runs the student's module in a
Web Worker of its own (its own Pyodide), apart from the judge's worker, and the two exchange the
protocol's frames (grader/sandbox/protocol.py) as the parent and the confined child do over their pipes.

- The judge's end, `RemoteChild`: the child interface (start, call, close, output...) over a `Link` (the
  student's worker as the judge's worker sees it: grader/web/worker.js). It keeps what the parent keeps:
  the nonce and sequence numbers, every reply and call frame checked (`check_reply`, `check_call`),
  parent-served calls answered by the run's handler here (a violation or an exhausted budget decided
  here, whatever the student's worker says after), the time measured here, and the student's worker
  ended past a call's deadline (then started again for the next child).
- The student's end, `FrameServer`: the in-process child (grader/sandbox/inprocess.py) driven by those
  frames, with its own time limit (`WorkerLimit`: sys.monitoring, or the judge's interrupt where the page
  is cross-origin isolated). Everything in that worker belongs to the student's code: nothing there is
  trusted, and nothing of the judge's (its cases' expectations, the oracles' values, the verdicts) is
  ever sent there: only the probe's name, its payload, the served calls' answers.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from grader.sandbox import calls, protocol
from grader.sandbox.inprocess import InProcessChild, Watch
from grader.sandbox.deadline import Deadline
from grader.sandbox.limits import Limits, Reply
from grader.sandbox.process import Child
from grader.text.message import Message

# The sequence number of the frame that closes a child (its reply: the student's prints).
CLOSE_SEQ = -2
# How long the closing reply (the student's prints, each stream within its cap) may take.
OUTPUT_SECONDS = 5.0


class Link(Protocol):
    """The student's worker as the judge sees it (grader/web/worker.js's `Student`, or a test's)."""

    @property
    def alive(self) -> bool: ...

    def send(self, text: str) -> None: ...

    def receive(self, limit: float, deadline: float) -> str:
        """The worker's next message (a frame's text; anything else arrives as text that is no frame).
        At `limit` seconds, the worker's Python is interrupted where it can be; at `deadline`, the worker
        is ended and TimeoutError raised. EOFError: the worker died."""
        ...

    def end(self) -> None: ...

    def restart(self) -> None:
        """A new worker in place of this one (ended, or that served some files), ready to serve."""
        ...


class RemoteChild(Child):
    """The judge's end (see the module's doc). `link`: the student's worker, set by the judge's worker."""

    confinable = False
    link: Link | None = None

    def __init__(self, sources: dict[str, str], module_name: str, probe_modules: list[str], limits: Limits, cells=()):
        self.sources, self.module_name, self.probe_modules, self.limits = sources, module_name, probe_modules, limits
        self.cells = cells
        self.nonce = secrets.token_hex(16)
        self.seq = 0
        # The student's folder in the student's worker (named here: error texts are cleaned of it).
        self.root = Path(f"/tmp/taquin-grader-{self.nonce}")
        self.workdir = self.root / "work"
        self.names: list[str] = []
        self.failed_cells: list[protocol.FailedCell] = []
        self.layers: dict = {"web_worker": True}
        self.pid = None
        self._open = False
        self._cpu = 0.0
        self._output: tuple[str, str, int] = ("", "", 0)

    def _link(self) -> Link:
        assert self.link is not None  # chosen by grader/sandbox/runner.py only once the judge set it
        return self.link

    # -- the child interface ------------------------------------------------------------------------
    def start(self) -> Reply:
        link = self._link()
        if not link.alive:
            link.restart()
        self._open = True
        start = {
            "sources": self.sources,
            "module_name": self.module_name,
            "cells": [list(cell) for cell in self.cells],
            "probe_modules": self.probe_modules,
            "limits": self.limits.as_dict(),
            "root": str(self.root),
        }
        reply = self._exchange(0, {"start": start}, self.limits.import_seconds)
        if reply.ok:
            self.names, self.failed_cells = protocol.imported(reply.value)
        else:
            self._open = False
        return reply

    def call(self, probe: str, payload: dict, timeout: float, serve=None) -> Reply:
        self.seq += 1
        request = {"probe": probe, "payload": payload, "timeout": timeout, "served": serve is not None}
        return self._exchange(self.seq, request, timeout, serve)

    @property
    def alive(self) -> bool:
        return self._open and self._link().alive

    def cpu(self) -> float | None:
        return self._cpu

    def close(self) -> None:
        """The student's module forgotten in its worker; its prints kept (bounded, checked as text)."""
        if self.alive:
            reply = self._exchange(CLOSE_SEQ, {"close": True}, OUTPUT_SECONDS)
            value = reply.value if reply.ok and isinstance(reply.value, dict) else {}
            out, err, dropped = value.get("out"), value.get("err"), value.get("dropped")
            cap = self.limits.output_bytes
            if isinstance(out, str) and isinstance(err, str) and type(dropped) is int:
                self._output = (out[:cap], err[:cap], max(0, dropped))
        self._open = False

    def output(self) -> tuple[str, str, int]:
        return self._output

    def describe(self) -> list[Message]:
        return [Message("isolation.web_worker")]

    def files_confined(self) -> bool:
        return False

    # -- internals ----------------------------------------------------------------------------------
    def _exchange(self, seq: int, request: dict, timeout: float, serve=None) -> Reply:
        """Send one request and await its reply, answering the run's served calls meanwhile (as
        process.Child._await does on the pipes)."""
        if not self._open:
            return Reply(protocol.CRASHED, error="the reply channel was closed")
        started = time.monotonic()
        limit, deadline = started + timeout, started + timeout + self.limits.grace_seconds + 0.25 * timeout
        if serve is not None:
            serve.deadline = Deadline(deadline - started)
        run = _Exchange(self, seq, serve, limit, deadline)
        try:
            reply = run.reply(request)
        except TimeoutError:
            self._open = False  # the link ended the worker
            reply = Reply(protocol.TIMEOUT, error="no answer before the deadline: the student's worker was ended")
        except EOFError:  # in the browser, a worker dies of its memory (WebAssembly's heap)
            self._open = False
            reply = Reply(protocol.MEMORY, error="the student's worker died")
        except (protocol.ProtocolError, protocol.InvalidValue, ValueError, RecursionError) as exc:
            self._end()
            reply = Reply(protocol.CRASHED, error=f"protocol violation: {str(exc)[:200]}")
        except BaseException:
            self._end()  # the handler raised: a grader bug, the worker is of no further use
            raise
        if run.decided is not None:
            reply = run.decided
        if not reply.ok and seq != CLOSE_SEQ and (run.decided is not None or seq == 0):
            self._open = False  # as the confined child is killed (its module imported anew by the next)
        # No CPU clock in the browser: the wall time here, less the handler's (an upper bound).
        reply.seconds = time.monotonic() - started
        reply.cpu_seconds, reply.cpu_measured = max(0.0, reply.seconds - run.serving), False
        reply.calls = run.answered
        self._cpu += reply.cpu_seconds
        return reply

    def _end(self) -> None:
        self._link().end()
        self._open = False

    def _post(self, obj) -> None:
        self._link().send(protocol.frame_bytes(obj)[4:].decode("ascii"))

    def _next(self, limit: float, deadline: float):
        now = time.monotonic()
        text = self._link().receive(max(0.0, limit - now), max(0.0, deadline - now))
        if not isinstance(text, str) or len(text) > protocol.MAX_FRAME:
            raise protocol.ProtocolError("a message that is no frame")
        return protocol.parse_frame(text.encode("utf-8"))


class _Exchange:
    """One request's round trip on the judge's side: its served calls, what the judge decided of it."""

    def __init__(self, owner: RemoteChild, seq: int, serve, limit: float, deadline: float):
        self.owner, self.seq, self.serve, self.limit, self.deadline = owner, seq, serve, limit, deadline
        self.decided: Reply | None = None  # decided here: the student's worker's own reply no longer counts
        self.answered = 0
        self.serving = 0.0

    def reply(self, request: dict) -> Reply:
        owner = self.owner
        owner._post({"nonce": owner.nonce, "seq": self.seq, **request})
        while True:
            body = owner._next(self.limit, self.deadline)
            if not protocol.is_call(body):
                break
            name, args = protocol.check_call(body, owner.nonce, self.seq)
            owner._post({"seq": self.seq, **self._answer(name, args)})
        body = protocol.check_reply(body, owner.nonce, self.seq)
        return Reply(
            status=body["status"],
            value=protocol.plain(body.get("value")) if body["status"] == protocol.OK else None,
            error=body.get("error", "")[:4000],
            traceback=body.get("traceback", "")[:4000],
        )

    def _answer(self, name: str, args) -> dict:
        """The handler's answer, a stop, or (the run decided here) the end of the run."""
        if self.decided is not None:
            return {"ended": True}
        started = time.monotonic()
        try:
            if self.serve is None:
                raise calls.Violation("engine.reply.not_served", name=name[:40])
            answer = {"answer": calls.answer(self.serve, name, args)}
            self.answered += 1
            return answer
        except calls.Stop as stop:
            return {"stop": stop.reason}
        except calls.Exhausted as exc:
            self.decided = Reply(protocol.TIMEOUT, error=str(exc))
        except calls.Violation as exc:
            self.decided = Reply(protocol.VIOLATION, error=exc.key, violation=(exc.key, exc.params))
        finally:
            self.serving += time.monotonic() - started
        return {"ended": True}


# -- the student's end ------------------------------------------------------------------------------
class _Judged(calls.Served):
    """A run's served calls in the student's worker: each asked of the judge, which alone knows the run's
    interface and decides (every name goes there: a call it does not serve is its violation)."""

    class _AnyName(frozenset):
        def __contains__(self, name: object) -> bool:
            return True

    names = _AnyName()

    def __init__(self, server: FrameServer, seq: int):
        super().__init__()
        self.server, self.seq = server, seq

    def __call__(self, name: str, args):
        frame = {"nonce": self.server.nonce, "seq": self.seq, "call": name, "args": args}
        answer = protocol.parse_frame(self.server.ask(protocol.frame_bytes(frame)[4:].decode("ascii")).encode())
        if type(answer) is not dict or answer.get("seq") != self.seq:
            raise protocol.ProtocolError("answer to another request")
        if "stop" in answer:
            raise calls.Stop(answer["stop"])
        if "ended" in answer:
            raise calls.Exhausted("the judge ended the run")
        return answer["answer"]


class FrameServer:
    """The student's worker's end (see the module's doc): `handle(request)` -> the reply's text. `ask(text)`
    sends a call frame to the judge and returns its answer (blocking: Pyodide's run_sync in the worker)."""

    def __init__(self, ask: Callable[[str], str]):
        self.ask = ask
        self.nonce = ""
        self.child: InProcessChild | None = None

    def handle(self, text: str) -> str:
        request = protocol.parse_frame(text.encode("utf-8"))
        seq = request["seq"]
        if "start" in request:
            self._forget()
            self.nonce = request["nonce"]
            given = request["start"]
            self.child = InProcessChild(
                given["sources"],
                given["module_name"],
                given["probe_modules"],
                Limits(**given["limits"]),
                given["cells"],
                root=Path(given["root"]),
            )
            reply = self.child.start()
        elif self.child is None:
            reply = Reply(protocol.CRASHED, error="no module imported")
        elif "close" in request:
            out, err, dropped = self.child.output()
            self._forget()
            reply = Reply(protocol.OK, value={"out": out, "err": err, "dropped": dropped})
        else:
            serve = _Judged(self, seq) if request["served"] else None
            reply = self.child.call(request["probe"], request["payload"], request["timeout"], serve)
        body: dict[str, object] = {"status": reply.status, "error": reply.error, "traceback": reply.traceback}
        if reply.ok:
            body["value"] = reply.value
        return protocol.frame_bytes({"nonce": self.nonce, "seq": seq, **body})[4:].decode("ascii")

    def _forget(self) -> None:
        if self.child is not None:
            self.child.close()
            self.child = None


class WorkerLimit:
    """`InProcessChild.limited` in the student's worker: sys.monitoring on the student's code past the
    call's limit, or, where the judge can interrupt this worker (its interrupt buffer: a SIGINT), from
    the interrupt on (`interrupted`). A `time.sleep` is a wait that the limit can end (`_waiting`). Code
    that neither stops (a loop inside C)
    is the judge's to end: it ends the worker at the call's deadline."""

    watch: Watch | None = None  # the student's call under way (interrupt mode): a SIGINT now is its limit

    def __init__(self, interrupt: bool):
        self.interrupt = interrupt

    def __call__(self, seconds: float, function: Callable, folder: str):
        sleep = time.sleep
        try:
            with Watch(folder, math.inf if self.interrupt else seconds) as watch:
                WorkerLimit.watch = watch
                time.sleep = _waiting(watch)  # type: ignore[assignment]  # (seconds as a float)
                return function()
        finally:
            time.sleep = sleep
            WorkerLimit.watch = None

    @staticmethod
    def interrupted(signum, frame):
        """The judge's interrupt: the limit of the student's call under way, raised now if the student's code
        is running and at each of its next jumps (Watch); none under way, nothing (an interrupt may come as
        a call ends). Raised elsewhere (Pyodide's event loop resuming a served call's wait), it would unwind
        that loop instead of the student's call."""
        watch = WorkerLimit.watch
        if watch is not None:
            watch.expire()
            if frame is not None and frame.f_code.co_filename.startswith(watch.folder):
                raise protocol.TimeLimit


def _waiting(watch: Watch) -> Callable[[float], None]:
    """`time.sleep` for the student's call: a wait in Python, which the limit ends (in the student's worker,
    Pyodide's own sleep either blocks in WebAssembly or, entered as this worker's code is, suspends to the
    event loop: neither the interrupt nor sys.monitoring reaches it)."""

    def wait(seconds: float) -> None:
        end = time.monotonic() + seconds
        while (now := time.monotonic()) < end:
            if now > watch.deadline:
                raise protocol.TimeLimit

    return wait


def serve_in_worker(ask_js, interrupt: bool) -> FrameServer:
    """The student's worker's start (grader/web/student.js): its time limit, and a server whose served
    calls wait for the judge's answer (`ask_js(text)`: a promise of it) with Pyodide's run_sync."""
    import signal

    from pyodide.ffi import run_sync  # (only in Pyodide)

    InProcessChild.limited = WorkerLimit(interrupt)
    if interrupt:
        signal.signal(signal.SIGINT, WorkerLimit.interrupted)
    return FrameServer(lambda text: run_sync(ask_js(text)))


class WorkerLink:
    """The judge's `Link` in Pyodide: the JavaScript `Student` of grader/web/worker.js, waited for with
    run_sync (the judge's Python is entered with `callPromising`)."""

    def __init__(self, student):
        self.student = student

    @property
    def alive(self) -> bool:
        return bool(self.student.alive)

    def send(self, text: str) -> None:
        self.student.send(text)

    def receive(self, limit: float, deadline: float) -> str:
        from pyodide.ffi import run_sync  # (only in Pyodide)

        text = run_sync(self.student.receive(1000 * limit, 1000 * deadline))
        if text is None:
            why = self.student.why
            if why == "timeout":
                raise TimeoutError
            if why == "died":
                raise EOFError
            raise protocol.ProtocolError("the student's worker sent more than it was asked")
        return text

    def end(self) -> None:
        self.student.end()

    def restart(self) -> None:
        from pyodide.ffi import run_sync  # (only in Pyodide)

        run_sync(self.student.restart())
