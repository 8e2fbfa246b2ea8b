"""A student's `grader check -q qN`, one question at a time, on a warm machine: is each about a second?

    python benchmarks/bench_check.py [--runs 3] [--submission PATH]

For every automatic question of the exam, runs `grader check SUBMISSION -q qN --json` in a fresh process
(start-up included, as a student runs it) `--runs` times after one warm-up run (pattern databases,
machine calibration and Hypothesis' files already cached; the grader's bytecode compiled, as an install
leaves it even where PYTHONDONTWRITEBYTECODE is set), on a correct submission (the sample student
alice) and on the stubs (exercises/), and q18 also without its challenge. Reports the best wall time,
the CPU time of the process tree (grader and children; steadier than wall time on a shared machine),
and what the question itself took: the student's calls and the expectations' computing. Prints a table
and writes it to benchmarks/results/check.md.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "check.md"
NO_CHALLENGE = ROOT / "benchmarks" / "schemes" / "sans-defi.toml"


def check(submission: Path, qid: str, *extra: str) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds of the process tree, and the question's result."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "grader", "check", str(submission), "-q", qid, "--json", *extra],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    (question,) = json.loads(done.stdout)["questions"]
    return wall, cpu, question


def compile_grader() -> None:
    """Write the bytecode an install writes: a checkout run with PYTHONDONTWRITEBYTECODE set (as in this
    workplace) would otherwise compile every module it edited since, at every start."""
    for package in ("grader", "reference", "reports"):
        compileall.compile_dir(ROOT / package, quiet=1)


def measure(submission: Path, qid: str, runs: int, *extra: str) -> dict:
    compile_grader()
    check(submission, qid, *extra)  # warm-up: caches filled, files in the page cache
    best = min((check(submission, qid, *extra) for _ in range(runs)), key=lambda r: r[0])
    wall, cpu, question = best
    timing = question.get("timing", {})
    return {
        "wall": wall,
        "cpu": cpu,
        "status": question["status"],
        "student": timing.get("student", 0.0),
        "reference": timing.get("reference", 0.0),
        "question": timing.get("wall", 0.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--submission", type=Path, default=ROOT / "exercises" / "exemples" / "alice")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from grader.registry import all_questions

    rows = []
    for qid in [question.id for question in all_questions() if not question.manual]:
        cases: list[tuple[str, Path, tuple[str, ...]]] = [
            (qid, args.submission, ()),
            (f"{qid} (stub)", ROOT / "exercises", ()),
        ]
        if qid == "q18":
            cases.insert(0, ("q18 without the challenge", args.submission, ("--scheme", str(NO_CHALLENGE))))
        for label, submission, extra in cases:
            result = measure(submission, qid, args.runs, *extra)
            rows.append((label, result))
            print(
                f"{label:28} {result['wall']:6.2f} s wall {result['cpu']:6.2f} s CPU  {result['status']:15} "
                f"question {result['question']:5.2f} s (student {result['student']:.2f}, "
                f"expectations {result['reference']:.2f})",
                flush=True,
            )
    load = os.getloadavg()[0]
    lines = [
        "# `grader check -q qN`, one question at a time, warm machine",
        "",
        f"`python benchmarks/bench_check.py --runs {args.runs}`; best of {args.runs} runs after a warm-up, each a "
        f"fresh process; {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"load average {load:.1f} at the end (other jobs shared the machine: CPU time is the steadier figure).",
        "",
        "| check | wall (s) | CPU, process tree (s) | status | in the question (s) | student's calls (s) | expectations (s) |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, r in rows:
        lines.append(
            f"| {label} | {r['wall']:.2f} | {r['cpu']:.2f} | {r['status']} | {r['question']:.2f} | "
            f"{r['student']:.2f} | {r['reference']:.2f} |"
        )
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
