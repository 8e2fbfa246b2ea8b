"""Time limits without the model answers: costs measured once and shipped, scaled to this machine.

On a student's installation there is no model answer to time, yet a call's limit must still be a multiple
of what the model answer needs on the same case. `benchmarks/bench_costs.py` (run on a teacher's
checkout) times the model answer on named cases and, on the same machine, a fixed workload; both go to
grader/data/costs.json. Here, the workload is timed once on this machine (cached in the grader's cache
folder, with the processor and interpreter it was timed on: another of either times it again):
`seconds(cost)` is the cost scaled by the ratio of the two workload times.

The workload is plain Python of the kind the model answers are (tuples, lists, dicts, loops): a
breadth-first search of the 3×3 sliding puzzle down to a fixed depth, best of three. Times are CPU times
of this process: other jobs sharing the machine do not change them.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from reference.cache import cache_dir

from grader.caches import cached
from grader.judge.timing import machine

COSTS = Path(__file__).resolve().parents[1] / "data" / "costs.json"
WORKLOAD_DEPTH = 20
FORMAT = 1  # bump when the workload changes: cached timings of the old one are then ignored


def workload() -> int:
    """Breadth-first search from the 3×3 goal, WORKLOAD_DEPTH levels deep; returns the states seen."""
    goal: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    seen = {goal}
    frontier = [goal]
    for _ in range(WORKLOAD_DEPTH):
        following = []
        for state in frontier:
            blank = state.index(0)
            row, column = divmod(blank, 3)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                r, c = row + dr, column + dc
                if 0 <= r < 3 and 0 <= c < 3:
                    cells = list(state)
                    cells[blank], cells[3 * r + c] = cells[3 * r + c], 0
                    successor = tuple(cells)
                    if successor not in seen:
                        seen.add(successor)
                        following.append(successor)
        frontier = following
    return len(seen)


def best_cpu_time(function, runs: int) -> float:
    """The least CPU time of `runs` calls of `function` (the least is the least disturbed by the load)."""
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


def time_workload(runs: int = 3) -> float:
    return best_cpu_time(workload, runs)


@cached
def shipped() -> dict:
    """grader/data/costs.json: {"workload_seconds": s, "costs": {name: seconds}} (the cost machine's)."""
    return json.loads(COSTS.read_text(encoding="utf-8"))


@cached
def machine_factor() -> float:
    """How many times slower this machine runs the workload than the machine the costs were measured on;
    measured once per machine, then read from the cache."""
    cached = cache_dir() / "calibration.json"
    try:
        data = json.loads(cached.read_text(encoding="utf-8"))
        if data.get("format") == FORMAT and data.get("machine") == machine() and data["workload_seconds"] > 0:
            return data["workload_seconds"] / shipped()["workload_seconds"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    seconds = time_workload()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        record = {"format": FORMAT, "machine": machine(), "workload_seconds": seconds}
        temporary = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(record), encoding="utf-8")
        os.replace(temporary, cached)  # atomic: parallel workers never read half a file
    except OSError:  # a read-only cache: measured again next time, nothing worse
        pass
    return seconds / shipped()["workload_seconds"]


def cost(name: str) -> float:
    """A named case's model-answer time on the cost machine (KeyError: it was never measured)."""
    return shipped()["costs"][name]


def seconds(cost_seconds: float) -> float:
    """A cost on the cost machine, in seconds of this machine."""
    return cost_seconds * machine_factor() if cost_seconds else 0.0


def slowdown() -> float:
    """How many times longer the workload takes now, on the wall clock, than this machine's calibration
    says: the load of the moment, for a child whose CPU time cannot be read (the browser's self-check,
    the in-process child), at least 1."""
    started = time.perf_counter()
    workload()
    return max(1.0, (time.perf_counter() - started) / (machine_factor() * shipped()["workload_seconds"]))
