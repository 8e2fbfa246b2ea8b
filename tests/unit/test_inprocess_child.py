"""The in-process child (grader/sandbox/inprocess.py) keeps what a child keeps of a student's run: a fresh
module per child, a time limit that an `except BaseException` does not hold off (on the main thread and
in another one), the grader's memory bounded, prints captured, values and served calls as on the pipes.
It starts no process: a unit test (its points against the confined child: tests/test_inprocess.py)."""

from __future__ import annotations

import sys
import textwrap
import threading

import pytest

from grader.sandbox import calls, protocol
from grader.sandbox.inprocess import InProcessChild
from grader.sandbox.limits import Limits

PROBES = "tests.calls.probes"


class Doubler(calls.Served):
    names = frozenset({"oracle"})

    def __init__(self, stop_after: int = 10**9, fail: bool = False):
        super().__init__()
        self.trace: list = []
        self.stop_after, self.fail = stop_after, fail

    def __call__(self, name, args):
        self.trace.append(args)
        if self.fail:
            raise KeyError("the grader's own slip")
        if len(self.trace) > self.stop_after:
            raise calls.Stop("enough")
        self.charge()
        return [2 * args, (args,)]


def started(source: str, **limits) -> InProcessChild:
    child = InProcessChild({"jeux": textwrap.dedent(source)}, "jeux", [PROBES], Limits(inprocess=True, **limits))
    assert child.start().ok
    return child


def call(child: InProcessChild, serve=None, timeout: float = 5.0):
    return child.call(f"{PROBES}:probe_proxied", {}, timeout, serve=serve)


def test_each_child_imports_the_module_afresh_and_forgets_it_when_closed():
    source = """
        seen = []
        def f():
            seen.append(1)
            return len(seen)
    """
    first = started(source)
    assert [call(first).value for _ in range(2)] == [1, 2]  # one child: its globals live on, as in a process
    first.close()
    second = started(source)
    assert call(second).value == 1
    second.close()
    assert "jeux" not in sys.modules and not first.alive


def test_values_and_served_calls_cross_as_on_the_pipes():
    child = started("def f():\n    return (oracle(3), {'a': (1, 2)})\n")
    doubler = Doubler()
    reply = call(child, doubler)
    assert reply.ok and reply.value == [[6, [3]], {"a": [1, 2]}] and reply.calls == 1 and doubler.trace == [3]
    child.close()


@pytest.mark.parametrize(
    "body",
    [
        "while True:\n        pass",
        "while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass",
    ],
    ids=["loop", "loop_catching_the_limit"],
)
@pytest.mark.parametrize("where", ["main_thread", "another_thread"])
def test_an_endless_loop_is_a_timeout_whatever_it_catches(body, where):
    child = started(f"def f():\n    {body}\n")
    replies = []
    if where == "main_thread":
        replies.append(call(child, timeout=0.2))
    else:  # no signal there: an asynchronous exception
        thread = threading.Thread(target=lambda: replies.append(call(child, timeout=0.2)), daemon=True)
        thread.start()
        thread.join(30)
    assert replies[0].status == protocol.TIMEOUT
    child.close()


def test_a_limit_on_another_thread_leaves_nothing_pending_for_traced_code():
    """The order that hung tests/unit/test_every_judge_in_process.py: an endless loop stopped on another
    thread (the watchdog's asynchronous exceptions), then a function called under a tracer (the taquin's
    probes watch the student's tente_* with sys.settrace). CPython 3.11 loops forever at that function's
    start while its flag of a pending asynchronous exception is left set (inprocess.received_last_word)."""
    child = started("def f():\n    while True:\n        pass\n")
    replies = []
    thread = threading.Thread(target=lambda: replies.append(call(child, timeout=0.2)), daemon=True)
    thread.start()
    thread.join(30)
    child.close()
    assert replies[0].status == protocol.TIMEOUT

    def step(n):
        return n + 1

    returned = []

    def traced():
        sys.settrace(lambda *event: None)
        try:
            returned.append(step(1))
        finally:
            sys.settrace(None)

    runner = threading.Thread(target=traced, daemon=True)
    runner.start()
    runner.join(30)
    assert returned == [2]


def test_a_served_stop_cannot_be_swallowed_and_a_violation_ends_the_run():
    stopped = started(
        """
        def f():
            n = 0
            while True:
                try:
                    oracle(n)
                except Exception:
                    pass
                n += 1
                if n > 50:
                    return "swallowed"
    """
    )
    reply = call(stopped, Doubler(stop_after=3))
    assert reply.status == protocol.ERROR and "Stopped" in reply.error
    stopped.close()
    forged = started(
        """
        from grader.sandbox.calls import ask
        def f():
            try:
                ask("dfs", 1)
            except BaseException:
                return "ignored"
    """
    )
    reply = call(forged, Doubler())
    assert reply.status == protocol.VIOLATION and reply.violation[0] == "engine.reply.not_served"
    assert not forged.alive
    forged.close()


def test_the_handlers_budget_is_the_students_timeout_and_its_own_error_is_the_graders():
    child = started(
        "def f():\n    while True:\n        try:\n            oracle(1)\n        except BaseException:\n            pass\n"
    )
    budget = Doubler()
    budget.budget = 5
    # The student's loop swallows what ends the run and goes on until the time limit: a short one.
    reply = call(child, budget, timeout=0.3)
    assert reply.status == protocol.TIMEOUT and "budget" in reply.error and len(budget.trace) == 6
    child.close()
    child = started("def f():\n    try:\n        return oracle(1)\n    except Exception:\n        return 0\n")
    with pytest.raises(KeyError):
        call(child, Doubler(fail=True))
    child.close()


def test_prints_are_captured_and_capped_and_input_reads_nothing():
    child = started("def f():\n    print('x' * 100)\n    return input()\n", output_bytes=40)
    reply = call(child)
    assert reply.status == protocol.ERROR and "EOFError" in reply.error
    child.close()
    out, err, dropped = child.output()
    assert out == "x" * 40 and dropped == 61


def test_memory_past_the_limit_is_the_students_and_the_grader_goes_on():
    child = started("def f():\n    return len(bytearray(3 << 30))\n", memory_bytes=512 << 20)
    assert call(child).status == protocol.MEMORY
    assert len(bytearray(64 << 20)) == 64 << 20  # given back after the call
    child.close()


def test_a_module_that_fails_to_import_is_said_and_the_child_is_done():
    child = InProcessChild({"jeux": "raise ValueError('no')\n"}, "jeux", [PROBES], Limits(inprocess=True))
    reply = child.start()
    assert reply.status == protocol.ERROR and "ValueError: no" in reply.error and "jeux.py" in reply.traceback
    assert not child.alive
    child.close()


def test_the_in_process_fixture_grades_a_question_here(in_process):
    """tests/conftest.py's `in_process`: a judge's test graded with no child process (this folder's conftest
    fails any test that starts one)."""
    from pathlib import Path

    from grader.intake import load_submission
    from grader.judge.engine import grade_question
    from grader.judge.settings import Settings
    from grader.registry import all_questions

    q4 = next(q for q in all_questions() if q.id == "q4")
    alice = Path(__file__).resolve().parents[2] / "exercises" / "exemples" / "alice" / "jeux.py"
    result = grade_question(q4, load_submission(alice), Settings(seed=2017))
    assert result.score == result.max == 2


def test_the_limit_counts_the_processs_cpu_time_not_the_wall_clocks():
    """On the main thread the limit is CPU time: a call that waits for a processor (here: sleeps, which
    spends none) is not stopped at its limit, only by the wall-clock backstop far past it; one that
    computes is stopped once it spent the limit."""
    child = started("import time\ndef f():\n    time.sleep(0.15)\n    return 1\n")
    slept = call(child, timeout=0.05)
    child.close()
    assert slept.ok and slept.value == 1 and slept.seconds >= 0.15 and slept.cpu_limited
    child = started("import time\ndef f():\n    time.sleep(5)\n")
    backstop = call(child, timeout=0.05)  # deadline.MAX_STRETCH × 0.05 s of wall time
    child.close()
    assert backstop.status == protocol.TIMEOUT and backstop.seconds < 2
    child = started("def f():\n    while True:\n        pass\n")
    looped = call(child, timeout=0.05)
    child.close()
    # The process's CPU time: this thread's and the others' (the timer's ticks are the kernel's).
    assert looped.status == protocol.TIMEOUT and looped.cpu_seconds > 0.025
