"""The checks' power, measured: mutants of the model answers, caught or not by the grader, per question.
Prints a table and writes it to benchmarks/results/mutation.md.

    python benchmarks/bench_mutation.py [--workers 2] [--sample N] [--seed 2017] [-q q4 -q q10 ...]

1. Mutants: every first-order mutation of a small AST mutator (below) inside the functions that answer
   a question of reference/answers/jeux.py, reference/answers/taquin.py and reference/answers/recherche.py (x1, the extension the
   harness below judges); the enclosing function says which question
   a mutant concerns (helpers go with the question that uses them; the exam's given haut/gauche/bas/
   droite are not mutated).
2. Equivalent mutants: a mutant on which the independent harness of tests/variants/harness.py (exhaustive
   small games, deep chains, game (1) to 2^62, taquin states with known optima…; it imports nothing from
   grader/ or reference/) finds no witness behaves like a correct answer on everything it tries: it is
   counted as equivalent, not as a survivor, and listed.
3. The others are graded by the real grader (that question only, default scheme without the q18
   challenge, the class seed); a mutant is caught when it loses points on its question, and the report
   says what share of the question's points each keeps.
4. Do-nothing mutants: the body of each graded function (the functions a question names) replaced by
   `return False`, `return None`, `return 0`, `return []` or `pass`, and the four tente_* at once. They
   must keep 0 % of their question's points; the report lists each with the share it keeps and the
   groups it still passes.

Why a mutator of our own rather than mutmut or cosmic-ray: both run a test command per mutant and
report killed/survived for a whole file; here a mutant must be attributed to one question, filtered by
an independent oracle, and graded question by question through the grader's engine, in worker processes
that keep the grader's cache of reference answers. That wrapper would be most of this file anyway; the
mutation operators themselves are the classic ones and fit in a hundred lines.

--sample N grades at most N mutants per question (drawn with a fixed seed) to bound the run time; the
table says when it sampled.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import platform
import random
import resource
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "mutation.md"
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

# The model answers' own top-level helpers, each mutated with the question it serves (the graded functions
# come from the registry; a function nested in one is mutated with it). Functions not listed are not mutated.
HELPERS = {"jeux": {"dfs": "q7", "dfs_star": "q10"}, "taquin": {"tente": "q16"}, "recherche": {"dl_search": "x1"}}


def judged_questions():
    """The automatic questions the independent harness judges (those of the exam, and x1)."""
    from variants import harness

    from grader.registry import all_questions

    return [q for q in all_questions(extensions=True) if not q.manual and q.id in harness.JUDGES]


def question_of() -> dict[str, dict[str, str]]:
    """Function -> question, per model answer: the functions each judged question grades (the registry),
    and HELPERS."""
    found: dict[str, dict[str, str]] = {}
    for question in judged_questions():
        found.setdefault(question.module, {}).update(dict.fromkeys(question.functions, question.id))
    for module, helpers in HELPERS.items():
        found[module].update(helpers)
    return found


QUESTION_OF = question_of()
NO_CHALLENGE = {"q18": {"groups": {"defi": 0}}}
# The bodies a function that does nothing is given, as a student's stub or a guess would have it.
DO_NOTHING: dict[str, list[ast.stmt]] = {
    "return False": [ast.Return(ast.Constant(False))],
    "return None": [ast.Return(ast.Constant(None))],
    "return 0": [ast.Return(ast.Constant(0))],
    "return []": [ast.Return(ast.List([], ast.Load()))],
    "pass": [ast.Pass()],
}
TENTES = ("tente_gauche", "tente_bas", "tente_droite", "tente_haut")
WORKER_MEMORY = 2 << 30  # a mutant that never stops growing a list must not take the machine with it


# --- The mutator -----------------------------------------------------------------------------------------
COMPARE_SWAPS = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
}
BINOP_SWAPS = {
    ast.Add: (ast.Sub,),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.Add, ast.FloorDiv),
    ast.FloorDiv: (ast.Mult, ast.Mod),
    ast.Mod: (ast.FloorDiv,),
    ast.LShift: (ast.RShift,),
    ast.RShift: (ast.LShift,),
}


@dataclass
class Mutant:
    module: str  # "jeux" | "taquin"
    question: str
    function: str
    line: int
    description: str
    source: str
    do_nothing: bool = False


def _mutations(node):
    """(description, replacement node) for each first-order mutation of `node` itself."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        for new in COMPARE_SWAPS.get(type(node.ops[0]), ()):
            yield f"{type(node.ops[0]).__name__} -> {new.__name__}", ast.Compare(node.left, [new()], node.comparators)
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        for new in BINOP_SWAPS.get(type(node.op), ()):
            clone = copy.copy(node)
            clone.op = new()
            yield f"{type(node.op).__name__} -> {new.__name__}", clone
    elif isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield f"{type(node.op).__name__} -> {new.__name__}", ast.BoolOp(new(), node.values)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not x -> x", node.operand
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield f"{node.value} -> {not node.value}", ast.Constant(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        for new in sorted({node.value + 1, node.value - 1, 0} - {node.value}):
            yield f"{node.value} -> {new}", ast.Constant(new)
    if isinstance(node, (ast.If, ast.While)):
        clone = copy.copy(node)
        clone.test = ast.UnaryOp(ast.Not(), node.test)
        yield "condition negated", clone
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return, ast.If, ast.For, ast.While)):
        yield f"{type(node).__name__} deleted", ast.Pass()


def _replace_in_parent(tree, target, replacement):
    """A copy of `tree` with the node `target` (found by identity in the original) replaced."""
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, field, replacement)
                return True
            if isinstance(value, list) and any(v is target for v in value):
                setattr(parent, field, [replacement if v is target else v for v in value])
                return True
    return False


def mutants(module: str) -> list[Mutant]:
    source = (ROOT / "reference" / "answers" / f"{module}.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    found = []
    for top in tree.body:
        if not isinstance(top, ast.FunctionDef) or top.name not in QUESTION_OF[module]:
            continue
        functions = [top] + [f for f in ast.walk(top) if isinstance(f, ast.FunctionDef) and f is not top]
        for function in functions:
            question = QUESTION_OF[module].get(function.name, QUESTION_OF[module][top.name])
            for node in ast.walk(function):
                if node is function or isinstance(node, ast.FunctionDef):
                    continue
                if _inside_nested(function, node, functions):
                    continue
                for description, replacement in _mutations(node):
                    index = list(ast.walk(tree)).index(node)
                    clone = copy.deepcopy(tree)
                    target = list(ast.walk(clone)).__getitem__(index)
                    if not _replace_in_parent(clone, target, copy.deepcopy(replacement)):
                        continue
                    try:
                        text = ast.unparse(ast.fix_missing_locations(clone))
                        compile(text, f"{module}.py", "exec")
                    except (SyntaxError, ValueError):
                        continue
                    found.append(Mutant(module, question, function.name, getattr(node, "lineno", 0), description, text))
    return found


def graded_functions(module: str) -> dict[str, str]:
    """Function -> question, for the functions the judged questions on `module` name."""
    return {f: q.id for q in judged_questions() if q.module == module for f in q.functions}


def do_nothing_mutants(module: str) -> list[Mutant]:
    """Each graded function's body replaced by each of DO_NOTHING's; for the taquin, also the four tente_*
    at once (a student who has not written any of them)."""
    source = (ROOT / "reference" / "answers" / f"{module}.py").read_text(encoding="utf-8")
    graded = graded_functions(module)
    groups = [[name] for name in graded]
    if set(TENTES) <= set(graded):
        groups.append(list(TENTES))
    found = []
    for names in groups:
        for description, body in DO_NOTHING.items():
            tree = ast.parse(source)
            defs = [f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in names]
            for function in defs:
                function.body = copy.deepcopy(body)
            text = ast.unparse(ast.fix_missing_locations(tree))
            name = names[0] if len(names) == 1 else "tente_*"
            found.append(
                Mutant(module, graded[names[0]], name, defs[0].lineno, f"body -> {description}", text, do_nothing=True)
            )
    return found


def all_of(module: str) -> list[Mutant]:
    """The first-order mutants and the do-nothing ones, each source once (deleting a body's only
    statement is a do-nothing body: counted as such)."""
    nothing = do_nothing_mutants(module)
    bodies = {m.source for m in nothing}
    return [m for m in mutants(module) if m.source not in bodies] + nothing


def _inside_nested(function, node, functions) -> bool:
    """Whether `node` belongs to a function nested in `function` (it is mutated as part of that one)."""
    for other in functions:
        if other is not function and any(n is other for n in ast.walk(function)):
            if any(n is node for n in ast.walk(other)):
                return True
    return False


# --- Workers ----------------------------------------------------------------------------------------------
def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY, WORKER_MEMORY))


def _write(mutant: Mutant, folder: Path) -> Path:
    path = folder / f"{mutant.module}.py"
    path.write_text(mutant.source, encoding="utf-8")
    return path


def oracle_witness(mutant: Mutant) -> str | None:
    """The harness's witness that the mutant is wrong on its question, or None (equivalent)."""
    from variants import harness

    with tempfile.TemporaryDirectory() as folder:
        path = _write(mutant, Path(folder))
        try:
            return harness.witness(harness.Variant(path, mutant.module, ()), mutant.question)
        except BaseException as exc:  # noqa: BLE001 - the mutant broke the harness's own set-up: wrong
            return f"{type(exc).__name__}: {exc}"[:200]


@dataclass
class Verdict:
    """One mutant's grade on its question."""

    score: float
    max: float
    failing: list[str]  # the weighted groups it fails
    passing: list[str]  # the weighted groups it passes

    @property
    def caught(self) -> bool:
        return self.score < self.max

    @property
    def kept(self) -> float:
        """The share of the question's points it keeps, in %."""
        return 100 * self.score / self.max


def grade_source(module: str, question: str, source: str, seed: int, overrides: dict) -> Verdict:
    """The module `source` graded by the real grader on `question` alone, under `seed` and the default
    scheme with `overrides`."""
    from grading import QUESTIONS, load_submission

    from grader.judge.settings import Settings

    from grader.judge.engine import grade_question
    from grader.results.scoring import Scheme

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{module}.py"
        path.write_text(source, encoding="utf-8")
        result = grade_question(
            QUESTIONS[question], load_submission(path), Settings(seed=seed, scheme=Scheme(overrides=overrides))
        )
    weighted = [c for c in result.checks if c.max_points]
    return Verdict(
        result.score,
        result.max,
        [c.name for c in weighted if not c.passed],
        [c.name for c in weighted if c.passed],
    )


def grade_mutant(job) -> Verdict:
    """One mutant graded by the real grader on its question."""
    mutant, seed = job
    return grade_source(mutant.module, mutant.question, mutant.source, seed, NO_CHALLENGE)


# --- Report -----------------------------------------------------------------------------------------------
def _percent(value: float) -> str:
    return f"{value:.0f} %"


def report(args, all_mutants, witnesses, graded, verdicts, seconds: float) -> str:
    """The tables, as markdown: per question, the mutants caught and the share of points they keep; then
    each do-nothing mutant, the survivors, the mutants that keep most, and the equivalent ones."""
    alive = [m for m, w in zip(all_mutants, witnesses) if w is not None]
    equivalent = [m for m, w in zip(all_mutants, witnesses) if w is None]
    judged = list(zip(graded, verdicts))
    questions = sorted({m.question for m in all_mutants}, key=lambda q: (q[0] != "q", int(q[1:])))
    rows = [
        "| question | mutants | equivalent (oracle) | non-equivalent | graded | caught | caught % "
        "| points kept, mean | points kept, most | do-nothing: points kept, most |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for q in questions:
        total = sum(m.question == q for m in all_mutants)
        eq = sum(m.question == q for m in equivalent)
        live = sum(m.question == q for m in alive)
        results = [v for m, v in judged if m.question == q]
        nothing = [v for m, v in judged if m.question == q and m.do_nothing]
        caught = sum(v.caught for v in results)
        share = f"{100 * caught / len(results):.1f}" if results else "n/a"
        kept = _percent(sum(v.kept for v in results) / len(results)) if results else "n/a"
        most = _percent(max(v.kept for v in results)) if results else "n/a"
        nothing_most = _percent(max(v.kept for v in nothing)) if nothing else "n/a"
        rows.append(
            f"| {q} | {total} | {eq} | {live} | {len(results)} | {caught} | {share} | {kept} | {most} | {nothing_most} |"
        )
    command = (
        f"`python benchmarks/bench_mutation.py --workers {args.workers}"
        + (f" --sample {args.sample}" if args.sample else "")
        + f" --seed {args.seed}`"
    )
    lines = [
        f"# Mutation score ({date.today()}, {platform.machine()}, {len(os.sched_getaffinity(0))} cores, "
        f"Python {platform.python_version()})",
        "",
        f"{command}: {len(all_mutants)} mutants of reference/answers/jeux.py, reference/answers/taquin.py and x1's "
        "functions in reference/answers/recherche.py "
        f"({sum(m.do_nothing for m in all_mutants)} of them do-nothing bodies), {seconds:.0f} s wall. "
        "Equivalent: the independent harness (tests/variants/harness.py) finds no witness. Caught: the "
        "grader (default scheme without the q18 challenge) takes points off the mutant's question. Points "
        "kept: the share of its question's points a non-equivalent mutant still gets (target: 0 % for a "
        "do-nothing body, and every other mutant loses at least the group it breaks)."
        + (
            f" At most {args.sample} non-equivalent mutants graded per question (fixed-seed sample)."
            if args.sample
            else ""
        ),
        "",
        *rows,
        "",
        "## Do-nothing mutants",
        "",
        "| question | function | body | points kept | groups still passed |",
        "|---|---|---|---:|---|",
    ]
    lines += [
        f"| {m.question} | {m.function} | {m.description.removeprefix('body -> ')} | {_percent(v.kept)} "
        f"| {', '.join(v.passing) or '-'} |"
        for m, v in judged
        if m.do_nothing
    ] or ["| - | - | - | - | - |"]
    survivors = [(m, witnesses[all_mutants.index(m)]) for m, v in judged if not v.caught]
    lines += ["", "## Survivors (non-equivalent, full marks from the grader)", ""]
    if survivors:
        lines += ["| question | function:line | mutation | the harness's witness |", "|---|---|---|---|"]
        lines += [
            f"| {m.question} | {m.function}:{m.line} | {m.description} | {(w or '').replace('|', '/')[:240]} |"
            for m, w in survivors
        ]
    else:
        lines.append("None.")
    partial = sorted(
        ((m, v) for m, v in judged if v.caught and v.kept >= 50 and not m.do_nothing), key=lambda mv: -mv[1].kept
    )
    lines += [
        "",
        "## Other mutants caught but keeping half of the points or more",
        "",
        "Each loses the groups listed; whether that is the group its mutation breaks is for a reader to judge.",
        "",
    ]
    if partial:
        lines += ["| question | function:line | mutation | points kept | groups lost |", "|---|---|---|---:|---|"]
        lines += [
            f"| {m.question} | {m.function}:{m.line} | {m.description} | {_percent(v.kept)} | {', '.join(v.failing)} |"
            for m, v in partial
        ]
    else:
        lines.append("None.")
    lines += ["", "## Equivalent mutants (no witness from the harness)", ""]
    lines += [f"- {m.question} {m.function}:{m.line} {m.description}" for m in equivalent] or ["None."]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, default=0, help="at most N mutants graded per question (0: all)")
    parser.add_argument("--seed", type=int, default=2017, help="the class seed the grader draws its cases from")
    parser.add_argument("-q", "--question", action="append", help="only these questions")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    all_mutants = [
        m for module in QUESTION_OF for m in all_of(module) if not args.question or m.question in args.question
    ]
    with ProcessPoolExecutor(max_workers=args.workers, initializer=limit_memory) as pool:
        witnesses = list(pool.map(oracle_witness, all_mutants, chunksize=4))
        alive = [m for m, w in zip(all_mutants, witnesses) if w is not None]
        rng = random.Random(f"mutants:{args.seed}")
        graded = []
        for question in sorted({m.question for m in alive}, key=lambda q: (q[0] != "q", int(q[1:]))):
            # Do-nothing mutants are always graded: they are what the target is about.
            pool_q = [m for m in alive if m.question == question and not m.do_nothing]
            if args.sample and len(pool_q) > args.sample:
                pool_q = rng.sample(pool_q, args.sample)
            graded += pool_q + [m for m in alive if m.question == question and m.do_nothing]
        verdicts = list(pool.map(grade_mutant, [(m, args.seed) for m in graded]))
    publish(report(args, all_mutants, witnesses, graded, verdicts, time.perf_counter() - started), args.out)
    return 0


def publish(text: str, out: Path) -> None:
    """Write a report's markdown to `out` (benchmarks/results/) and print it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    sys.exit(main())
