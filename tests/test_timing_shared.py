"""The workers of a class on a cold cache meet the same costly case at once (q18's challenge): one process
measures it, the other waits for it and reads what it stored (grader/judge/timing.py)."""

from __future__ import annotations

import multiprocessing
import os
import time


def _measure(cache: str, seconds: float, go, told) -> None:
    os.environ["TAQUIN_GRADER_CACHE"] = cache
    from grader import caches
    from grader.judge import timing

    caches.clear_all()  # this process's own caches: only the disk is shared

    def run():
        told.put("ran")
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
        return [os.getpid()]

    go.wait()
    value, _ = timing.measured("the challenge's search", run, runs=1)
    told.put(value[0])


def test_two_processes_meeting_a_costly_case_measure_it_once(tmp_path):
    context = multiprocessing.get_context("fork")
    go, told = context.Event(), context.Queue()
    workers = [context.Process(target=_measure, args=(str(tmp_path), 1.0, go, told)) for _ in range(2)]
    for worker in workers:
        worker.start()
    go.set()
    for worker in workers:
        worker.join(60)
    said = [told.get(timeout=5) for _ in range(3)]
    assert said.count("ran") == 1  # one search, not two side by side
    measurer, reader = (value for value in said if value != "ran")
    assert measurer == reader in [worker.pid for worker in workers]  # the one that ran it: both read its value
