"""The taquin's verdicts judged directly, on replies written by hand (grader/questions/taquin/verdicts.py):
no child, no grading run."""

from __future__ import annotations

from grader.questions.taquin.cases import LENIENT, STRICT, Instance, read_moves
from grader.questions.taquin.probes import LAST
from grader.questions.taquin.serving import Chain
from grader.questions.taquin.verdicts import Orders, differences, order_outcome, solution_verdict
from grader.sandbox import protocol
from grader.sandbox.limits import Reply
from reference.puzzle import GOAL, apply, manhattan, to_grid

ONE_AWAY = apply(GOAL, "Bas")  # solved by "Haut"
TWO_AWAY = apply(ONE_AWAY, "Droite")  # solved by "Gauche", then "Haut"


def _judging(beyond=frozenset()) -> Orders:
    return Orders(ctx=None, convention=LAST, policy=LENIENT, chain=Chain(), beyond=beyond)  # type: ignore[arg-type]


def _verdict(judging: Orders, state, moves, optimum: int):
    return solution_verdict(judging, Instance(state, 0, optimum), Reply(protocol.OK, {"moves": moves}), judging.chain)


def test_moves_in_another_case_are_read_leniently_and_noted_strictly_refused():
    notes: set[str] = set()
    assert read_moves(["haut", "GAUCHE"], LENIENT, notes) == ["Haut", "Gauche"] and notes == {"casse"}
    assert read_moves(["haut"], STRICT) is None
    assert read_moves(["Haut", "Nord"]) is None and read_moves("Haut") is None and read_moves([1]) is None


def test_the_globals_that_differ_are_named_each_on_its_own():
    li, lj = divmod(ONE_AWAY.index(15), 4)
    snapshot = {"grid": to_grid(ONE_AWAY, 0), "li": li, "lj": lj, "h": manhattan(ONE_AWAY), "solution": []}
    assert differences(snapshot, ONE_AWAY, []) == []
    wrong_h = {**snapshot, "h": 99}
    assert differences(wrong_h, ONE_AWAY, []) == [("h", manhattan(ONE_AWAY), 99)]
    assert [name for name, _, _ in differences(snapshot, GOAL)] == ["grid", "li, lj", "h"]


def test_an_optimal_solution_passes_and_a_mirrored_or_long_one_fails_with_its_reason():
    judging = _judging()
    assert _verdict(judging, ONE_AWAY, ["Haut"], 1) is None
    assert _verdict(judging, ONE_AWAY, ["Bas"], 1).message == "taquin.mirrored"  # named by the blank's way
    longer = _verdict(judging, ONE_AWAY, ["Haut", "Bas", "Haut"], 1)
    assert (longer.message, longer.params) == ("q18.not_optimal", {"moves": 3, "optimum": 1})
    assert _verdict(judging, ONE_AWAY, "Haut", 1).message == "taquin.not_moves"  # a string is no list


def test_the_order_group_reads_the_lists_the_depth_groups_saw():
    judging = _judging(frozenset({TWO_AWAY}))
    assert _verdict(judging, TWO_AWAY, ["Haut", "Gauche"], 2) is None  # a solution read backwards...
    assert order_outcome(judging).failure.message == "q18.reversed"  # ...costs the order group only
    in_order = _judging(frozenset({TWO_AWAY}))
    assert _verdict(in_order, TWO_AWAY, ["Gauche", "Haut"], 2) is None
    assert order_outcome(in_order).failure is None
    assert order_outcome(_judging()).failure.message == "q18.order_unobserved"  # no list seen: not earned
    # A list in order, but on no state drawn from the seed beyond any table: it may come from a table.
    small = _judging()
    assert _verdict(small, TWO_AWAY, ["Gauche", "Haut"], 2) is None
    assert order_outcome(small).failure.message == "q18.order_unearned"
