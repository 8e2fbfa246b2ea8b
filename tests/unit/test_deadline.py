"""grader/sandbox/deadline.py: a run's deadline counts no time spent waiting for a processor (a child starved
by a loaded machine: tests/test_sandbox.py)."""

from __future__ import annotations

import types

import pytest

from grader.sandbox import deadline as deadline_module
from grader.sandbox.deadline import MAX_STRETCH, Deadline


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The deadlines' wall clock, moved by the test: a loaded machine's sleeps (a `sleep(0.02)` that took a
    tenth of a second) decide nothing."""
    now = [1000.0]
    monkeypatch.setattr(deadline_module, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    return now


def test_a_deadline_is_pushed_back_by_the_waits_counted_meanwhile_and_passes_without_them(clock):
    waits = iter([1.0, 1.0, 1.1])  # at the start, once the wall clock reached it (none yet), then 0.1 s more
    deadline = Deadline(0.02, lambda: next(waits))
    assert deadline.remaining() == pytest.approx(0.02)
    clock[0] += 0.03
    assert deadline.passed()  # nothing waited: it passes with the wall clock
    assert deadline.remaining() == pytest.approx(0.09)  # 0.1 s of waits: 0.1 s more, less the time since it passed
    assert Deadline(0.0).passed() and not Deadline(float("inf")).passed()


def test_threads_that_wait_faster_than_the_clock_push_a_deadline_back_only_so_far(clock):
    """A child's busy threads outnumbering the processors, its CPU timer's signal blocked: their summed waits
    grow faster than the wall clock, and would push the parent's kill back without end."""
    waited = [0.0]

    def waits():
        waited[0] += 10.0  # ten threads' worth of waiting at each look
        return waited[0]

    deadline = Deadline(0.01, waits)
    clock[0] += 0.02
    assert deadline.remaining() == pytest.approx(MAX_STRETCH * 0.01 - 0.01)  # pushed back to its latest
    clock[0] += MAX_STRETCH * 0.01
    assert deadline.passed()


def test_a_timeouts_rerun_keeps_the_limit_where_the_childs_cpu_time_is_read():
    """Stopped on its CPU time, the load cannot have stopped it: the rerun, 20 times slower on the wall
    clock than on its CPU's, gets no more (it had up to 4× before: as much CPU time again for a loop)."""
    from grader.judge.session import Session
    from grader.sandbox import protocol
    from grader.sandbox.limits import Reply

    timeout = Reply(protocol.TIMEOUT, seconds=20.0, cpu_seconds=1.0, cpu_limited=True, limit=1.0)
    assert Session.rerun_limit(timeout) == 1.0
    timeout.cpu_limited = False  # the in-process child's timer counts wall time: the rerun gets the wall's share
    assert Session.rerun_limit(timeout) == 4.0
