"""The distributed mode under load: a private PostgreSQL and Redis (Debian's servers, as the tests start
them), then 1, 2 and 4 `grader worker` processes, each as if on a machine of its own (its own process
group and cache folder, one grading process each). For each worker count:

- a class of 300 students graded by `grader grade --broker` (grade_class on the `Distributed` executor);
- a burst of 500 submissions (500 students, one each, sent by 50 threads) to `grader serve` on
  PostgreSQL and Redis, with `workers = 0`: the workers grade everything.

Prints throughput and p50/p95 latency per worker count and the scaling ratios; writes
benchmarks/results/scale.md.

    python benchmarks/bench_scale.py [--class-size 300] [--burst 500] [--workers 1 2 4] [--questions q1]

Only q1 is graded by default (one sandboxed child per student, under a second), so that all of it
finishes in about half an hour on this shared 2-core machine; a real barème costs what `grader grade`
costs per student (benchmarks/results/speed-history.md). Half the answers are right, half wrong, each file different.
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
RESULTS = ROOT / "benchmarks" / "results" / "scale.md"

from benchmarks.bench_service import RIGHT, WRONG, percentile, settled  # noqa: E402
from grader.judge.settings import Settings  # noqa: E402
from grader.run.executor import Distributed  # noqa: E402
from grader.run.grading import grade_class  # noqa: E402
from grader.registry import all_questions  # noqa: E402
from grader.run.jobs import select  # noqa: E402
from grader.service.store import Store  # noqa: E402
from tests.distributed_harness import Postgres, Redis, Worker  # noqa: E402
from tests.service_harness import Server  # noqa: E402


def answer(index: int) -> bytes:
    return (RIGHT if index % 2 else WRONG) + f"\n# copy {index}\n".encode()


def start_workers(count: int, args: list[str], logs: Path) -> list[Worker]:
    workers = [Worker([*args, "--processes", "1"], logs / f"worker-{n}.log") for n in range(count)]
    return [worker.ready() for worker in workers]


def batch(count: int, size: int, questions: list[str], folder: Path) -> dict:
    """A class of `size` graded through Redis by `count` workers: students per second, and the time each
    student's result took to come back after the run started."""
    class_dir = folder / "classe"
    if not class_dir.exists():
        class_dir.mkdir()
        for index in range(size):
            (class_dir / f"eleve{index:03d}.py").write_bytes(answer(index))
    broker = Redis()
    workers = start_workers(count, ["--broker", broker.url], folder)
    try:
        arrived: list[float] = []
        started = time.monotonic()
        run = grade_class(
            class_dir,
            folder / f"out-{count}",
            select(all_questions(), questions),
            Settings(),
            executor=Distributed(broker.url),
            progress=lambda *_: arrived.append(time.monotonic()),
        )
        span = time.monotonic() - started
    finally:
        for worker in workers:
            worker.stop()
        broker.stop()
    assert len(run.submissions) == size and all(s.status == "graded" for s in run.submissions)
    latency = [t - started for t in arrived]
    return {
        "workers": count,
        "jobs": size,
        "span": span,
        "throughput": size / span,
        "p50": percentile(latency, 50),
        "p95": percentile(latency, 95),
    }


def burst(count: int, size: int, questions: list[str], folder: Path, timeout: float) -> dict:
    """`size` students submit at once to a service on PostgreSQL and Redis graded by `count` workers:
    attempts graded per second, and each attempt's latency from the service's timestamps (stored → done)."""
    broker, database = Redis(), Postgres()
    ids = [f"eleve{i:03d}" for i in range(size)]
    extra = f'broker = "{broker.url}"\ndatabase_url = "{database.url}"\n'
    server = Server(folder / f"service-{count}", ids, workers=0, extra=extra, questions=tuple(questions))
    workers = start_workers(count, [str(server.config)], folder / f"service-{count}")
    try:

        def submit(index: int) -> int:
            status, reply = server.submit(ids[index], {"jeux.py": answer(index)})
            assert status == 202, reply
            return reply["attempt"]

        sending = time.monotonic()
        with ThreadPoolExecutor(max_workers=50) as pool:
            sent = list(pool.map(submit, range(size)))
        intake = time.monotonic() - sending
        rows = settled(Store(database.url), sent, timeout)
    finally:
        for worker in workers:
            worker.stop()
        server.stop()
        database.close()
        broker.stop()
    assert all(r.state == "done" for r in rows), {r.state for r in rows}
    latency = [r.finished - r.created for r in rows]
    span = max(r.finished for r in rows) - min(r.created for r in rows)
    return {
        "workers": count,
        "jobs": size,
        "span": span,
        "throughput": size / span,
        "intake": intake,
        "p50": percentile(latency, 50),
        "p95": percentile(latency, 95),
    }


def table(title: str, rows: list[dict]) -> list[str]:
    intake = "intake" in rows[0]  # a burst: how long sending took bounds its wall time
    lines = [
        f"## {title}",
        "",
        "| workers | jobs |"
        + (" all sent in |" if intake else "")
        + " wall | jobs/s | latency p50 | p95 | speed-up vs 1 |",
        "|---|---|" + ("---|" if intake else "") + "---|---|---|---|---|",
    ]
    base = rows[0]["throughput"]
    for r in rows:
        sent = f" {r['intake']:.1f} s |" if intake else ""
        lines.append(
            f"| {r['workers']} | {r['jobs']} |{sent} {r['span']:.1f} s | {r['throughput']:.2f} "
            f"| {r['p50']:.1f} s | {r['p95']:.1f} s | {r['throughput'] / base:.2f}× |"
        )
    return lines + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class-size", type=int, default=300)
    parser.add_argument("--burst", type=int, default=500)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--questions", nargs="+", default=["q1"])
    parser.add_argument("--timeout", type=float, default=3600)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as scratch:
        folder = Path(scratch)
        batches = [batch(n, args.class_size, args.questions, folder) for n in args.workers]
        print("\n".join(table("batch", batches)), flush=True)
        bursts = [burst(n, args.burst, args.questions, folder, args.timeout) for n in args.workers]
    lines = [
        f"# Distributed mode: a class of {args.class_size}, a burst of {args.burst}, questions "
        f"{' '.join(args.questions)}",
        "",
        f"{platform.machine()}, {platform.python_version()}, 2 shared cores, one run. Each worker: `grader worker` "
        "with one grading process, its own cache folder, as if on a machine of its own; Redis and PostgreSQL "
        "on this machine. Batch latency: from the start of `grader grade --broker` to the student's result; "
        "burst latency: the service's own timestamps (stored → done).",
        "",
        *table(f"`grader grade --broker`: a class of {args.class_size}", batches),
        *table(f"`grader serve` on PostgreSQL + Redis: a burst of {args.burst} submissions", bursts),
    ]
    text = "\n".join(lines)
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
