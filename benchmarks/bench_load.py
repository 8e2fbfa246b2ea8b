"""Whether a verdict depends on the machine's load: tests run under CPU burners, pass counts per load.

    python benchmarks/bench_load.py [--burners 0 8 16 40] [--runs 3] [--runslow] TARGET [TARGET ...]

A TARGET is a pytest node, or `check:FILE:QUESTIONS:SEED` (`grader check` of FILE on the
comma-separated QUESTIONS under SEED, passed when its total is full marks). For each number N of
burners, N processes of `while 1: pass` are started, spread over this process's CPUs (each pinned to
one), and each TARGET is run `--runs` times, in a fresh process each; the
burners are killed before the next N (and on any exit). Prints a Markdown table of the pass counts, the
load average seen at the end of each N, and each node's slowest run. The machine is shared: keep the
number of nodes and runs small, a few minutes of burning at a time (docs/limits.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start_burners(count: int) -> list[subprocess.Popen]:
    cpus = sorted(os.sched_getaffinity(0))
    burners = []
    for k in range(count):
        burner = subprocess.Popen([sys.executable, "-c", "while 1: pass"])
        os.sched_setaffinity(burner.pid, {cpus[k % len(cpus)]})
        burners.append(burner)
    return burners


def stop_burners(burners: list[subprocess.Popen]) -> None:
    for burner in burners:
        burner.kill()
    for burner in burners:
        burner.wait()


def run_target(target: str, runslow: bool) -> tuple[bool, float]:
    """One fresh run of `target`: whether it passed, and its wall time."""
    started = time.monotonic()
    if target.startswith("check:"):
        _, path, questions, seed = target.split(":")
        with tempfile.TemporaryDirectory() as folder:
            shutil.copy(ROOT / path, Path(folder) / "taquin.py")
            options = [option for qid in questions.split(",") for option in ("-q", qid)]
            command = [sys.executable, "-m", "grader", "check", folder, *options, "--seed", seed]
            said = subprocess.run(command, cwd=ROOT, capture_output=True, text=True).stdout
        total = next((line for line in said.splitlines() if line.startswith("Total : ")), "Total : 0/1")
        got, most = total[len("Total : ") :].split("/")
        return got.strip() == most.strip(), time.monotonic() - started
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", target]
    done = subprocess.run([*command, *(["--runslow"] if runslow else [])], cwd=ROOT, capture_output=True, text=True)
    return done.returncode == 0, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+")
    parser.add_argument("--burners", type=int, nargs="+", default=[0, 8, 16, 40])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--runslow", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for count in args.burners:
        burners = start_burners(count)
        try:
            time.sleep(2 if count else 0)  # the burners running before the first test starts
            results = {target: [run_target(target, args.runslow) for _ in range(args.runs)] for target in args.targets}
            load = os.getloadavg()[0]
        finally:
            stop_burners(burners)
        for target, runs in results.items():
            passed = sum(ok for ok, _ in runs)
            rows.append(
                f"| {count} | {load:.1f} | `{target.split('::')[-1]}` | {passed}/{len(runs)} | "
                f"{max(seconds for _, seconds in runs):.0f} s |"
            )
            print(rows[-1], flush=True)
    print("\n| burners | load (1 min) | target | passed | slowest run |\n|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
