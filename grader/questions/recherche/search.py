"""Exercise x1 (module recherche.py): `search(start, goal, next_states, heuristic)`, the IDA* notebook
returning the path, on crafted and random graphs, then on 3×3 and 4×4 puzzles (the documents'
convention: see recherche.py)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from grader.questions.recherche import replay
from grader.questions.api import (
    CHEAP,
    ROUND_TRIP_SECONDS,
    Failure,
    Group,
    Kind,
    Outcome,
    Question,
    earned,
    oracle,
    shapes,
)
from grader.questions.recherche.probes import PROBES, probe_search
from grader.questions.recherche.puzzles import optimal_length, optimal_moves, puzzle_visual, timeout_failure, walks
from reference.graphs import distances
from reference.sliding import apply_move, goal_state, successors

# 4×4 instances 36 and 44 moves away whose Manhattan distance is the optimum: the model answer's `search`
# needs one pass (milliseconds); a search that ignores the heuristic (or swaps its arguments, and gets 0)
# cannot end in time.
SEARCH_DEEP_CASES = (
    (0, 9, 5, 8, 6, 10, 1, 3, 14, 13, 2, 15, 11, 12, 4, 7),
    (9, 8, 4, 11, 3, 15, 1, 10, 7, 13, 0, 14, 6, 12, 2, 5),
)


@dataclass(frozen=True)
class DeepPuzzle:
    """A case of x1's `puzzles` after the drawn ones: one of SEARCH_DEEP_CASES, where a timeout means a
    search the heuristic does not guide."""

    start: tuple[int, ...]

    def payload(self) -> dict:
        """probe_search's payload, as a drawn puzzle's (puzzles_for_search), and the failure's counterexample."""
        return {"n": 4, "start": list(self.start), "container": "set"}


# For `search`, before the random graphs: each shows, whatever the seed, a way of going wrong that only
# some random graphs show. The heuristic is a table over (state, target) pairs, 0 where it has no entry;
# next_states answers a list where the order matters, and the graphs whose order matters come in both
# orders (a search may read the successors either way). A graph's number (its replay is asked for by it)
# is its place here: new ones go at the end.
# 1. x is first reached through a detour (0, 1, x) within the bound 2; an IDA* that marks states visited
#    for the whole iteration (instead of the current path) then refuses the shortest path (0, x, 3) and
#    returns a longer one.
# 2. A directed graph whose heuristic is exact towards the goal and says the opposite way round (from the
#    goal, which reaches none of them: any value is admissible there) that `a` is far and the long way
#    near: a search calling heuristic(goal, state) returns the long way (s, b1, b2, b3, g) instead of
#    (s, a, g).
# 3, 4. Three states, h = 0: the limits are 0 then 1; a next limit above the smallest total cut (its + 1,
#    or the old limit + 2) lets the pass meet s, a, g before s, g.
# 5, 6. h(s) = 1: the goal reached through x is one step beyond the limit 1; a search that tests the goal
#    before g + h returns s, x, g.
# 7, 8. A next limit taken from the last total cut instead of the smallest (x's, 10: nothing below x)
#    lets the pass meet s, b, c, g before s, a, g.
# 9. Graph 1 with the successors of 0 the other way round.
# 10. A chain s, a, b, g with h = 0: four passes, each limit one more than the last, so that a search
#    that never lets a total equal to its limit in (it stays at the same limit), or skips what an earlier
#    pass expanded, does not end.
def _both_orders(case: dict) -> list[dict]:
    turned = [[state, successors[::-1]] for state, successors in case["next_states"]]
    return [case, {**case, "next_states": turned}]


CRAFTED_GRAPHS = (
    {
        "start": 0,
        "goal": 3,
        "next_states": [[0, [1, 2]], [1, [2]], [2, [3]], [3, []]],
        "container": "list",
        "heuristic": [],
    },
    {
        "start": "s",
        "goal": "g",
        "next_states": [["s", ["a", "b1"]], ["a", ["g"]], ["b1", ["b2"]], ["b2", ["b3"]], ["b3", ["g"]], ["g", []]],
        "container": "set",
        "heuristic": [["s", "g", 2], ["a", "g", 1], ["b1", "g", 3], ["b2", "g", 2], ["b3", "g", 1], ["g", "a", 9]],
    },
    *_both_orders(
        {
            "start": "s",
            "goal": "g",
            "next_states": [["s", ["a", "g"]], ["a", ["g"]], ["g", []]],
            "container": "list",
            "heuristic": [],
        }
    ),
    *_both_orders(
        {
            "start": "s",
            "goal": "g",
            "next_states": [["s", ["x", "g"]], ["x", ["g"]], ["g", []]],
            "container": "list",
            "heuristic": [["s", "g", 1]],
        }
    ),
    *_both_orders(
        {
            "start": "s",
            "goal": "g",
            "next_states": [["s", ["b", "a", "x"]], ["b", ["c"]], ["c", ["g"]], ["a", ["g"]], ["x", []], ["g", []]],
            "container": "list",
            "heuristic": [["x", "g", 9]],
        }
    ),
    {
        "start": 0,
        "goal": 3,
        "next_states": [[0, [2, 1]], [1, [2]], [2, [3]], [3, []]],
        "container": "list",
        "heuristic": [],
    },
    {
        "start": "s",
        "goal": "g",
        "next_states": [["s", ["a"]], ["a", ["b"]], ["b", ["g"]], ["g", []]],
        "container": "list",
        "heuristic": [],
    },
)


# --- Exact optima and oracle (parent only) --------------------------------------------------------
def graph_distance(case: dict) -> int:
    """The goal's distance from the start (KeyError when it cannot be reached)."""
    graph = dict(case["next_states"])
    return distances(graph, [case["start"]])[case["goal"]]


def graph_path(case: dict) -> list:
    """A shortest path from the case's start to its goal: back from the goal, one state nearer each step."""
    graph = dict(case["next_states"])
    distance = distances(graph, [case["start"]])
    path = [case["goal"]]
    while path[-1] != case["start"]:
        path.append(next(s for s in graph if distance.get(s) == distance[path[-1]] - 1 and path[-1] in graph[s]))
    return path[::-1]


@oracle(probe_search)
def _search_expected(payload, server=None):
    """A shortest path; on a graph (served), the budget counts from the notebook's calls on it, since no
    model answer is there to count them."""
    if server is not None:
        server.bound = replay.calls_bound(server.case)
        return graph_path(server.case), CHEAP
    n, path = payload["n"], [tuple(payload["start"])]
    moves = optimal_moves(path[0], n)
    if moves is None:  # the student kit: only the cost serves there
        return None, CHEAP
    for move in moves:
        path.append(apply_move(path[-1], n, move))
    return path, CHEAP


# --- Strategies (Hypothesis is imported only here, in the parent) -----------------------------------
def graphs():
    """A random finite graph with the goal reachable from the start, states as ints or strings,
    next_states returning a set or a list, and an admissible (not always consistent) heuristic."""
    from hypothesis import strategies as st

    @st.composite
    def build(draw):
        size = draw(st.integers(1, 8))
        name = (lambda i: i) if draw(st.booleans()) else (lambda i: f"s{i}")
        edges = [draw(st.lists(st.integers(0, size - 1), max_size=3)) for _ in range(size)]
        path = [0] + draw(st.lists(st.integers(0, size - 1), max_size=size))
        for a, b in zip(path, path[1:]):
            edges[a].append(b)
        case = {
            "start": name(0),
            "goal": name(path[-1]),
            "next_states": [[name(i), [name(j) for j in succ]] for i, succ in enumerate(edges)],
            "container": draw(st.sampled_from(["set", "list"])),
        }
        # An admissible h towards every target, so that it is asymmetric on a directed graph (a search
        # that swaps its arguments gets a wrong one): a fraction of the true distance; where the target
        # cannot be reached, any value.
        fractions = draw(st.lists(st.integers(0, 4), min_size=size * size, max_size=size * size))
        h = []
        for i in range(size):
            for j in range(size):
                try:
                    exact = graph_distance({**case, "start": name(i), "goal": name(j)})
                except KeyError:
                    exact = 4
                value = exact * fractions[i * size + j] // 4
                if value:
                    h.append([name(i), name(j), value])
        case["heuristic"] = h
        return case

    return build()


def puzzles_for_search():
    from hypothesis import strategies as st

    return st.one_of(walks(3, 14).map(lambda s: (3, s)), walks(4, 14).map(lambda s: (4, s))).flatmap(
        lambda p: st.sampled_from(["set", "list"]).map(lambda c: {"n": p[0], "start": list(p[1]), "container": c})
    )


# --- Judging ----------------------------------------------------------------------------------------
class X1(Question):
    id = "x1"
    module = "recherche"
    probe_modules = PROBES
    extension = True
    functions = ("search",)
    points = 3.0
    groups = (Group("graphs", 2.0), Group("puzzles", 1.0))
    # A failed graphs check carries a replay beside the notebook's IDA* (replay.py). The group judges
    # the path returned and, on the trace the parent served, the search (replay.unobserved): a BFS or an
    # A* returns the right paths and fails it. The puzzles, run in the child where no trace is kept,
    # count only with IDA* seen on the graphs (run): no new group, the barème's 2 + 1 points unchanged,
    # each now for the search asked.
    replay_check = "graphs"
    replay_algorithm = "idastar"

    def run(self, ctx):
        # The crafted graph's drawing and replay asked for with --replay N (Settings.replay), and what the
        # graphs' traces showed (judge_graph).
        kept: dict = {}
        judge = functools.partial(self.judge, ctx, kept)
        graphs_outcome = ctx.check_cases("graphs", CRAFTED_GRAPHS, judge)
        if graphs_outcome.failure is None:
            graphs_outcome = ctx.check("graphs", graphs(), judge)
        if graphs_outcome.failure is None:
            graphs_outcome.visual = kept.get("visual")
        # Shortest paths on the puzzles prove nothing asked without IDA* seen on the graphs: not run when a
        # graph's whole trace showed another search; run (a failure there says what it says) but counted
        # only with IDA* seen and every graph run ended (a crash, a stop: a partial trace shows nothing).
        unseen = Failure(Kind.WRONG, "x1.puzzles_unobserved", {})
        if "unobserved" in kept:
            return [graphs_outcome, Outcome("puzzles", unseen)]
        puzzles = ctx.check("puzzles", puzzles_for_search(), judge)
        if puzzles.failure is None:
            seconds = puzzles.seconds
            deep = [DeepPuzzle(start) for start in SEARCH_DEEP_CASES]
            puzzles = ctx.check_cases("puzzles", deep, functools.partial(self.judge_deep, ctx))
            puzzles.seconds += seconds
        seen = "observed" in kept and "unended" not in kept
        return [graphs_outcome, earned(puzzles, Fraction(seen), unseen)]

    def replay_games(self) -> int:
        return len(CRAFTED_GRAPHS)  # the graphs group's crafted graphs, in its order

    def judge(self, ctx, kept: dict, case: dict) -> Failure | None:
        if "n" not in case:
            return self.judge_graph(ctx, case, kept)
        reply = ctx.run(probe_search, case)
        if not reply.ok:
            return ctx.failure(reply)
        return self.judge_puzzle(case, reply.value)

    def judge_deep(self, ctx, case: DeepPuzzle) -> Failure | None:
        payload = case.payload()
        reply = ctx.run(probe_search, payload)
        if reply.ok:
            failure = self.judge_puzzle(payload, reply.value)
        else:
            failure = timeout_failure(ctx, reply, "x1.too_slow", reply.limit)
        if failure is not None and failure.kind != Kind.NOT_IMPLEMENTED:
            failure.counterexample = payload  # a drawn puzzle's shape: a result holds plain data only
        return failure

    def judge_graph(self, ctx, case: dict, kept: dict) -> Failure | None:
        """The path returned on a graph served by the parent, then the search its trace shows
        (replay.unobserved; `kept` notes whether a whole trace showed IDA*, and whether one did not); a
        failure carries the replay of the calls the parent answered beside the notebook's IDA* on the
        same graph, and so does, in `kept`, the crafted graph found right whose replay was asked for."""
        payload = {"start": case["start"], "goal": case["goal"], "container": case["container"]}
        model = functools.partial(replay.SearchServer, case)
        reference = ctx.reference_served(probe_search, payload, serve=model, case=case)[2]
        budget = replay.BUDGET_FLOOR + replay.BUDGET_FACTOR * reference.total

        def limit(seconds):
            # Time enough to spend the budget: the budget, not the clock, stops a search that makes calls.
            return max(ctx.limit(seconds + ROUND_TRIP_SECONDS * reference.total), ROUND_TRIP_SECONDS * budget)

        server = replay.SearchServer(case, budget)
        reply = ctx.run(probe_search, payload, serve=server, model_serve=model, case=case, limit=limit)
        visual = {
            "type": "game",
            "initial": case["start"],
            "finals": [case["goal"]],
            "edges": [[a, b] for a, succ in case["next_states"] for b in succ],
        }
        stop = server.stop
        ended = reply.ok and stop is None
        got = reply.value if ended else None
        failure: Failure | None
        if stop is not None and stop["reason"] == "budget":
            failure = Failure(Kind.WRONG, "x1.budget", {"budget": budget, "reference": reference.total})
        elif stop is not None:
            failure = Failure(Kind.WRONG, "x1.called_not_a_state", {"called": stop["function"], "state": stop["state"]})
        elif not reply.ok:
            failure = ctx.failure(reply)
        else:
            failure = self.judge_path_on_graph(case, reply.value)
        # Whatever the path, the whole trace of a run that ended says whether the search was IDA*.
        unseen = replay.unobserved(case, server.events) if ended else None
        if unseen is not None:
            kept["unobserved"] = True
        elif not ended:  # a partial trace shows nothing: not IDA* seen on an earlier graph either (red team 16)
            kept["unended"] = True
        elif (failure is None or failure.message == "x1.not_optimal") and server.events:
            # IDA* seen only in a search that reached the goal through the graph, expanding each state of
            # the path it returns (a slip may lengthen it): h asked and nothing expanded, then the start or
            # a path known beforehand returned, shows no search at all.
            expanded = {event[1] for event in server.events if event[0] == "next_states"}
            if all(server.game["index"][state] in expanded for state in reply.value[:-1]):
                kept["observed"] = True
        if failure is None and unseen is not None:
            key, params = unseen
            failure = Failure(Kind.WRONG, key, params)
        # The graph's number among the crafted ones (the judge is handed the very objects); None for a drawn one.
        number = next((k for k, graph in enumerate(CRAFTED_GRAPHS, 1) if graph is case), None)
        counted = (number, len(CRAFTED_GRAPHS)) if number else None
        if failure is not None:
            failure.visual = visual
            if server.events:
                visual["replay"] = replay.replay(case, server.events, counted, got=got)
        elif number is not None and number == ctx.settings.replay:
            replayed = replay.replay(case, server.events, counted, passed=True, got=got)
            kept["visual"] = {**visual, "replay": replayed}
        return failure

    def judge_path_on_graph(self, case: dict, got) -> Failure | None:
        graph = dict(case["next_states"])
        return self.judge_path(
            got,
            case["start"],
            case["goal"],
            graph_distance(case),
            lambda s: type(s) is type(case["start"]) and s in graph,
            lambda a, b: b in graph[a],
        )

    def judge_puzzle(self, case: dict, got) -> Failure | None:
        n, start = case["n"], tuple(case["start"])
        optimal = optimal_moves(start, n)
        states = got
        if shapes.list_of(got, list):
            states = [tuple(s) for s in got]  # the states were tuples: they come back as lists
        failure = self.judge_path(
            states,
            start,
            goal_state(n),
            optimal_length(start, n),
            lambda s: type(s) is tuple and len(s) == n * n and all(type(v) is int for v in s),
            lambda a, b: b in [t for _, t in successors(a, n)],
        )
        if failure is not None and failure.message in ("x1.not_optimal", "x1.step", "x1.end"):
            moves = []
            for a, b in zip(states, states[1:]):
                move = next((m for m, t in successors(a, n) if t == b), None)
                if move is None:
                    break
                moves.append(move)
            failure.visual = puzzle_visual(start, n, moves, optimal)
        return failure

    @staticmethod
    def judge_path(got, start, goal, optimum: int, is_state, is_step) -> Failure | None:
        if not isinstance(got, list):
            return Failure(Kind.WRONG, "x1.not_a_list", got=got)
        if not got:
            return Failure(Kind.WRONG, "x1.empty", got=got)
        for state in got:
            if not is_state(state):
                return Failure(Kind.WRONG, "x1.not_a_state", {"state": repr(state)}, got=got)
        if got[0] != start:
            return Failure(Kind.WRONG, "x1.start", {"start": repr(start)}, got=got)
        for a, b in zip(got, got[1:]):
            if not is_step(a, b):
                return Failure(Kind.WRONG, "x1.step", {"a": repr(a), "b": repr(b)}, got=got)
        if got[-1] != goal:
            return Failure(Kind.WRONG, "x1.end", {"goal": repr(goal)}, got=got)
        if len(got) - 1 != optimum:
            return Failure(
                Kind.WRONG,
                "x1.not_optimal",
                {"steps": len(got) - 1, "optimum": optimum},
                expected=optimum,
                got=len(got) - 1,
            )
        return None
