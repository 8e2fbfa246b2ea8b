"""When the parent stops waiting for a child's run, on a clock the machine's load does not move.

A run's wall time on a loaded machine is mostly time spent waiting for a processor: the child's, and the
parent's own while it answers the child's calls. Linux counts that wait for every thread (the second
field of /proc/<pid>/task/<tid>/schedstat, in nanoseconds). A `Deadline` of `seconds` is pushed back
by what those threads waited since it was set: what it bounds is the time they ran or slept, which a
busy machine does not stretch. An endless loop or a `sleep` is stopped as soon as on a quiet machine;
a correct answer starved of processor time by other jobs is never stopped for it (docs/limits.md).
Where the counts cannot be read (not Linux, a child on another machine, no pid yet), the deadline is
the wall clock's.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable


def processor_waits(pid: int | None) -> float | None:
    """The seconds the threads of process `pid` (None: none) and the calling thread have waited for a
    processor, or None where the kernel does not say."""
    paths = ["/proc/thread-self/schedstat"]
    if pid is not None:
        try:
            paths += [f"/proc/{pid}/task/{task}/schedstat" for task in os.listdir(f"/proc/{pid}/task")]
        except OSError:  # gone, or no /proc: its waits are no longer counted
            pass
    total = 0
    for path in paths:
        try:
            with open(path, "rb") as stats:
                total += int(stats.read().split()[1])
        except (OSError, IndexError, ValueError):  # a thread that just ended
            if path == paths[0]:
                return None
    return total / 1e9


# The most a deadline is pushed back, in multiples of its seconds (the CPU bound below aside): a bound of
# last resort on what summed waits can add.
MAX_STRETCH = 8


class Deadline:
    """`seconds` from now, pushed back by the processor waits that `waits()` counts (see the module's
    docstring), at most by MAX_STRETCH times `seconds`; `waits` returns None where it cannot count them.
    With `spent` (the child's CPU clock, every thread's), it also passes once the child used `seconds` of
    CPU since it was set: the waits are summed over the child's threads, and busy threads outnumbering the
    processors, their CPU timer's signal blocked, make them grow faster than the wall clock (red team 11)."""

    def __init__(
        self,
        seconds: float,
        waits: Callable[[], float | None] = lambda: None,
        spent: Callable[[], float | None] = lambda: None,
    ):
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.latest = self.at + MAX_STRETCH * seconds
        self._waits, self._spent = waits, spent
        self._waited = waits() if seconds != math.inf else None
        self._spent_before = spent() if seconds != math.inf else None

    def remaining(self) -> float:
        """The seconds left, at most (a wait for the child's reply looks again then); 0 or less once
        passed. Counts the waits only when the wall clock reaches the deadline: a run that ends before
        pays nothing for them."""
        return min(self._wall_left(), self._cpu_left())

    def _wall_left(self) -> float:
        left = self.at - time.monotonic()
        if left > 0 or self._waited is None:
            return left
        now = self._waits()
        if now is not None and now > self._waited:
            self.at = min(self.at + now - self._waited, self.latest)
            self._waited = now
        return self.at - time.monotonic()

    def _cpu_left(self) -> float:
        if self._spent_before is None:
            return math.inf
        now = self._spent()
        return math.inf if now is None else self.seconds - (now - self._spent_before)

    def passed(self) -> bool:
        return self.remaining() <= 0
