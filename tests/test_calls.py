"""Parent-served calls (grader/sandbox/calls.py): a probe's `ask` answered by a handler in the parent,
which keeps the trace; a parent-side Stop ends the run whatever the student's code catches."""

from __future__ import annotations

import textwrap
import time

import pytest

from grader.sandbox import calls, protocol
from grader.sandbox.runner import Child, Limits

PROBES = "tests.calls.probes"


class Recorder:
    """A handler: doubles numbers, records every call, stops after `budget` calls."""

    def __init__(self, budget: int = 10**9):
        self.budget = budget
        self.trace = []

    def __call__(self, name, args):
        self.trace.append((name, args))
        if len(self.trace) > self.budget:
            raise calls.Stop("budget")
        return 2 * args


def run(source: str, probe: str = "probe_proxied", payload=None, serve=None, timeout: float = 5.0):
    child = Child({"jeux": textwrap.dedent(source)}, "jeux", [PROBES], Limits())
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
    recorder = Recorder(budget=5)
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
    recorder = Recorder(budget=2)
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
    reply = run("def f():\n    return oracle(1)\n")
    assert reply.status == protocol.CRASHED and "protocol violation" in reply.error


def test_a_call_frame_for_another_request_is_a_protocol_violation():
    reply = run("def f():\n    pass\n", probe="probe_wrong_seq", serve=Recorder())
    assert reply.status == protocol.CRASHED and "protocol violation" in reply.error


def test_a_child_flooding_call_frames_cannot_block_the_parent():
    started = time.monotonic()
    reply = run("def f():\n    pass\n", probe="probe_flood", serve=Recorder(), timeout=1.0)
    assert reply.status in (protocol.TIMEOUT, protocol.CRASHED)
    assert time.monotonic() - started < 10


def test_an_answer_arriving_after_the_childs_deadline_is_dropped_and_the_child_serves_on():
    def slow(name, args):
        time.sleep(0.6)  # longer than the child's own alarm: it replies "timeout" while we work
        return 2 * args

    child = Child({"jeux": "def f():\n    return oracle(1)\n"}, "jeux", [PROBES], Limits(grace_seconds=2.0))
    try:
        assert child.start().ok
        late = child.call(f"{PROBES}:probe_proxied", {}, 0.2, serve=slow)
        again = child.call(f"{PROBES}:probe_proxied", {}, 5.0, serve=Recorder())
        out, err, _ = child.output()
    finally:
        child.close()
    assert late.status == protocol.TIMEOUT
    assert again.ok and again.value == 2, again
    assert "Traceback" not in out + err, err


def test_a_handler_bug_is_raised_in_the_parent_not_blamed_on_the_student():
    def broken(name, args):
        raise KeyError("grader bug")

    with pytest.raises(KeyError):
        run("def f():\n    return oracle(1)\n", serve=broken)


def test_in_process_serving_routes_ask_to_the_handler():
    from tests.calls import probes

    class Module:
        @staticmethod
        def f():
            return Module.oracle(21)

    recorder = Recorder()
    with calls.serving(recorder):
        assert probes.probe_proxied(Module, {}) == 42
    stopping = Recorder(budget=0)
    with calls.serving(stopping), pytest.raises(calls.Stopped):
        probes.probe_proxied(Module, {})
    with pytest.raises(RuntimeError):
        calls.ask("oracle", 1)  # outside a run: nobody to answer
