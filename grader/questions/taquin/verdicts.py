"""The taquin's verdicts: pure functions that read a probe's reply (never trusted: the child runs the
student's code) and say what is wrong with it, as a Failure, or None. They need no child: the tests
call them on replies written by hand (tests/unit/test_taquin_verdicts.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grader.questions.api import Failure, Kind, Message, Outcome, names_used, shapes
from grader.questions.taquin.cases import (
    DEEP_COUNT,
    LENIENT,
    Call,
    Instance,
    is_int,
    read_moves,
    optimal_solution,
    optimum_length,
    shown_case,
)
from grader.questions.taquin.passes import Deduction, deduced_from_dfs, first_short, passes
from grader.questions.taquin.probes import BLANK, LAST
from grader.questions.taquin.serving import Chain, StateServer
from reference.puzzle import GOAL, OPPOSITE, IllegalMove, manhattan, replay, to_grid

if TYPE_CHECKING:
    from grader.questions.api import Context


SNAPSHOT_FIELDS = ("grid", "h", "li", "lj", "solution", "minimum", "accepted", "found", "moves")


def reply_fields(value) -> dict:
    """A probe's reply as a dict of every field (None when absent): the child runs the student's code,
    which could have tampered with the probe, so nothing in a reply is taken on trust."""
    return shapes.fields(value, SNAPSHOT_FIELDS)


def _mirrored(moves):
    """The moves renamed by the blank's direction (Haut <-> Bas, Gauche <-> Droite)."""
    return [OPPOSITE[m] for m in moves]


def tente_names(moves) -> str:
    """The tente_* functions of `moves`, as the student names them."""
    return ", ".join(f"tente_{move.lower()}" for move in moves)


def move_warnings(notes) -> list[Message]:
    return [Message("taquin.moves_case")] if "casse" in notes else []


def grid_matches(grid, state) -> bool:
    """Whether `grid` holds `state`'s tiles, every cell but the blank's (its value is not significant)."""
    if not shapes.grid(grid):
        return False
    return all(is_int(grid[c // 4][c % 4]) and grid[c // 4][c % 4] == v for c, v in enumerate(state) if v != BLANK)


def differences(snapshot, expected_state, expected_solution=None, policy=LENIENT, notes=None):
    """The globals that differ from the expected state (and solution, when given), each judged on its
    own: [(name, expected, got)], in the order grid, li/lj, h, solution."""
    blank = list(divmod(expected_state.index(BLANK), 4))
    found = []
    if not grid_matches(snapshot["grid"], expected_state):
        # Each grid with its li, lj: a board draws the blank where they say, not a stale value as a tile.
        expected = {"grid": to_grid(expected_state, None), "li": blank[0], "lj": blank[1]}
        found.append(("grid", expected, {"grid": snapshot["grid"], "li": snapshot["li"], "lj": snapshot["lj"]}))
    got_blank = [snapshot["li"], snapshot["lj"]]
    if not (all(is_int(v) for v in got_blank) and got_blank == blank):
        found.append(("li, lj", blank, got_blank))
    if not (is_int(snapshot["h"]) and snapshot["h"] == manhattan(expected_state)):
        found.append(("h", manhattan(expected_state), snapshot["h"]))
    if expected_solution is not None and read_moves(snapshot["solution"], policy, notes) != expected_solution:
        found.append(("solution", expected_solution, snapshot["solution"]))
    return found


def bool_failure(value, call, case):
    return Failure(Kind.WRONG, "taquin.not_bool", {"call": call}, counterexample=case, got=value)


def reached_state(start, moves):
    """The state `moves` lead to from `start`, None when one of them is impossible."""
    try:
        return replay(start, moves)
    except IllegalMove:
        return None


def taquin_visual(start, moves, optimal):
    reached = reached_state(start, moves)
    visual = {"type": "taquin", "start": list(start), "moves": moves, "optimal": optimal}
    if reached is not None:
        visual["reached"] = list(reached)
    return visual


def mentions(source: str, name: str) -> bool:
    """Whether the module's source uses the global `name` at all: read by the parent (what the child
    says about itself is not a fact), by a scan of the text, never a syntax tree (built outside the
    child's limits, a tree of a student's file can take a gigabyte): `name` in code, or a string `name`."""
    names, strings = names_used(source)
    return name in names or name in strings


def wrong_call(key: str, shown: dict, expected, got, **params) -> Failure:
    """A wrong value from the call `shown` names (its `appel`), shown as the case."""
    return Failure(
        Kind.WRONG, key, {"call": shown["appel"], **params}, counterexample=shown, expected=expected, got=got
    )


@dataclass
class Judging:
    """One run of q16, q17 or q18, handed to its judges: what the run decides once (where the student's
    `solution` keeps its most recent move, the `noms` policy, the functions the calls build on) and what
    the judges note on the way."""

    ctx: Context
    convention: str | None  # LAST, FIRST, or None when detect_convention could not tell
    policy: str
    chain: Chain
    notes: set[str] = field(default_factory=set)  # "casse": a move read in another case (move_warnings)
    # What shows q16's tente_* acting, for the refusals doing nothing would pass (base.earned): each
    # direction True while every acceptance case judged saw its tente_* accept and slide a tile into the
    # blank on the grid.
    acted: dict[str, bool] = field(default_factory=dict)
    # q17: each counterexample and the dfs call it shows, by the counterexample's id (diagnosis.attach).
    calls: dict[int, tuple[dict, Call]] = field(default_factory=dict)

    @property
    def judged_in(self) -> str:
        """The order `solution` is written and read in for the student: theirs, the convention if unknown."""
        return self.convention or LAST


@dataclass
class Orders(Judging):
    """q18's run: also what the lists taquin() returned said of their order, judged by the `ordre` group;
    and the deep case whose passes were asked for (`--replay N`, Settings.replay), kept when found right."""

    reversed_seen: list = field(default_factory=list)  # cases whose list is a solution only read backwards
    in_order: bool = False  # a list was a solution in the order played
    # ... on a state drawn from the seed that no table of answers holds (cases.beyond_tables): found by a search
    searched: bool = False
    beyond: frozenset = frozenset()  # those states
    lists_seen: list = field(default_factory=list)  # (case, list) of every list, for the group's counterexample
    replay: Instance | None = None  # the case asked for, as judged
    replayed: dict | None = None  # its visual (the solution played, the passes), once found right

    def shown(self, outcome: Outcome) -> Outcome:
        """The deep group's outcome with the passes asked for, when it passed (a failure shows its own)."""
        if outcome.failure is None and self.replayed is not None:
            outcome.visual = self.replayed
        return outcome


def solution_verdict(judging: Orders, case: Instance, reply, chain: Chain, bounds: bool = False) -> Failure | None:
    """What taquin()'s `reply` on `case` (its optimum, when unknown, the oracle's), run with
    `chain`'s functions, is worth: an optimal solution, in either order (noted in `judging` for the
    `ordre` group). With `bounds` (the group that judges the bound update), the served dfs's passes must
    be IDA*'s: a deepening whose bound rises short of the minimum left (`m += 1`) fails there only."""
    ctx = judging.ctx
    state, optimum = case.state, case.optimum
    payload = case.payload()
    if isinstance(chain.server, StateServer):  # its h, which the case sets (conflicts.ConflictServer's)
        payload["h"] = chain.server.heuristic(list(state))
    shown = shown_case(payload, "taquin()")
    if not reply.ok:
        failure = chain.failure(ctx, reply, shown)
        # A search stopped on its time: its passes say whether its bound moved as figure 3's does.
        failure.visual = {**(failure.visual or {}), **passes(state, chain)} or None
        return failure
    moves = read_moves(reply_fields(reply.value)["moves"], judging.policy, judging.notes)
    if moves is None:
        return Failure(
            Kind.WRONG,
            "taquin.not_moves",
            {"name": "taquin()"},
            counterexample=shown,
            got=reply_fields(reply.value)["moves"],
        )
    # A list found without dfs (q18.not_from_dfs) is judged as any other, and fails last: a wrong list says more.
    deduction = deduced_from_dfs(state, chain)
    deduced = deduction is not Deduction.NOT
    # An optimal solution to show, when the installation has the solver (never in the student kit).
    solved = optimal_solution(tuple(state)) if optimum is None else None
    optimal = list(solved) if solved is not None else None
    optimum = optimum_length(tuple(state)) if optimum is None else optimum
    moves = _as_played(judging, state, moves, shown, deduced)
    wrong = _not_an_optimal_solution(state, moves, shown, optimal, optimum, chain)
    if wrong is not None:
        return wrong
    if not deduced:
        return Failure(Kind.WRONG, "q18.not_from_dfs", counterexample=shown, visual=passes(state, chain) or None)
    if bounds and deduction is Deduction.DEEPENING:
        said = first_short(chain, manhattan(tuple(state)))
        return Failure(Kind.WRONG, "q18.bound_short", said, counterexample=shown, visual=passes(state, chain) or None)
    if case == judging.replay:  # computed only for the case asked for: the passes cost the model's searches
        found = passes(state, chain)
        number = {"game": judging.ctx.settings.replay, "games": DEEP_COUNT}
        judging.replayed = {
            **taquin_visual(state, moves, optimal),
            **({"passes": {**found["passes"], **number}} if found else {}),
        }
    return None


def _as_played(judging: Orders, state, moves: list, shown, deduced: bool) -> list:
    """The list in the order that solves `state` (read backwards when only that way does), its order noted
    in `judging` for the `ordre` group: a list that reads the same both ways says nothing of it."""
    judging.lists_seen.append((shown, moves))
    forward, backward = reached_state(state, moves) == GOAL, reached_state(state, moves[::-1]) == GOAL
    if forward and not backward:
        judging.in_order = True
        judging.searched = judging.searched or (deduced and tuple(state) in judging.beyond)
    elif backward and not forward:
        # Judged as a solution here; the order is the `ordre` group's concern.
        judging.reversed_seen.append(shown)
        return moves[::-1]
    return moves


def _not_an_optimal_solution(state, moves: list, shown, optimal, optimum: int, chain: Chain) -> Failure | None:
    """Why `moves` is not an optimal solution of `state` (a mirror image of one, not one, or longer), or None."""
    if reached_state(state, moves) != GOAL:
        if GOAL in (reached_state(state, _mirrored(moves)), reached_state(state, _mirrored(moves)[::-1])):
            return Failure(
                Kind.WRONG,
                "taquin.mirrored",
                {"call": "taquin()", "name": "taquin()"},
                counterexample=shown,
                expected=optimal or optimum,
                got=moves,
            )
        return Failure(
            Kind.WRONG,
            "q18.not_a_solution",
            counterexample=shown,
            expected=optimal or optimum,
            got=moves,
            visual={**taquin_visual(state, moves, optimal), **passes(state, chain)},
        )
    if len(moves) != optimum:
        return Failure(
            Kind.WRONG,
            "q18.not_optimal",
            {"moves": len(moves), "optimum": optimum},
            counterexample=shown,
            expected=optimum,
            got=len(moves),
            visual={**taquin_visual(state, moves, optimal), **passes(state, chain)},
        )
    return None


def order_outcome(judging: Orders) -> Outcome:
    """The `ordre` group, from the lists the other groups saw: in the order played, never reversed. Only
    lists found by a search count: a table of answers made for one seed solves, in order, the small states
    every seed draws. So the group counts only when a list in order solved a state drawn from the seed
    that no table holds (`Orders.searched`)."""
    if judging.reversed_seen:
        return Outcome("ordre", Failure(Kind.WRONG, "q18.reversed", counterexample=judging.reversed_seen[0]))
    if not judging.in_order:
        shown, moves = judging.lists_seen[0] if judging.lists_seen else (None, None)
        return Outcome("ordre", Failure(Kind.WRONG, "q18.order_unobserved", counterexample=shown, got=moves))
    if not judging.searched:
        shown, moves = judging.lists_seen[0]
        return Outcome("ordre", Failure(Kind.WRONG, "q18.order_unearned", counterexample=shown, got=moves))
    return Outcome("ordre")
