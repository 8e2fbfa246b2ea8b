"""q17, dfs: DFS* of figure 3 on the exam's global state. Its cases (drawn from the seed, and crafted), its
judges, and the evidence of search that the groups doing nothing passes count on.

Evidence of search (`searched`): on EVIDENCE_CALLS and as many calls drawn from the seed, below the
optimum, whose DFS* explores a tree of tens to hundreds of states, the dfs runs again watched by the
parent (diagnosis.watched: each call of dfs, or the grid's arrangements when its recursion does not go
through dfs), which checks the walk step by step (walk.walk, on the states alone): a run counts when the
dfs explored every state DFS* explores there (p + h <= m, each move to a child within the bound tried: a
child cut by its p + h need not be entered), and moved on from no state past the bound. Leaving the state as it was and writing the next bound
in `minimum` are what a dfs doing nothing, or guessing the bound from the parity of p + h, does too: those
groups count in proportion to it (the lower of the crafted calls' share and the seeded ones': a table of
moves made for some calls plays none of the others)."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from grader.questions.api import (
    ROUND_TRIP_SECONDS,
    Failure,
    GraderBug,
    Group,
    Kind,
    Message,
    Outcome,
    Question,
    cached,
    earned,
)
from grader.questions.taquin import diagnosis, walk
from grader.questions.taquin.cases import (
    is_int,
    BLANK_VALUES,
    MAX_WALK_Q17,
    Call,
    DfsCall,
    constrained_optimum,
    read_moves,
    order_spread,
    reordered,
    shown_case,
    walk_state,
    with_detour,
)
from grader.questions.taquin.chain import (
    CHAIN_OPTIONS,
    best_judgement,
    convention_warning,
    detect_convention,
)
from grader.questions.taquin.probes import probe_dfs, read_found
from grader.questions.taquin.serving import Chain, grid_arrangement
from grader.questions.taquin.verdicts import (
    Judging,
    bool_failure,
    differences,
    reply_fields,
    mentions,
    reached_state,
    taquin_visual,
    wrong_call,
    move_warnings,
)
from reference.puzzle import GOAL, MOVES, OPPOSITE, apply, legal_moves, manhattan
from reference.dfs_tree import dfs_calls

PROBES = ("grader.questions.taquin.probes",)  # the only module of the family the child loads


@dataclass(frozen=True)
class DrawnCall:
    """A q17 case drawn from the seed (Q17.cases): a walk from the goal to a state with a detour, the moves
    played before the call, p, which m of the group's range (`choice`, Q17.call_on) and the blank's value."""

    walk: tuple
    history: tuple
    p: int
    choice: int
    blank_value: int


# A root past the bound (p + h = 6 > m = 5) whose every move but the one undoing how it came (Bas) raises h:
# DFS* leaves minimum = 6 at once; a dfs that tests only the children it makes, not the root, searches
# them and leaves 8. First in both groups below the optimum, under every seed.
ROOT_PAST_BOUND = Call((0, 1, 15, 3, 4, 5, 2, 6, 8, 9, 10, 7, 12, 13, 14, 11), ("Gauche", "Bas"), 5, 2, 7)
# The calls on which the parent watches the search (`searched`), beside as many drawn from the seed
# (`seeded_evidence`): below the optimum with p + h <= m, so that DFS* explores a tree (112, 173 and 68
# calls), from a root with two moves or more within the bound, three levels deep or more; the blank inside,
# on an edge, in a corner; p of 0 and 1, earlier moves or none.
EVIDENCE_CALLS = (
    Call((0, 6, 2, 3, 4, 1, 15, 7, 8, 9, 5, 10, 12, 13, 14, 11), (), 11, 0, 99),
    Call((0, 1, 2, 3, 8, 4, 5, 6, 12, 9, 7, 11, 13, 14, 15, 10), ("Haut", "Droite"), 16, 1, -1),
    Call((15, 1, 2, 5, 0, 4, 6, 3, 8, 9, 10, 7, 12, 13, 14, 11), ("Haut",), 12, 0, 14),
)
EVIDENCE_TREE = (40, 400)  # the calls of DFS* a seeded evidence call's tree has, at least and at most
EVIDENCE_SECONDS = 2.0  # the least time limit of a watched run (a round trip a move: see `searched`)
# The served calls a call of dfs makes at most over the model answer's move and tente_* (its model
# judgement): four tente_*, and the move that undoes the one that entered it.
SERVED_PER_CALL = 5


@cached(maxsize=8)  # the same for every student of a run
def seeded_evidence(seed: int) -> tuple[Call, ...]:
    """As many calls as EVIDENCE_CALLS, drawn from the seed with the same properties (a tree of
    EVIDENCE_TREE calls below the optimum, from a root with two moves or more within the bound): the
    searches no table of moves made for another seed, or for the crafted calls, plays."""
    rng = random.Random(f"q17:evidence:{seed}")
    found: list[Call] = []
    while len(found) < len(EVIDENCE_CALLS):
        state = walk_state([rng.randrange(3) for _ in range(rng.randint(6, 14))])
        history = tuple(rng.choice(MOVES) for _ in range(rng.randint(0, 2)))
        previous, p = (history[-1] if history else None), rng.randint(0, 2)
        if not with_detour(state):
            continue
        m = rng.randrange(p + manhattan(state), p + constrained_optimum(state, previous))
        within = [move for move in legal_moves(state) if previous is None or move != OPPOSITE[previous]]
        within = [move for move in within if p + 1 + manhattan(apply(state, move)) <= m]
        if len(within) >= 2 and EVIDENCE_TREE[0] <= dfs_calls(state, previous, m - p) <= EVIDENCE_TREE[1]:
            found.append(Call(state, history, m, p, rng.choice(BLANK_VALUES)))
    return tuple(found)


class Evidence(NamedTuple):
    """The shares of the watched calls (see `searched`): those whose walk was DFS*'s on the states, those
    whose `minimum` was right too; and what a group that does not count shows."""

    explored: Fraction
    same: Fraction
    unseen: dict


def searched(judging: Judging) -> Evidence:
    """The shares of the watched calls on which the parent saw the dfs walk DFS*'s tree (see the module's
    docstring): EVIDENCE_CALLS and as many drawn from the seed, the lower of the two shares (a table of
    moves made for some calls plays none of the others), with the judgement's chain (the model answer's
    served move and tente_*, or the student's own); and what a group that does not count for it shows: the
    first call that did not, and where its walk left DFS*."""
    explored: list[Fraction] = []
    same: list[Fraction] = []
    unseen: dict = {}
    for calls in (EVIDENCE_CALLS, seeded_evidence(judging.ctx.settings.seed)):
        walks = []
        for call in calls:
            checked, shown, stopped = watched(judging, call)
            walks.append(checked)
            if not checked.same and not unseen:
                drawing = walk.record(checked, call.state, call.m, call.p, stopped)
                drawing["model_nodes"] = diagnosis.model_nodes(call.state, list(call.history), call.m, call.p)
                unseen = {"counterexample": shown, "visual": {"dfs": drawing}}
        explored.append(Fraction(sum(w.explored for w in walks), len(calls)))
        same.append(Fraction(sum(w.same for w in walks), len(calls)))
    return Evidence(min(explored), min(same), unseen)


def watched(judging: Judging, call: Call) -> tuple[walk.Walk, dict, bool]:
    """dfs(m, p) of `call` run with the judgement's chain, every call of the student's dfs watched
    (diagnosis.watched): the walk the parent saw, checked, the call as its counterexample, and whether the
    run was stopped (time, budget, a refused call)."""
    ctx = judging.ctx
    state, m, p = call.state, call.m, call.p
    served = judging.chain.served  # the model answer's move and tente_* for the model judgement
    # The model answer's time and, for each of DFS*'s calls, two round trips (its entry and return) and
    # those of the served functions, as a limit of the scheme; never less than EVIDENCE_SECONDS: these runs
    # judge what the search explores, not its speed.
    trips = (2 + (SERVED_PER_CALL if served else 0)) * dfs_calls(state, call.previous, m - p)
    checked, payload, stopped = diagnosis.watched(
        ctx,
        judging.judged_in,
        served,
        call,
        limit=lambda seconds: max(EVIDENCE_SECONDS, ctx.limit(seconds + trips * ROUND_TRIP_SECONDS)),
    )
    return checked, shown_case(payload, f"dfs({m}, {p})"), stopped


class Q17(Question):
    id = "q17"
    module = "taquin"
    probe_modules = PROBES
    functions = ("dfs",)
    points = 3.0
    # Default barème: the three duties of DFS* on a global state, a third each: a failure leaves the state
    # as it found it, it records the next bound in minimum, and a success leaves a solution in `solution`.
    # A dfs that does nothing (`return False`) leaves the state as it found it too, and the next bound can be
    # guessed without searching (every move changes p + h by 0 or 2: it is the least value above m with the
    # parity of p + h): `echec_restaure` and `seuil` count only in proportion to the searches the parent saw
    # the dfs make as DFS* makes them (`searched`, on EVIDENCE_CALLS), so that guessing earns 0.
    groups = (Group("echec_restaure", 1.0), Group("seuil", 1.0), Group("succes", 1.0), Group("chaine_eleve", 0.0))
    # `dependances`: "corrige" (default) judges dfs with the student's own move and tente_* and, unless that
    # gets full marks, with the model answer's, served by the parent (its limits allow a round trip a served
    # call): the better counts (best_judgement); "eleve" with the student's own only.
    options = CHAIN_OPTIONS
    limits_separate_algorithms = False  # a dfs is judged on what it leaves; its limits stop endless ones
    draws_with_hypothesis = False  # see `cases`
    # dfs(m, p) is called with p from 0 to MAX_P, moves already in `solution`, and m from just below the
    # root's f up to SUCCESS_MARGIN above the optimum (a dfs that accepts the goal only at p == m fails
    # when m - p - optimum is odd).
    MAX_P = 3
    SUCCESS_MARGIN = 3

    def cases(self, seed: int, group: str, count: int) -> list[DrawnCall]:
        """Calls drawn from the seed: random walks from the goal whose state has a detour (see
        with_detour), each with two draws of earlier moves, p, which m of the group's range, the blank's
        value; shortest walks first, so that the first failure is a small
        counterexample. Drawn here rather than by Hypothesis: its filtered draws cost most of the check's
        time."""
        rng = random.Random(f"q17:{seed}:{group}")
        found: list[DrawnCall] = []
        while len(found) < count:
            walk = tuple(rng.randrange(3) for _ in range(rng.randint(1, MAX_WALK_Q17)))
            if with_detour(walk_state(walk)):
                # Each state twice, as IDA* calls dfs on one root with several bounds: a dfs that keeps
                # hidden state between calls (a set of states seen) meets its own leftovers.
                for _ in range(2):
                    history = tuple(rng.choice(MOVES) for _ in range(rng.randint(0, 3)))
                    found.append(
                        DrawnCall(
                            walk, history, rng.randint(0, self.MAX_P), rng.randrange(30), rng.choice(BLANK_VALUES)
                        )
                    )
        return sorted(found[:count], key=lambda case: (len(case.walk), case.walk))

    def run(self, ctx):
        orders = detect_convention(ctx).orders()
        calls: dict[int, tuple[dict, Call]] = {}  # Judging.calls of every judgement: the failures' diagnosis reads them
        outcomes, order = best_judgement(ctx, self, orders, functools.partial(self.judged, ctx, calls))
        outcomes[0].warnings = convention_warning(order) + outcomes[0].warnings
        diagnosis.attach(ctx, order, outcomes, calls)  # after the grade: only the failures' drawings
        return outcomes

    def judged(self, ctx, calls: dict, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s move and tente_*."""
        judging = Judging(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain, calls=calls)
        has_minimum = mentions(ctx.submission.sources[self.module].text, "minimum")
        seed, count = ctx.settings.seed, ctx.settings.examples
        restored, threshold = (
            ctx.check_cases(
                group,
                [ROOT_PAST_BOUND, *self.cases(seed, group, count)],
                functools.partial(self.judge_below, judging, group, has_minimum),
            )
            for group in ("echec_restaure", "seuil")
        )
        success = ctx.check_cases(
            "succes", self.cases(seed, "succes", count), functools.partial(self.judge_success, judging)
        )
        if any(outcome.failure is None for outcome in (restored, threshold, success)):
            explored, same, unseen = searched(judging)
            restored, threshold, success = (
                earned(
                    outcome,
                    credit,
                    Failure(Kind.WRONG, unearned, **unseen),
                    Message(partly, {"percent": int(100 * credit)}),
                )
                for outcome, credit, unearned, partly in (
                    (restored, explored, "q17.restore_unearned", "q17.restore_partly"),
                    (threshold, same, "q17.threshold_unearned", "q17.threshold_partly"),
                    (success, explored, "q17.success_unearned", "q17.success_partly"),
                )
            )
        restored.warnings = move_warnings(judging.notes)
        return [restored, threshold, success]

    def call_on(self, case: Call | DrawnCall, succeed: bool) -> tuple[Call, int]:
        """The call dfs(m, p) a case stands for, m chosen below the optimum or at/above it (a crafted call:
        as it is), and the optimum."""
        if isinstance(case, Call):
            return case, constrained_optimum(case.state, case.previous)
        state = walk_state(case.walk)
        optimum, h0 = constrained_optimum(state, case.history[-1] if case.history else None), manhattan(state)
        bounds = (
            range(case.p + optimum, case.p + optimum + self.SUCCESS_MARGIN + 1)
            if succeed
            else range(case.p + h0 - 1, case.p + optimum)
        )  # from a root that already exceeds, to just below
        return Call(state, case.history, bounds[case.choice % len(bounds)], case.p, case.blank_value), optimum

    def dfs(self, judging: Judging, case: Call | DrawnCall, succeed: bool) -> DfsCall:
        """dfs(m, p) on the case, m chosen below or at/above the optimum: the model answer's reply too."""
        ctx = judging.ctx
        call, optimum = self.call_on(case, succeed)
        state, m, p = call.state, call.m, call.p
        payload, model_payload = call.payload(judging.judged_in), call.payload()
        expected = reply_fields(ctx.expected(probe_dfs, model_payload))
        if expected["found"] is not succeed:
            raise GraderBug(
                "error.judge_raised",
                where=f"q17: dfs({m}, {p}) on {state}",
                detail=f"the model answer returns {expected['found']}",
            )
        shown = shown_case(payload, f"dfs({m}, {p})")
        judging.calls[id(shown)] = shown, call
        # A correct dfs may try the moves in any order: above the optimum, the order decides how much of the
        # tree it explores before the goal, so the model answer's time counts for its worst order.
        # (Below the optimum no solution is within the budget: every order explores the whole tree.)
        previous = call.previous
        spread = order_spread(state, previous, m - p) if succeed else 1.0
        # Over the model answer's served functions, each call a round trip, counted as the model answer's
        # time is (the scheme's factor: a loaded machine slows round trips most): as many as a dfs trying the
        # moves in any order can make (the whole tree's calls, SERVED_PER_CALL each).
        trips = SERVED_PER_CALL * dfs_calls(state, previous, m - p) if judging.chain.served else 0
        reply = judging.chain.run(
            ctx,
            probe_dfs,
            payload,
            timed_on=model_payload,
            limit=lambda seconds: ctx.limit(spread * seconds + trips * ROUND_TRIP_SECONDS),
        )
        return DfsCall(call, optimum, expected, shown, reply)

    def judge_below(self, judging: Judging, group: str, has_minimum: bool, case: Call | DrawnCall) -> Failure | None:
        """dfs(m, p) under the optimum: False, everything restored (`echec_restaure`), minimum the model
        answer's (`seuil`: a module that never names `minimum` fails it whatever it returns)."""
        judged = self.dfs(judging, case, False)
        call, expected, shown, reply = judged.call, judged.expected, judged.shown, judged.reply
        if group == "seuil" and not has_minimum:
            return Failure(Kind.WRONG, "q17.no_minimum", counterexample=shown, expected=expected["minimum"], got=None)
        if not reply.ok:
            return judging.chain.failure(judging.ctx, reply, shown)
        value = reply_fields(reply.value)
        # `seuil` judges `minimum`: a failure that returns None (falls off the end) is read as False there.
        found = value["found"] if group == "echec_restaure" else read_found(value["found"])
        if type(found) is not bool:
            return bool_failure(value["found"], shown["appel"], shown)
        if found:
            return wrong_call("q17.found_below", shown, False, True, optimum=judged.optimum)
        if group == "echec_restaure":
            restored = reordered(call.history, judging.judged_in)
            for name, expected_value, got in differences(value, call.state, restored, judging.policy, judging.notes):
                return wrong_call("q17.not_restored", shown, expected_value, got, name=name)
        else:
            got = value["minimum"]
            if type(got) not in (int, float) or got != expected["minimum"]:
                return wrong_call("q17.threshold", shown, expected["minimum"], got, m=call.m)
        return None

    def judge_success(self, judging: Judging, case: Call | DrawnCall) -> Failure | None:
        """dfs(m, p) at or above the optimum: True, and `solution` holds the earlier moves followed by a
        solution of at most m - p moves."""
        judged = self.dfs(judging, case, True)
        expected, shown, reply = judged.expected, judged.shown, judged.reply
        state, history, m, p = judged.call.state, list(judged.call.history), judged.call.m, judged.call.p
        if not reply.ok:
            return judging.chain.failure(judging.ctx, reply, shown)
        value = reply_fields(reply.value)
        if type(value["found"]) is not bool:
            return bool_failure(value["found"], shown["appel"], shown)
        if not value["found"]:
            return wrong_call("q17.not_found", shown, True, False, m=m - p)
        moves = read_moves(value["solution"], judging.policy, judging.notes)
        if moves is None:
            return Failure(
                Kind.WRONG, "taquin.not_moves", {"name": "solution"}, counterexample=shown, got=value["solution"]
            )
        convention = judging.convention
        played = [reordered(moves, convention)] if convention else [moves, moves[::-1]]
        # The oracles of a student's kit find no moves (no search that returns them ships there).
        reference_moves = reordered(expected["solution"] or [], judging.judged_in)
        for order in played:
            tail = order[len(history) :]
            if order[: len(history)] == history and len(tail) <= m - p and reached_state(state, tail) == GOAL:
                # DFS* returns True with the board at the goal: moves written into `solution` unplayed are no search.
                board = grid_arrangement(value["grid"], value["li"], value["lj"]) if _cell(value) else None
                if board is None or tuple(board) != GOAL:
                    return Failure(Kind.WRONG, "q17.success_board", counterexample=shown)
                return None
        tail = played[0][len(history) :] if played[0][: len(history)] == history else played[0]
        found = reference_moves[len(history) :] if expected["solution"] is not None else None
        failure = wrong_call("q17.bad_solution", shown, reference_moves or None, played[0], m=m - p)
        return replace(failure, visual=taquin_visual(state, tail, found))


def _cell(value: dict) -> bool:
    """Whether the globals' li and lj name a cell of the grid."""
    return all(is_int(value[name]) and 0 <= value[name] < 4 for name in ("li", "lj"))
