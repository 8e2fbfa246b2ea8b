"""What the OS confinement costs: a child's start-up and teardown, and one call's round trip, with the
sandbox of this checkout against an earlier commit's (checked out in a temporary git worktree),
measured in the same run on the same machine. By default the earlier one is the audit-hook sandbox the
OS confinement replaced; `--before` another commit measures a later change of the confinement.

    python benchmarks/bench_isolation.py [--starts N] [--calls M] [--before COMMIT]

Each side runs in processes of its own (its tree first on sys.path), the two sides taking turns in
ROUNDS rounds so that a change of the machine's load falls on both. Start-up: Child(...)
.start() on a one-function module, then close() (folder removed, uid released); the best and the
median of N, and the CPU time of every process involved (this one, the fork server, the supervisor, the
child) per start. Round trip: a call of a probe returning a small list, the best and the median of M.
Prints a table and writes it into benchmarks/results/isolation.md, in the section of that earlier
commit (the other sections stay).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 4
RESULTS = ROOT / "benchmarks" / "results" / "isolation.md"
# The last commit whose child was guarded by the audit hook (the parent of the confinement's landing).
BEFORE = "b908bd4"
TITLE = "# Isolation cost: a child's start-up and teardown, and a call's round trip, against an earlier commit"
SOURCE = "def f(n):\n    return list(range(n))\n"
PROBE = "tests.hostile.probes:probe_call"


def zygote_cpu() -> float:
    """CPU seconds of the fork server and of the children it reaped (its forks are not ours); 0 in a
    tree without one, or where children are spawned."""
    try:
        from grader.sandbox import fork_server
    except ImportError:  # a tree from before the fork server
        return 0.0
    if not fork_server.available():
        return 0.0
    stat = Path(f"/proc/{fork_server.server().process.pid}/stat").read_text()
    return sum(int(x) for x in stat.rsplit(")", 1)[1].split()[11:15]) / os.sysconf("SC_CLK_TCK")


def cpu_seconds() -> float:
    """CPU seconds so far of every process a child's start involves: this one, the processes it reaped,
    the fork server and what it reaped."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + usage.ru_utime + usage.ru_stime + zygote_cpu()


def measure(starts: int, calls: int) -> dict:
    """Run in the tree under test: timings of `starts` start+close, their CPU time, and `calls` round trips."""
    from grader.sandbox.process import Child

    from grader.sandbox.limits import Limits

    start_times, call_times = [], []
    Child({"jeux": SOURCE}, "jeux", ["tests.hostile.probes"], Limits()).close()  # the fork server is up
    cpu = cpu_seconds()
    for _ in range(starts):
        began = time.perf_counter()
        child = Child({"jeux": SOURCE}, "jeux", ["tests.hostile.probes"], Limits())
        assert child.start().ok
        child.close()
        start_times.append(time.perf_counter() - began)
    child = Child({"jeux": SOURCE}, "jeux", ["tests.hostile.probes"], Limits())
    try:
        assert child.start().ok
        # The fork server reaps a start's processes when asked for the next: the window holds the last
        # measured start's CPU and this one's parent side, on both sides alike.
        start_cpu = [(cpu_seconds() - cpu) / starts]
        for _ in range(calls):
            began = time.perf_counter()
            reply = child.call(PROBE, {"function": "f", "args": [10]}, 5.0)
            call_times.append(time.perf_counter() - began)
            assert reply.value == list(range(10)), reply
    finally:
        child.close()
    return {"start": start_times, "start_cpu": start_cpu, "call": call_times}


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
    before: dict[str, list[float]] = {"start": [], "start_cpu": [], "call": []}
    after: dict[str, list[float]] = {"start": [], "start_cpu": [], "call": []}
    try:
        for _ in range(ROUNDS):
            for tree, found in ((old, before), (ROOT, after)):
                for key, values in run_side(tree, max(1, args.starts // ROUNDS), max(1, args.calls // ROUNDS)).items():
                    found[key] += values
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], capture_output=True)
        shutil.rmtree(old.parent, ignore_errors=True)
    rows = []
    for key, label, stats in (
        ("start", "child start-up + teardown", (("best", min), ("median", statistics.median))),
        ("start_cpu", "child start-up + teardown, CPU of every process", (("mean", statistics.mean),)),
        ("call", "call round trip", (("best", min), ("median", statistics.median))),
    ):
        for stat, function in stats:
            b, a = function(before[key]), function(after[key])
            rows.append(f"| {label} ({stat}) | {b * 1000:.2f} ms | {a * 1000:.2f} ms | {a / b:.2f}x |")
    heading = f"## Against {args.before}"
    table = "\n".join(
        [
            heading,
            "",
            f"{args.starts} starts, {args.calls} calls; {platform.machine()}, {os.cpu_count()} cores, Linux "
            f"{platform.release()}, running as {'root' if os.geteuid() == 0 else 'an ordinary user'}.",
            "",
            f"| measure | before ({args.before}) | after (this tree) | ratio |",
            "|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(with_section(RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "", table))


def with_section(text: str, section: str) -> str:
    """`text` (a title, then sections each opened by a `## ` heading) with `section` in place of the one
    of the same heading, or added at the end."""
    title, *sections = text.split("\n## ")
    heading = section.splitlines()[0]
    kept = [f"## {s}".rstrip("\n") for s in sections if f"## {s}".splitlines()[0] != heading]
    return "\n\n".join([title.rstrip("\n") or TITLE, *kept, section]) + "\n"


if __name__ == "__main__":
    main()
