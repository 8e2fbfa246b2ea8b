"""Parts I-III's searches (module jeux.py): q4 `bfs`, q7 `ids`, q10 `idastar`. Parent side: this
module draws the cases and judges them (the package's __init__ says where the rest is).

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
  (traces.py). Judged on the trace alone, whatever the depth returned: a right algorithm with a
  slip in its count keeps this group, a wrong algorithm with right values loses it (see the barème).
Only solvable games are played: bfs and idastar may do anything otherwise, ids loops.
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any

from grader.questions.jeux import replay, traces
from grader.questions.api import (
    CHEAP,
    ROUND_TRIP_SECONDS,
    Drawn,
    Failure,
    Group,
    Kind,
    Question,
    Reply,
    oracle,
    python_text,
    shapes,
)
from grader.questions.jeux.crafted import BFS_GAMES, IDASTAR_GAMES, IDS_GAMES
from grader.questions.jeux.games import (
    LABEL_KINDS,
    GameServer,
    Side,
    case_view,
    comb,
    distances,
    fan,
    named_game,
    optimum,
    search_calls_bound,
    shown_labels,
    strategy_tables,
    table_game,
    visual,
)
from grader.questions.jeux.heuristic import python_value
from grader.questions.jeux.probes import PROBES, probe_search

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
        *(game for trap in VALUE_TRAPS for game in trap.games(with_h)),
    ]


@dataclass(frozen=True)
class Trap:
    """A small game of named states (the first one initial) played in both successor orders."""

    edges: dict[str, list[str]]
    finals: tuple[str, ...]
    h: dict[str, int]  # served on q10 only

    def games(self, with_h: bool) -> list[dict]:
        """The game as read, then with every successor list reversed (a search may read them either way)."""
        return [
            named_game(
                {state: successors[::order] for state, successors in self.edges.items()},
                self.finals,
                self.h if with_h else None,
                labels="str",
            )
            for order in (1, -1)
        ]


# Small games that show at once the slips the random games show only now and then: a dead end right after
# a child cut by the bound (x, h = 9: nothing below it), which a pass must go past to the way on; a state
# first met by the longer of two paths, three moves from the final state (a set of states seen in a pass,
# or in the whole search, then hides the shorter one; a look two moves ahead does not reach it); two final
# states, the deeper one met first by a depth-first search.
VALUE_TRAPS = (
    Trap({"r": ["x", "d", "a"], "a": ["f"]}, ("f",), {"r": 2, "x": 9, "d": 0, "a": 1, "f": 0}),
    Trap({"r": ["a", "b"], "a": ["b"], "b": ["c"], "c": ["f"]}, ("f",), {"r": 0, "a": 0, "b": 0, "c": 0, "f": 0}),
    Trap({"r": ["a", "g"], "a": ["f"]}, ("f", "g"), {"r": 0, "a": 0, "f": 0, "g": 0}),
)


# q4's wide level: the way on is its WIDE_WAY-th state, beyond what a BFS keeping the first 1000 or 1024
# states of each level keeps. A wider level would catch larger caps (and caps keeping the last states)
# at a round trip per state: 1100 states cost a correct check about 0.2 s of CPU when each test was one too
# (a state's test is now told with the next expansion's frame).
WIDE_LEVEL = 1100
WIDE_WAY = 1050


def jeu1_games(with_h: bool) -> list[dict]:
    """Game (1) for every target of JEU1_TARGETS; h = 0 on it for q10 (see games.py's docstring)."""
    extra = {"h": 0} if with_h else {}
    return [{"kind": "jeu1", "target": t, **extra} for t in JEU1_TARGETS]


def deep_games(function: str) -> list[dict]:
    """Optimum >= 60, each at a cost linear or quadratic in the depth (every expansion is a round
    trip to the parent). bfs: a chain with a dead leaf on each side of every step (3 states per level), a
    bare chain, and a chain behind a level of WIDE_LEVEL states (a BFS that keeps only so many states
    per level). ids: a bare chain (61 passes). idastar: h = max(0, 45 - i) on a chain, admissible, so
    that IDA* makes 16 passes with bounds 45, 46, …, 60; and the exact h on a chain with leaves (one
    pass 62 deep, the leaves near the end pruned)."""
    if function == "bfs":
        return [
            comb(60, sides=(Side(first=True), Side(first=False))),
            comb(64, labels="tuple"),
            fan(WIDE_LEVEL, WIDE_WAY, 60),
        ]
    if function == "ids":
        return [comb(60, labels="tuple")]
    return [
        comb(60, h=lambda i: max(0, 45 - i)),
        comb(62, sides=(Side(first=True, h=5), Side(first=False, h=9)), labels="str", h=lambda i: 62 - i),
    ]


@dataclass(frozen=True)
class Played:
    """A student's run on a game: the reply, the parent's server (the trace, why it stopped the run) and
    the reference's (its calls, or the oracle's bound on them)."""

    game: dict
    reply: Reply
    server: GameServer
    reference: GameServer


class SearchQuestion(Question):
    """q4, q7, q10: depths on small games, on game (1), on deep games, then the algorithm."""

    module = "jeux"
    probe_modules = PROBES
    function = ""
    with_h = False
    # Rationale beside the weights (a correcteur's ranking, issue 11): the algorithm is what the
    # question asks for, so the requested algorithm with a slip in its count or an edge case (0.6 and
    # more) scores above another algorithm with right values (0.4 at most).
    groups = (
        # Fixed games first (their failure is the counterexample shown), then the random ones.
        Group(
            "petits_jeux",
            0.2,
            (lambda q: fixed_games(q.with_h), Drawn(lambda q: strategy_tables(q.with_h), RANDOM_GAMES)),
            "judge",
        ),
        Group("jeu1", 0.1, (lambda q: jeu1_games(q.with_h),), "judge"),
        Group("profond", 0.1, (lambda q: deep_games(q.function),), "judge"),
        Group("algorithme", 0.6),  # judged by `run`: its games are the replay's request
    )
    # The check whose failure carries a replay (replay.py), for the class page: passing it is the
    # requested algorithm.
    replay_check = "algorithme"

    @property
    def replay_algorithm(self) -> str:
        return self.function

    def run(self, ctx):
        small, jeu1, deep = (group.check(self, ctx) for group in self.groups[:3])
        request = replay.Request(self.function, self.crafted(), ctx.settings.replay)
        algorithm = ctx.check_cases("algorithme", request.games, functools.partial(self.judge_algorithm, ctx, request))
        algorithm.visual = request.visual(algorithm.failure is None)
        return [small, jeu1, deep, algorithm]

    def replay_games(self) -> int:
        return len(self.crafted())  # the algorithm group's games, in its order

    def play(self, ctx, game: dict) -> Played:
        """Run the student's function on `game`."""
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
        server = GameServer(game, budget, ahead=True)  # final and h of the successors given with them
        reply = ctx.run(probe_search, payload, serve=server, model_serve=model, case=game, limit=limit)
        return Played(game, reply, server, reference)

    def judge(self, ctx, game: dict) -> Failure | None:
        """Why the student's run on `game` or the depth it returns is wrong."""
        played = self.play(ctx, game)
        failure = self._run_failure(ctx, played)
        if failure is not None:
            return failure
        value: Any = played.reply.value  # an int or a value described (see _run_failure)
        expected = optimum(game)
        if type(value) is not int:
            return self._failure(game, "jeux.not_int", got=python_value(value), type=value.get("type"))
        if value != expected:
            return self._failure(game, "jeux.wrong_depth", got=value, expected=expected)
        if not traces.reached(game, played.server.events, expected):
            return self._failure(game, "jeux.depth_unobserved", got=value)
        return None

    def _run_failure(self, ctx, played: Played) -> Failure | None:
        """Why the run itself went wrong (stopped by the parent, an error, garbage), as the parent saw it."""
        game, reply, server, reference = played.game, played.reply, played.server, played.reference
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

    def judge_algorithm(self, ctx, request: replay.Request, game: dict) -> Failure | None:
        """The algorithm on a crafted game, from the parent's trace alone: the run must end normally
        and have found a final state; the depth it returns is the other groups' business. A game found
        right is replayed when the request asks for it."""
        played = self.play(ctx, game)
        failure = self._run_failure(ctx, played)
        if failure is not None:
            return failure
        server, finals = played.server, set(game["finals"])
        if not any(f == "final" and s in finals for f, s in server.events):
            return self._failure(game, "jeux.never_found")
        labels = shown_labels(game)
        verdict = self.recognise(game, server.events, labels)
        if verdict is None:
            request.keep(game, server.events, labels)
            return None
        failure = self._failure(game, verdict.key, **verdict.params)
        # The game's drawing carries the replay: the student's search beside the algorithm's.
        replayed = replay.replay(self.function, game, server.events, labels, verdict, request.number(game))
        failure.visual = {**(failure.visual or {}), "replay": replayed}
        return failure

    @abstractmethod
    def crafted(self) -> list[dict]:
        """The games built to tell this algorithm apart from the others."""

    @abstractmethod
    def recognise(self, game: dict, events: list, labels: list) -> traces.Verdict | None:
        """What in the parent's trace is not this algorithm's (a message key, its fields, where), or None."""


class Q4(SearchQuestion):
    id = "q4"
    function = "bfs"
    functions = ("bfs",)
    points = 2.0

    def crafted(self):
        return BFS_GAMES

    def recognise(self, game, events, labels):
        return traces.bfs(game, events, labels)


class Q7(SearchQuestion):
    id = "q7"
    function = "ids"
    functions = ("ids",)
    points = 2.0

    def crafted(self):
        return IDS_GAMES

    def recognise(self, game, events, labels):
        return traces.ids(game, events, labels)


class Q10(SearchQuestion):
    id = "q10"
    function = "idastar"
    functions = ("idastar",)
    points = 3.0
    with_h = True

    def crafted(self):
        return IDASTAR_GAMES

    def recognise(self, game, events, labels):
        return traces.idastar(game, events, labels)


# Where the model answer is not installed (grader/judge/expectations.py): what the probes return on it.
@oracle(probe_search)
def _search_expected(payload, server):
    """The optimum of the server's game; the budget counts from an upper bound of a correct search's
    calls, since no model answer is there to count them."""
    server.bound = search_calls_bound(server.game, payload["function"])
    return optimum(server.game), CHEAP
