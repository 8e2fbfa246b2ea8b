"""Parent-served calls: while a probe runs in the child, it may ask the parent for answers.

The student owns the child process, so nothing the child counts or records about the student's code
is a fact. When a question needs facts about *how* the student's code works (which states it tested,
in which order, how often), the functions the student's code calls are proxies: each call goes to the
parent, which answers it from its own model and keeps the trace itself. The only thing the child can
do is make calls (which the parent sees) or not make them (which the parent sees too).

Child side (probe modules; standard library, this module and protocol.py only):

    from grader.sandbox.calls import ask, probe

    @probe
    def probe_search(module, payload):
        module.final = lambda e: ask("final", encode(e))   # blocks until the parent answers
        return module.bfs()

  `ask(name, args)` sends `args` (plain data) and returns the parent's answer (plain data). If the
  parent refuses to go on (a call budget is exhausted, an argument is not a state...), `ask` raises
  `Stopped`, a BaseException so that a student's `except Exception` does not swallow it; the parent
  knows it stopped the run, so whatever the probe returns afterwards is judged with that knowledge.

Parent side:

    reply = child.call(probe_name, payload, timeout, serve=handler)   # grader/sandbox/process.py

  The handler is a `Served`: the run's interface. It declares the names the run serves (`names`); a
  call of any other name, or with arguments of another shape than the name's (the handler checks them
  before any work), is the student's protocol violation (`Violation`): the child is killed and the
  check is `invalid`, never an answer. `handler(name, args)` returns the answer (plain data) or raises
  `Stop(reason)`; it runs in the parent, is question code, and keeps the trace. Its work for the run is
  bounded: `budget` units (set from the model answer's work on the same case) and the run's `deadline`
  (set by the runner, a deadline.Deadline): past either it raises `Exhausted`, and the run is the student's timeout. The
  runner records nothing itself. To run the same probe in the parent on the model answer,
  `serving(handler)` routes `ask` to the handler directly.

Wire format (length-prefixed JSON frames of protocol.py, on the request/reply pipes):
  child -> parent, on the reply pipe:   {"nonce": n, "seq": s, "call": name, "args": args}
  parent -> child, on the request pipe: {"seq": s, "answer": value} or {"seq": s, "stop": reason}
  where s is the sequence number of the request being served; the request's own reply ends it.
"""

from __future__ import annotations

import abc
import contextlib
import math

from grader.sandbox import protocol
from grader.sandbox.deadline import Deadline


def probe(function):
    """Mark a function `probe(module, payload) -> plain data` as one the child may run."""
    function.is_probe = True
    return function


class Stop(Exception):
    """Raised by a parent-side handler: refuse this call and tell the child to stop the run."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Stopped(BaseException):
    """Raised by `ask` in the child when the parent refused the call."""


class Violation(Exception):
    """Raised in the parent: a call outside the run's interface (a name the run does not serve, arguments
    of another shape). `key` and `params` say it (a message of the question's family); params hold only
    what the parent wrote, or bounded excerpts of the child's values."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key, self.params = key, params


class Exhausted(Exception):
    """Raised in the parent: the work done for a run's calls passed its budget or its deadline."""


# The model answer's calls are answered in-process, the student's through the child's pipes: each of
# those is allowed this much on top of the model answer's time (measured: ~90 µs on a loaded machine,
# benchmarks/results/calls.md).
ROUND_TRIP_SECONDS = 300e-6
# The work a run's handler may always do, whatever the model answer's work on the case (small cases cost
# the model answer almost nothing; a correct answer's calls may be ordered differently).
WORK_FLOOR = 10_000


class Served(abc.ABC):
    """A run's parent-served interface: the names it serves, and the work it may do (see the module's
    docstring). A question's handler subclasses it, sets `names`, answers in `__call__` and counts its
    work with `charge`."""

    names: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self.work = 0  # units of work done for the run (a question's own unit: nodes searched)
        self.budget: float = math.inf
        self.deadline = Deadline(math.inf)  # past it the parent stops working for the run (set by the channel)

    def afford(self, model: Served, multiple: float) -> None:
        """A budget of `multiple` times the work the model answer's run did on the same case, where it was
        measured (an oracle stands in for a run without serving anything: the deadline alone bounds it)."""
        if model.work:
            self.budget = WORK_FLOOR + multiple * model.work

    def charge(self, units: int = 1) -> None:
        """Count `units` of work; Exhausted past the run's budget or its deadline."""
        self.work += units
        if self.work > self.budget:
            raise Exhausted(f"the grader's work for this run passed its budget ({self.budget:.0f})")
        if self.deadline.passed():
            raise Exhausted("the grader's work for this run reached the run's deadline")

    def reset(self) -> None:
        """Before a rerun: its work is counted anew."""
        self.work = 0

    @abc.abstractmethod
    def __call__(self, name: str, args):
        """The answer to the run's call of `name` with `args` (plain data both ways)."""


def answer(handler: Served, name: str, args):
    """The handler's answer to a call of the run; a name the run does not serve is a Violation."""
    if name not in handler.names:
        raise Violation("engine.reply.not_served", name=name[:40])
    return handler(name, args)


def _unconnected(name, args):
    raise RuntimeError("ask() outside a probe run: no parent to answer")


_server = _unconnected


def ask(name: str, args=None):
    """The parent's answer to the call `name(args)`; raises Stopped when the parent refuses it."""
    return _server(name, args)


class _Channel:
    """The child's end: call frames out on the reply pipe, answers in on the request pipe."""

    def __init__(self, request_fd: int, reply_fd: int, nonce: str):
        self.request_fd, self.reply_fd, self.nonce = request_fd, reply_fd, nonce
        self.seq = 0

    def __call__(self, name, args):
        protocol.write_frame(self.reply_fd, {"nonce": self.nonce, "seq": self.seq, "call": name, "args": args})
        answer = protocol.read_frame(self.request_fd)
        if type(answer) is not dict or answer.get("seq") != self.seq:
            raise protocol.ProtocolError("answer to another request")
        if "stop" in answer:
            raise Stopped(answer["stop"])
        return answer["answer"]


def connect(request_fd: int, reply_fd: int, nonce: str) -> _Channel:
    """Child start-up: route `ask` through the protocol's pipes. Set `.seq` before each request."""
    global _server
    _server = _Channel(request_fd, reply_fd, nonce)
    return _server


@contextlib.contextmanager
def serving(handler):
    """Parent side, in-process: `ask` calls `handler` directly (a probe run on the model answer)."""

    def direct(name, args):
        try:
            return answer(handler, name, args)
        except Stop as stop:
            raise Stopped(stop.reason) from None

    with asking(direct):
        yield


@contextlib.contextmanager
def asking(server):
    """`ask` answered by `server(name, args)` while it lasts (a probe run on the model answer, the
    in-process child's own answers), then as before."""
    global _server
    previous, _server = _server, server
    try:
        yield
    finally:
        _server = previous
