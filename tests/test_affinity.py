"""One CPU per grading thread (grader/sandbox/affinity.py): two graders never take the same CPU, a CPU
comes back when its holder ends however it ends, and the thread gets its CPUs back after the block.
That a child runs on its grading thread's CPU is tested on every start path in tests/test_sandbox.py;
what it saves is in benchmarks/results/speed.md."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from grader.sandbox import affinity

ROOT = Path(__file__).resolve().parent.parent
CPUS = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
pytestmark = pytest.mark.skipif(len(CPUS) < 2, reason="CPU affinity needs Linux and two CPUs")

HOLD = """
import sys, time
from grader.sandbox import affinity
with affinity.one_cpu(sys.argv[1]) as cpu:
    print(cpu, flush=True)
    time.sleep(60)
"""


@pytest.fixture
def names():
    """Names of this test's own: a grader running beside the tests keeps its CPUs."""
    return f"test-{secrets.token_hex(4)}"


def holder(names: str) -> tuple[subprocess.Popen, int | None]:
    """Another grading process holding a CPU: (the process, its CPU)."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, names], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    return process, None if line == "None" else int(line)


def test_graders_take_different_cpus_and_the_last_one_runs_anywhere(names):
    processes = []
    try:
        taken = []
        for _ in CPUS:
            process, cpu = holder(names)
            processes.append(process)
            taken.append(cpu)
        assert sorted(taken) == CPUS  # one each, all different
        with affinity.one_cpu(names) as cpu:
            assert cpu is None and sorted(os.sched_getaffinity(0)) == CPUS
    finally:
        for process in processes:
            process.kill()
            process.wait()


def test_a_killed_grader_gives_its_cpu_back(names):
    process, cpu = holder(names)
    try:
        with affinity.one_cpu(names) as mine:
            assert mine is not None and mine != cpu
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    with affinity.one_cpu(names) as mine:
        assert mine == CPUS[0] == cpu  # the first CPU is free again: the kernel freed its name


def test_threads_of_one_process_take_different_cpus_and_get_theirs_back(names):
    seen: dict[str, object] = {}
    inside, release = threading.Event(), threading.Event()

    def grade_in_a_thread():
        with affinity.one_cpu(names) as cpu:
            seen["thread"] = (cpu, os.sched_getaffinity(0))
            inside.set()
            release.wait(10)

    thread = threading.Thread(target=grade_in_a_thread)
    thread.start()
    inside.wait(10)
    try:
        with pytest.raises(RuntimeError), affinity.one_cpu(names) as cpu:
            seen["main"] = (cpu, os.sched_getaffinity(0))
            raise RuntimeError("a grader bug in the block")
    finally:
        release.set()
        thread.join()
    (theirs, their_cpus), (mine, my_cpus) = seen["thread"], seen["main"]
    assert their_cpus == {theirs} and my_cpus == {mine} and theirs != mine
    assert sorted(os.sched_getaffinity(0)) == CPUS  # given back, even after an exception
