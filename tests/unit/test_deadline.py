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
