"""The web service under a burst: 50 simulated students send 200 attempts at once to a local
`grader serve` (127.0.0.1 only), with 1 then 2 grading workers. Prints the latency from submission to
final state (p50/p95, from the service's own timestamps) and the throughput, and writes the table to
benchmarks/results/service.md.

    python benchmarks/bench_service.py [--students 50] [--attempts 4] [--workers 1 2] [--questions q1]

A cheap barème keeps it to a few minutes: only q1 is graded (one sandboxed child per attempt). Each
attempt's content differs (no idempotent shortcut). A student's attempts go out back to back, so a
newer one supersedes the same student's attempts still queued, as the service does for real students:
the table counts attempts graded and superseded, and gives the latency of both.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "benchmarks" / "results" / "service.md"

from grader.service.store import FINAL, Store  # noqa: E402
from tests.service_harness import Server  # noqa: E402

RIGHT = (ROOT / "reference" / "jeux.py").read_bytes()
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=50)
    parser.add_argument("--attempts", type=int, default=4, help="per student")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--questions", nargs="+", default=["q1"])
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()
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
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
