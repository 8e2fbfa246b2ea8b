"""What a student's big helper file costs the class (issue 32): `grader grade` on a class of honest
students, alone and with one more student whose folder holds a helper that is never imported and is
made to cost a parse (a 1.9 MB list literal: its syntax tree takes about a gigabyte). Prints the wall
time of the class and the peak resident memory of the grading processes (the largest process of the
teacher's command and everything it started, from the kernel: `wait4`), median of the runs, taken in
turns; benchmarks/results/intake.md keeps the tables.

    python benchmarks/bench_intake.py [--students 8] [--runs 3] [--questions q1 q4] [--checkout PATH]

`--checkout` grades with another copy of the grader (e.g. main, `git archive main | tar -x -C DIR`)
to compare with what it was.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HELPER = b"x = [" + b"1," * 950_000 + b"]\n"


def make_class(folder: Path, students: int, helper: bool) -> Path:
    right = (ROOT / "reference" / "answers" / "jeux.py").read_bytes()
    for n in range(students):
        (folder / f"eleve{n:02d}").mkdir(parents=True)
        (folder / f"eleve{n:02d}" / "jeux.py").write_bytes(right)
    if helper:
        (folder / "aide").mkdir()
        (folder / "aide" / "jeux.py").write_bytes(right)
        (folder / "aide" / "aide.py").write_bytes(HELPER)
    return folder


def grade(checkout: Path, klass: Path, out: Path, questions: list[str]) -> tuple[float, int]:
    """Seconds and peak resident bytes (the largest process of the run's tree) of one `grader grade`."""
    selected = [arg for q in questions for arg in ("-q", q)]
    command = [sys.executable, "-c", "import sys; from grader.cli import main; sys.exit(main(sys.argv[1:]))"]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command, "grade", str(klass), "--out", str(out), *selected, "--workers", "2", "--seed", "1"],
        cwd=checkout,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"grader grade failed on {klass}")
    return seconds, usage.ru_maxrss * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--questions", nargs="+", default=["q1", "q4"])
    parser.add_argument("--checkout", type=Path, default=ROOT)
    args = parser.parse_args()
    measured: dict[bool, list[tuple[float, int]]] = {False: [], True: []}
    with tempfile.TemporaryDirectory(prefix="bench-intake-") as folder:
        base = Path(folder)
        classes = {helper: make_class(base / f"classe-{helper}", args.students, helper) for helper in (False, True)}
        for run in range(args.runs):
            for helper in (False, True):
                out = base / f"out-{helper}-{run}"
                measured[helper].append(grade(args.checkout.resolve(), classes[helper], out, args.questions))
                shutil.rmtree(out)
    rows = []
    for helper, label in (
        (False, f"{args.students} students"),
        (True, f"{args.students} students + one 1.9 MB helper"),
    ):
        seconds = statistics.median(s for s, _ in measured[helper])
        peak = statistics.median(m for _, m in measured[helper]) / (1 << 20)
        rows.append(f"| {label} | {seconds:.1f} s | {peak:.0f} MiB |")
    ratio = statistics.median(s for s, _ in measured[True]) / statistics.median(s for s, _ in measured[False])
    table = "\n".join(
        [
            f"Grader: {args.checkout.resolve()} · questions {' '.join(args.questions)} · --workers 2 · "
            f"{args.runs} runs each, in turns · Python {platform.python_version()} · {os.cpu_count()} CPUs",
            "",
            "| class | wall time (median) | peak resident memory of the run's processes (median) |",
            "|---|---|---|",
            *rows,
            "",
            f"With the helper / without: {ratio:.2f}× the time.",
        ]
    )
    print(table)


if __name__ == "__main__":
    main()
