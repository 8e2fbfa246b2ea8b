"""What the OS confinement costs: a child's start-up and teardown, and one call's round trip, with the
sandbox of this checkout against the audit-hook sandbox it replaced (the commit before it, checked
out in a temporary git worktree), measured in the same run on the same machine.

    python benchmarks/bench_isolation.py [--starts N] [--calls M] [--before COMMIT]

Each side runs in processes of its own (its tree first on sys.path), the two sides taking turns in
ROUNDS rounds so that a change of the machine's load falls on both. Start-up: Child(...)
.start() on a one-function module, then close() (folder removed, uid released); the best and the
median of N. Round trip: a call of a probe returning a small list, the best and the median of M.
Prints a table and writes benchmarks/results/isolation.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 4
RESULTS = ROOT / "benchmarks" / "results" / "isolation.md"
# The last commit whose child was guarded by the audit hook (the parent of the confinement's landing).
BEFORE = "b908bd4"
SOURCE = "def f(n):\n    return list(range(n))\n"
PROBE = "tests.hostile.probes:probe_call"


def measure(starts: int, calls: int) -> dict:
    """Run in the tree under test: timings of `starts` start+close and `calls` round trips."""
    import time

    from grader.sandbox.process import Child

    from grader.sandbox.limits import Limits

    start_times, call_times = [], []
    for _ in range(starts):
        began = time.perf_counter()
        child = Child({"jeux": SOURCE}, "jeux", ["tests.hostile.probes"], Limits())
        assert child.start().ok
        child.close()
        start_times.append(time.perf_counter() - began)
    child = Child({"jeux": SOURCE}, "jeux", ["tests.hostile.probes"], Limits())
    try:
        assert child.start().ok
        for _ in range(calls):
            began = time.perf_counter()
            reply = child.call(PROBE, {"function": "f", "args": [10]}, 5.0)
            call_times.append(time.perf_counter() - began)
            assert reply.value == list(range(10)), reply
    finally:
        child.close()
    return {"start": start_times, "call": call_times}


def run_side(tree: Path, starts: int, calls: int) -> dict:
    code = (
        f"import sys, json; sys.path.insert(0, {str(tree)!r}); sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
        f"import bench_isolation as b; print(json.dumps(b.measure({starts}, {calls})))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--before", default=BEFORE)
    args = parser.parse_args()
    old = Path(tempfile.mkdtemp(prefix="bench-isolation-")) / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), args.before], check=True, capture_output=True
    )
    before: dict[str, list[float]] = {"start": [], "call": []}
    after: dict[str, list[float]] = {"start": [], "call": []}
    try:
        for _ in range(ROUNDS):
            for tree, found in ((old, before), (ROOT, after)):
                for key, values in run_side(tree, max(1, args.starts // ROUNDS), max(1, args.calls // ROUNDS)).items():
                    found[key] += values
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], capture_output=True)
        shutil.rmtree(old.parent, ignore_errors=True)
    rows = []
    for key, label in (("start", "child start-up + teardown"), ("call", "call round trip")):
        for stat, function in (("best", min), ("median", statistics.median)):
            b, a = function(before[key]), function(after[key])
            rows.append(f"| {label} ({stat}) | {b * 1000:.2f} ms | {a * 1000:.2f} ms | {a / b:.2f}x |")
    table = "\n".join(
        [
            f"Isolation cost: audit-hook child ({args.before}) vs OS-confined child, {args.starts} starts, "
            f"{args.calls} calls; {platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}, "
            f"running as {'root' if os.geteuid() == 0 else 'an ordinary user'}.",
            "",
            "| measure | before (audit hook) | after (Landlock, seccomp, uid, namespaces, tmpfs) | ratio |",
            "|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
