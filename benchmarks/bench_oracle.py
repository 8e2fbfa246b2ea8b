"""The oracle (reference.solver) against the exam-faithful IDA* (reference/answers/taquin.py), in one run.

    python benchmarks/bench_oracle.py [--cap SECONDS] [--korf N ...]

Builds the pattern databases from scratch in a temporary cache (their build time and size), then solves
the exam's example and a sample of Korf's 100 with both solvers side by side (the reference in a child
process, stopped after --cap seconds), then all of Korf's 100 with the oracle. Nodes are generated
nodes (states whose f is computed), for both. Times are CPU times: both solvers are single-threaded, so
on an idle machine that is their wall time, and on a loaded one (other jobs sharing the cores) it is
still what they cost. Prints the tables and writes them to benchmarks/results/oracle.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reference import puzzle  # noqa: E402
from reference.answers import taquin  # noqa: E402
from reference.solver import from_korf  # noqa: E402
from reference.solver import pdb, search  # noqa: E402

KORF100 = ROOT / "grader" / "data" / "korf100.txt"
RESULTS = ROOT / "benchmarks" / "results" / "oracle.md"
# Korf's instances (numbered from 1) that the exam's Manhattan IDA* solves in about a minute or less here.
DEFAULT_SAMPLE = (12, 19, 9, 97)


def korf_instances():
    lines = [line.split() for line in KORF100.read_text().splitlines() if line.strip() and line[0] != "#"]
    return [(k, from_korf(map(int, words[:16])), int(words[16])) for k, words in enumerate(lines, 1)]


def _reference_child(state, count_nodes, queue):
    nodes = 0
    if count_nodes:
        # The exam's dfs calls itself through the module global, so a wrapper sees every node.
        plain = taquin.dfs

        def counting(m, p):
            nonlocal nodes
            nodes += 1
            return plain(m, p)

        taquin.dfs = counting
    taquin.grid = puzzle.to_grid(state)
    taquin.h = puzzle.manhattan(state)
    taquin.li, taquin.lj = puzzle.blank_position(state)
    start = time.process_time()
    moves = taquin.taquin()
    queue.put((len(moves), time.process_time() - start, nodes))


def _reference_run(state, cap, count_nodes):
    """(length, seconds, nodes) of the exam's taquin() in a child process, None after `cap` seconds."""
    queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=_reference_child, args=(state, count_nodes, queue))
    child.start()
    child.join(cap)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    return queue.get()


def reference(state, cap):
    """(length, seconds, nodes): timed without instrumentation, nodes counted in a second run."""
    timed = _reference_run(state, cap, count_nodes=False)
    if timed is None:
        return None
    counted = _reference_run(state, 2 * cap + 10, count_nodes=True)  # the counter slows it down
    return timed[0], timed[1], counted[2] if counted else None


def oracle(state):
    start = time.process_time()
    moves, nodes = search.search(state)
    return len(moves), time.process_time() - start, nodes


def build_tables(directory: Path):
    rows = []
    for tiles in search.PARTITION:
        start, cpu = time.perf_counter(), time.process_time()
        pdb.load_table(tiles, directory)
        rows.append(
            (
                tiles,
                time.perf_counter() - start,
                time.process_time() - cpu,
                pdb.table_path(tiles, directory).stat().st_size,
            )
        )
    return rows


def markdown(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return "\n".join(lines + ["| " + " | ".join(map(str, row)) + " |" for row in rows])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=120.0, help="reference's time cap per instance (s)")
    parser.add_argument(
        "--korf",
        type=int,
        nargs="*",
        default=list(DEFAULT_SAMPLE),
        help="Korf instances (1-100) for the side-by-side table",
    )
    args = parser.parse_args()
    out = [
        f"# Oracle benchmark\n\nMachine: {platform.machine()}, {os.cpu_count()} cores "
        f"({platform.processor() or platform.platform()}), Python {platform.python_version()}, "
        f"numpy {np.__version__}; {time.strftime('%Y-%m-%d %H:%M')}; load average at start "
        f"{os.getloadavg()[0]:.1f}.\n"
    ]

    with tempfile.TemporaryDirectory() as directory:
        os.environ["TAQUIN_GRADER_CACHE"] = directory  # the oracle loads the tables just built
        built = build_tables(Path(directory))
        out.append(
            "## Pattern databases (6-6-3), built from scratch\n\n"
            + markdown(
                ("tiles", "build, wall (s)", "build, CPU (s)", "disk (MB)"),
                [("-".join(map(str, t)), f"{w:.1f}", f"{c:.1f}", f"{b / 1e6:.1f}") for t, w, c, b in built]
                + [
                    (
                        "total",
                        *(f"{sum(r[i] for r in built):.1f}" for i in (1, 2)),
                        f"{sum(r[3] for r in built) / 1e6:.1f}",
                    )
                ],
            )
        )
        start = time.perf_counter()
        search.search(puzzle.GOAL)
        out.append(f"Loading them from the cache (checksums included): {time.perf_counter() - start:.2f} s.\n")
        print("\n\n".join(out), flush=True)

        cases = [
            ("exam example (initial state)", puzzle.EXAM_EXAMPLE),
            ("exam example after its first move", puzzle.apply(puzzle.EXAM_EXAMPLE, "Gauche")),
        ]
        instances = korf_instances()
        cases += [(f"Korf {k}", instances[k - 1][1]) for k in args.korf]
        rows = []
        for name, state in cases:
            length, seconds, nodes = oracle(state)
            ref = reference(state, args.cap)
            if ref is None:
                ref_cells = (f"> {args.cap:.0f}", "", "")
            else:
                assert ref[0] == length, (name, ref[0], length)
                ref_cells = (f"{ref[1]:.2f}", f"{ref[2]:,}" if ref[2] else "", f"{ref[1] / seconds:,.0f}x")
            rows.append((name, length, f"{seconds:.3f}", f"{nodes:,}", *ref_cells))
            print(rows[-1], flush=True)
        out.append(
            f"## Side by side (reference capped at {args.cap:.0f} s)\n\n"
            + markdown(
                ("instance", "optimum", "oracle (s)", "oracle nodes", "reference (s)", "reference nodes", "speed-up"),
                rows,
            )
        )

        total, nodes, slowest = 0.0, 0, (0.0, 0)
        for k, state, expected in instances:
            length, seconds, generated = oracle(state)
            assert length == expected, (k, length, expected)
            total, nodes, slowest = total + seconds, nodes + generated, max(slowest, (seconds, k))
        out.append(
            "## The oracle on all of Korf's 100 (all optimal)\n\n"
            + markdown(
                ("total (s)", "mean (s)", "slowest", "nodes", "mean nodes"),
                [
                    (
                        f"{total:.1f}",
                        f"{total / 100:.2f}",
                        f"Korf {slowest[1]}: {slowest[0]:.1f} s",
                        f"{nodes:,}",
                        f"{nodes // 100:,}",
                    )
                ],
            )
        )
    text = "\n\n".join(out) + "\n"
    print(text)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
