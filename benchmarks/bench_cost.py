"""The grader's own cost of a class run (issue 36): the class's CPU ÷ the students' own CPU, warm cache.

    python benchmarks/bench_cost.py [--copies 1] [--workers 1] [--label TEXT] [--seed N] [-q QID ...]

`grader grade` of the sample class (exercises/exemples), or of `--copies` copies of it, in a fresh process
with the machine's caches as they are (run it once before to fill them): its wall time, the class's CPU
(every process the run started, from a cgroup of its own: benchmarks/cpu_cgroup.py), the students' CPU (the
sum of the questions' `timing.student`, the kernel's clock of each child) and the grader's own (the
difference), of which the model answer's. Goal: the class's CPU ÷ the students' ≤ 1.2. A row is added to
the first table of benchmarks/results/cost.md with `--label` (what the code was), so that before and after
sit side by side; each row is its own run on a shared machine (its load average is on the row).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_speed  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "cost.md"
HEADER = """# The grader's own cost of a class run (issue 36)

`python benchmarks/bench_cost.py`: `grader grade` of the sample class in a fresh process, warm caches. CPU: every
process of the run (a cgroup of its own, benchmarks/cpu_cgroup.py); students' CPU: the sum of the questions'
`timing.student`; the grader's own: the difference. Each row is one run on a shared machine (2 cores, other
engineers' tests and a CI run beside it): CPU times hold no wait for a core, but the students' CPU varies
with farid's q15 and q18, which loop until their limit (a timed-out call is run again; docs/limits.md).

| when | code | class | workers | load | wall (s) | class's CPU (s) | students' (s) | grader's own (s) | … model answer's (s) | class's CPU ÷ students' |
|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--label", default="")
    parser.add_argument(
        "--seed", type=int, help="the run's seed (a fresh one by default): pairs compared on the same cases"
    )
    parser.add_argument(
        "-q", "--question", action="append", default=[], help="grade this question only (repeatable): its own cost"
    )
    args = parser.parse_args()
    label = (
        args.label
        or subprocess.run(["git", "log", "-1", "--format=%h"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    )
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="bench-cost-") as folder:
        scratch = Path(folder)
        entries = len([p for p in bench_speed.SAMPLE.iterdir() if not p.name.startswith(".")])
        klass = (
            bench_speed.SAMPLE
            if args.copies == 1
            else bench_speed.make_class(scratch / "classe", entries * args.copies)
        )
        r = bench_speed.grade(klass, scratch / "out", args.workers, seed=args.seed, questions=tuple(args.question))
    students = f"sample × {args.copies}" if args.copies > 1 else "sample"
    if args.question:
        students += f" ({', '.join(args.question)})"
    row = (
        f"| {time.strftime('%Y-%m-%d %H:%M')} | {label} | {students} | {args.workers} | {load:.1f} | {r['wall']:.1f} "
        f"| {r['cpu']:.1f} | {r['student']:.1f} | {r['own']:.1f} | {r['reference']:.1f} "
        f"| {r['cpu'] / max(r['student'], 1e-9):.2f} |"
    )
    if r["measure"] != "cgroup":
        row += " (process tree: no cgroup could be made)"
    print(row)
    lines = (RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else HEADER).splitlines()
    # Under the first table's last row: the file's later sections are prose and tables of their own.
    at = next(i for i, line in enumerate(lines) if line.startswith("|---"))
    while at + 1 < len(lines) and lines[at + 1].startswith("|"):
        at += 1
    lines.insert(at + 1, row)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
