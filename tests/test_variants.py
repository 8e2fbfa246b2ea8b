"""The variants of tests/variants/ (correct answers written the ways students write them, and subtly wrong
ones), judged twice:

1. by the independent harness (tests/variants/harness.py, which imports nothing from grader/ or
   reference/): each variant must really be what its docstring declares, question by question;
2. by the real grader, on the questions each variant concerns: a wrong one loses points (a fixed seed, so
   that a failure is reproducible); the model answers get full marks under 8 seeds and every correct variant
   under 4, all but SEED drawn afresh at each run the way `grader grade` draws one (a failure names its
   seed), so that successive runs cover more seeds than one run can afford (slow: run in CI, or locally with
   --runslow; the seeds are graded in parallel processes);
3. coverage fixed by design: every wrong variant of parts I-III and x1 loses points under five fixed
   seeds, graded by benchmarks/bench_seeds.py's own workers (slow; the benchmark itself grades every
   wrong variant and mutant under 20 fresh seeds).

A variant the grader misjudges today is marked xfail(strict=True) with the issue's reason: when a fix
lands the test passes, XPASS fails the run, and whoever fixed it removes the marker.
"""

from __future__ import annotations

import functools
import mmap
import os
from pathlib import Path

import pytest
from grading import QUESTIONS, ROOT, load_submission, process_pool, say
from variants import harness

from grader.judge.settings import Settings, fresh_seed

from grader.judge.engine import grade_question
from grader.results.scoring import Scheme

VARIANTS = harness.variants()
# The q18 challenge (the exam's example) costs a correct answer about half a minute and says nothing
# about these variants: it is left out, as benchmarks/schemes/sans-defi.toml does.
# The harness judges each variant's whole chain (its own move, tente_*, dfs): so does the grader here
# (`dependances = "eleve"`); by default it judges q16 and q18 with the model answer's functions instead.
NO_CHALLENGE = {"q16": {"dependances": "eleve"}, "q18": {"dependances": "eleve", "groups": {"defi": 0}}}
SEED = 2017
# CI's 90 minutes hold about 250 gradings here (q17 and q18 cost 2-6 s each on a loaded machine): the model
# answers under more seeds than the ~90 correct variants, which vary the code, not the cases. Every seed but
# SEED is drawn fresh at each run, so successive runs cover new ones.
MODEL_SEEDS = (SEED, *(fresh_seed() for _ in range(4)))
VARIANT_SEEDS = MODEL_SEEDS[:2]
MODEL = {"jeux": ("q1", "q4", "q7", "q10", "q11"), "taquin": ("q15", "q16", "q17", "q18"), "recherche": ("x1",)}

# (variant, question) -> what the grader gets wrong today (issue 11), under SEED or any of MODEL_SEEDS: marked
# xfail(strict=True), so that a fix fails the run until its entry goes. None today (taquin_60_max, the last
# one, is caught by q18's trap: grader/questions/taquin/cases.py, TRAPS).
MISJUDGED: dict[tuple[str, str], str] = {}


def _id(pair):
    return f"{pair[0]}:{pair[1]}"


@functools.cache
def grade(path: Path, qid: str, seed: int = SEED):
    return grade_question(
        QUESTIONS[qid], load_submission(path), Settings(seed=seed, scheme=Scheme(overrides=NO_CHALLENGE))
    )


def full_marks(result) -> bool:
    return result.score == result.max > 0


def summary(result) -> str:
    return f"{result.status} {result.score:.2f}/{result.max:g}: " + "; ".join(
        f"{c.name}: {say(c.message)[:200]}" for c in result.checks if not c.passed and c.max_points
    )


# --- 1. The harness says what each variant declares ------------------------------------------------------
def test_the_corpus_is_large_enough_and_every_file_declares_itself():
    correct = [v for v in VARIANTS if all(verdict == "correct" for _, verdict in v.declared)]
    wrong = [v for v in VARIANTS if any(verdict == "wrong" for _, verdict in v.declared)]
    assert len(correct) >= 30 and len(wrong) >= 30, (len(correct), len(wrong))
    for v in VARIANTS:
        assert v.declared, f"{v.name}: no 'Correct:' or 'Wrong:' line in its docstring"
        assert (v.path.parent.name == "wrong") == (v in wrong), v.name
        if v in wrong:
            assert "Smallest failing case:" in v.path.read_text(), v.name


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_harness_finds_what_each_variant_declares(variant):
    for qid, verdict in variant.declared:
        witness = harness.witness(variant, qid)
        if verdict == "correct":
            assert witness is None, f"{qid}: {witness}"
        else:
            assert witness is not None, f"{qid}: declared wrong, but the harness finds nothing wrong"


def test_a_variant_that_allocates_without_end_is_a_witness_not_the_end_of_the_run():
    def hoard():
        kept = []
        while True:
            kept.append(bytearray(1 << 26))

    with harness.memory_capped(extra=1 << 28):
        status, why = harness.attempt(hoard, seconds=60)
    assert (status, why.split(":")[0]) == ("raised", "MemoryError")
    with mmap.mmap(-1, harness.MEMORY_BYTES + (1 << 30)) as mapped:  # the cap is lifted after the block
        assert len(mapped) > harness.MEMORY_BYTES


def test_the_harness_exact_game1_distance_agrees_with_the_table():
    import bruteforce

    for t in range(1, 400):
        table = bruteforce.game1_distances(t)
        assert [harness.game1_distance(n, t) for n in range(1, t + 1)] == table[1:]


def test_the_harness_tells_the_model_answers_right():
    for module, questions in MODEL.items():
        model = harness.Variant(ROOT / "reference" / "answers" / f"{module}.py", module, ())
        for qid in questions:
            assert harness.witness(model, qid) is None, qid


# --- 2. The grader: a wrong variant loses points (SEED) -------------------------------------------
def _judged(verdict):
    pairs = [(v, q) for v in VARIANTS for q, d in v.declared if d == verdict]
    return [
        pytest.param(
            v,
            q,
            id=_id((v.name, q)),
            marks=[pytest.mark.xfail(strict=True, reason=MISJUDGED[(v.name, q)])] if (v.name, q) in MISJUDGED else [],
        )
        for v, q in pairs
    ]


@pytest.mark.parametrize("variant,qid", _judged("wrong"))
def test_a_wrong_variant_loses_points(variant, qid):
    result = grade(variant.path, qid)
    assert result.score < result.max, f"full marks for a wrong answer: {variant.name} on {qid}"


# --- 3. The model answers and the correct variants: full marks under fresh seeds ----------------------------------------
def _grade_seed(job):
    path, qid, seed = job
    result = grade(Path(path), qid, seed)
    return seed, full_marks(result), summary(result)


@functools.cache
def _pool():
    # Seeds are graded in parallel processes; each keeps the grader's cache of reference answers, shared
    # by every variant it grades under the same seed.
    return process_pool(int(os.environ.get("VARIANT_WORKERS", 0)))


def _seeded():
    """(path, question, seeds): the model answers and the correct variants under every seed; the questions a
    wrong variant is right on (it is wrong on another) under SEED only, to keep CI's budget."""
    pairs = [
        (f"reference/answers/{m}", ROOT / "reference" / "answers" / f"{m}.py", q, MODEL_SEEDS)
        for m, qs in MODEL.items()
        for q in qs
    ]
    pairs += [
        (v.name, v.path, q, VARIANT_SEEDS if v.path.parent.name == "correct" else (SEED,))
        for v in VARIANTS
        for q, d in v.declared
        if d == "correct"
    ]
    params = []
    for name, path, q, seeds in pairs:
        reason = MISJUDGED.get((name, q))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(path, q, seeds, id=_id((name, q)), marks=marks))
    return params


@pytest.mark.slow
@pytest.mark.parametrize("path,qid,seeds", _seeded())
def test_full_marks_under_every_seed(path, qid, seeds):
    lost = [(seed, why) for seed, ok, why in _pool().map(_grade_seed, [(str(path), qid, s) for s in seeds]) if not ok]
    assert not lost, lost


# --- 4. Coverage fixed by design: the wrong variants of parts I-III and x1 under five seeds -------------
FIXED_SEEDS = (1, 2, 3, 5, 8)


@pytest.mark.slow
def test_every_wrong_search_variant_is_caught_under_every_one_of_five_seeds():
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_seeds

    items = [i for i in bench_seeds.variant_items(["q4", "q7", "q10", "x1"], None) if i.wrong]
    assert len(items) >= 40, len(items)
    workers = int(os.environ.get("VARIANT_WORKERS", os.cpu_count() or 1))
    kept = bench_seeds.catch_rates(items, list(FIXED_SEEDS), workers)
    missed = {items[i].name: bench_seeds.missed(items[i], shares) for i, shares in kept.items()}
    assert not {name: seeds for name, seeds in missed.items() if seeds}
