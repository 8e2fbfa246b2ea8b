"""Issue 36's first run, in one run on an empty cache: is the first run as fast as the next?

    python benchmarks/bench_firstrun.py [--workers 2] [--seed N]

Every command runs in a fresh process whose HOME is a new empty folder (no solver tables, no calibration, no
timings of the model answer), as on a new teacher's or student's machine:

1. The sample class (`grader grade exercises/exemples`, README's first command) on the empty cache, then again:
   cold ÷ warm (goal ≤ 1.3), in wall and in CPU time. Each run's CPU ÷ the students' own CPU (goal ≤ 1.2), with
   benchmarks/bench_speed.py's measures: the class's CPU is every process the run started (a cgroup of its
   own, benchmarks/cpu_cgroup.py), the students' is the sum of the questions' `timing.student` (the kernel's
   clock of each child), the grader's own is the difference. (The kit's check: the process tree's CPU; its
   students' children are reaped by the fork server, outside it.)
2. A student's `grader check -q q18` (the challenge included) of the sample student alice on a fresh install
   of the kit (`grader kit`, its wheel installed by pip into a fresh venv: benchmarks/bench_kit.py), with its
   own empty HOME: the first ÷ the second (goal ≤ 1.5).

The machine is shared: wall times hold waits for a core, CPU times do not; ratios are within this run. Prints
the table and writes it to benchmarks/results/firstrun.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_kit, bench_speed  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "firstrun.md"
GOALS = {"class": 1.3, "check": 1.5, "cpu": 1.2}


def fresh_home(work: Path, name: str) -> dict:
    """This process's environment with HOME a new empty folder and no cache folder of its own."""
    home = work / name
    home.mkdir()
    env = {**os.environ, "HOME": str(home)}
    env.pop("TAQUIN_GRADER_CACHE", None)
    env.pop("XDG_CACHE_HOME", None)
    return env


def check(grader: Path, env: dict) -> dict:
    """Wall and CPU seconds (process tree) of `grader check ALICE -q q18 --json`, and its status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [str(grader), "check", str(bench_kit.ALICE), "-q", "q18", "--json"],
        capture_output=True,
        text=True,
        cwd=env["HOME"],
        env=env,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if not done.stdout:
        raise SystemExit(done.stderr[-3000:])
    (question,) = json.loads(done.stdout)["questions"]
    return {"wall": wall, "cpu": cpu, "status": f"{question['status']} {question['score']:g}/{question['max']:g}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, help="the class runs' seed (a fresh one each by default)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="bench-firstrun-") as folder:
        work = Path(folder)
        env = fresh_home(work, "teacher")
        classes = []
        for run in ("cold", "warm"):
            classes.append(bench_speed.grade(bench_speed.SAMPLE, work / f"out-{run}", args.workers, env, args.seed))
            print(f"  sample class, {run}: {classes[-1]}", flush=True)
        grader = bench_kit.install(work)
        env = fresh_home(work, "student")
        checks = []
        for run in ("first", "second"):
            checks.append(check(grader, env))
            print(f"  kit's grader check -q q18, {run}: {checks[-1]}", flush=True)
    cold, warm = classes
    first, second = checks
    ratios = {"class": cold["wall"] / warm["wall"], "check": first["wall"] / second["wall"]}
    lines = [
        "# The first run on an empty cache (issue 36)",
        "",
        f"`python benchmarks/bench_firstrun.py {' '.join(sys.argv[1:])}`; {time.strftime('%Y-%m-%d %H:%M')}; "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, running as "
        f"{'root' if os.geteuid() == 0 else 'an ordinary user'}; load average {load:.1f} at the start and "
        f"{os.getloadavg()[0]:.1f} at the end (a shared machine: wall times hold waits for a core, CPU times do "
        "not). Every command in a fresh process with HOME a new empty folder; the ratios are from this one run. "
        f"The class's CPU: {cold['measure']} (benchmarks/cpu_cgroup.py).",
        "",
        "| measure | first (s) | again (s) | ratio | goal |",
        "|---|---:|---:|---:|---:|",
        f"| the sample class, {args.workers} workers: wall, empty cache ÷ warm | {cold['wall']:.1f} | "
        f"{warm['wall']:.1f} | {ratios['class']:.2f} | ≤ {GOALS['class']} |",
        f"| the sample class: CPU (the grader's and the students'), empty cache ÷ warm | {cold['cpu']:.1f} | "
        f"{warm['cpu']:.1f} | {cold['cpu'] / warm['cpu']:.2f} | ≤ {GOALS['class']} |",
        f"| a student's `grader check -q q18` on a fresh kit install ({first['status']}): wall, first ÷ second "
        f"| {first['wall']:.1f} | {second['wall']:.1f} | {ratios['check']:.2f} | ≤ {GOALS['check']} |",
        "",
        "| the sample class | wall (s) | the grader's own CPU (s) | … of which the model answer's (s) "
        f"| students' CPU (s) | class's CPU ÷ students' CPU (goal ≤ {GOALS['cpu']}) |",
        "|---|---:|---:|---:|---:|---:|",
        *(
            f"| {run} | {r['wall']:.1f} | {r['own']:.1f} | {r['reference']:.1f} | {r['student']:.1f} | "
            f"{r['cpu'] / max(r['student'], 1e-9):.2f} |"
            for run, r in zip(("empty cache", "warm"), classes, strict=True)
        ),
        "",
        f"The kit's check, the grader's own CPU: first {first['cpu']:.1f} s, second {second['cpu']:.1f} s.",
        "",
        "The empty cache's extra work: unpacking the solver's tables and timing the calibration workload (about a "
        "second), timing the model answer's costly cases (best of 3 where a limit tells algorithms apart, once "
        "for q17, x3 and x4), and the copy of the standard library the students' code imports from. q18's challenge "
        "costs nothing extra: its limit and the model answer's searches on it are recorded with the project.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
