"""Which earlier functions a later question (q16-q18) is judged with: the student's own, or the model
answer's (served by the parent); the better judgement counts (docs/judging.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import NamedTuple

from grader.questions.api import Failure, Kind, Message, Option, Outcome, has_model_answer, scored
from grader.questions.taquin.cases import LENIENT, STRICT, read_moves, case_payload
from grader.questions.taquin.probes import BLANK, FIRST, LAST, probe_tente
from grader.questions.taquin.serving import SERVED, Chain, ModelServer
from grader.questions.taquin.verdicts import reply_fields


MODEL, STUDENT = "corrige", "eleve"  # the scheme's `dependances` policy

OWN_CHAIN = "chaine_eleve"  # the weightless check that says which functions the grade was judged with
# The earlier functions each question builds on, as its messages name them, and their questions.
EARLIER = {"q16": "move", "q17": "move, tente_*", "q18": "dfs"}
EARLIER_QUESTIONS = {"q16": "q15", "q17": "q15, q16", "q18": "q17"}


def best_judgement(ctx, question, orders: tuple, judge, own_check=None) -> tuple[list[Outcome], str | None]:
    """The question's outcomes, judged twice when it takes: with the student's own earlier functions
    (`judge(order, Chain())`, in the student's order of `solution`, `orders[0]`) and with the model
    answer's (`judge(order, Chain(...))`: see `model_judgement` for `orders`); the better of the two counts
    (ties: the model answer's, the question judged on its own), returned with the order it read `solution`
    in. A carried error never costs the student (a correct dfs over broken tente_*), and a division of
    labour between two functions other than the model answer's is no error either (a taquin whose own dfs
    resets `minimum` at the root). The second judgement is made only when the first is not full marks: q16
    and q17 are judged first with the student's own functions (the served ones are a round trip per call,
    about five a node of q17's search), q18 with the model answer's dfs (its searches are made once per
    process for the whole class).
    Then the weightless `chaine_eleve` outcome says which judgement counted; when q18's first judgement is
    full, `own_check(order, Chain())` tells on a few cases whether the student's own chain works too. The
    scheme's `dependances = "eleve"` judges with the student's own only."""
    own, order = Chain(), orders[0]
    if ctx.settings.scheme.option(question, "dependances") == STUDENT:
        return [*judge(order, own), Outcome(OWN_CHAIN, skipped="taquin.own_chain_graded")], order
    names = {"names": EARLIER[question.id]}
    if not has_model_answer("taquin"):  # the student kit: a carried error costs here, not at the teacher's
        own_outcomes = judge(order, own)
        if _full(ctx, question, own_outcomes):
            return [*own_outcomes, Outcome(OWN_CHAIN, note=Message("kit.own_functions", names))], order
        # Which earlier question to fix first, and that the teacher's grader also judges with the model answer's.
        fix_first = {**names, "questions": EARLIER_QUESTIONS[question.id]}
        lost = _judged_with(_first_loss(own_outcomes), "taquin.kit_own_lost", fix_first)
        return [*own_outcomes, Outcome(OWN_CHAIN, lost)], order
    own_first = question.id != "q18"
    if own_first:
        own_outcomes = judge(order, own)
        if _full(ctx, question, own_outcomes):
            return [*own_outcomes, Outcome(OWN_CHAIN, note=Message("taquin.judged_own", names))], order
    model_outcomes, counted = model_judgement(ctx, question, orders, judge)
    if not own_first:
        if _full(ctx, question, model_outcomes):
            assert own_check is not None  # q18's first judgement is the model answer's
            info = own_check(counted, own)
            if info.failure is None:
                return [*model_outcomes, replace(info, note=Message("taquin.judged_model_own_works", names))], counted
            failure = _judged_with(info.failure, "taquin.judged_model_own_fails", names)
            return [*model_outcomes, replace(info, failure=failure)], counted
        own_outcomes = judge(order, own)
    own_score, model_score = scored(ctx, question, own_outcomes), scored(ctx, question, model_outcomes)
    numbers = {
        **names,
        "own": float(own_score),
        "model": float(model_score),
        "max": ctx.settings.scheme.points(question),
    }
    if own_score > model_score:
        if _full(ctx, question, own_outcomes):
            return [*own_outcomes, Outcome(OWN_CHAIN, note=Message("taquin.judged_own", names))], order
        said = _judged_with(_first_loss(own_outcomes), "taquin.judged_own_better", numbers)
        return [*own_outcomes, Outcome(OWN_CHAIN, said)], order
    said = _judged_with(_first_loss(own_outcomes), "taquin.judged_model", numbers)
    return [*model_outcomes, Outcome(OWN_CHAIN, said)], counted


def model_judgement(ctx, question, orders: tuple, judge) -> tuple[list[Outcome], str | None]:
    """The judgement with the model answer's earlier functions served by the parent (SERVED), writing
    `solution` in each of `orders` in turn until one earns full marks: the best, and its order. More than one order when the student's
    tente_* did not all agree on one (Convention.orders): the later function is judged in the order it
    reads, never in one a tente_*'s slip chose."""
    best: tuple[list[Outcome], str | None] | None = None
    for order in orders:
        chain = Chain(SERVED[question.id], ModelServer(order, SERVED[question.id]))
        outcomes = judge(order, chain)
        if best is None or scored(ctx, question, outcomes) > scored(ctx, question, best[0]):
            best = outcomes, order
        if _full(ctx, question, outcomes):
            break
    assert best is not None  # `orders` holds the student's order at least
    return best


def _first_loss(outcomes: list[Outcome]) -> Failure:
    """Where a judgement that is not full lost points: its first failure, or the first group that earned
    only part of its points (Outcome.credit), as a failure that says why."""
    failures = [outcome.failure for outcome in outcomes if outcome.failure is not None]
    shown = [failure for failure in failures if failure.counterexample is not None]
    if shown or failures:  # a failure on a case first: it says more than one of a whole group
        return (shown or failures)[0]
    for outcome in outcomes:
        if outcome.credit < 1 and outcome.note is not None:
            return Failure(Kind.WRONG, outcome.note.key, outcome.note.params)
    raise AssertionError("a judgement that is not full lost points somewhere")


def _judged_with(own_failure: Failure, key: str, params: dict) -> Failure:
    """`chaine_eleve`'s failure: which functions counted (`key`), and why the student's own chain lost
    points (its first failure, said inside, with its case)."""
    reason = Message(own_failure.message, own_failure.params)
    return replace(own_failure, kind=Kind.WRONG, message=key, params={**params, "reason": reason})


def _full(ctx, question, outcomes: list[Outcome]) -> bool:
    """Whether `outcomes` earn every point the scheme gives their groups (no second judgement can do better)."""
    weights = ctx.settings.scheme.weights(question)
    return all(
        not weights.get(o.group) or (o.failure is None and o.skipped is None and o.credit >= 1) for o in outcomes
    )


# The options q16, q17 and q18 share: how moves may be written, and whose functions the graded one calls.
CHAIN_OPTIONS = {
    "noms": Option(LENIENT, choices=(LENIENT, STRICT)),
    "dependances": Option(MODEL, choices=(MODEL, STUDENT)),
}


class Convention(NamedTuple):
    """Where the student's tente_* put the most recent move in `solution`, as each recorded its move on an
    unambiguous case (detect_convention): a tente_* that records at the wrong end is a slip of its own,
    judged as one by q16, and never decides the order the other functions are judged in."""

    order: str | None  # the order most tente_* recorded in (LAST on a tie), None when none recorded a move
    agreed: bool  # every tente_* that recorded a move recorded it in `order` (one at least)

    def orders(self) -> tuple:
        """The orders a later question's model chain is judged in (model_judgement): the student's, and the
        other one too when their tente_* do not show it (they disagree, or none records a move), so that a
        dfs or taquin keeping `solution` the other way is judged in its own."""
        if self.agreed:
            return (self.order,)
        return (self.order, LAST if self.order == FIRST else FIRST)


def detect_convention(ctx) -> Convention:
    """Where the student's tente_* put the most recent move in `solution`: each tente_* votes on an
    unambiguous case (one earlier move, a move that must be accepted), the majority decides (see
    Convention); a missing or broken tente_* does not vote."""
    # Blank in the middle, so that every move is possible.
    state = tuple(BLANK if c == 5 else 5 if c == 15 else c for c in range(16))
    votes: Counter[str] = Counter()
    for direction, earlier in (("Gauche", "Haut"), ("Bas", "Gauche"), ("Droite", "Bas"), ("Haut", "Droite")):
        reply = ctx.run(probe_tente, case_payload(state, history=[earlier], direction=direction))
        if not reply.ok:
            continue
        value = reply_fields(reply.value)
        recorded = read_moves(value["solution"])
        if value["accepted"] is True and recorded == [earlier, direction]:
            votes[LAST] += 1
        elif value["accepted"] is True and recorded == [direction, earlier]:
            votes[FIRST] += 1
    if not votes:
        return Convention(None, agreed=False)
    return Convention(FIRST if votes[FIRST] > votes[LAST] else LAST, agreed=len(votes) == 1)


def convention_warning(convention) -> list[Message]:
    # Most recent last is the documented convention: nothing to say about it.
    return [Message("taquin.convention_first")] if convention == FIRST else []
