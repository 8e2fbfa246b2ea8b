"""Part IV (module taquin.py): q15 move, q16 tente_*, q17 dfs, q18 taquin.

Judges rebuild states with reference.puzzle and compare (verdicts.py). For q18 the student's globals are
never believed: the returned moves are replayed on the grader's own copy of the start state.

`solution` may be kept most recent last (the convention) or most recent first (the Caml reading of the
exam): the convention is detected once per question on an unambiguous case, then every case is judged
in it. The list `taquin()` returns may be in either order.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from fractions import Fraction

from grader.questions.api import (
    Failure,
    GraderBug,
    Group,
    Inconclusive,
    Kind,
    Message,
    Option,
    Outcome,
    Question,
    earned,
    protocol,
)
from grader.questions.taquin import oracles  # noqa: F401 - registers the probes' oracles
from grader.questions.taquin import diagnosis
from grader.questions.taquin.cases import (
    _moves,
    DfsCall,
    BLANK_VALUES,
    DEEP_COUNT,
    MAX_WALK_Q17,
    MAX_WALK_Q18,
    Trap,
    _constrained_optimum,
    _cut_below_root,
    _order_spread,
    _payload,
    _reordered,
    _shown,
    _states,
    _walk_state,
    _with_detour,
    asked_instance,
    challenge_instance,
    challenge_limit,
    deep_instances,
    trap_cases,
    trap_limit,
)
from grader.questions.taquin.chain import (
    CHAIN_OPTIONS,
    EXAM_SLACK,
    OWN_CHAIN,
    best_judgement,
    convention_warning,
    detect_convention,
)
from grader.questions.taquin.serving import Chain
from grader.questions.taquin.probes import BLANK, probe_dfs, probe_move, probe_taquin, probe_tente
from grader.questions.taquin.verdicts import (
    Judging,
    Orders,
    _bool_failure,
    _differences,
    _fields,
    _mentions,
    _reached,
    _tentes,
    _visual,
    _wrong_call,
    move_warnings,
    order_outcome,
    solution_verdict,
)
from reference.puzzle import BLANK_STEP, GOAL, MOVES, OPPOSITE, apply, from_grid, legal_moves, manhattan

PROBES = ("grader.questions.taquin.probes",)  # the only module of the family the child loads
# A correct IDA* may try the moves in another order (the last iteration then stops earlier or later) or
# recompute h from scratch in move: measured up to 10 times the reference's time on deep instances.
SEARCH_SLACK = 3.0


# --- q15 ------------------------------------------------------------------------------------------
class Q15(Question):
    id = "q15"
    module = "taquin"
    probe_modules = PROBES
    functions = ("move",)
    points = 2.0
    # Default barème: move updates three things the exam names (grid, the blank's li/lj, h), each a third:
    # forgetting one of them is one slip, not a wrong move.
    groups = (Group("move_grille", 1.0), Group("move_libre", 1.0), Group("move_h", 1.0))
    ASPECT = {"move_grille": "grid", "move_libre": "li, lj", "move_h": "h"}  # the global each group judges

    def run(self, ctx):
        from grader.questions.api import strategies as st  # Hypothesis: never for q17 (imported ahead)

        cases = st.tuples(_states(), st.integers(0, len(MOVES) - 1), st.sampled_from(BLANK_VALUES))
        return [
            ctx.check(group.name, cases, functools.partial(self.judge, ctx, self.ASPECT[group.name]))
            for group in self.groups
        ]

    @staticmethod
    def judge(ctx, aspect: str, case) -> Failure | None:
        """move(i, j) of the tile next to the blank that `case` chooses: the global `aspect` as after it."""
        state, choice, blank_value = case
        move = legal_moves(state)[choice % len(legal_moves(state))]
        i, j = divmod(state.index(BLANK), 4)
        cell = [i + BLANK_STEP[move][0], j + BLANK_STEP[move][1]]
        payload = _payload(state, blank_value, cell=cell)
        shown = _shown(payload, f"move({cell[0]}, {cell[1]})")
        reply = ctx.run(probe_move, payload)
        if not reply.ok:
            return ctx.failure(reply, shown)
        for name, expected, got in _differences(_fields(reply.value), apply(state, move)):
            if name == aspect:
                return Failure(
                    Kind.WRONG,
                    "q15.wrong",
                    {"name": name, "call": shown["appel"]},
                    counterexample=shown,
                    expected=expected,
                    got=got,
                )
        return None


# --- q16 ------------------------------------------------------------------------------------------
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
    # A tente_* that never moves (`return False`) refuses everything: the refusals count only for the
    # tente_* seen making every move they must (`earned`: in proportion, a quarter for each), so that doing
    # nothing earns 0.
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
        convention = detect_convention(ctx)
        outcomes = best_judgement(ctx, self, convention, functools.partial(self.judged, ctx, convention))
        outcomes[0].warnings = convention_warning(convention) + outcomes[0].warnings
        return outcomes

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s move: acceptance judged direction by direction (a failure stops
        only its direction's cases), the refusals counted for the directions that act."""
        judging = Judging(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain)
        seed = ctx.settings.seed
        outcomes = {
            group: ctx.check_cases(
                group,
                self.cases(seed, group),
                functools.partial(self.judge, judging, group),
                part=(lambda case: case[0]) if group == "acceptation" else None,
            )
            for group in ("refus_bord", "refus_oppose", "acceptation")
        }
        acting = [move for move in MOVES if judging.acted.get(move)]
        credit = Fraction(len(acting), len(MOVES))
        unearned = Failure(Kind.WRONG, "q16.refusals_unearned")
        partly = Message("q16.refusals_partly", {"count": len(acting), "names": _tentes(acting)})
        for group in ("refus_bord", "refus_oppose"):
            outcomes[group] = earned(outcomes[group], credit, unearned, partly)
        graded = list(outcomes.values())
        graded[0].warnings = move_warnings(judging.notes)
        return graded

    @staticmethod
    def possible(blank: int, direction: str) -> bool:
        """Whether the blank in cell `blank` can go `direction` without leaving the grid."""
        i, j = divmod(blank, 4)
        di, dj = BLANK_STEP[direction]
        return 0 <= i + di < 4 and 0 <= j + dj < 4

    def cases(self, seed: int, group: str) -> list[tuple]:
        """(direction, state, earlier moves, blank value) for every (blank cell, direction) pair of the group:
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
                found.append((direction, state, history, rng.choice(BLANK_VALUES)))
        return found

    def judge(self, judging: Judging, group: str, case: tuple) -> Failure | None:
        """tente_<direction>() on the case: the answer the group asks for, then the globals (and `solution`)
        as the model answer leaves them."""
        ctx, judged_in, policy = judging.ctx, judging.judged_in, judging.policy
        direction, state, history, blank_value = case
        payload = _payload(state, blank_value, history, judged_in, direction=direction)
        call = f"tente_{direction.lower()}()"
        shown = _shown(payload, call)
        # The expectation is the model answer's on this very case (it keeps `solution` most recent last),
        # never what the generator meant the case to be.
        model_payload = _payload(state, blank_value, history, direction=direction)
        reference = _fields(ctx.expected(probe_tente, model_payload))
        accept = reference["accepted"]
        if accept != (group == "acceptation"):
            raise GraderBug(
                "error.judge_raised",
                where=f"q16/{group}",
                detail=f"the model answer's tente returns {accept} on {case!r}",
            )
        reply = judging.chain.run(ctx, probe_tente, payload, timed_on=model_payload)
        value = _fields(reply.value) if reply.ok else {}
        if group == "acceptation":
            acted = value.get("accepted") is True and bool(_differences(value, state, payload["solution"]))
            judging.acted[direction] = judging.acted.get(direction, True) and acted
        if not reply.ok:
            return judging.chain.failure(ctx, reply, shown)
        if type(value["accepted"]) is not bool:
            return _bool_failure(value["accepted"], call, shown)
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
        expected_solution = _reordered(reference["solution"], judged_in)
        for name, expected, got in _differences(value, expected_state, expected_solution, policy, judging.notes):
            key = "q16.changed" if not accept else "q16.not_recorded" if name == "solution" else "q16.wrong"
            recorded = _moves(got, policy) if name == "solution" else None
            if accept and recorded and _reordered(recorded, judged_in)[-1:] == [OPPOSITE[direction]]:
                key = "taquin.mirrored"  # named by where the blank goes
            return Failure(
                Kind.WRONG, key, {"call": call, "name": name}, counterexample=shown, expected=expected, got=got
            )
        return None


class Q17(Question):
    id = "q17"
    module = "taquin"
    probe_modules = PROBES
    functions = ("dfs",)
    points = 3.0
    # Default barème: the three duties of DFS* on a global state, a third each: a failure leaves the state
    # as it found it, it records the next bound in minimum, and a success leaves a solution in `solution`.
    # A dfs that does nothing (`return False`) leaves the state as it found it too: `echec_restaure` counts
    # fully for a dfs seen searching, one that finds the solutions (`succes`) or the next bound (`seuil`);
    # else in proportion to its runs of the group that had to search and left in `minimum` the f of a state
    # cut below the root (Judging.searched: known only by going there), so that doing nothing earns 0.
    groups = (Group("echec_restaure", 1.0), Group("seuil", 1.0), Group("succes", 1.0), Group("chaine_eleve", 0.0))
    # `dependances`: "corrige" (default) judges dfs with the student's own move and tente_* and, unless that
    # gets full marks, with the exam's (the model answer's, run in the child: limits EXAM_SLACK times
    # longer): the better counts (best_judgement); "eleve" with the student's own only.
    options = CHAIN_OPTIONS
    limits_separate_algorithms = False  # a dfs is judged on what it leaves; its limits stop endless ones
    draws_with_hypothesis = False  # see `cases`
    # dfs(m, p) is called with p from 0 to MAX_P, moves already in `solution`, and m from just below the
    # root's f up to SUCCESS_MARGIN above the optimum (a dfs that accepts the goal only at p == m fails
    # when m - p - optimum is odd).
    MAX_P = 3
    SUCCESS_MARGIN = 3

    def cases(self, seed: int, group: str, count: int) -> list[tuple]:
        """(walk, history, p, choice, blank value), drawn from the seed: random walks from the goal whose
        state has a detour (see _with_detour), each with two draws of earlier moves, p, which m of the
        group's range, the blank's value; shortest walks first, so that the first failure is a small
        counterexample. Drawn here rather than by Hypothesis: its filtered draws cost most of the check's
        time."""
        rng = random.Random(f"q17:{seed}:{group}")
        found: list[tuple] = []
        while len(found) < count:
            walk = [rng.randrange(3) for _ in range(rng.randint(1, MAX_WALK_Q17))]
            if _with_detour(_walk_state(walk)):
                # Each state twice, as IDA* calls dfs on one root with several bounds: a dfs that keeps
                # hidden state between calls (a set of states seen) meets its own leftovers.
                for _ in range(2):
                    history = [rng.choice(MOVES) for _ in range(rng.randint(0, 3))]
                    found.append(
                        (walk, history, rng.randint(0, self.MAX_P), rng.randrange(30), rng.choice(BLANK_VALUES))
                    )
        return sorted(found[:count], key=lambda case: (len(case[0]), case[0]))

    def run(self, ctx):
        convention = detect_convention(ctx)
        calls: dict[int, tuple] = {}  # Judging.calls of both judgements: the failures' diagnosis reads them
        outcomes = best_judgement(ctx, self, convention, functools.partial(self.judged, ctx, convention, calls))
        outcomes[0].warnings = convention_warning(convention) + outcomes[0].warnings
        diagnosis.attach(ctx, convention, outcomes, calls)  # after the grade: only the failures' drawings
        return outcomes

    def judged(self, ctx, convention, calls: dict, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s move and tente_*."""
        judging = Judging(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain, calls=calls)
        has_minimum = _mentions(ctx.submission.sources[self.module].text, "minimum")
        seed, count = ctx.settings.seed, ctx.settings.examples
        restored, threshold = (
            ctx.check_cases(
                group, self.cases(seed, group, count), functools.partial(self.judge_below, judging, group, has_minimum)
            )
            for group in ("echec_restaure", "seuil")
        )
        success = ctx.check_cases(
            "succes", self.cases(seed, "succes", count), functools.partial(self.judge_success, judging)
        )
        runs, searched = len(judging.searched), sum(judging.searched)
        if success.failure is None or threshold.failure is None:
            searches = Fraction(1)
        else:
            searches = Fraction(searched, runs) if runs else Fraction(0)
        partly = Message("q17.restore_partly", {"searched": searched, "runs": runs})
        restored = earned(restored, searches, Failure(Kind.WRONG, "q17.restore_unearned"), partly)
        restored.warnings = move_warnings(judging.notes)
        return [restored, threshold, success]

    def call_on(self, case: tuple, succeed: bool) -> tuple:
        """(state, history, m, p, blank value, optimum): the call dfs(m, p) a case stands for, m chosen
        below the optimum or at/above it."""
        walk, history, p, choice, blank_value = case
        state = _walk_state(walk)
        optimum, h0 = _constrained_optimum(state, history[-1] if history else None), manhattan(state)
        bounds = (
            range(p + optimum, p + optimum + self.SUCCESS_MARGIN + 1) if succeed else range(p + h0 - 1, p + optimum)
        )  # from a root that already exceeds, to just below
        return state, history, bounds[choice % len(bounds)], p, blank_value, optimum

    def dfs(self, judging: Judging, case: tuple, succeed: bool) -> DfsCall:
        """dfs(m, p) on the case, m chosen below or at/above the optimum: the model answer's reply too."""
        ctx = judging.ctx
        state, history, m, p, blank_value, optimum = self.call_on(case, succeed)
        payload = _payload(state, blank_value, history, judging.judged_in, m=m, p=p)
        model_payload = _payload(state, blank_value, history, m=m, p=p)
        expected = _fields(ctx.expected(probe_dfs, model_payload))
        if expected["found"] is not succeed:
            raise GraderBug(
                "error.judge_raised",
                where=f"q17: dfs({m}, {p}) on {state}",
                detail=f"the model answer returns {expected['found']}",
            )
        shown = _shown(payload, f"dfs({m}, {p})")
        judging.calls[id(shown)] = shown, (state, history, m, p, blank_value)
        # A correct dfs may try the moves in any order: above the optimum, the order decides how much of the
        # tree it explores before the goal, so the model answer's time counts for its worst order.
        # (Below the optimum no solution is within the budget: every order explores the whole tree.)
        spread = _order_spread(state, history[-1] if history else None, m - p) if succeed else 1.0
        slower = EXAM_SLACK if judging.chain.exam else 1.0
        reply = judging.chain.run(
            ctx, probe_dfs, payload, timed_on=model_payload, limit=lambda seconds: ctx.limit(slower * spread * seconds)
        )
        return DfsCall(state, history, m, p, optimum, expected, shown, reply)

    def judge_below(self, judging: Judging, group: str, has_minimum: bool, case: tuple) -> Failure | None:
        """dfs(m, p) under the optimum: False, everything restored (`echec_restaure`), minimum the model
        answer's (`seuil`: a module that never names `minimum` fails it whatever it returns)."""
        state, history, m, p, optimum, expected, shown, reply = self.dfs(judging, case, False)
        if group == "seuil" and not has_minimum:
            return Failure(Kind.WRONG, "q17.no_minimum", counterexample=shown, expected=expected["minimum"], got=None)
        if not reply.ok:
            return judging.chain.failure(judging.ctx, reply, shown)
        value = _fields(reply.value)
        if type(value["found"]) is not bool:
            return _bool_failure(value["found"], shown["appel"], shown)
        if value["found"]:
            return _wrong_call("q17.found_below", shown, False, True, optimum=optimum)
        if group == "echec_restaure":
            if p + manhattan(state) <= m:  # a run that has to search below the root
                cut = _cut_below_root(state, history[-1] if history else None, m, p)
                judging.searched.append(type(value["minimum"]) in (int, float) and value["minimum"] in cut)
            restored = _reordered(history, judging.judged_in)
            for name, expected_value, got in _differences(value, state, restored, judging.policy, judging.notes):
                return _wrong_call("q17.not_restored", shown, expected_value, got, name=name)
        else:
            got = value["minimum"]
            if type(got) not in (int, float) or got != expected["minimum"]:
                return _wrong_call("q17.threshold", shown, expected["minimum"], got, m=m)
        return None

    def judge_success(self, judging: Judging, case: tuple) -> Failure | None:
        """dfs(m, p) at or above the optimum: True, and `solution` holds the earlier moves followed by a
        solution of at most m - p moves."""
        state, history, m, p, _, expected, shown, reply = self.dfs(judging, case, True)
        if not reply.ok:
            return judging.chain.failure(judging.ctx, reply, shown)
        value = _fields(reply.value)
        if type(value["found"]) is not bool:
            return _bool_failure(value["found"], shown["appel"], shown)
        if not value["found"]:
            return _wrong_call("q17.not_found", shown, True, False, m=m - p)
        moves = _moves(value["solution"], judging.policy, judging.notes)
        if moves is None:
            return Failure(
                Kind.WRONG, "taquin.not_moves", {"name": "solution"}, counterexample=shown, got=value["solution"]
            )
        convention = judging.convention
        played = [_reordered(moves, convention)] if convention else [moves, moves[::-1]]
        reference_moves = _reordered(expected["solution"], judging.judged_in)
        for order in played:
            tail = order[len(history) :]
            if order[: len(history)] == history and len(tail) <= m - p and _reached(state, tail) == GOAL:
                return None
        tail = played[0][len(history) :] if played[0][: len(history)] == history else played[0]
        failure = _wrong_call("q17.bad_solution", shown, reference_moves, played[0], m=m - p)
        return replace(failure, visual=_visual(state, tail, reference_moves[len(history) :]))


class Q18(Question):
    id = "q18"
    module = "taquin"
    probe_modules = PROBES
    functions = ("taquin",)
    points = 3.0
    # Default barème (3 points), as a correcteur ranks answers: a right IDA* on easy states is most of the
    # work (4/10); deep states (several IDA* passes, and 40 to 48 moves) catch what shallow ones cannot (a
    # next bound that is not the least f above m, a minimum not reset, a search capped by hand: 4/10), and
    # so does the trap (TRAPS: a state above 60 moves that a capped search gives up at once, while a correct
    # one cannot end it in its limit: that timeout is inconclusive, neither a failure nor a point);
    # the order of the list is a convention slip (1/10), not a wrong algorithm; the challenge separates
    # an IDA* without the last-move rule (exponentially slower) from constant-factor variants (1/10).
    groups = (
        Group("petites_profondeurs", 4.0),
        Group("grandes_profondeurs", 4.0),
        Group("ordre", 1.0),
        Group("defi", 1.0),
        Group("chaine_eleve", 0.0),
    )
    # `challenge`: "korf" (default: Korf's instance CHALLENGE_KORF, a second or two of the model answer's
    # CPU) or "enonce" (the exam's example, 15 to 30 s); its limit is `challenge_factor` times the model
    # answer's time (at least 20: a correct IDA* whose move recomputes h and tries the moves in another
    # order is 16 times slower; that time is shipped: challenge_limit), or `challenge_seconds` when set.
    # `dependances`: "corrige" (default) judges taquin() with the model answer's dfs, served, and unless that
    # gets full marks with the student's own: the better counts (best_judgement); "eleve" with the
    # student's own only.
    options = {
        **CHAIN_OPTIONS,
        "challenge": Option("korf", choices=("korf", "enonce")),
        "challenge_factor": Option(30.0, low=20.0, high=1000.0),
        "challenge_seconds": Option(None, low=0.1, high=3600.0),
    }

    def run(self, ctx):
        convention = detect_convention(ctx)
        return best_judgement(
            ctx,
            self,
            convention,
            functools.partial(self.judged, ctx, convention),
            own_check=functools.partial(self.own_check, ctx, convention),
        )

    def replay_games(self) -> int:
        return DEEP_COUNT  # the deep states, whose passes `--replay N` shows

    @staticmethod
    def walks():
        from grader.questions.api import strategies as st  # Hypothesis: never for q17 (imported ahead)

        return st.tuples(st.lists(st.integers(0, 2), max_size=MAX_WALK_Q18), st.sampled_from(BLANK_VALUES))

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s dfs. The `ordre` group is judged on the lists the two depth
        groups saw: the small states are played for it even when their own group weighs nothing."""
        scheme = ctx.settings.scheme
        weights = scheme.weights(self)
        judging = Orders(ctx, convention, scheme.option(self, "noms"), chain, replay=asked_instance(ctx.settings))
        on_walk = functools.partial(self.judge_walk, judging)
        deep = functools.partial(self.judge_deep, judging)
        deep_cases = [*deep_instances(ctx.settings.seed), *trap_cases(ctx.settings.seed)]
        small = weights["petites_profondeurs"] or weights["ordre"]
        outcomes = [
            ctx.check("petites_profondeurs", self.walks(), on_walk)
            if small
            else Outcome("petites_profondeurs", skipped="q18.skipped"),
            self.skipped(weights, "grandes_profondeurs")
            or judging.shown(ctx.check_cases("grandes_profondeurs", deep_cases, deep)),
            self.skipped(weights, "ordre") or order_outcome(judging),
        ]
        # The challenge costs a correct answer seconds to minutes: only an answer right everywhere else
        # earns a try, so that a wrong or looping taquin does not spend the budget for nothing.
        tried = all(o.failure is None for o in outcomes)
        limit = scheme.option(self, "challenge_seconds") or challenge_limit(
            scheme.option(self, "challenge"), scheme.option(self, "challenge_factor"), scheme.time_floor
        )
        challenge = functools.partial(self.judge, judging, limit=limit)
        outcomes.append(
            self.skipped(weights, "defi", tried)
            or ctx.check_cases("defi", [challenge_instance(scheme.option(self, "challenge"))], challenge)
        )
        outcomes[0].warnings = move_warnings(judging.notes)
        return outcomes

    def own_check(self, ctx, convention, chain: Chain) -> Outcome:
        """A few small states with the student's own dfs, when the grade came from the model answer's: to tell
        the student whether their own chain works (weightless)."""
        judging = Orders(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain)
        return ctx.check(OWN_CHAIN, self.walks(), functools.partial(self.judge_walk, judging), max_examples=10)

    @staticmethod
    def skipped(weights: dict, group: str, tried: bool = True) -> Outcome | None:
        """The outcome of a group that is not run, or None: a scheme that gives it no weight need not pay for
        it, and the challenge is run only when `tried`."""
        if weights[group] == 0:
            return Outcome(group, skipped="q18.skipped")
        if not tried:
            return Outcome(group, skipped="q18.challenge_not_tried")
        return None

    def judge_walk(self, judging: Orders, case: tuple) -> Failure | None:
        """taquin() from where a walk from the goal leads (`case`: the walk, the blank's value)."""
        walk, blank_value = case
        return self.judge(judging, (_walk_state(walk), blank_value, None))

    def judge(self, judging: Orders, case: tuple, limit: float | None = None) -> Failure | None:
        """taquin() from `case` (state, blank value, optimum or None), judged by `verdict`. `limit` in
        seconds, else the scheme's factor × SEARCH_SLACK × the model answer's time."""
        ctx = judging.ctx
        state, blank_value, _ = case
        payload = _payload(state, blank_value)
        rule: float | functools.partial[float] | None = limit
        if limit is not None and judging.chain.server is not None:
            # A served dfs answers from the model answer's own run on the case (Chain.run): made all the same.
            rule = functools.partial(_given, limit)
        reply = judging.chain.run(ctx, probe_taquin, payload, slower=SEARCH_SLACK, limit=rule)
        return solution_verdict(judging, case, reply, judging.chain)

    def judge_deep(self, judging: Orders, case: tuple) -> Failure | Inconclusive | None:
        """The `grandes_profondeurs` group's case: a deep instance, or a trap (trap_cases)."""
        return self.judge_trap(judging, case) if isinstance(case[0], Trap) else self.judge(judging, case)

    def judge_trap(self, judging: Orders, case: tuple) -> Failure | Inconclusive | None:
        """taquin() on a trap (`case`: the Trap, the blank's value), within the trap's short limit and with
        a served dfs that refuses bounds past the trap's. A correct answer cannot end it: its timeout, or
        its dfs asked past the bound, is Inconclusive; an answer that ends is judged as on any state."""
        trap, blank_value = case
        chain = judging.chain.bounded(trap.bound)
        reply = chain.run(
            judging.ctx,
            probe_taquin,
            _payload(trap.state, blank_value),
            limit=trap_limit(trap),
            timeout_inconclusive=True,
        )
        seen = {"h": manhattan(trap.state), "optimum": trap.optimum}
        if chain.server is not None and chain.server.past_bound:  # what the parent itself refused
            return Inconclusive("q18.trap_past_bound", {**seen, "bound": trap.bound})
        if reply.status == protocol.TIMEOUT:
            return Inconclusive("q18.trap_timeout", {**seen, "seconds": float(f"{reply.limit:.2g}")})
        return solution_verdict(judging, (trap.state, blank_value, trap.optimum), reply, chain)


def _given(limit: float, _model_seconds: float) -> float:
    """A limit that is not the model answer's time's multiple, where its run is made for what it serves."""
    return limit


QUESTIONS = [Q15(), Q16(), Q17(), Q18()]
