"""The web service under a burst: 50 simulated students send 200 attempts at once to a local
`grader serve` (127.0.0.1 only), with 1 then 2 grading workers. Prints the latency from submission to
final state (p50/p95, from the service's own timestamps) and the throughput, and writes the table to
benchmarks/results/service.md.

    python benchmarks/bench_service.py [--students 50] [--attempts 4] [--workers 1 2] [--questions q1]
    python benchmarks/bench_service.py --whole-copies 100 [--batch 20] [--workers 2]

A cheap barème keeps it to a few minutes: only q1 is graded (one sandboxed child per attempt). Each
attempt's content differs (no idempotent shortcut). A student's attempts go out back to back, so a
newer one supersedes the same student's attempts still queued, as the service does for real students:
the table counts attempts graded and superseded, and gives the latency of both.

`--whole-copies N` (issue 36): N students each send one whole copy at once (the sample student alice's
jeux.py and taquin.py, every automatic question, each copy's text made distinct), through the real service
with `--workers` grading workers. Printed beside the same copies graded as a batch (`grader grade` of
`--batch` of them, the same workers): the CPU per copy of each (every process of the service, from the
burst's first submission to its last result, and of the batch's run: cgroups of their own,
benchmarks/cpu_cgroup.py), the service's ÷ the batch's; and the p95 of submit → result ÷ the physical limit
(the burst's students' CPU, the sum of the questions' `timing.student` of every result, ÷ the cores). The
whole-copy table is written to benchmarks/results/service.md below the q1 burst's, which it keeps.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "benchmarks" / "results" / "service.md"

from benchmarks import bench_speed, cpu_cgroup  # noqa: E402
from grader.registry import all_questions  # noqa: E402
from grader.service.store import FINAL, Store  # noqa: E402
from tests.service_harness import Server  # noqa: E402

COPY = bench_speed.SAMPLE / "alice"
WHOLE = "## Whole copies (issue 36)"

RIGHT = (ROOT / "reference" / "answers" / "jeux.py").read_bytes()
WRONG = (ROOT / "tests" / "submissions" / "jeux" / "bfs_plus_un.py").read_bytes()


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] if values else float("nan")


def settled(store: Store, sent: list[int], timeout: float) -> list:
    """The attempts' rows once every one is in a final state."""
    deadline = time.monotonic() + timeout
    while True:
        rows = [store.attempt(a) for a in sent]
        if all(r.state in FINAL for r in rows):
            return rows
        if time.monotonic() > deadline:
            raise SystemExit(f"burst not settled after {timeout} s")
        time.sleep(0.5)


def burst(workers: int, students: int, attempts: int, questions: list[str], timeout: float) -> dict:
    ids = [f"eleve{i:03d}" for i in range(students)]
    rate = f"[rate_limit]\nstudent_burst = {attempts + 1}\nquestion_burst = {attempts + 1}\n"
    with tempfile.TemporaryDirectory(prefix="bench-service-") as folder:
        server = Server(Path(folder), ids, workers=workers, extra=rate, questions=tuple(questions))
        try:

            def student(index: int) -> list[int]:
                sent = []
                for k in range(attempts):
                    source = (RIGHT if (index + k) % 2 else WRONG) + f"\n# {index} {k}\n".encode()
                    status, answer = server.submit(ids[index], {"jeux.py": source})
                    assert status == 202, answer
                    sent.append(answer["attempt"])
                return sent

            started = time.time()
            with ThreadPoolExecutor(max_workers=students) as pool:
                sent = [a for batch in pool.map(student, range(students)) for a in batch]
            submitted = time.time() - started
            rows = settled(Store(f"sqlite:///{Path(folder) / 'data' / 'service.db'}"), sent, timeout)
        finally:
            server.stop()
    graded = [r for r in rows if r.state == "done"]
    latency = [r.finished - r.created for r in rows]
    graded_latency = [r.finished - r.created for r in graded]
    span = max(r.finished for r in rows) - min(r.created for r in rows)
    return {
        "workers": workers,
        "attempts": len(rows),
        "graded": len(graded),
        "superseded": sum(r.state == "superseded" for r in rows),
        "ungradable": sum(r.state == "ungradable" for r in rows),
        "submit_s": submitted,
        "p50": percentile(latency, 50),
        "p95": percentile(latency, 95),
        "graded_p50": percentile(graded_latency, 50),
        "graded_p95": percentile(graded_latency, 95),
        "span": span,
        "throughput": len(graded) / span if span else float("nan"),
    }


def whole_copies(copies: int, workers: int, batch: int, timeout: float) -> dict:
    """`copies` students each send one whole copy at once; the same copy graded as a batch of `batch`."""
    files = {name: (COPY / name).read_bytes() for name in ("jeux.py", "taquin.py")}
    ids = [f"eleve{i:03d}" for i in range(copies)]
    rate = f"[rate_limit]\nstudent_burst = 2\nquestion_burst = {copies + 1}\n"
    with tempfile.TemporaryDirectory(prefix="bench-service-") as folder, cpu_cgroup.account("taquin-bench") as cg:
        scratch = Path(folder)
        # The service and every process it starts in the cgroup: the shell joins it, then becomes Python.
        join = ["sh", "-c", f'echo $$ > {cg.folder}/cgroup.procs && exec "$0" "$@"'] if cg.folder else []
        questions = tuple(q.id for q in all_questions() if not q.manual)
        server = Server(
            scratch / "service", ids, workers=workers, extra=rate, questions=questions, python=[*join, sys.executable]
        )
        try:

            def student(index: int) -> int:
                copy = {name: text + f"\n# copie {index}\n".encode() for name, text in files.items()}
                status, answer = server.submit(ids[index], copy)
                assert status == 202, answer
                return answer["attempt"]

            before, started = cg.seconds, time.time()
            with ThreadPoolExecutor(max_workers=copies) as pool:
                sent = list(pool.map(student, range(copies)))
            submitted = time.time() - started
            store = Store(f"sqlite:///{scratch / 'service' / 'data' / 'service.db'}")
            rows = settled(store, sent, timeout)
            service_cpu = cg.seconds - before if before is not None else None
            results = [store.result(r.result_key) for r in rows if r.state == "done"]
        finally:
            server.stop()
        klass = scratch / "classe"
        klass.mkdir()
        for index in range(batch):
            shutil.copytree(COPY, klass / f"eleve{index:03d}")
            for name in files:
                with (klass / f"eleve{index:03d}" / name).open("ab") as copy:
                    copy.write(f"\n# copie {index}\n".encode())
        batched = bench_speed.grade(klass, scratch / "out", workers)
    student_cpu = sum(
        q.get("timing", {}).get("student", 0.0) for result in results for q in (result or {}).get("questions", [])
    )
    latency = [r.finished - r.created for r in rows]
    limit = student_cpu / (os.cpu_count() or 1)
    return {
        "copies": copies,
        "workers": workers,
        "graded": sum(r.state == "done" for r in rows),
        "states": sorted({r.state for r in rows}),
        "submit_s": submitted,
        "p50": percentile(latency, 50),
        "p95": percentile(latency, 95),
        "span": max(r.finished for r in rows) - min(r.created for r in rows),
        "student_cpu": student_cpu,
        "limit": limit,
        "service_per_copy": service_cpu / copies if service_cpu is not None else float("nan"),
        "batch": batch,
        "batch_per_copy": batched["cpu"] / batch,
        "batch_wall_per_copy": batched["wall"] / batch,
        "batch_student_per_copy": batched["student"] / batch,
    }


def whole_table(r: dict, load: tuple[float, float]) -> str:
    lines = [
        WHOLE,
        "",
        f"`python benchmarks/bench_service.py --whole-copies {r['copies']} --batch {r['batch']} --workers "
        f"{r['workers']}`; {time.strftime('%Y-%m-%d %H:%M')}; {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; load average {load[0]:.1f} at the start and {load[1]:.1f} at the end (a "
        "shared machine: wall times hold waits for a core, CPU times do not); one run. Each student sends one "
        "whole copy (the sample student alice's jeux.py and taquin.py, every automatic question) at once; CPU: "
        "every process of the service from the first submission to the last result, and of the batch's "
        "`grader grade` (cgroups: benchmarks/cpu_cgroup.py); the physical limit: the burst's students' CPU (the "
        "sum of every result's `timing.student`) ÷ the cores.",
        "",
        "| copies | workers | graded | all sent in | p50 submit → result | p95 | burst's span | students' CPU "
        "| physical limit | p95 ÷ physical limit | CPU per copy, service | … batch | service ÷ batch |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {r['copies']} | {r['workers']} | {r['graded']} | {r['submit_s']:.1f} s | {r['p50']:.1f} s "
        f"| {r['p95']:.1f} s | {r['span']:.1f} s | {r['student_cpu']:.1f} s | {r['limit']:.1f} s "
        f"| {r['p95'] / max(r['limit'], 1e-9):.2f} | {r['service_per_copy']:.2f} s | {r['batch_per_copy']:.2f} s "
        f"| {r['service_per_copy'] / r['batch_per_copy']:.2f} |",
        "",
        f"The batch: {r['batch']} of the same copies graded by `grader grade --workers {r['workers']}`, "
        f"{r['batch_wall_per_copy']:.2f} s of wall per copy, of which the students' CPU "
        f"{r['batch_student_per_copy']:.2f} s per copy.",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=50)
    parser.add_argument("--attempts", type=int, default=4, help="per student")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--questions", nargs="+", default=["q1"])
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--whole-copies", type=int, default=0, help="students sending one whole copy each")
    parser.add_argument("--batch", type=int, default=20, help="copies in the batch it is compared with")
    args = parser.parse_args()
    if args.whole_copies:
        load = os.getloadavg()[0]
        row = whole_copies(args.whole_copies, args.workers[-1], args.batch, args.timeout)
        print(json.dumps(row, indent=1))
        text = whole_table(row, (load, os.getloadavg()[0]))
        print(text)
        kept = RESULTS.read_text(encoding="utf-8").split(WHOLE)[0].rstrip("\n") if RESULTS.exists() else ""
        RESULTS.write_text(f"{kept}\n\n{text}" if kept else text, encoding="utf-8")
        return
    rows = [burst(w, args.students, args.attempts, args.questions, args.timeout) for w in args.workers]
    lines = [
        f"# Service burst: {args.students} students × {args.attempts} attempts, questions {' '.join(args.questions)}",
        "",
        f"{platform.machine()}, {platform.python_version()}, one run; latency = the service's own timestamps "
        "(stored → final state); throughput = attempts graded per second over the burst.",
        "",
        "| workers | attempts | graded | superseded | ungradable | all sent in | latency p50 | p95 "
        "| graded p50 | graded p95 | graded/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['workers']} | {r['attempts']} | {r['graded']} | {r['superseded']} | {r['ungradable']} "
            f"| {r['submit_s']:.1f} s | {r['p50']:.1f} s | {r['p95']:.1f} s | {r['graded_p50']:.1f} s "
            f"| {r['graded_p95']:.1f} s | {r['throughput']:.2f} |"
        )
    if len(rows) == 2 and rows[0]["throughput"]:
        lines += [
            "",
            f"Throughput ratio {rows[1]['workers']} / {rows[0]['workers']} workers: "
            f"{rows[1]['throughput'] / rows[0]['throughput']:.2f}×",
        ]
    text = "\n".join(lines) + "\n"
    print(text)
    whole = RESULTS.read_text(encoding="utf-8").split(WHOLE, 1) if RESULTS.exists() else []
    RESULTS.write_text(text + (f"\n{WHOLE}{whole[1]}" if len(whole) == 2 else ""), encoding="utf-8")


if __name__ == "__main__":
    main()
