"""Grading cost: what isolation, instrumentation and judging add to the reference's own compute, and
how a class scales from 1 to 2 workers. Prints a table and writes it to benchmarks/results/grading.md.

    python benchmarks/bench_grading.py [--students 100] [--skip-class] [--class-scheme FILE]

Part 1 runs `grader check --json` (a fresh process: start-up included) on the model answers, one
question at a time, and reads back each question's timing: `student` is the compute time of the
submission's calls as the child measured them, `reference` the time the grader spent computing the
expected answers and calibrating limits on the same cases. Part 2 grades a generated class (copies of
the sample class' students) with 1 and 2 workers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "grading.md"


def grader(*args: str) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True)
    return time.perf_counter() - started, done


def reference_submission(folder: Path) -> Path:
    folder.mkdir()
    for name in ("jeux.py", "taquin.py"):
        shutil.copy(ROOT / "reference" / "answers" / name, folder / name)
    return folder


def check_costs(submission: Path) -> list[str]:
    from grader.registry import all_questions

    rows = [
        "| question | `grader check` wall (s) | submission compute (s) | reference compute (s) "
        "| wall / reference compute |",
        "|---|---:|---:|---:|---:|",
    ]
    totals = [0.0, 0.0, 0.0]
    for question in (q for q in all_questions() if not q.manual):
        wall, done = grader("check", str(submission), "-q", question.id, "--json")
        timing = json.loads(done.stdout)["questions"][0]["timing"]
        student, reference = timing.get("student", 0.0), timing.get("reference", 0.0)
        for i, value in enumerate((wall, student, reference)):
            totals[i] += value
        ratio = f"{wall / reference:.2f}" if reference > 0.001 else "n/a (no compute)"
        rows.append(f"| {question.id} | {wall:.2f} | {student:.3f} | {reference:.3f} | {ratio} |")
    wall, student, reference = totals
    rows.append(f"| **all** | {wall:.2f} | {student:.3f} | {reference:.3f} | {wall / max(reference, 1e-9):.2f} |")
    return rows


def class_costs(students: int, scratch: Path, scheme: Path | None) -> list[str]:
    sample = ROOT / "exercises" / "exemples"
    entries = sorted(p for p in sample.iterdir() if not p.name.startswith("."))
    klass = scratch / "classe"
    klass.mkdir()
    for n in range(students):
        entry = entries[n % len(entries)]
        target = klass / f"eleve{n:03d}{''.join(entry.suffixes)}"
        (shutil.copytree if entry.is_dir() else shutil.copy)(entry, target)
    rows = ["| workers | wall (s) | students/s | speed-up |", "|---:|---:|---:|---:|"]
    base = None
    for workers in (1, 2):
        wall, done = grader(
            "grade",
            str(klass),
            "--out",
            str(scratch / f"out{workers}"),
            "--workers",
            str(workers),
            *(["--scheme", str(scheme)] if scheme else []),
        )
        if done.returncode != 0:
            raise SystemExit(done.stderr)
        base = base or wall
        rows.append(f"| {workers} | {wall:.1f} | {students / wall:.2f} | {base / wall:.2f}× |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--skip-class", action="store_true")
    parser.add_argument(
        "--class-scheme",
        type=Path,
        help="grading scheme for the class part (e.g. without the "
        "q18 challenge, whose half minute per correct student dwarfs the rest)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        lines = [
            f"# Grading cost ({time.strftime('%Y-%m-%d')}, {platform.processor() or platform.machine()}, "
            f"{os.cpu_count()} cores, Python {platform.python_version()})",
            "",
            "## `grader check` on the model answers, one question per run (start-up included)",
            "",
        ]
        lines += check_costs(reference_submission(scratch / "reference"))
        if not args.skip_class:
            scheme = f", scheme `{args.class_scheme.name}`" if args.class_scheme else ""
            lines += ["", f"## A class of {args.students} submissions (copies of the sample class{scheme})", ""]
            lines += class_costs(args.students, scratch, args.class_scheme)
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text)


if __name__ == "__main__":
    main()
