"""A lease kept alive from a thread while some work runs: the service's claim on an attempt (its row's
heartbeat, grader/service/tasks.py), a `grader grade --broker` job's heartbeat key and a worker
machine's presence key (grader/run/executor.py). Whoever holds the lease beats; whoever watches it
(the service's reaper, `Distributed`) takes a lease not renewed in time as lost."""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import TracebackType


class Heartbeat:
    """`with Heartbeat(period, beat):` calls `beat()` every `period` seconds from a daemon thread while
    the block runs. A beat that raises one of `transient` is skipped: the store away for a moment, the
    next beat (or the lease running out) decides. `first` beats once at the start too; `settle` is how
    long leaving the block waits for a beat under way (which would otherwise renew after the end)."""

    def __init__(
        self,
        period: float,
        beat: Callable[[], object],
        transient: tuple[type[Exception], ...] = (Exception,),
        first: bool = False,
        settle: float = 0.0,
    ):
        self.period, self.beat, self.transient, self.first, self.settle = period, beat, transient, first, settle
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        if self.first:
            self._beat()
        while not self._stop.wait(self.period):
            self._beat()

    def _beat(self) -> None:
        try:
            self.beat()
        except self.transient:
            pass

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._stop.set()
        if self.settle:
            self._thread.join(self.settle)
