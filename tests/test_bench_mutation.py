"""The mutation benchmark's own parts: the mutator, the attribution of mutants to questions, and the
harness's split between equivalent and non-equivalent mutants (benchmarks/bench_mutation.py)."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_mutation  # noqa: E402


@pytest.fixture(scope="module")
def jeux_mutants():
    return bench_mutation.mutants("jeux")


def test_every_mutant_compiles_differs_once_and_names_its_question(jeux_mutants):
    original = ast.dump(ast.parse((ROOT / "reference" / "jeux.py").read_text()))
    assert {m.question for m in jeux_mutants} == {"q1", "q4", "q7", "q10", "q11"}
    assert {m.question for m in bench_mutation.mutants("taquin")} == {"q15", "q16", "q17", "q18"}
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
