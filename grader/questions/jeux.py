"""Parts I-III (module jeux.py): q1, q4 `bfs`, q7 `ids`, q10 `idastar`, q11 `h_jeu1`. Parent side.

Where things are: the probes that run in the child are in jeux_probes.py (standard library only); the
games, the server answering the student's calls and the oracles in jeux_games.py; the recognition of
the algorithms on the parent's trace in jeux_traces.py, the games crafted for it in jeux_crafted.py.
This module draws the cases and judges.

Searches (q4, q7, q10). Each case is run with the game's functions as proxies answered by a
GameServer in the parent; the expected depth is an oracle's on that very game (a BFS on the table,
exact arithmetic for game (1)). A call budget (a generous multiple of the model answer's calls on the
same case, counted by the parent) stops a search that does not terminate, so that Hypothesis shrinks
it to a small game instead of a bare timeout; the per-call time limit stops a loop that calls nothing.
Groups, each judged on its own:
- petits_jeux: fixed games (depth 0 for each label kind, IDA* traps), then RANDOM_GAMES random finite
  games (up to 8 states, cycles, self-loops, repeated successors; for q10 an admissible h that is zero,
  exact, or random below the distance). A bug that shows on 1 random game in 20 is missed by all of
  them with probability (19/20)^RANDOM_GAMES: 1 - (19/20)^n >= 0.99 needs n >= 90; n = 100 gives 99.4 %.
- jeu1: game (1) for every target of JEU1_TARGETS (no sampling: the same for all).
- profond: games whose optimum is >= 60 (chains with dead side branches; for q4 also behind a level of
  WIDE_LEVEL states; for q10 with h such that IDA* needs dozens of passes): a search that gives up after
  some depth, some number of rounds or some number of states per level.
- algorithme: crafted trees and DAGs on which the parent's trace must show the requested algorithm
  (jeux_traces.py). Judged on the trace alone, whatever the depth returned: a right algorithm with a
  slip in its count keeps this group, a wrong algorithm with right values loses it (see the barème).
Only solvable games are played: bfs and idastar may do anything otherwise, ids loops.

q11: h_jeu1(n, t) for every 1 <= n <= t <= 300, then for large_pairs() up to t = 2^62 (n·2^k = t and
its neighbours, where a floating-point log overestimates), judged exactly: ints as ints, floats through
their exact value (fractions; a bool is no number), against the exact distance (jeux_games: a BFS, and the
large pairs' data). Groups: admissible (t <= 300), grands_t
(admissible on the large pairs), non-constant (two values differ for some t), natural (type int, >= 0);
admissible, grands_t and natural count only for an h that is not constant (see Q11).
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from fractions import Fraction

from grader.questions import jeux_replay, jeux_traces
from grader.questions.api import (
    CHEAP,
    ROUND_TRIP_SECONDS,
    Failure,
    Group,
    Kind,
    Outcome,
    Question,
    cached,
    earned,
    oracle,
    python_source,
    python_text,
    shapes,
)
from grader.questions.jeux_crafted import (
    DAG,
    DEAD_DECOY_H,
    DECOY,
    DEEP_TREE,
    FORK,
    GAPS,
    GAPS_H,
    MIDDLE_TREE,
    THRESHOLDS,
    THRESHOLDS_H,
)
from grader.questions.jeux_games import (
    LABEL_KINDS,
    GameServer,
    case_view,
    comb,
    distances,
    fan,
    jeu1_distances,
    large_distances,
    named_game,
    optimum,
    search_calls_bound,
    shown_labels,
    strategy_tables,
    table_game,
    visual,
)
from grader.questions.jeux_probes import probe_h_jeu1, probe_search, probe_solution_42

PROBES = ("grader.questions.jeux_probes",)
# A student's run is stopped after BUDGET_FLOOR + BUDGET_FACTOR × the reference's calls on the case:
# far above any correct variant (other successor orders or goal tests cost a small factor).
BUDGET_FLOOR = 500
BUDGET_FACTOR = 10
RANDOM_GAMES = 100
# Game (1) is there for int states and an infinite game; depth is the profond group's business, and
# a BFS on game (1) costs 2^depth calls, so: every t up to 20, and the exam's 42.
JEU1_TARGETS = (*range(1, 21), 42)


# --- Searches ----------------------------------------------------------------------------------------
def fixed_games(with_h: bool) -> list[dict]:
    """Games every search faces before the random ones: depth 0 (a final initial state on a self-loop)
    for each label kind, then two traps for an IDA* that tests `final` before the bound (which is
    only right if it returns the depth found and accepts it within the bound): a final state one move
    beyond m = h(e0) = 0, and, with m = 2, a path r x1 x2 f on which h = 0 lets the search reach f at
    depth 3 before the optimal r y g; then cycles a search without a depth bound never leaves."""

    def h(table):
        return table if with_h else None

    return [
        *(table_game(kind, [[0]], [0], 0, h([0])) for kind in LABEL_KINDS),
        named_game({"r": ["f"]}, ["f"], h({"r": 0, "f": 0})),
        named_game(
            {"r": ["x1", "y"], "x1": ["x2"], "x2": ["f"], "y": ["g"]},
            ["f", "g"],
            h({"r": 2, "x1": 0, "x2": 0, "y": 1, "f": 0, "g": 0}),
        ),
        # Self-loops first in every successor list, h = 0: a search without a depth bound loops there.
        named_game({"r": ["r", "a"], "a": ["a", "r", "f"]}, ["f"], h({"r": 0, "a": 0, "f": 0}), labels="int"),
    ]


# q4's wide level: the way on is its WIDE_WAY-th state, beyond what a BFS keeping the first 1000 or 1024
# states of each level keeps. A wider level would catch larger caps (and caps keeping the last states)
# at 2 round trips per state: 1100 states cost a correct check about 0.2 s of CPU.
WIDE_LEVEL = 1100
WIDE_WAY = 1050


def deep_games(function: str) -> list[dict]:
    """Optimum >= 60, each at a cost linear or quadratic in the depth (every call is a round trip to
    the parent). bfs: a chain with a dead leaf on each side of every step (3 states per level), a
    bare chain, and a chain behind a level of WIDE_LEVEL states (a BFS that keeps only so many states
    per level). ids: a bare chain (61 passes). idastar: h = max(0, 45 - i) on a chain, admissible, so
    that IDA* makes 16 passes with bounds 45, 46, …, 60; and the exact h on a chain with leaves (one
    pass 62 deep, the leaves near the end pruned)."""
    if function == "bfs":
        return [
            comb(60, sides=(("first", 0), ("last", 0))),
            comb(64, labels="tuple"),
            fan(WIDE_LEVEL, WIDE_WAY, 60),
        ]
    if function == "ids":
        return [comb(60, labels="tuple")]
    return [
        comb(60, h=lambda i: max(0, 45 - i)),
        comb(62, sides=(("first", 5), ("last", 9)), labels="str", h=lambda i: 62 - i),
    ]


class SearchQuestion(Question):
    """q4, q7, q10: depths on small games, on game (1), on deep games, then the algorithm."""

    module = "jeux"
    probe_modules = PROBES
    function = ""
    with_h = False
    # Rationale beside the weights (a correcteur's ranking, issue 11): the algorithm is what the
    # question asks for, so the requested algorithm with a slip in its count or an edge case (0.6 and
    # more) scores above another algorithm with right values (0.4 at most).
    groups = (Group("petits_jeux", 0.2), Group("jeu1", 0.1), Group("profond", 0.1), Group("algorithme", 0.6))
    # The check whose failure carries a replay (jeux_replay.py), for the class page: passing it is the
    # requested algorithm.
    replay_check = "algorithme"
    replay_check_is_algorithm = True

    @property
    def replay_algorithm(self) -> str:
        return self.function

    def run(self, ctx):
        judge = functools.partial(self.judge, ctx)
        small = ctx.check_cases("petits_jeux", fixed_games(self.with_h), judge)
        if small.failure is None:
            seconds = small.seconds
            small = ctx.check("petits_jeux", strategy_tables(self.with_h), judge, max_examples=RANDOM_GAMES)
            small.seconds += seconds
        extra = {"h": 0} if self.with_h else {}  # h = 0 on game (1): see jeux_games' docstring
        jeu1 = ctx.check_cases("jeu1", [{"kind": "jeu1", "target": t, **extra} for t in JEU1_TARGETS], judge)
        deep = ctx.check_cases("profond", deep_games(self.function), judge)
        request = jeux_replay.Request(self.function, self.crafted(), ctx.settings.replay)
        algorithm = ctx.check_cases("algorithme", request.games, functools.partial(self.judge_algorithm, ctx, request))
        algorithm.visual = request.visual(algorithm.failure is None)
        return [small, jeu1, deep, algorithm]

    def replay_games(self) -> int:
        return len(self.crafted())  # the algorithm group's games, in its order

    def play(self, ctx, game: dict):
        """Run the student's function on `game`: (reply, the parent's server, the reference's calls)."""
        payload = {"function": self.function, "initial": GameServer(game).initial_wire, "h": "h" in game}
        model = functools.partial(GameServer, game)
        reference = ctx.reference_served(probe_search, payload, serve=model, case=game)[2]
        budget = BUDGET_FLOOR + BUDGET_FACTOR * reference.total

        def limit(seconds):
            # Time enough to spend the budget: a search that makes calls is stopped by the budget (its
            # verdict is then shrunk to a small game), only one that makes none by the time limit.
            return max(ctx.limit(seconds + ROUND_TRIP_SECONDS * reference.total), ROUND_TRIP_SECONDS * budget)

        # A timeout is run again with the server reset (grader.judge.context.Context.call): if the search made
        # calls, with RERUN_SLACK times the limit, so that the budget, not the load, stops a search whose
        # calls were answered slower than ROUND_TRIP_SECONDS.
        server = GameServer(game, budget)
        reply = ctx.run(probe_search, payload, serve=server, model_serve=model, case=game, limit=limit)
        return reply, server, reference

    def judge(self, ctx, game: dict) -> Failure | None:
        """Why the student's run on `game` or the depth it returns is wrong."""
        reply, server, reference = self.play(ctx, game)
        failure = self._run_failure(ctx, game, reply, server, reference)
        if failure is not None:
            return failure
        value, expected = reply.value, optimum(game)
        if type(value) is not int:
            return self._failure(game, "jeux.not_int", got=_python_value(value), type=value.get("type"))
        if value != expected:
            return self._failure(game, "jeux.wrong_depth", got=value, expected=expected)
        return None

    def _run_failure(self, ctx, game, reply, server, reference) -> Failure | None:
        """Why the run itself went wrong (stopped by the parent, an error, garbage), as the parent saw it."""
        stop = server.stop
        if stop is not None:
            if stop["reason"] == "budget":
                key = "jeux.budget" if reference.bound is None else "jeux.budget_bound"
                return self._failure(game, key, budget=server.call_budget, reference=reference.total)
            if stop["reason"] == "too_deep":
                return self._failure(
                    game, "jeux.too_deep", called=stop["function"], state=stop["state"], depth=optimum(game)
                )
            return self._failure(game, "jeux.not_a_state", called=stop["function"], state=stop["state"])
        if not reply.ok:
            return ctx.failure(reply, case_view(game), visual=visual(game))
        value = reply.value
        if not (type(value) is int or shapes.described(value)):
            return self._failure(game, "jeux.garbled", kind=Kind.INVALID)
        if game["kind"] == "table":
            depth = distances(game["succ"], [game["initial"]])
            unreachable = [i for _, i in server.events if depth[i] is None]
            if unreachable:
                return self._failure(game, "jeux.unreachable", state=str(shown_labels(game)[unreachable[0]]))
        return None

    def _failure(self, game, message, kind=Kind.WRONG, **params) -> Failure:
        # The message reads values as Python writes them; the fields keep them as values.
        said = {key: python_text(params[key]) for key in ("expected", "got") if key in params}
        return Failure(
            kind,
            message,
            {"function": f"{self.function}()", **params, **said},
            counterexample=case_view(game),
            visual=visual(game),
            # A value expected shows beside the one got: a verdict's count of passes alone is its sentence's.
            expected=params.get("expected") if "got" in params else None,
            got=params.get("got"),
        )

    def judge_algorithm(self, ctx, request: jeux_replay.Request, game: dict) -> Failure | None:
        """The algorithm on a crafted game, from the parent's trace alone: the run must end normally
        and have found a final state; the depth it returns is the other groups' business. A game found
        right is replayed when the request asks for it."""
        reply, server, reference = self.play(ctx, game)
        failure = self._run_failure(ctx, game, reply, server, reference)
        if failure is not None:
            return failure
        finals = set(game["finals"])
        if not any(f == "final" and s in finals for f, s in server.events):
            return self._failure(game, "jeux.never_found")
        labels = shown_labels(game)
        verdict = self.recognise(game, server.events, labels)
        if verdict is None:
            request.keep(game, server.events, labels)
            return None
        failure = self._failure(game, verdict.key, **verdict.params)
        # The game's drawing carries the replay: the student's search beside the algorithm's.
        replay = jeux_replay.replay(self.function, game, server.events, labels, verdict, request.number(game))
        failure.visual = {**(failure.visual or {}), "replay": replay}
        return failure

    @abstractmethod
    def crafted(self) -> list[dict]:
        """The games built to tell this algorithm apart from the others."""

    @abstractmethod
    def recognise(self, game: dict, events: list, labels: list) -> jeux_traces.Verdict | None:
        """What in the parent's trace is not this algorithm's (a message key, its fields, where), or None."""


class Q4(SearchQuestion):
    id = "q4"
    function = "bfs"
    functions = ("bfs",)
    points = 2.0

    def crafted(self):
        return [MIDDLE_TREE, DEEP_TREE, DAG, FORK]

    def recognise(self, game, events, labels):
        return jeux_traces.bfs(game, events, labels)


class Q7(SearchQuestion):
    id = "q7"
    function = "ids"
    functions = ("ids",)
    points = 2.0

    def crafted(self):
        chain = named_game(
            {"r": ["a", "b"], "a": ["a1", "a2"], "b": ["b1"], "b1": ["b2", "b3"], "b3": ["b4"]}, ["b4"], labels="tuple"
        )
        return [DEEP_TREE, chain, FORK]

    def recognise(self, game, events, labels):
        return jeux_traces.ids(game, events, labels)


class Q10(SearchQuestion):
    id = "q10"
    function = "idastar"
    functions = ("idastar",)
    points = 3.0
    with_h = True

    def crafted(self):
        low = {**DEAD_DECOY_H, "r": 1, "b1": 1, "b2": 1}  # three bounds: m = 1, 2, 3
        alive = {
            "r": ["b1", "a"],
            "a": ["a1", "a2"],
            "a1": ["z1"],
            "z1": ["z2"],
            "z2": ["z3"],
            "a2": ["a21"],
            "b1": ["b2"],
            "b2": ["b3"],
        }
        alive_h = {"r": 3, "b1": 2, "b2": 1, "b3": 0, "a": 4, "a1": 3, "z1": 2, "z2": 1, "z3": 0, "a2": 7, "a21": 7}
        return [
            named_game(DECOY, ["b3"], DEAD_DECOY_H),
            named_game(DECOY, ["b3"], low, labels="int"),
            named_game(alive, ["b3", "z3"], alive_h, labels="tuple"),
            named_game(THRESHOLDS, ["c5"], THRESHOLDS_H, labels="str"),
            named_game(GAPS, ["c8"], GAPS_H, labels="int"),
        ]

    def recognise(self, game, events, labels):
        return jeux_traces.idastar(game, events, labels)


# --- q1 ------------------------------------------------------------------------------------------------
class Q1(Question):
    id = "q1"
    module = "jeux"
    probe_modules = PROBES
    functions = ("solution_42",)
    points = 1.0
    groups = (Group("sequence", 1.0),)

    def run(self, ctx):
        optimum_42 = jeu1_distances(42)[0]
        reply = ctx.run(probe_solution_42, {}, limit=ctx.limit(0.0))  # no reference needed: it returns a constant
        if not reply.ok:
            return [Outcome("sequence", ctx.failure(reply))]
        got = reply.value
        if not shapes.list_of(got, int):
            return [Outcome("sequence", Failure(Kind.WRONG, "q1.not_a_list", got=got))]
        if got[:1] != [1] or got[-1:] != [42]:
            return [Outcome("sequence", Failure(Kind.WRONG, "q1.ends", got=got))]
        for a, b in zip(got, got[1:]):
            if b not in (2 * a, a + 1):
                return [Outcome("sequence", Failure(Kind.WRONG, "q1.step", {"a": a, "b": b}, got=got))]
        if len(got) - 1 != optimum_42:
            return [
                Outcome(
                    "sequence",
                    Failure(
                        Kind.WRONG, "q1.not_optimal", {"moves": len(got) - 1}, expected=optimum_42, got=len(got) - 1
                    ),
                )
            ]
        return [Outcome("sequence")]


def _shown_value(value) -> str:
    return value["repr"] if type(value) is dict else str(value)


def _python_value(value):
    """A value the child sent, as the report shows it: an int as itself, another type by its repr."""
    return python_source(value["repr"]) if type(value) is dict else value


# --- q11 -----------------------------------------------------------------------------------------------
@cached  # the same for every student
def large_pairs() -> tuple[tuple[int, int], ...]:
    """(n, t) up to t = 2^62 where rounding bites: t = n·2^k exactly (a float log2 or log(x, 2) can land
    just above k) and its neighbours t ± 1, for small, odd and 53-bit-plus n; and n just around t/2^k."""
    pairs: set[tuple[int, int]] = set()
    for k in range(63):
        for n in (1, 3, 5, 7, 2**20 + 1, 2**40 - 1, 3**30, 2**53 + 1):
            t = n << k
            if t <= 2**62:
                pairs.update((n, u) for u in (t - 1, t, t + 1) if 1 <= n <= u <= 2**62)
        t = 2**62 - k
        for j in range(62):
            for n in ((t >> j) - 1, t >> j, (t >> j) + 1):
                if 1 <= n <= t:
                    pairs.add((n, t))
    return tuple(sorted(pairs, key=lambda p: (p[1], p[0])))


# Where the model answer is not installed (grader/judge/expectations.py): what the probes return on it.
@oracle(probe_search)
def _search_expected(payload, server):
    """The optimum of the server's game; the budget counts from an upper bound of a correct search's
    calls, since no model answer is there to count them."""
    server.bound = search_calls_bound(server.game, payload["function"])
    return optimum(server.game), CHEAP


def _distances(cells) -> list[int]:
    """The exact distance from n to t of each (n, t, …) cell: a BFS below the large pairs, their data above."""
    large = large_distances(large_pairs())
    return [jeu1_distances(t)[n - 1] if t <= Q11.T_MAX else large[n, t] for n, t, *_ in cells]


# Where the model answer is not installed (grader/judge/expectations.py): what probe_h_jeu1 returns on a
# correct answer, the exact distance (the model answer's own h is not shipped: it answers q11).
@oracle(probe_h_jeu1)
def _h_jeu1_expected(payload):
    if "pairs" in payload:
        rows = [_distances(payload["pairs"])]
    else:
        rows = [list(jeu1_distances(t)) for t in payload["targets"]]
    return {"rows": rows, "error": None}, CHEAP


class Q11(Question):
    id = "q11"
    module = "jeux"
    probe_modules = PROBES
    functions = ("h_jeu1",)
    points = 2.0
    # Default barème: an admissible h (on small and large targets) is what IDA* needs of it (half); one
    # that is not constant is what makes it worth anything (0.3); ints >= 0, the exam's type, 0.2. A
    # constant h (`return 0`) is admissible and an int, but does nothing: those three groups count only
    # for an h that is not constant on the cases drawn (`earned`), so that it earns 0.
    groups = (Group("admissible", 0.4), Group("grands_t", 0.1), Group("non_constante", 0.3), Group("entier", 0.2))
    T_MAX = 300
    CHUNK = 2000  # (n, t) pairs per call, so that a slow but valid h (an exact distance) fits the limit

    def run(self, ctx):
        small, failure = self._collect(ctx, self._small_payloads())
        if failure is not None:
            return [Outcome(g.name, failure) for g in self.groups]
        # Large targets are a group of their own: an h that is right but too slow for them (an exact
        # distance by a backward programme, O(t) per call) loses that group only.
        large, failure = self._collect(ctx, self._large_payloads())
        non_constant = self._non_constant(small)
        acts = Fraction(non_constant.failure is None)
        unearned = Failure(Kind.WRONG, "q11.constant_unearned", {"t": self.T_MAX})
        return [
            earned(self._admissible(small, "admissible"), acts, unearned),
            earned(Outcome("grands_t", failure) if failure else self._admissible(large, "grands_t"), acts, unearned),
            non_constant,
            earned(self._natural(small), acts, unearned),
        ]

    def _collect(self, ctx, payloads) -> tuple[list, Failure | None]:
        """(n, t, value) for every pair of the payloads, or why the student's h could not give them."""
        cells: list = []
        for payload in payloads:
            reply = ctx.run(probe_h_jeu1, payload)
            pairs = self._pairs(payload)
            if not reply.ok:
                return cells, ctx.failure(reply, {"t": f"{pairs[0][1]}..{pairs[-1][1]}"})
            if not self._well_formed(reply.value, payload):
                return cells, Failure(Kind.INVALID, "jeux.garbled", {"function": "h_jeu1(n, t)"})
            if reply.value["error"] is not None:
                error = reply.value["error"]
                return cells, Failure(
                    Kind.ERROR, "q11.raised", dict(error), counterexample={"n": error["n"], "t": error["t"]}
                )
            values = [v for row in reply.value["rows"] for v in row]
            cells.extend((n, t, v) for (n, t), v in zip(pairs, values))
        return cells, None

    def _small_payloads(self) -> list[dict]:
        chunks: list[list[int]] = [[]]
        for t in range(1, self.T_MAX + 1):
            if sum(chunks[-1]) + t > self.CHUNK:
                chunks.append([])
            chunks[-1].append(t)
        return [{"targets": targets} for targets in chunks]

    def _large_payloads(self) -> list[dict]:
        large = large_pairs()
        return [{"pairs": list(large[i : i + self.CHUNK])} for i in range(0, len(large), self.CHUNK)]

    @staticmethod
    def _pairs(payload) -> list[tuple[int, int]]:
        if "pairs" in payload:
            return [tuple(p) for p in payload["pairs"]]
        return [(n, t) for t in payload["targets"] for n in range(1, t + 1)]

    @classmethod
    def _well_formed(cls, value, payload) -> bool:
        if type(value) is not dict:
            return False
        error, rows = value.get("error"), value.get("rows")
        if error is not None:
            return (
                type(error) is dict
                and type(error.get("n")) is int
                and type(error.get("t")) is int
                and type(error.get("detail")) is str
            )
        sizes = [len(payload["pairs"])] if "pairs" in payload else payload["targets"]
        return (
            type(rows) is list
            and len(rows) == len(sizes)
            and all(
                type(row) is list and len(row) == size and all(type(v) is int or shapes.described(v) for v in row)
                for row, size in zip(rows, sizes)
            )
        )

    @staticmethod
    def _number(v) -> Fraction | int | None:
        """The exact numeric value of a returned h (floats and huge ints count), or None: a bool is a truth
        value, not a distance (False would pass for an admissible 0)."""
        if type(v) is int:
            return v
        if v["type"] in ("int", "float"):
            try:
                return Fraction(v["repr"])  # a float's repr is exact: so is this
            except (ValueError, ZeroDivisionError):
                return None  # nan, inf
        return None

    def _admissible(self, cells, group: str) -> Outcome:
        for (n, t, v), d in zip(cells, _distances(cells)):
            number = self._number(v)
            if number is None or number > d:
                message = "q11.not_a_number" if number is None else "q11.too_large"
                return Outcome(
                    group,
                    Failure(
                        Kind.WRONG,
                        message,
                        {"n": n, "t": t, "got": _shown_value(v), "distance": d},
                        counterexample={"n": n, "t": t},
                        expected=python_source(f"≤ {d}"),
                        got=_python_value(v),
                    ),
                )
        return Outcome(group)

    def _non_constant(self, cells) -> Outcome:
        values: dict[int, set] = {}
        for _, t, v in cells:
            values.setdefault(t, set()).add(_shown_value(v))
            if len(values[t]) > 1:
                return Outcome("non_constante")
        return Outcome("non_constante", Failure(Kind.WRONG, "q11.constant", {"t": self.T_MAX}))

    def _natural(self, cells) -> Outcome:
        for n, t, v in cells:
            if type(v) is not int or v < 0:
                kind = "int" if type(v) is int else v["type"]
                return Outcome(
                    "entier",
                    Failure(
                        Kind.WRONG,
                        "q11.not_natural",
                        {"n": n, "t": t, "got": _shown_value(v), "type": kind},
                        counterexample={"n": n, "t": t},
                        got=_python_value(v),
                    ),
                )
        return Outcome("entier")


QUESTIONS = [Q1(), Q4(), Q7(), Q10(), Q11()]
