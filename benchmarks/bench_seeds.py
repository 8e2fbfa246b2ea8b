"""The checks' power under many seeds: every wrong variant the project keeps, graded under 20 seeds, each
one's catch rate. The target is 100 % for each, not on average: a check whose crafted cases cover a way
of going wrong catches it whatever the seed draws. Prints a table and writes it to
benchmarks/results/seeds.md.

    python benchmarks/bench_seeds.py [--workers 2] [--seeds 20 | --seed-list 1,2,3] [-q q10 ...]
                                     [--match NAME ...] [--no-mutants] [--no-correct]

What is graded, each on its question alone:
- the wrong variants of tests/variants/ (each question a docstring declares wrong), graded as
  tests/test_variants.py grades them (`dependances = "eleve"`, no q18 challenge);
- the mutants of benchmarks/bench_mutation.py that its independent harness finds a witness against
  (the equivalent ones are left out), graded as bench_mutation grades them;
- the model answers and the correct variants (unless --no-correct): they must get full marks under the
  same seeds.

The seeds are drawn afresh at each run, as `grader grade` draws a class's (--seed-list redoes a run);
the table names them. A run's work is batched by seed: each job grades a batch of items under one seed
in a worker process that keeps the grader's cache of the model answer's runs for that seed, so the
reference side of a case is computed once per worker, not once per item. A wrong source of parts I-III
or x1 is stopped at its first failed case in a group that weighs (it has lost points: caught), sparing
Hypothesis's shrinking and the groups after it; part IV's are graded in full (q16-q18 take the better of
two judgements: a group failed with the student's own functions may pass with the model answer's), and so
are the correct sources.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "seeds.md"
sys.path[:0] = [str(ROOT / "tests"), str(ROOT), str(ROOT / "benchmarks")]

import bench_mutation as mutation  # noqa: E402  (benchmarks/: the mutants and the grading worker)

BATCH = 12  # items per job: large enough that a worker reuses a seed's reference runs, small enough to balance


@dataclass
class Item:
    """One source graded on one question: a wrong one must lose points, a correct one keep them all."""

    kind: str  # "variant" | "mutant" | "correct"
    name: str
    module: str
    question: str
    source: str
    overrides: dict

    @property
    def wrong(self) -> bool:
        return self.kind != "correct"


def variant_items(questions, match) -> list[Item]:
    """The variants of tests/variants/ on each question they declare, and the model answers."""
    from test_variants import MODEL, NO_CHALLENGE
    from variants import harness

    items = []
    for v in harness.variants():
        for qid, verdict in v.declared:
            # A wrong variant's questions it is right on are not its point: tests/test_variants.py grades those.
            if verdict == "correct" and v.path.parent.name == "wrong":
                continue
            kind = "variant" if verdict == "wrong" else "correct"
            items.append(Item(kind, v.name, v.family, qid, v.path.read_text(encoding="utf-8"), NO_CHALLENGE))
    for module, qids in MODEL.items():
        source = (ROOT / "reference" / "answers" / f"{module}.py").read_text(encoding="utf-8")
        items += [Item("correct", f"reference/answers/{module}", module, q, source, NO_CHALLENGE) for q in qids]
    return [i for i in items if _wanted(i, questions, match)]


def mutant_items(pool, questions, match) -> tuple[list[Item], int]:
    """The non-equivalent mutants of bench_mutation (the harness finds a witness against each), and how
    many equivalent ones were left out."""
    mutants = [
        m
        for module in mutation.QUESTION_OF
        for m in mutation.all_of(module)
        if _wanted(Item("mutant", _mutant_name(m), m.module, m.question, "", {}), questions, match)
    ]
    witnesses = list(pool.map(mutation.oracle_witness, mutants, chunksize=4))
    alive = [m for m, w in zip(mutants, witnesses) if w is not None]
    items = [Item("mutant", _mutant_name(m), m.module, m.question, m.source, mutation.NO_CHALLENGE) for m in alive]
    return items, len(mutants) - len(alive)


def _mutant_name(m) -> str:
    return f"{m.module}:{m.function}:{m.line} {m.description}"


def _wanted(item: Item, questions, match) -> bool:
    return (not questions or item.question in questions) and (not match or any(s in item.name for s in match))


# --- Workers ----------------------------------------------------------------------------------------------
_ITEMS: list[Item] = []
# Where a wrong source's first failed case is enough: a question judged once (not q16-q18's better of two
# judgements, where a group failed with the student's own functions may pass with the model answer's).
STOPS_AT_FIRST_FAILURE = ("jeux", "recherche")


class Caught(BaseException):
    """A wrong source's first failing case in a group that weighs: it has lost points under this seed.
    A BaseException, so that neither the grader nor Hypothesis takes it for the judge's own error."""


class _Stop:
    active = False  # set while a wrong source of STOPS_AT_FIRST_FAILURE is graded


def _stopping(ctx, group: str, judge):
    """`judge`, raising Caught at its first failure when a wrong source is graded and the group weighs."""
    if not _Stop.active or not ctx.settings.scheme.weights(ctx.question).get(group):
        return judge

    def judged(case, *args, **kwargs):
        from grader.questions.api import Failure

        verdict = judge(case, *args, **kwargs)
        if isinstance(verdict, Failure):
            raise Caught(group)
        return verdict

    return judged


def _start_worker(items: list[Item]) -> None:
    """Keep the items; make the grader's check groups stop a wrong source at its first failure (spared:
    Hypothesis's shrinking and the groups after it, which decide nothing more about being caught)."""
    global _ITEMS
    mutation.limit_memory()
    _ITEMS = items
    from grader.judge.context import Context

    check, check_cases = Context.check, Context.check_cases

    def stopping_check(self, group, strategy, judge, *args, **kwargs):
        return check(self, group, strategy, _stopping(self, group, judge), *args, **kwargs)

    def stopping_check_cases(self, group, cases, judge, *args, **kwargs):
        return check_cases(self, group, cases, _stopping(self, group, judge), *args, **kwargs)

    Context.check = stopping_check  # type: ignore[method-assign]
    Context.check_cases = stopping_check_cases  # type: ignore[method-assign]


def grade_batch(job: tuple[int, list[int]]) -> list[tuple[int, int, float]]:
    """(item index, seed, share of the question's points kept, in %) for a batch of items under one seed;
    0 for a wrong source stopped at its first failure."""
    seed, indices = job
    out = []
    for index in indices:
        item = _ITEMS[index]
        _Stop.active = item.wrong and item.module in STOPS_AT_FIRST_FAILURE
        try:
            kept = mutation.grade_source(item.module, item.question, item.source, seed, item.overrides).kept
        except Caught:
            kept = 0.0
        finally:
            _Stop.active = False
        out.append((index, seed, kept))
    return out


def jobs(count: int, seeds: list[int], batch: int = BATCH) -> list[tuple[int, list[int]]]:
    """The work, by seed: batches of item indices, all the batches of one seed next to each other."""
    indices = list(range(count))
    return [(seed, indices[i : i + batch]) for seed in seeds for i in range(0, count, batch)]


def catch_rates(items: list[Item], seeds: list[int], workers: int) -> dict[int, dict[int, float]]:
    """For each item (by index), the share of its question's points it keeps under each seed, in %."""
    kept: dict[int, dict[int, float]] = {i: {} for i in range(len(items))}
    started = time.perf_counter()
    # Workers from a fork server: forked from a process with threads (the test suite's), a worker can wait
    # for ever on a lock held at the fork.
    forkserver = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(workers, forkserver, initializer=_start_worker, initargs=(items,)) as pool:
        for batch in pool.map(grade_batch, jobs(len(items), seeds)):
            for index, seed, share in batch:
                kept[index][seed] = share
            done = sum(len(shares) for shares in kept.values())
            print(f"{done}/{len(items) * len(seeds)} graded, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return kept


def missed(item: Item, kept: dict[int, float]) -> list[int]:
    """The seeds under which the item's verdict is not the one it must have: full marks for a wrong item,
    less than full marks for a correct one."""
    return [seed for seed, share in kept.items() if (share >= 100) == item.wrong]


# --- Report -----------------------------------------------------------------------------------------------
def report(args, items, kept, seeds, equivalent: int, seconds: float) -> str:
    wrong = [(i, item) for i, item in enumerate(items) if item.wrong]
    correct = [(i, item) for i, item in enumerate(items) if not item.wrong]
    short = [(i, item) for i, item in wrong if missed(item, kept[i])]
    lost = [(i, item) for i, item in correct if missed(item, kept[i])]
    questions = sorted({item.question for item in items}, key=lambda q: (q[0], int(q[1:])))
    command = (
        "`python benchmarks/bench_seeds.py " + " ".join(args.argv) + "`"
        if args.argv
        else "`python benchmarks/bench_seeds.py`"
    )
    lines = [
        f"# Catch rates under {len(seeds)} seeds ({date.today()}, {platform.machine()}, "
        f"{len(os.sched_getaffinity(0))} cores, Python {platform.python_version()})",
        "",
        f"{command}: {len(wrong)} wrong sources ({sum(i.kind == 'variant' for _, i in wrong)} variants of "
        f"tests/variants/, {sum(i.kind == 'mutant' for _, i in wrong)} non-equivalent mutants of "
        f"bench_mutation, {equivalent} equivalent ones left out) and {len(correct)} correct ones (the model "
        f"answers and the correct variants), each graded on its question under every seed: "
        f"{len(items) * len(seeds)} gradings, {args.workers} worker{'s' * (args.workers > 1)}, {seconds:.0f} s wall. A wrong source is "
        "caught under a seed when it loses points on its question; a correct one must keep them all.",
        "",
        f"Seeds: {', '.join(map(str, seeds))}.",
        "",
        "| question | wrong sources | caught under every seed | lowest catch rate | correct sources | full marks "
        "under every seed |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for q in questions:
        ws = [(i, item) for i, item in wrong if item.question == q]
        cs = [(i, item) for i, item in correct if item.question == q]
        rates = [100 * (1 - len(missed(item, kept[i])) / len(seeds)) for i, item in ws]
        lowest = f"{min(rates):.0f} %" if rates else "n/a"
        always = sum(not missed(item, kept[i]) for i, item in ws)
        full = sum(not missed(item, kept[i]) for i, item in cs)
        lines.append(f"| {q} | {len(ws)} | {always} | {lowest} | {len(cs)} | {full} |")
    lines += ["", "## Wrong sources not caught under every seed", ""]
    if short:
        lines += ["| question | source | catch rate | seeds where it kept full marks |", "|---|---|---:|---|"]
        for i, item in sorted(short, key=lambda p: len(missed(p[1], kept[p[0]])), reverse=True):
            seeds_missed = missed(item, kept[i])
            rate = 100 * (1 - len(seeds_missed) / len(seeds))
            lines.append(f"| {item.question} | {item.name} | {rate:.0f} % | {', '.join(map(str, seeds_missed))} |")
    else:
        lines.append("None: every wrong source loses points under every seed.")
    lines += ["", "## Correct sources that lost points under some seed", ""]
    if lost:
        lines += ["| question | source | seeds | least share kept |", "|---|---|---|---:|"]
        for i, item in lost:
            least = min(kept[i].values())
            lines.append(
                f"| {item.question} | {item.name} | {', '.join(map(str, missed(item, kept[i])))} | {least:.0f} % |"
            )
    else:
        lines.append("None.")
    lines += ["", "## Every wrong variant of tests/variants/", ""]
    lines += ["| question | variant | catch rate |", "|---|---|---:|"]
    for i, item in sorted(
        ((i, item) for i, item in wrong if item.kind == "variant"), key=lambda p: (p[1].question, p[1].name)
    ):
        rate = 100 * (1 - len(missed(item, kept[i])) / len(seeds))
        lines.append(f"| {item.question} | {item.name} | {rate:.0f} % |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=20, help="how many fresh seeds (default 20)")
    parser.add_argument("--seed-list", help="these seeds, comma-separated, instead of fresh ones")
    parser.add_argument("-q", "--question", action="append", help="only these questions")
    parser.add_argument("--match", action="append", help="only the sources whose name holds this text")
    parser.add_argument("--no-mutants", action="store_true", help="the variants only")
    parser.add_argument("--no-correct", action="store_true", help="the wrong sources only")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    from grader.judge.settings import fresh_seed

    seeds = [int(s) for s in args.seed_list.split(",")] if args.seed_list else [fresh_seed() for _ in range(args.seeds)]
    started = time.perf_counter()
    items = variant_items(args.question, args.match)
    equivalent = 0
    if not args.no_mutants:
        with ProcessPoolExecutor(max_workers=args.workers, initializer=mutation.limit_memory) as pool:
            found, equivalent = mutant_items(pool, args.question, args.match)
        items += found
    if args.no_correct:
        items = [i for i in items if i.wrong]
    kept = catch_rates(items, seeds, args.workers)
    mutation.publish(report(args, items, kept, seeds, equivalent, time.perf_counter() - started), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
