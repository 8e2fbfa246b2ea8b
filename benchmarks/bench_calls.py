"""Cost of a parent-served call (grader/sandbox/calls.py): one `ask` from a probe in the child,
answered by a handler in the parent, against the same call answered in-process.

    python benchmarks/bench_calls.py [--calls N] [--repeats R]

A probe makes N calls with a small argument, as the game proxies of q4/q7/q10 do (a state in, a bool
or a short list out); the table gives the best of R runs per call: wall time, and the CPU time of
each side (on a loaded machine the wall time also holds the waits for a core), parent and child on one
CPU as grading runs them, and writes benchmarks/results/calls.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.sandbox import affinity, calls  # noqa: E402
from grader.sandbox.process import Child  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from tests.calls import probes  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "calls.md"


class Answer(calls.Served):
    """Serves "oracle": the argument and its successor."""

    names = frozenset({"oracle"})

    def __call__(self, name, args):
        return [args, args + 1]


answer = Answer()


def in_process(n: int) -> float:
    with calls.serving(answer):
        started = time.perf_counter()
        probes.probe_repeat(None, {"n": n})
        return time.perf_counter() - started


def through_the_child(child: Child, n: int) -> tuple[float, float, Any]:
    """(wall, parent CPU, child CPU) seconds for n calls (the child's as its probe measured it)."""
    wall, cpu = time.perf_counter(), time.process_time()
    reply = child.call("tests.calls.probes:probe_repeat", {"n": n}, timeout=600, serve=answer)
    assert reply.ok, reply
    return time.perf_counter() - wall, time.process_time() - cpu, reply.value


def best(runs):
    return tuple(min(column) for column in zip(*runs))


def runs_through_the_child(calls: int, runs: int, one_cpu: bool = True) -> tuple[list, list]:
    """`runs` runs without a call, then `runs` runs of `calls` calls, through one confined child: their
    (wall, parent CPU, child CPU). `one_cpu`: the parent thread and its child share one CPU, as
    grade_submission runs them (grader/sandbox/affinity.py); otherwise both may run on any CPU."""
    with affinity.one_cpu() if one_cpu else contextlib.nullcontext():
        child = Child({"jeux": "pass\n"}, "jeux", ["tests.calls.probes"], Limits())
        try:
            assert child.start().ok
            through_the_child(child, 100)  # warm-up: the probe module imported, the pages touched
            empty = [through_the_child(child, 0) for _ in range(runs)]
            measured = [through_the_child(child, calls) for _ in range(runs)]
        finally:
            child.close()
    return empty, measured


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    n = args.calls
    empty_runs, measured = runs_through_the_child(n, args.repeats)
    empty = best(empty_runs)
    wall, parent_cpu, child_cpu = best(measured)
    direct = min(in_process(n) for _ in range(args.repeats))
    rows = [
        ("request with no call (fixed cost of a probe run), wall", empty[0] * 1e6, None),
        ("parent-served call, round trip, wall", (wall - empty[0]) / n * 1e6, (wall - empty[0]) / direct),
        ("… of which the parent's CPU", parent_cpu / n * 1e6, None),
        ("… of which the child's CPU", child_cpu / n * 1e6, None),
        ("same call answered in-process (the reference's runs)", direct / n * 1e6, 1.0),
    ]
    lines = [
        "# Parent-served calls",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores ({platform.platform()}), Python "
        f"{platform.python_version()}; {time.strftime('%Y-%m-%d %H:%M')}; load average at start "
        f"{os.getloadavg()[0]:.1f}. {n} calls per run, best of {args.repeats} runs.",
        "",
        "| what | µs | ratio to in-process |",
        "|---|---|---|",
        *(f"| {what} | {us:.1f} | {'' if ratio is None else f'{ratio:.1f}×'} |" for what, us, ratio in rows),
        "",
    ]
    text = "\n".join(lines)
    print(text)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
