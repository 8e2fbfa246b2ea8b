"""q16 (module taquin.py): tente_gauche, tente_bas, tente_droite, tente_haut. Each direction is judged on
its own, on every (blank cell, direction) pair of its group (`Attempt`, drawn from the seed); the order
`solution` is kept in is detected once (chain.detect_convention) and every case judged in it."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from grader.questions.api import Failure, GraderBug, Group, Kind, Message, Outcome, Question, earned
from grader.questions.taquin.cases import BLANK_VALUES, case_payload, read_moves, reordered, shown_case
from grader.questions.taquin.chain import CHAIN_OPTIONS, best_judgement, convention_warning, detect_convention
from grader.questions.taquin.dfs import PROBES
from grader.questions.taquin.probes import BLANK, LAST, probe_tente
from grader.questions.taquin.serving import Chain
from grader.questions.taquin.verdicts import (
    Judging,
    bool_failure,
    differences,
    grid_matches,
    move_warnings,
    reply_fields,
    tente_names,
)
from reference.puzzle import BLANK_STEP, MOVES, OPPOSITE, apply, from_grid, legal_moves


@dataclass(frozen=True)
class Attempt:
    """A q16 case: tente_<direction>() called on `state` after the moves `history` (in the order played),
    the blank's value written in its cell."""

    direction: str
    state: tuple
    history: tuple
    blank_value: int

    def payload(self, convention: str = LAST) -> dict:
        """What probe_tente installs, `solution` written in `convention`'s order."""
        return case_payload(self.state, self.blank_value, self.history, convention, direction=self.direction)


def _slid(grid, state: tuple) -> bool:
    """Whether `grid` holds `state` after one move of the blank, whichever (a tile slid into the blank)."""
    return any(grid_matches(grid, apply(state, move)) for move in legal_moves(state))


def by_direction(outcome: Outcome, acting: frozenset) -> Outcome:
    """A q16 group's outcome, a quarter of its points for each direction that passed all its cases there
    (`Outcome.parts_passed`); a refusal only for a direction `acting`. A group failed in some direction
    keeps the others' share; one passed by directions that do not act earns their share only (`earned`)."""
    earning = outcome.parts_passed & acting if outcome.group != "acceptation" else outcome.parts_passed
    credit = Fraction(len(earning), len(MOVES))
    if outcome.failure is not None:
        return replace(outcome, kept=credit)
    if earning == outcome.parts_passed:
        return outcome
    unearned = Failure(Kind.WRONG, "q16.refusals_unearned")
    partly = Message(
        "q16.refusals_partly", {"count": len(earning), "names": tente_names(m for m in MOVES if m in earning)}
    )
    return earned(outcome, credit, unearned, partly)


# What tente_* should have answered, per group (written out: tests/test_registry.py checks every key).
ANSWER_KEYS = {
    "refus_bord": "q16.refus_bord.answer",
    "refus_oppose": "q16.refus_oppose.answer",
    "acceptation": "q16.acceptation.answer",
}


class Q16(Question):
    id = "q16"
    module = "taquin"
    probe_modules = PROBES
    functions = ("tente_gauche", "tente_bas", "tente_droite", "tente_haut")
    points = 2.0
    # Default barème: making the move and recording it in `solution` is the function's purpose (half);
    # each of the two refusals the exam asks for (the grid's edge, the opposite of the last move) a quarter.
    # Each direction is judged on its own, in every group: a group earns a quarter of its points for each
    # tente_* that passes all its cases there, so that a slip in one never costs the three others. A tente_*
    # that never moves (`return False`) refuses everything: the refusals count only for a tente_* seen
    # sliding a tile into the blank on every acceptance case it was judged on (`earned`), so that doing
    # nothing, or recording moves without making them, earns 0.
    groups = (
        Group("refus_bord", 1.0),
        Group("refus_oppose", 1.0),
        Group("acceptation", 2.0),
        Group("chaine_eleve", 0.0),
    )
    # `noms`: "souple" (default) reads a move written in another case ("haut") or as an enum's value, with
    # a warning; "strict" wants the exam's names exactly.
    # `dependances`: "corrige" (default) judges tente_* with the student's own move and, unless that gets
    # full marks, with the model answer's, served: the better counts (best_judgement); "eleve" with the
    # student's own only.
    options = CHAIN_OPTIONS

    def run(self, ctx):
        # The tente_* are judged in the order most of them record in: a slip in one is its own failure.
        convention = detect_convention(ctx)
        outcomes, order = best_judgement(ctx, self, (convention.order,), functools.partial(self.judged, ctx))
        outcomes[0].warnings = convention_warning(order) + outcomes[0].warnings
        return outcomes

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s move, each direction on its own (a failure stops only its
        direction's cases; a group earns a quarter for each direction that passed all its cases), the
        refusals counted for the directions seen acting."""
        judging = Judging(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain)
        seed = ctx.settings.seed
        outcomes = [
            ctx.check_cases(
                group,
                self.cases(seed, group),
                functools.partial(self.judge, judging, group),
                part=lambda case: case.direction,
            )
            for group in ("refus_bord", "refus_oppose", "acceptation")
        ]
        acting = frozenset(move for move in MOVES if judging.acted.get(move))
        graded = [by_direction(outcome, acting) for outcome in outcomes]
        graded[0].warnings = move_warnings(judging.notes)
        return graded

    @staticmethod
    def possible(blank: int, direction: str) -> bool:
        """Whether the blank in cell `blank` can go `direction` without leaving the grid."""
        i, j = divmod(blank, 4)
        di, dj = BLANK_STEP[direction]
        return 0 <= i + di < 4 and 0 <= j + dj < 4

    def cases(self, seed: int, group: str) -> list[Attempt]:
        """An attempt for every (blank cell, direction) pair of the group:
        each edge, each accepted move from each cell (a slip on one row or column is never missed); the
        other tiles, the earlier moves (the last one the opposite exactly when that is the refusal tested)
        and the blank's value drawn from the seed."""
        rng = random.Random(f"{seed}:q16:{group}")
        found = []
        for blank in range(16):
            for direction in MOVES:
                if self.possible(blank, direction) == (group == "refus_bord"):
                    continue
                tiles = rng.sample(range(15), 15)
                history = [rng.choice(MOVES) for _ in range(rng.randint(0, 3))]
                if group == "refus_oppose":
                    history.append(OPPOSITE[direction])
                else:
                    while history[-1:] == [OPPOSITE[direction]]:
                        history.pop()
                state = tuple(tiles[:blank]) + (BLANK,) + tuple(tiles[blank:])
                found.append(Attempt(direction, state, tuple(history), rng.choice(BLANK_VALUES)))
        return found

    def judge(self, judging: Judging, group: str, case: Attempt) -> Failure | None:
        """tente_<direction>() on the case: the answer the group asks for, then the globals (and `solution`)
        as the model answer leaves them."""
        ctx, judged_in, policy = judging.ctx, judging.judged_in, judging.policy
        direction, state = case.direction, case.state
        payload = case.payload(judged_in)
        call = f"tente_{direction.lower()}()"
        shown = shown_case(payload, call)
        # The expectation is the model answer's on this very case (it keeps `solution` most recent last),
        # never what the generator meant the case to be.
        model_payload = case.payload()
        reference = reply_fields(ctx.expected(probe_tente, model_payload))
        accept = reference["accepted"]
        if accept != (group == "acceptation"):
            raise GraderBug(
                "error.judge_raised",
                where=f"q16/{group}",
                detail=f"the model answer's tente returns {accept} on {case!r}",
            )
        reply = judging.chain.run(ctx, probe_tente, payload, timed_on=model_payload)
        value = reply_fields(reply.value) if reply.ok else {}
        if group == "acceptation":
            judging.acted[direction] = (
                judging.acted.get(direction, True) and value.get("accepted") is True and _slid(value.get("grid"), state)
            )
        if not reply.ok:
            return judging.chain.failure(ctx, reply, shown)
        if type(value["accepted"]) is not bool:
            return bool_failure(value["accepted"], call, shown)
        if value["accepted"] != accept:
            return Failure(
                Kind.WRONG,
                ANSWER_KEYS[group],
                {"call": call, "li": shown["li"], "lj": shown["lj"], "opposite": OPPOSITE[direction]},
                counterexample=shown,
                expected=accept,
                got=value["accepted"],
            )
        expected_state = from_grid(reference["grid"], reference["li"], reference["lj"])
        expected_solution = reordered(reference["solution"], judged_in)
        for name, expected, got in differences(value, expected_state, expected_solution, policy, judging.notes):
            key = "q16.changed" if not accept else "q16.not_recorded" if name == "solution" else "q16.wrong"
            recorded = read_moves(got, policy) if name == "solution" else None
            if accept and recorded and reordered(recorded, judged_in)[-1:] == [OPPOSITE[direction]]:
                key = "taquin.mirrored"  # named by where the blank goes
            return Failure(
                Kind.WRONG, key, {"call": call, "name": name}, counterexample=shown, expected=expected, got=got
            )
        return None
