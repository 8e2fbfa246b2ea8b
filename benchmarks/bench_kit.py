"""A student's first `grader check` on a fresh install of the kit (`grader kit`): at most 10 s?

    python benchmarks/bench_kit.py

Writes the kit from this checkout, installs its wheel with pip into a fresh virtual environment (the
dependencies borrowed from this one through a path: no network), and times `grader check` of the sample
student alice, in a fresh process as a student runs it, with an empty cache (a fresh home: no
calibration, no Hypothesis files), then the same check again. The checks: q18 without its challenge
(judged on optimal lengths: the kit ships no solver, docs/student-kit.md), q1 (nothing to build), x2
(the 3×3 puzzle's table, built in a second), and every automatic question of the exam without q18's
challenge. Prints a table and writes it to benchmarks/results/kit.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from grader.registry import all_questions

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "kit.md"
ALICE = ROOT / "exercises" / "exemples" / "alice"
NO_CHALLENGE = ROOT / "benchmarks" / "schemes" / "sans-defi.toml"
EXAM = [q.id for q in all_questions() if not q.manual]  # the exam's automatic questions, as the registry lists them
CASES = {
    "q18 without the challenge": ("-q", "q18", "--scheme", str(NO_CHALLENGE)),
    "q1": ("-q", "q1"),
    "x2": ("-q", "x2"),
    "every exam question, q18 without the challenge": (
        *(arg for qid in EXAM for arg in ("-q", qid)),
        "--scheme",
        str(NO_CHALLENGE),
    ),
}
GOAL_SECONDS = 10.0


def install(work: Path) -> Path:
    """The kit's wheel installed by pip in a fresh venv of this interpreter; its `grader` command."""
    sys.path.insert(0, str(ROOT))
    from grader.kit import build_kit

    wheel = build_kit(work / "kit")["wheel"]
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True)
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv / "bin" / "grader"


def check(grader: Path, cache: Path, options: tuple[str, ...]) -> tuple[float, float, list[str]]:
    """Wall and CPU seconds (process tree) of one `grader check ALICE --json OPTIONS`, and the statuses."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [str(grader), "check", str(ALICE), "--json", *options],
        capture_output=True,
        text=True,
        cwd=cache.parent,
        env={**os.environ, "TAQUIN_GRADER_CACHE": str(cache)},
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    statuses = [q["status"] for q in json.loads(done.stdout)["questions"]] if done.stdout else [done.stderr[-300:]]
    return wall, cpu, statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.parse_args()
    rows: list[tuple[str, float, float, float, str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-kit-") as tmp:
        work = Path(tmp)
        grader = install(work)
        for label, options in CASES.items():
            cache = work / f"cache-{len(rows)}"  # empty: a fresh home
            first, cpu, statuses = check(grader, cache, options)
            again, _, _ = check(grader, cache, options)
            status = ", ".join(sorted(set(statuses)))
            rows.append((label, first, cpu, again, status))
            print(f"{label:55} first {first:6.2f} s (CPU {cpu:6.2f} s), again {again:6.2f} s  {status}", flush=True)
    load = os.getloadavg()[0]
    lines = [
        "# A student's first `grader check` on a fresh install of the kit",
        "",
        "`python benchmarks/bench_kit.py`: the kit's wheel installed by pip "
        "in a fresh venv, `grader check` of the sample student alice in a fresh process with an empty cache "
        f"(first), then again; goal: the first check of a question in at most {GOAL_SECONDS:g} s. "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load average "
        f"{load:.1f} at the end (other jobs shared the machine).",
        "",
        "| check | first, fresh install (s) | CPU of the first, process tree (s) | again (s) | status |",
        "|---|---|---|---|---|",
    ]
    lines += [
        f"| {label} | {first:.2f} | {cpu:.2f} | {again:.2f} | {status} |" for label, first, cpu, again, status in rows
    ]
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
