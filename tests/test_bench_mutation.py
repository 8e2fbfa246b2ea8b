"""The mutation benchmark's own parts: the mutator, the attribution of mutants to questions, and the
harness's split between equivalent and non-equivalent mutants (benchmarks/bench_mutation.py)."""

import argparse
import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_mutation  # noqa: E402


def graded_in(module: str) -> set[str]:
    """The automatic questions a student's `module` answers."""
    from grader.registry import all_questions

    return {q.id for q in all_questions() if q.module == module and not q.manual}


@pytest.fixture(scope="module")
def jeux_mutants():
    return bench_mutation.mutants("jeux")


def test_every_mutant_compiles_differs_once_and_names_its_question(jeux_mutants):
    original = ast.dump(ast.parse((ROOT / "reference" / "answers" / "jeux.py").read_text()))
    # Every automatic question of the family, as the registry lists them, has mutants of its own.
    assert {m.question for m in jeux_mutants} == graded_in("jeux")
    assert {m.question for m in bench_mutation.mutants("taquin")} == graded_in("taquin")
    # Of the extensions, x1 only: the independent harness judges it (x2-x4 have no witness to tell).
    assert {m.question for m in bench_mutation.mutants("recherche")} == {"x1"}
    sources = set()
    for m in jeux_mutants:
        compile(m.source, "jeux.py", "exec")
        assert ast.dump(ast.parse(m.source)) != original, m
        sources.add(m.source)
    assert len(sources) == len(jeux_mutants)  # no mutation counted twice


def test_a_mutant_in_a_nested_helper_goes_with_its_question(jeux_mutants):
    # bfs's recursive helper `parcours` belongs to q4, figure 2's dfs to q7, dfs_star to q10.
    assert {m.question for m in jeux_mutants if m.function == "parcours"} == {"q4"}
    assert {m.question for m in jeux_mutants if m.function == "dfs"} == {"q7"}
    assert {m.question for m in jeux_mutants if m.function == "dfs_star"} == {"q10"}


def _one(mutants, function, description, text):
    return next(m for m in mutants if m.function == function and m.description == description and text in m.source)


def test_the_oracle_tells_an_equivalent_mutant_from_a_wrong_one(jeux_mutants):
    # `if c <= minimum: minimum = c` keeps the same minimum: equivalent. `if c >= m` prunes the bound itself.
    equivalent = _one(jeux_mutants, "dfs_star", "Lt -> LtE", "c <= minimum")
    wrong = _one(jeux_mutants, "dfs_star", "Gt -> GtE", "c >= m")
    assert bench_mutation.oracle_witness(equivalent) is None
    assert bench_mutation.oracle_witness(wrong) is not None


def _body(source: str, name: str) -> str:
    function = next(f for f in ast.parse(source).body if isinstance(f, ast.FunctionDef) and f.name == name)
    return ast.unparse(function.body)


def test_do_nothing_mutants_cover_every_graded_function_and_the_four_tentes_at_once():
    for module in ("jeux", "taquin"):
        graded = bench_mutation.graded_functions(module)
        nothing = bench_mutation.do_nothing_mutants(module)
        for name, question in graded.items():
            bodies = {_body(m.source, name) for m in nothing if m.function == name and m.question == question}
            assert bodies == {"return False", "return None", "return 0", "return []", "pass"}, name
    together = [m for m in bench_mutation.do_nothing_mutants("taquin") if m.function == "tente_*"]
    assert len(together) == 5 and {m.question for m in together} == {"q16"}
    for m in together:
        assert len({_body(m.source, t) for t in bench_mutation.TENTES}) == 1  # all four replaced alike
        assert _body(m.source, "dfs") == _body((ROOT / "reference" / "answers" / "taquin.py").read_text(), "dfs")


def test_a_deleted_only_statement_is_counted_once_as_a_do_nothing_body():
    everything = bench_mutation.all_of("jeux")
    assert len({m.source for m in everything}) == len(everything)
    emptied = [m for m in everything if m.function == "solution_42" and _body(m.source, "solution_42") == "pass"]
    assert len(emptied) == 1 and emptied[0].do_nothing


def test_a_do_nothing_mutant_keeps_no_point_and_the_report_says_so(tmp_path):
    """Graded for real (q1: a second); the report's tables show the share each mutant keeps."""
    nothing = next(
        m for m in bench_mutation.do_nothing_mutants("jeux") if m.function == "solution_42" and "[]" in m.description
    )
    verdict = bench_mutation.grade_mutant((nothing, 2017))
    assert verdict.caught and verdict.kept == 0 and verdict.passing == []
    half = bench_mutation.Verdict(1.0, 2.0, ["refus"], ["acceptation"])
    slip = bench_mutation.Mutant("taquin", "q16", "tente_bas", 3, "Gt -> GtE", "")
    args = argparse.Namespace(workers=1, sample=0, seed=2017)
    text = bench_mutation.report(args, [nothing, slip], ["a witness", "another"], [nothing, slip], [verdict, half], 1.0)
    assert "| q1 | 1 | 0 | 1 | 1 | 1 | 100.0 | 0 % | 0 % | 0 % |" in text
    assert "| q16 | 1 | 0 | 1 | 1 | 1 | 100.0 | 50 % | 50 % | n/a |" in text
    assert "| q1 | solution_42 | return [] | 0 % | - |" in text
    assert "| q16 | tente_bas:3 | Gt -> GtE | 50 % | refus |" in text
