"""The in-process child: the child interface of process.Child (start, call, names, alive, close, output,
describe...) with the student's module run in this very process: no fork, no pipe, no sandbox.

It is NOT a security boundary: the student's code runs with the grader's rights, can read and change
everything in this process (the judge's objects included) and the files the grader can reach. It is used
only where that costs nothing to anyone but the student: in the browser's self-check, inside the
student's own Web Worker, which shares nothing with the judge's (grader/sandbox/remote.py drives it with
the protocol's frames); the notebook cell of that self-check, whose verdict says it is the student's to
change (grader/notebookcheck.py); and the unit tests of judges, chosen by
`Limits(inprocess=True)` (grader/sandbox/runner.py) as pytest's `runpytest` chooses `inprocess` or
`subprocess`. Never `grader grade`'s: its limits are built without it, and it refuses a
child whose files are not confined unless told `--unsafe` (grader/cli.py).

What it keeps of a child, so that the same cases get the same verdicts as on the confined paths:
- the student's module imported fresh for each child (a question, or after a fatal reply): its globals
  and the modules of its folder are dropped from `sys.modules` when the child is closed;
- every value crosses the protocol's frames as on the pipes (`protocol.frame_bytes`, `parse_frame`):
  the probe's reply, a served call's arguments and its answer (tuples become lists, strings are made
  representable), and the reply is checked as the parent checks it;
- parent-served calls answered directly (grader/sandbox/calls.py); a violation, an exhausted budget or
  a grader's error ends the run as on the pipes (the student's code may catch nothing of it: the run's
  reply is decided here, whatever the student's code does after);
- a time limit per call (`limited`), whose exception is raised again while the student's code goes on
  (an `except BaseException` does not hold it off): on CPython's main thread the process's CPU time
  (ITIMER_PROF, as the confined child's own timer), with the `timeout-decorator` library's signal mode
  (SIGALRM) as a wall-clock backstop for a call that spends no CPU; on another thread of CPython, an
  asynchronous exception from a timer thread; in Pyodide (no signal, no thread), `sys.monitoring` on the
  student's code alone (a loop's jump or a call of the student's past the deadline), and the judge's
  interrupt or the end of the student's worker as well (grader/sandbox/remote.py); the asynchronous
  exception leaves nothing pending once the call is over (`received_last_word`);
- memory: on Linux, the address space of this process bounded during a call to what it held before
  plus `Limits.memory_bytes` (RLIMIT_AS, given back after the call); in Pyodide, the WebAssembly heap's
  own maximum (4 GiB: a 32-bit address space, or less where the browser refuses to grow it), past which
  an allocation is a MemoryError;
- the recursion limit of the confined child, and the student's prints captured (capped as on the pipes),
  standard input empty.
What it does not keep: the student's working folder is not the current one (a file the student's code
opens by a relative name is looked up in the grader's), a third-party package the grader has already
imported (numpy on a teacher's checkout) can be imported by the student's code, and a thread the student's
code starts is not stopped with the call (no process is killed): it runs on beside the next checks, sharing
this process's time, until it ends or the process does.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import secrets
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grader.sandbox import calls, child, protocol
from grader.sandbox.deadline import MAX_STRETCH, Deadline, processor_waits
from grader.sandbox.limits import Limits, Reply
from grader.sandbox.process import Child
from grader.text.message import Message
from grader.text.terminal import escaped

# sys.monitoring's tool id for the time limit (PEP 669 reserves 0-2 and 5 for debuggers, coverage and
# profilers).
MONITORING_TOOL = 3  # sys.monitoring's tool ids 0-5; 3 is free by convention (PEP 669: 0-2, 5 are taken)


def _cpu_clock() -> float | None:
    """This thread's CPU time, where the platform has a clock of it (Pyodide has none)."""
    clock = getattr(time, "thread_time", None)
    return clock() if clock is not None else None


class _Ended(BaseException):
    """Raised into the student's code once the run's reply is decided here (a violation, an exhausted
    budget): it unwinds the student's frames, and catching it changes nothing."""


class _Stream(io.TextIOBase):
    """A captured output stream: the first `cap` characters kept, the rest counted."""

    def __init__(self, cap: int):
        self.cap, self.kept, self.dropped = cap, io.StringIO(), 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = self.cap - self.kept.tell()
        self.kept.write(text[: max(0, room)])
        self.dropped += max(0, len(text) - max(0, room))
        return len(text)

    def text(self) -> str:
        return escaped(self.kept.getvalue())


def as_sent(obj):
    """`obj` as the other end of the pipes reads it: a protocol frame written, then parsed."""
    return protocol.parse_frame(protocol.frame_bytes(obj)[4:])


# -- time limits ------------------------------------------------------------------------------------
def _student_code(filename: str, folder: str) -> bool:
    return filename.startswith(folder)


def signal_limited(seconds: float, function: Callable, folder: str):
    """`function()` held to `seconds` of this process's CPU time (ITIMER_PROF, SIGPROF: what a loaded machine
    keeps it waiting for a processor does not count, as the confined child's own timer), with
    timeout-decorator's signal mode (SIGALRM) at deadline.MAX_STRETCH times `seconds` of wall time as the
    backstop of a call that spends no CPU (a sleep). Each re-armed every 50 ms once it fired, so that a
    student's `except BaseException` cannot hold the limit off."""
    import signal

    import timeout_decorator

    armed = [True]

    def expired():
        if armed[0]:
            signal.setitimer(signal.ITIMER_REAL, 0.05)
        return protocol.TimeLimit()

    def spent(signum, frame):
        if armed[0]:
            signal.setitimer(signal.ITIMER_PROF, 0.05)
        raise protocol.TimeLimit

    before = signal.signal(signal.SIGPROF, spent)
    signal.setitimer(signal.ITIMER_PROF, max(seconds, 0.001))
    try:
        backstop = max(seconds, 0.001) * MAX_STRETCH
        return timeout_decorator.timeout(backstop, use_signals=True, timeout_exception=expired)(function)()
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, before)


def _monitoring() -> Any:
    return sys.monitoring  # type: ignore[attr-defined]  # (Python >= 3.12)


class Watch:
    """sys.monitoring on the student's code (Python >= 3.12): past its deadline, the limit's exception at
    each of the student's loop jumps and calls, so that an `except BaseException` that loops on is stopped
    again at its next jump. The grader's code is not watched (its events are disabled at their first sight).
    `expire()` moves the deadline to now (the judge's interrupt, grader/sandbox/remote.py)."""

    def __init__(self, folder: str, seconds: float):
        self.folder, self.deadline = folder, time.monotonic() + seconds

    def _seen(self, code, *_):
        monitoring = _monitoring()
        if not _student_code(code.co_filename, self.folder):
            return monitoring.DISABLE
        if time.monotonic() > self.deadline:
            raise protocol.TimeLimit
        return None

    def __enter__(self) -> Watch:
        monitoring = _monitoring()
        if monitoring.get_tool(MONITORING_TOOL) is None:
            monitoring.use_tool_id(MONITORING_TOOL, "taquin-grader")
        for event in (monitoring.events.JUMP, monitoring.events.PY_START):
            monitoring.register_callback(MONITORING_TOOL, event, self._seen)
        if self.deadline != math.inf:
            self._watch()
        return self

    def _watch(self) -> None:
        monitoring = _monitoring()
        monitoring.set_events(MONITORING_TOOL, monitoring.events.JUMP | monitoring.events.PY_START)

    def expire(self) -> None:
        self.deadline = time.monotonic()
        self._watch()

    def __exit__(self, *exc) -> None:
        _monitoring().set_events(MONITORING_TOOL, 0)


def monitoring_limited(seconds: float, function: Callable, folder: str):
    """`function()`, with the limit's exception raised in the student's code past `seconds` (Watch)."""
    with Watch(folder, seconds):
        return function()


def watchdog_limited(seconds: float, function: Callable, folder: str):
    """`function()`, with the limit's exception sent to this thread past `seconds`, and every 50 ms after
    while the call goes on (CPython's asynchronous exception, from a timer thread: a thread other than the
    main one has no signal)."""
    import ctypes

    thread = ctypes.c_ulong(threading.get_ident())
    done = threading.Event()

    def expire():
        while not done.is_set():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, ctypes.py_object(protocol.TimeLimit))
            done.wait(0.05)

    timer = threading.Timer(max(seconds, 0.001), expire)
    timer.daemon = True
    timer.start()
    try:
        return function()
    finally:
        done.set()
        timer.cancel()
        timer.join()
        received_last_word(thread)  # one sent as the call ended is replaced, and the pending flag cleared


class _LastWord(BaseException):
    """The harmless asynchronous exception that `received_last_word` sends to its own thread."""


def received_last_word(thread) -> None:
    """Send this thread a harmless asynchronous exception and receive it here. CPython before 3.13 keeps one
    flag per interpreter saying an asynchronous exception is pending, cleared only when a thread receives
    one: withdrawing one (`PyThreadState_SetAsyncExc(thread, NULL)`, which sets the flag again) or sending
    one to a thread that ends first leaves it set for good, and 3.11's eval loop, while a tracer is set (the
    taquin's probes watch the student's tente_* under sys.settrace), then loops forever at the start of the
    next function called. Replacing any exception still pending with this one, received at once, leaves
    the flag as it was before the call."""
    import ctypes

    try:  # received at the eval loop's next look: after the call, or at the loop's jump back
        ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, ctypes.py_object(_LastWord))
        while True:
            pass
    except _LastWord:
        pass


def default_limited() -> Callable:
    """The time limit this thread can have (see the module's doc)."""
    if sys.platform == "emscripten":
        return monitoring_limited
    main = threading.current_thread() is threading.main_thread()
    return signal_limited if main and hasattr(__import__("signal"), "setitimer") else watchdog_limited


@contextlib.contextmanager
def memory_limited(limits: Limits):
    """This process's address space bounded to what it holds now plus the child's memory (Linux)."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):  # no rlimits or no /proc: the platform's own bound
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    bound = held + limits.memory_bytes
    if hard != resource.RLIM_INFINITY:
        bound = min(bound, hard)
    resource.setrlimit(resource.RLIMIT_AS, (bound, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


class InProcessChild(Child):
    """A child run in this process (see the module's doc)."""

    confinable = False
    # How a call is held to its limit: `limited(seconds, function, folder)`. The student's Web Worker
    # sets its own (grader/sandbox/remote.py's WorkerLimit: the judge's interrupt as well).
    limited: Callable | None = None

    def __init__(
        self,
        sources: dict[str, str],
        module_name: str,
        probe_modules: list[str],
        limits: Limits,
        cells: tuple[tuple[int, int], ...] = (),
        root: Path | None = None,
    ):
        """`cells`: the module's notebook cells (process.Child's); `root`: the (new) folder to hold the
        student's files, a temporary one by default (the student's Web Worker is given the one its judge
        named, grader/sandbox/remote.py)."""
        self.module_name, self.limits, self.cells = module_name, limits, cells
        self.nonce = secrets.token_hex(16)
        self.seq = 0
        if root is not None:
            root.mkdir(mode=0o700)
        self._root: Path | None = root if root is not None else Path(tempfile.mkdtemp(prefix="taquin-grader-"))
        self.workdir = self._root / "work"
        self.workdir.mkdir(mode=0o700)
        for name, text in sources.items():
            (self.workdir / f"{name}.py").write_text(text, encoding="utf-8")
        self.source = self.workdir / f"{module_name}.py"
        self.probe_modules = probe_modules
        self.names: list[str] = []
        self.failed_cells: list[protocol.FailedCell] = []
        self.layers: dict = {"in_process": True}
        self.pid = None
        self._module = None
        self._probes: dict = {}
        self._open = False
        self._out = _Stream(limits.output_bytes)
        self._err = _Stream(limits.output_bytes)
        self._cpu = 0.0

    # -- the child interface ------------------------------------------------------------------------
    def start(self) -> Reply:
        self._probes = child.load_probes(self.probe_modules)
        self._open = True

        def do_import():
            self._module, failed = child.load_student(str(self.source), self.module_name, self.cells)
            return child.imported(self._module, failed)

        self._forget_modules()
        reply = self._run(0, do_import, self.limits.import_seconds)
        if reply.ok:
            self.names, self.failed_cells = protocol.imported(reply.value)
        else:
            self._open = False  # as a confined child exits after a failed import
        return reply

    def call(self, probe: str, payload: dict, timeout: float, serve=None) -> Reply:
        self.seq += 1
        function, sent = self._probes[probe], as_sent(payload)
        return self._run(self.seq, lambda: function(self._module, sent), timeout, serve)

    @property
    def alive(self) -> bool:
        return self._open

    def cpu(self) -> float | None:
        return self._cpu

    def close(self) -> None:
        self._open = False
        self._forget_modules()
        self._module = None
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
            self._root = None

    def output(self) -> tuple[str, str, int]:
        return self._out.text(), self._err.text(), self._out.dropped + self._err.dropped

    def describe(self) -> list[Message]:
        return [Message("isolation.in_process")]

    def files_confined(self) -> bool:
        return False

    # -- internals ----------------------------------------------------------------------------------
    def _forget_modules(self) -> None:
        """The student's modules (this child's folder) out of `sys.modules`: the next import is fresh."""
        for name in [*(p.stem for p in self.workdir.glob("*.py")), self.module_name]:
            sys.modules.pop(name, None)

    def _run(self, seq: int, function: Callable, timeout: float, serve=None) -> Reply:
        """Run `function` as the child runs a request: its reply body, sent and checked as on the pipes."""
        if not self._open:
            return Reply(protocol.CRASHED, error="the reply channel was closed")
        # The deadline a handler's work stops at, pushed back by what this thread (the student's code and the
        # handler's) waited for a processor, as the pipes' is (channel.py): a loaded machine does not move it.
        if serve is not None:
            serve.deadline = Deadline(
                timeout + self.limits.grace_seconds + 0.25 * timeout, lambda: processor_waits(None)
            )
        run = _Run(self, seq, serve)
        limited = self.limited or default_limited()
        folder = str(self.workdir)
        started, cpu = time.monotonic(), _cpu_clock()
        with run.routed(), memory_limited(self.limits):
            body = child.run(lambda: limited(timeout, function, folder), str(self.source))
        seconds = time.monotonic() - started
        if run.decided is not None:
            reply = run.decided
            if reply.status != protocol.OK:
                self._open = False  # the confined child is killed
        else:
            try:
                checked = protocol.check_reply(as_sent({"nonce": self.nonce, "seq": seq, **body}), self.nonce, seq)
            except (protocol.ProtocolError, ValueError, RecursionError) as exc:
                self._open = False
                checked = {"status": protocol.CRASHED, "error": f"protocol violation: {str(exc)[:200]}"}
            reply = Reply(
                status=checked["status"],
                value=protocol.plain(checked.get("value")) if checked["status"] == protocol.OK else None,
                error=checked.get("error", "")[:4000],
                traceback=checked.get("traceback", "")[:4000],
            )
        if run.raised is not None:
            raise run.raised  # the grader's own error while answering a served call
        reply.seconds, reply.calls = seconds, run.answered
        reply.cpu_limited = limited is signal_limited  # its rerun then gets the same limit (session.rerun_limit)
        # The student's CPU time: this thread's during the call, less the handler's (the parent's work on
        # the pipes); without a thread clock, the wall time less the handler's (an upper bound).
        now = _cpu_clock()
        if cpu is not None and now is not None:
            reply.cpu_seconds = max(0.0, now - cpu - run.serving)
        else:
            reply.cpu_seconds, reply.cpu_measured = max(0.0, seconds - run.serving_wall), False
        self._cpu += reply.cpu_seconds
        return reply


class _Run:
    """One request's run: its served calls answered directly, what the parent decided of it."""

    def __init__(self, owner: InProcessChild, seq: int, serve):
        self.owner, self.seq, self.serve = owner, seq, serve
        self.decided: Reply | None = None  # a reply the parent decided (the child's own no longer counts)
        self.raised: BaseException | None = None
        self.answered = 0
        self.serving = 0.0  # CPU seconds spent in the handler (the parent's, not the child's)
        self.serving_wall = 0.0

    @contextlib.contextmanager
    def routed(self):
        owner = self.owner
        saved = (sys.stdout, sys.stderr, sys.stdin, sys.getrecursionlimit(), list(sys.path))
        sys.stdout, sys.stderr, sys.stdin = owner._out, owner._err, io.StringIO()
        sys.setrecursionlimit(child.RECURSION_LIMIT)
        sys.path.insert(0, str(owner.workdir))  # the student's own helper modules
        try:
            with calls.asking(self.ask):
                yield
        finally:
            sys.stdout, sys.stderr, sys.stdin, limit, sys.path[:] = saved
            sys.setrecursionlimit(limit)

    def ask(self, name, args):
        """A served call of the student's run, answered as the parent answers it on the pipes."""
        if self.decided is not None or self.raised is not None:
            raise _Ended
        started, cpu = time.monotonic(), _cpu_clock()
        try:
            name, args = protocol.check_call(
                as_sent({"nonce": self.owner.nonce, "seq": self.seq, "call": name, "args": args}),
                self.owner.nonce,
                self.seq,
            )
            if self.serve is None:
                raise calls.Violation("engine.reply.not_served", name=name[:40])
            try:
                answer = as_sent({"answer": calls.answer(self.serve, name, args)})["answer"]
            except calls.Stop as stop:
                raise calls.Stopped(stop.reason) from None
            self.answered += 1
            return answer
        except calls.Exhausted as exc:
            self.decided = Reply(protocol.TIMEOUT, error=str(exc))
        except calls.Violation as exc:
            self.decided = Reply(protocol.VIOLATION, error=exc.key, violation=(exc.key, exc.params))
        except (protocol.ProtocolError, protocol.InvalidValue, ValueError, RecursionError) as exc:
            self.decided = Reply(protocol.CRASHED, error=f"protocol violation: {str(exc)[:200]}")
        except calls.Stopped:
            raise
        except Exception as exc:  # noqa: BLE001 - the handler's own error: the grader's, raised after the run
            self.raised = exc
        finally:
            now = _cpu_clock()
            self.serving += now - cpu if now is not None and cpu is not None else 0.0
            self.serving_wall += time.monotonic() - started
        raise _Ended
