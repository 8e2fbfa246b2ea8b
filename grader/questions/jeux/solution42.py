"""q1 (module jeux.py): `solution_42()`, a shortest play from 1 to 42 in game (1), written out by hand.

A question of one group declared as data (`Group(name, weight, cases, judge)`): the generic `run` judges
it. It has one case and no counterexample to show: the function takes no argument and returns a
constant, so the case is None (the engine attaches a case to a failure that names none)."""

from __future__ import annotations

from grader.questions.api import Failure, Group, Kind, Question, shapes
from grader.questions.jeux.games import jeu1_distances
from grader.questions.jeux.probes import PROBES, probe_solution_42

NO_ARGUMENT = None  # solution_42's only case: it is called without arguments


def judge_solution_42(question, ctx, case: None) -> Failure | None:
    """The list solution_42() returns: ints from 1 to 42, each the double or the successor of the one
    before, as many moves as the optimum."""
    reply = ctx.run(probe_solution_42, {}, limit=ctx.limit(0.0))  # no reference needed: it returns a constant
    if not reply.ok:
        return ctx.failure(reply)
    got = reply.value
    if not shapes.list_of(got, int):
        return Failure(Kind.WRONG, "q1.not_a_list", got=got)
    if got[:1] != [1] or got[-1:] != [42]:
        return Failure(Kind.WRONG, "q1.ends", got=got)
    for a, b in zip(got, got[1:]):
        if b not in (2 * a, a + 1):
            return Failure(Kind.WRONG, "q1.step", {"a": a, "b": b}, got=got)
    optimum_42 = jeu1_distances(42)[0]
    if len(got) - 1 != optimum_42:
        return Failure(Kind.WRONG, "q1.not_optimal", {"moves": len(got) - 1}, expected=optimum_42, got=len(got) - 1)
    return None


class Q1(Question):
    id = "q1"
    module = "jeux"
    probe_modules = PROBES
    functions = ("solution_42",)
    points = 1.0
    # One group, its weight's rationale beside it: a valid and optimal sequence is the whole question.
    groups = (Group("sequence", 1.0, ((NO_ARGUMENT,),), judge_solution_42),)
    draws_with_hypothesis = False  # one fixed case
