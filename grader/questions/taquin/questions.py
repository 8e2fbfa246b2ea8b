"""Part IV (module taquin.py): q15 move, q18 taquin, and the family's list (q16 tente_* in tente.py, q17 dfs
in dfs.py).

Judges rebuild states with reference.puzzle and compare (verdicts.py). For q18 the student's globals are
never believed: the returned moves are replayed on the grader's own copy of the start state.

`solution` may be kept most recent last (the convention) or most recent first (the Caml reading of the
exam): the order most tente_* record in is detected once per question (chain.detect_convention), then
every case is judged in it; q17's and q18's model chains in the other order too when the tente_* disagree.
The list `taquin()` returns may be in either order.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from fractions import Fraction

from grader.questions.api import (
    Failure,
    Group,
    Inconclusive,
    Kind,
    Message,
    Option,
    Outcome,
    Question,
    ROUND_TRIP_SECONDS,
    earned,
    protocol,
)
from grader.questions.taquin import oracles  # noqa: F401 - registers the probes' oracles
from grader.questions.taquin.dfs import EVIDENCE_SECONDS, PROBES, Q17
from grader.questions.taquin.tente import Q16
from grader.questions.taquin.walk import DfsWatcher, ida_passes, record
from reference.dfs_tree import dfs_calls
from grader.questions.taquin.passes import are_ida_passes, first_short, ida_calls
from grader.questions.taquin.conflicts import CONFLICT_CASES, ConflictServer, conflict_h
from grader.questions.taquin.cases import (
    BLANK_VALUES,
    DEEP_COUNT,
    MAX_WALK_Q18,
    SMALL_DETOURS,
    Instance,
    TrapCase,
    case_payload,
    shown_case,
    arrangements,
    walk_state,
    asked_instance,
    challenge_instance,
    challenge_limit,
    deep_instances,
    beyond_tables,
    small_instances,
    trap_cases,
    trap_limit,
)
from grader.questions.taquin.chain import (
    CHAIN_OPTIONS,
    OWN_CHAIN,
    best_judgement,
    detect_convention,
)
from grader.questions.taquin.serving import SERVED, Chain, ModelServer
from grader.questions.taquin.probes import BLANK, probe_move, probe_taquin
from grader.questions.taquin.verdicts import (
    Orders,
    differences,
    reply_fields,
    grid_matches,
    move_warnings,
    order_outcome,
    solution_verdict,
)
from reference.puzzle import BLANK_STEP, MOVES, apply, legal_moves, manhattan

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
    # li, lj = i, j alone echoes the arguments: `move_libre` counts only in proportion to its cases where
    # the tile was seen sliding into the blank on the grid too, so that echoing earns 0.
    ASPECT = {"move_grille": "grid", "move_libre": "li, lj", "move_h": "h"}  # the global each group judges

    def run(self, ctx):
        from hypothesis import strategies as st  # Hypothesis: never for q17 (imported ahead)

        cases = st.tuples(arrangements(), st.integers(0, len(MOVES) - 1), st.sampled_from(BLANK_VALUES))
        # On each case of move_libre: whether the tile slid into the blank on the grid (where the blank's
        # value is not the tile's already).
        slid: list[bool] = []
        outcomes = [
            ctx.check(group.name, cases, functools.partial(self.judge, ctx, self.ASPECT[group.name], slid))
            for group in self.groups
        ]
        blank = next(i for i, outcome in enumerate(outcomes) if outcome.group == "move_libre")
        credit = Fraction(sum(slid), len(slid)) if slid else Fraction(0)
        unearned = Failure(Kind.WRONG, "q15.blank_unearned")
        partly = Message("q15.blank_partly", {"slid": sum(slid), "cases": len(slid)})
        outcomes[blank] = earned(outcomes[blank], credit, unearned, partly)
        return outcomes

    @staticmethod
    def judge(ctx, aspect: str, slid: list, case) -> Failure | None:
        """move(i, j) of the tile next to the blank that `case` chooses: the global `aspect` as after it
        (for li, lj, `slid` notes whether the grid is as after it too)."""
        state, choice, blank_value = case
        move = legal_moves(state)[choice % len(legal_moves(state))]
        i, j = divmod(state.index(BLANK), 4)
        cell = [i + BLANK_STEP[move][0], j + BLANK_STEP[move][1]]
        payload = case_payload(state, blank_value, cell=cell)
        shown = shown_case(payload, f"move({cell[0]}, {cell[1]})")
        reply = ctx.run(probe_move, payload)
        if not reply.ok:
            return ctx.failure(reply, shown)
        value = reply_fields(reply.value)
        if aspect == "li, lj" and blank_value != state[4 * cell[0] + cell[1]]:  # else the grid shows nothing
            slid.append(grid_matches(value["grid"], apply(state, move)))
        for name, expected, got in differences(value, apply(state, move)):
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
        orders = detect_convention(ctx).orders()
        judge, own_check = functools.partial(self.judged, ctx), functools.partial(self.own_check, ctx)
        return best_judgement(ctx, self, orders, judge, own_check=own_check)[0]

    def replay_games(self) -> int:
        return DEEP_COUNT  # the deep states, whose passes `--replay N` shows

    @staticmethod
    def walks():
        from hypothesis import strategies as st  # Hypothesis: never for q17 (imported ahead)

        return st.tuples(st.lists(st.integers(0, 2), max_size=MAX_WALK_Q18), st.sampled_from(BLANK_VALUES))

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s dfs. The `ordre` group is judged on the lists the two depth
        groups saw: the small states are played for it even when their own group weighs nothing."""
        scheme = ctx.settings.scheme
        weights = scheme.weights(self)
        judging = Orders(
            ctx,
            convention,
            scheme.option(self, "noms"),
            chain,
            replay=asked_instance(ctx.settings),
            beyond=beyond_tables(ctx.settings.seed),
        )
        on_walk = functools.partial(self.judge_walk, judging)
        deep = functools.partial(self.judge_deep, judging)
        deep_cases: list[Instance | TrapCase] = [*deep_instances(ctx.settings.seed), *trap_cases(ctx.settings.seed)]
        small = weights["petites_profondeurs"] or weights["ordre"]
        outcomes = [
            self.small(judging, on_walk) if small else Outcome("petites_profondeurs", skipped="q18.skipped"),
            self.skipped(weights, "grandes_profondeurs") or judging.shown(self.deep(judging, deep_cases, deep)),
        ]
        outcomes.append(self.skipped(weights, "ordre") or order_outcome(judging))
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
        return outcomes if chain.server is not None else self.earned_by_search(judging, outcomes)

    @staticmethod
    def earned_by_search(judging: Orders, outcomes: list[Outcome]) -> list[Outcome]:
        """The groups judged with the student's own dfs, counted in proportion to the searches the parent
        saw taquin() make through move (search_share): a solver of its own, on a board of its own, finds
        the same lists without dfs (with the model answer's, served, each case shows its passes:
        verdicts.solution_verdict)."""
        if not any(outcome.failure is None and outcome.skipped is None for outcome in outcomes):
            return outcomes
        credit, unseen, short = search_share(judging)
        said = Message("q18.search_partly", {"percent": int(100 * credit)})
        counted = [
            earned(outcome, credit, Failure(Kind.WRONG, "q18.search_unseen", **unseen), said) for outcome in outcomes
        ]
        if credit and short:  # as with the model answer's dfs: the bound's group fails, the challenge is not tried
            for at, outcome in enumerate(counted):
                if outcome.group == "grandes_profondeurs" and outcome.failure is None and outcome.skipped is None:
                    counted[at] = replace(outcome, failure=Failure(Kind.WRONG, "q18.bound_short", **short), note=None)
                elif outcome.group == "defi" and outcome.skipped is None:
                    counted[at] = replace(outcome, failure=None, note=None, skipped="q18.challenge_not_tried")
        return counted

    def deep(self, judging: Orders, deep_cases: list[Instance | TrapCase], deep) -> Outcome:
        """`grandes_profondeurs`: the deep states and the traps with `judging`'s chain, then, once they pass,
        CONFLICT_CASES with their own served dfs whatever the chain (judge_bound): with the exam's h no
        served answer tells a bound stepped by 2 from the minimum read, with either chain. The student kit
        judges them too, timed on its count of DFS*'s passes (the q18 oracle's cost there): with the deep
        states alone it gave the parity guess every point the teacher's grader withholds."""
        ctx = judging.ctx
        drawn = ctx.check_cases("grandes_profondeurs", deep_cases, deep)
        if drawn.failure is not None:
            return drawn
        bound = ctx.check_cases("grandes_profondeurs", CONFLICT_CASES, functools.partial(self.judge_bound, judging))
        seconds = drawn.seconds + bound.seconds
        if bound.failure is None:
            return replace(drawn, seconds=seconds)
        return replace(drawn, failure=bound.failure, note=None, seconds=seconds)

    def judge_bound(self, judging: Orders, state: tuple) -> Failure | None:
        """taquin() from one of CONFLICT_CASES with ConflictServer's dfs and `h` its heuristic's value: an
        optimal list found by passes whose every next bound is the `minimum` the previous one left."""
        ctx = judging.ctx
        server = ConflictServer(judging.judged_in, SERVED["q18"])
        chain = Chain(SERVED["q18"], server)
        h = conflict_h(state)
        payload = {**case_payload(state, BLANK_VALUES[0]), "h": h}
        reply = chain.run(ctx, probe_taquin, payload, slower=SEARCH_SLACK)
        wrong = solution_verdict(judging, Instance(state, BLANK_VALUES[0]), reply, chain)
        if wrong is not None or are_ida_passes(server.dfs_calls, h):
            return wrong
        shown = shown_case(payload, "taquin()")
        return Failure(Kind.WRONG, "q18.bound_not_minimum", first_short(chain, h), counterexample=shown)

    def small(self, judging: Orders, on_walk) -> Outcome:
        """`petites_profondeurs`: walks drawn by Hypothesis (a failure shrinks to a small counterexample),
        and states whose optimum exceeds h (SMALL_DETOURS, under every seed: a single pass of dfs, or a
        bound skipped, fails there) and longer walks drawn from the seed (no table of answers holds them):
        Hypothesis's draws are mostly a few moves from the goal, some seeds' all of them. Both are played
        (the `ordre` group reads the lists of the seeded walks); Hypothesis's failure is the one shown."""
        ctx = judging.ctx
        drawn = ctx.check("petites_profondeurs", self.walks(), on_walk)
        fixed = ctx.check_cases(
            "petites_profondeurs", small_instances(ctx.settings.seed), functools.partial(self.judge, judging)
        )
        return replace(drawn if drawn.failure is not None else fixed, seconds=drawn.seconds + fixed.seconds)

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
        """taquin() from where a walk from the goal leads (`case`, Hypothesis's draw as plain data: the walk,
        the blank's value)."""
        walk, blank_value = case
        return self.judge(judging, Instance(walk_state(walk), blank_value))

    def judge(
        self, judging: Orders, case: Instance, limit: float | None = None, bounds: bool = False
    ) -> Failure | None:
        """taquin() from `case`, judged by `solution_verdict` (`bounds`: the served dfs's passes must be
        IDA*'s). `limit` in seconds, else the scheme's factor × SEARCH_SLACK × the model answer's time."""
        ctx = judging.ctx
        payload = case.payload()
        rule: float | functools.partial[float] | None = limit
        if limit is not None and judging.chain.server is not None:
            # A served dfs answers from the model answer's own run on the case (Chain.run): made all the same.
            rule = functools.partial(_given, limit)
        reply = judging.chain.run(ctx, probe_taquin, payload, slower=SEARCH_SLACK, limit=rule)
        return solution_verdict(judging, case, reply, judging.chain, bounds)

    def judge_deep(self, judging: Orders, case: Instance | TrapCase) -> Failure | Inconclusive | None:
        """The `grandes_profondeurs` group's case: a deep instance, or a trap (trap_cases). The group that
        judges the bound update (several passes each): IDA*'s, not a deepening short of it."""
        if isinstance(case, TrapCase):
            return self.judge_trap(judging, case)
        return self.judge(judging, case, bounds=True)

    def judge_trap(self, judging: Orders, case: TrapCase) -> Failure | Inconclusive | None:
        """taquin() on a trap, within the trap's short limit and with a served dfs that refuses bounds past
        the trap's. A correct answer cannot end it: its timeout, or its dfs asked past the bound, is
        Inconclusive; an answer that ends is judged as on any state."""
        trap = case.trap
        chain = judging.chain.bounded(trap.bound)
        # With the model answer's dfs served, a correct answer is stopped by the refusal past the bound, never
        # by the limit: a timeout there is a spike of the machine's (the limit is short), which would let a
        # capped search through, so it is run again as any case's is. With the student's own dfs, a correct
        # answer always spends the limit: its timeout says nothing and costs no rerun.
        reply = chain.run(
            judging.ctx,
            probe_taquin,
            case.payload(),
            limit=trap_limit(trap),
            timeout_inconclusive=not isinstance(chain.server, ModelServer),
        )
        seen = {"h": manhattan(trap.state), "optimum": trap.optimum}
        if isinstance(chain.server, ModelServer) and chain.server.past_bound:  # what the parent itself refused
            return Inconclusive("q18.trap_past_bound", {**seen, "bound": trap.bound})
        if reply.status == protocol.TIMEOUT:
            return Inconclusive("q18.trap_timeout", {**seen, "seconds": float(f"{reply.limit:.2g}")})
        return solution_verdict(judging, case.instance(), reply, chain, bounds=True)


def search_share(judging: Orders) -> tuple[Fraction, dict, dict]:
    """The share of SMALL_DETOURS (several passes each) on which taquin(), with the student's own dfs and
    its every call watched (walk.DfsWatcher), made IDA*'s passes, each a walk of DFS* (walk.ida_passes),
    a bound raised short of the least cut (`m += 1`) included; a list found elsewhere, replayed or
    announced, shows none. And what a group that does not count shows; and the first such short bound,
    as the group that judges the bound update shows it ({} when none)."""
    ctx = judging.ctx
    seen = 0
    unseen: dict = {}
    short: dict = {}
    for state in SMALL_DETOURS:
        watcher = DfsWatcher(judging.judged_in)
        chain = Chain((), watcher, watched=("dfs",))
        payload = case_payload(state, BLANK_VALUES[0])
        trips = 2 * ida_calls(state)
        reply = chain.run(
            ctx,
            probe_taquin,
            payload,
            limit=lambda seconds, trips=trips: max(EVIDENCE_SECONDS, ctx.limit(seconds) + trips * ROUND_TRIP_SECONDS),
        )
        checked = ida_passes(state, watcher.walked())
        if reply.ok and checked.same:
            seen += 1
            if checked.short and not short:
                short = {"params": checked.short, "counterexample": shown_case(payload, "taquin()")}
        elif not unseen:
            drawing = record(checked, state, checked.bound, 0, not reply.ok)
            drawing["model_nodes"] = dfs_calls(state, None, checked.bound)
            unseen = {
                "params": {"n": checked.number},
                "counterexample": shown_case(payload, "taquin()"),
                "visual": {"dfs": drawing},
            }
    return Fraction(seen, len(SMALL_DETOURS)), unseen, short


def _given(limit: float, _model_seconds: float) -> float:
    """A limit that is not the model answer's time's multiple, where its run is made for what it serves."""
    return limit


QUESTIONS = [Q15(), Q16(), Q17(), Q18()]
