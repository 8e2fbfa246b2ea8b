"""A line on standard error while a call to the child or to the model answer runs long (`grader check`)."""

from __future__ import annotations

import sys
import threading
import time

PROGRESS_AFTER = 2.0  # seconds a student waits without a word


class Ticker:
    """While a block runs longer than PROGRESS_AFTER, a line on standard error with the seconds spent:
    rewritten every second on a terminal, written once otherwise (a log); erased on a terminal at the end.
    One watcher thread per process serves every block: a thread started and joined per block cost
    milliseconds per call to the child on a loaded machine (q4 makes over a hundred)."""

    _clock = threading.Condition()
    _active: Ticker | None = None
    _watcher: threading.Thread | None = None
    _idle = False  # the watcher waits for a block (and is woken by the next one)

    def __init__(self, label: str, stream=None):
        self.label, self.stream = label, stream or sys.stderr
        self.line = ""  # what is shown of this block, on a terminal

    def __enter__(self):
        self.started = time.monotonic()
        with Ticker._clock:
            Ticker._active = self
            if Ticker._watcher is None or not Ticker._watcher.is_alive():
                Ticker._watcher = threading.Thread(target=Ticker._watch, daemon=True)
                Ticker._watcher.start()
            elif Ticker._idle:
                Ticker._clock.notify()
        return self

    def __exit__(self, *exc):
        with Ticker._clock:
            Ticker._active = None
            if self.line:
                print("\r" + " " * (len(self.line) + 2) + "\r", end="", file=self.stream, flush=True)

    @staticmethod
    def _watch() -> None:
        """Wake when the active block is due a line (it may have changed meanwhile: then sleep on)."""
        logged = None
        with Ticker._clock:
            while True:
                block, now = Ticker._active, time.monotonic()
                if block is None or block is logged:
                    Ticker._idle = True
                    Ticker._clock.wait()
                    Ticker._idle = False
                elif now - block.started < PROGRESS_AFTER:
                    Ticker._clock.wait(block.started + PROGRESS_AFTER - now)
                else:
                    line = f"{block.label} {now - block.started:.0f} s"
                    if block.stream.isatty():
                        block.line = line
                        print("\r" + line, end="", file=block.stream, flush=True)
                        Ticker._clock.wait(1.0)
                    else:
                        print(line, file=block.stream, flush=True)
                        logged = block
