"""grader/sandbox/deadline.py: a run's deadline counts no time spent waiting for a processor (a child starved
by a loaded machine: tests/test_sandbox.py)."""

from __future__ import annotations

import time

from grader.sandbox.deadline import Deadline


def test_a_deadline_is_pushed_back_by_the_waits_counted_meanwhile_and_passes_without_them():
    waits = iter([1.0, 1.0, 4.0])  # at the start, once the wall clock reached it (none yet), then 3 s more
    deadline = Deadline(0.02, lambda: next(waits))
    assert 0 < deadline.remaining() <= 0.02
    time.sleep(0.03)
    assert deadline.passed()  # nothing waited: it passes with the wall clock
    assert 2 < deadline.remaining() <= 3  # 3 s of waits: 3 s more (less the time since it passed)
    assert Deadline(0.0).passed() and not Deadline(float("inf")).passed()


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
