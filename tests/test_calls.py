"""Parent-served calls (grader/sandbox/calls.py): a probe's `ask` answered by a handler in the parent,
which keeps the trace; a parent-side Stop ends the run whatever the student's code catches."""

from __future__ import annotations

import textwrap
import time

import pytest

from grader.sandbox import calls, protocol
from grader.sandbox.process import Child
from grader.sandbox.limits import Limits

PROBES = "tests.calls.probes"


class Recorder(calls.Served):
    """A handler serving "oracle": doubles numbers, records every call, stops after `allowed` calls."""

    names = frozenset({"oracle"})

    def __init__(self, allowed: int = 10**9):
        super().__init__()
        self.allowed = allowed
        self.trace = []

    def __call__(self, name, args):
        self.trace.append((name, args))
        if len(self.trace) > self.allowed:
            raise calls.Stop("budget")
        return 2 * args


class Slow(Recorder):
    """Answers after `seconds`, or works on it in steps of its budget (`charge`) until told to stop."""

    def __init__(self, seconds: float = 0.0):
        super().__init__()
        self.seconds = seconds

    def __call__(self, name, args):
        if self.seconds:
            time.sleep(self.seconds)
            return 2 * args
        while True:  # a search that never ends: only the run's budget or deadline stops it
            self.charge()


def run(source: str, probe: str = "probe_proxied", payload=None, serve=None, timeout: float = 5.0, prelude: str = ""):
    child = Child({"jeux": prelude + "\n" + textwrap.dedent(source)}, "jeux", [PROBES], Limits())
    try:
        assert child.start().ok
        return child.call(f"{PROBES}:{probe}", payload or {}, timeout, serve=serve)
    finally:
        child.close()


def test_answers_come_from_the_parent_and_the_trace_is_the_parents():
    recorder = Recorder()
    reply = run(
        """
        def f():
            return [oracle(x) for x in (1, 2, 3)] + [oracle([4, "a"]) if False else 0]
    """,
        serve=recorder,
    )
    assert reply.ok and reply.value == [2, 4, 6, 0]
    assert recorder.trace == [("oracle", 1), ("oracle", 2), ("oracle", 3)]


def test_a_stop_cannot_be_swallowed_by_except_exception_and_the_parent_knows():
    recorder = Recorder(allowed=5)
    reply = run(
        """
        def f():
            n = 0
            while True:
                try:
                    oracle(n)
                except Exception:
                    pass
                n += 1
    """,
        serve=recorder,
    )
    assert reply.status == protocol.ERROR and "Stopped" in reply.error
    assert len(recorder.trace) == 6  # the sixth call was refused, and there was no seventh


def test_a_student_catching_the_stop_still_gets_nothing_more_from_the_parent():
    recorder = Recorder(allowed=2)
    reply = run(
        """
        def f():
            got = []
            for n in range(5):
                try:
                    got.append(oracle(n))
                except BaseException:
                    got.append(None)
            return got
    """,
        serve=recorder,
    )
    assert reply.ok and reply.value == [0, 2, None, None, None]
    assert len(recorder.trace) == 5  # every call reached the parent, and each one after the budget was refused


def test_a_call_without_a_handler_is_a_protocol_violation():
    """A run that serves no name (q17's: its earlier functions run in the child) calls none: any call is the
    student's violation, said as one (`not_served`), as a name a serving run does not declare."""
    reply = run("def f():\n    return oracle(1)\n")
    assert reply.status == protocol.VIOLATION and reply.violation == ("engine.reply.not_served", {"name": "oracle"})


def test_a_call_frame_for_another_request_is_a_protocol_violation():
    reply = run("def f():\n    pass\n", probe="probe_wrong_seq", serve=Recorder())
    assert reply.status == protocol.CRASHED and "protocol violation" in reply.error


def test_a_child_flooding_call_frames_cannot_block_the_parent():
    started = time.monotonic()
    reply = run("def f():\n    pass\n", probe="probe_flood", serve=Recorder(), timeout=1.0)
    assert reply.status in (protocol.TIMEOUT, protocol.CRASHED)
    assert time.monotonic() - started < 10


def test_an_answer_arriving_after_the_childs_deadline_is_dropped_and_the_child_serves_on():
    child = Child({"jeux": "def f():\n    return oracle(1)\n"}, "jeux", [PROBES], Limits(grace_seconds=2.0))
    try:
        assert child.start().ok
        # The handler works longer than the child's own alarm: it replies "timeout" while we work.
        late = child.call(f"{PROBES}:probe_proxied", {}, 0.2, serve=Slow(0.6))
        again = child.call(f"{PROBES}:probe_proxied", {}, 5.0, serve=Recorder())
        out, err, _ = child.output()
    finally:
        child.close()
    assert late.status == protocol.TIMEOUT
    assert again.ok and again.value == 2, again
    assert "Traceback" not in out + err, err


def test_a_handler_bug_is_raised_in_the_parent_not_blamed_on_the_student():
    class Broken(Recorder):
        def __call__(self, name, args):
            raise KeyError("grader bug")

    with pytest.raises(KeyError):
        run("def f():\n    return oracle(1)\n", serve=Broken())


def test_a_name_the_run_does_not_serve_is_a_violation_and_reaches_no_handler():
    recorder = Recorder()
    reply = run(
        "def f():\n    return ask('secret', 1)\n", serve=recorder, prelude="from grader.sandbox.calls import ask"
    )
    assert reply.status == protocol.VIOLATION and reply.violation == ("engine.reply.not_served", {"name": "secret"})
    assert recorder.trace == []


def test_a_handlers_violation_kills_the_run_and_says_why():
    class Strict(Recorder):
        def __call__(self, name, args):
            if type(args) is not int:
                raise calls.Violation("test.shape", got=type(args).__name__)
            return super().__call__(name, args)

    reply = run("def f():\n    oracle(1)\n    return oracle('x')\n", serve=Strict())
    assert reply.status == protocol.VIOLATION and reply.violation == ("test.shape", {"got": "str"})


@pytest.mark.parametrize("budget", [50.0, float("inf")], ids=["budget", "deadline"])
def test_the_handlers_work_stops_at_the_runs_budget_or_deadline_as_a_timeout(budget):
    """A handler whose work never ends (a search on an arrangement with no solution) is stopped by the
    run's budget of work, or else by the run's own deadline: never past it."""
    slow = Slow()
    slow.budget = budget
    started = time.process_time()  # the handler's work: the deadline counts no wait for a processor
    reply = run("def f():\n    return oracle(1)\n", serve=slow, timeout=0.5)
    assert reply.status == protocol.TIMEOUT and "grader's work" in reply.error
    assert time.process_time() - started < 5
    assert slow.work == 51 if budget == 50.0 else slow.work > 1000


def test_in_process_serving_routes_ask_to_the_handler():
    from tests.calls import probes

    class Module:
        @staticmethod
        def f():
            return Module.oracle(21)

    recorder = Recorder()
    with calls.serving(recorder):
        assert probes.probe_proxied(Module, {}) == 42
    stopping = Recorder(allowed=0)
    with calls.serving(stopping), pytest.raises(calls.Stopped):
        probes.probe_proxied(Module, {})
    with pytest.raises(RuntimeError):
        calls.ask("oracle", 1)  # outside a run: nobody to answer


def test_game_calls_told_by_a_confined_child_keep_the_trace_and_forged_ones_are_a_violation():
    """q4, q7 and q10's final and h of the successors suivants returned are answered in the child and told
    (grader/questions/jeux/probes.py's Held): an honest search leaves the trace of one frame per call in one
    frame per expansion; a student telling a call on a state the parent never gave loses the run."""
    from grader.questions.jeux import games, probes

    game = games.comb(6)
    source = f"""
        import sys
        def bfs():
            e, depth = initial, 0
            while not final(e):
                e, depth = suivants(e)[0], depth + 1
            return depth
        def ids():
            suivants(initial)
            sys.modules["grader.sandbox.calls"].ask({probes.TOLD!r}, [0, 2])
            return 6
        """
    child = Child({"jeux": textwrap.dedent(source)}, "jeux", [probes.__name__], Limits())
    try:
        assert child.start().ok
        replies = []
        for function in ("bfs", "ids"):
            server = games.GameServer(game, 1_000, ahead=True)
            payload = {"function": function, "initial": 0, "h": False}
            replies.append((child.call(f"{probes.__name__}:probe_search", payload, 5.0, serve=server), server))
    finally:
        child.close()
    (honest, honest_server), (forged, forged_server) = replies
    # final(e0) and the six expansions are frames, the tests of the states given told with them, the last
    # one alone when the search returns: 8 frames for 13 calls.
    assert honest.ok and honest.value == 6 and honest.calls == 8
    assert honest_server.events == [(n, state) for state in range(6) for n in ("final", "suivants")] + [("final", 6)]
    # Number 2 would be a state given by a second suivants: the parent gave one state so far.
    assert forged.status == protocol.VIOLATION and forged.violation == ("jeux.served_told", {"most": probes.MAX_TOLD})
    assert forged_server.events == [("suivants", 0), ("final", 1)]
