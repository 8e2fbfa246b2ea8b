"""Parts I-III (module jeux.py): q1, q4 `bfs`, q7 `ids`, q10 `idastar`, q11 `h_jeu1`.

Probes install the game's globals (`initial`, `suivants`, `final`, `h`) in the student's module,
instrumented, call the function and return plain data; judges compare with exact distances the
grader computes itself (a BFS on the game's table, or a backward programme for game (1)).

Games in payloads
- A finite game is a table: `{"kind": "table", "labels": L, "initial": i, "succ": [[j, ...], ...],
  "finals": [i, ...], "h": [v, ...] (part III only)}` over states 0..n-1. The student never sees those
  indices: `labels` ("int", "str", "tuple", or a list of names) says what the states look like, so that
  nobody can assume ints. Successor lists may repeat states, loop on themselves and form cycles.
- Game (1) is `{"kind": "jeu1", "target": t}` (e0 = 1, s(n) = [2n, n + 1], F = {t}); for q10 it also
  has `"h": "log2"`, the model answer's formula, copied here because the child never imports the
  reference.
- `suivants` returns a fresh list on each call (the student may mutate it).

Instrumentation: counts of `final`/`suivants`/`h` calls, how often `final` and `suivants` saw the initial
state, and (finite games) the states in the order of their first `final` test. A call budget (a
generous multiple of the reference's calls on the same case) ends runaway searches from inside the
instrumented functions, so that a search that never terminates is reported on the smallest game
Hypothesis finds rather than as a bare timeout; the per-call time limit still stops a loop that calls
none of them.

Algorithm groups: each runs on crafted games where the depth is also checked, and each criterion is
a property of every correct variant, not of the reference's particular code.
- q4 (BFS), on trees and DAGs (the initial state has no predecessor):
  1. the states, in the order of their *first* `final` test, have nondecreasing distance from the
     initial state. A BFS handles level p entirely before level p + 1, and a state first appears in
     the level of its distance, whatever the order inside a level (appending, prepending as in
     `B <- s(x) ∪ B`, reversed successors), duplicates kept or removed, goal tested when a state is
     dequeued or when it is generated. A depth-first search goes down before finishing a level: the
     crafted trees put the final state in a middle branch, so that a DFS in either successor order
     tests a depth-2 state before a depth-1 one.
  2. `final(initial)` is called at most twice (once is the norm; twice allows a variant that tests the
     goal both on generation and on dequeuing). An iterative deepening restarts from the initial
     state once per depth bound: d + 1 >= 3 tests for the crafted solutions at depth d >= 2.
- q7 (IDS), on trees with an optimal solution at depth d >= 3: the search restarts from the initial
  state for every bound: `max(final(initial) calls, suivants(initial) calls) >= d`. Every bound
  m = 1 .. d must expand the initial state to reach depth m, whichever variant (goal test on entry as
  in figure 2, on generation, or only at depth exactly m; starting from m = 0 or 1). A BFS, or a DFS
  without depth limit, expands and tests it once.
- q10 (IDA*), on trees whose decoy branches are pruned by h (dead states with a large h, or live ones
  with an exact h): `h` is called, and no state is passed to `final` unless it is the initial state or
  a successor of a state x with dist(e0, x) + h(x) <= d, d the optimum. With an admissible h the bound
  m never exceeds d (the states of an optimal path all have p + h <= d, so the smallest value above m
  is at most d until the solution is found), and x is expanded only when p + h(x) <= m with
  p >= dist(e0, x). This holds whether `final` is tested before or after computing c, whether `c > m`
  or `p + h > m` is written, the successors' order, pruning children on generation, duplicates
  removed, and whether the bound or the depth found is returned. A search that ignores h (IDS) tests
  the decoys' children. (Testing `final` first is only right if a final state counts within the
  bound: the fixed games of the depth group include two traps for the variant that accepts it one
  move beyond m.)

Correctness groups: fixed games first (depth 0 for each label kind, the IDA* traps), then random
finite games from Hypothesis (up to 8 reachable states, out-degree up to 3; for q10 an admissible h
that is zero, exact, or random below the distance, anything on dead states), then game (1) for
targets 1..130. Only solvable games are played: bfs and idastar may do anything otherwise, ids loops.

q11: h_jeu1(n, t) for every 1 <= n <= t <= 300 (n > t cannot reach t: any value goes, none is asked),
in calls of at most 2,000 pairs, each limited against the reference on the same pairs, so that a slow
but valid h (an exact distance per call) passes. Groups: admissible (the value, bools and floats taken
as numbers, never above the exact distance, from a backward programme per t), non-constant (two values
differ for some t; an admissible h has h(t, t) = 0, so a constant admissible h is 0), and natural
(type int, >= 0).
"""
from __future__ import annotations

from abc import abstractmethod
from collections import deque

from grader.questions.base import CHEAP, Failure, Group, Outcome, Question, oracle, probe
from grader.sandbox import protocol

# A student's run is stopped after BUDGET_FLOOR + BUDGET_FACTOR × the reference's calls on the case:
# far above any correct variant (other successor orders or goal tests cost a small factor).
BUDGET_FLOOR = 5_000
BUDGET_FACTOR = 20
LABEL_KINDS = ("int", "str", "tuple")


# --- Games, both sides -------------------------------------------------------------------------------
def labels_of(spec, n: int) -> list:
    """The states the student sees for indices 0..n-1."""
    if spec == "int":
        return list(range(n))
    if spec == "str":
        return [f"e{i}" for i in range(n)]
    if spec == "tuple":
        return [(i // 4, i % 4) for i in range(n)]
    return list(spec)


def shown(label):
    """A state as JSON shows it: ints and strings as they are, tuples by their repr."""
    return label if type(label) in (int, str) else repr(label)


def h_jeu1_model(n: int, t: int) -> int:
    """The model answer's h for game (1) (reference/jeux.py): ⌈log2(t/n)⌉, 0 when n ≥ t."""
    k = 0
    while n << k < t:
        k += 1
    return k


def describe_value(value):
    """A student's return value as plain data: a small int as is, anything else by type and repr."""
    if type(value) is int and abs(value) < 1 << 62:
        return value
    try:
        text = repr(value)[:60]
    except Exception:  # noqa: BLE001 - a student's object whose __repr__ fails
        text = "?"
    return {"type": type(value).__name__, "repr": text}


# --- Probes (run in the child) -------------------------------------------------------------------------
class _Stop(BaseException):
    """Ends a student's run from inside an instrumented function; a BaseException so that a student's
    `except Exception` does not swallow it (and the probe reports the stop even if it is caught)."""


class _Game:
    """The instrumented globals for one run."""

    def __init__(self, game: dict, budget: int | None):
        self.budget = budget
        self.total = 0
        self.calls = {"final": 0, "suivants": 0, "h": 0}
        self.initial_calls = {"final": 0, "suivants": 0}
        self.tests: list[int] = []  # finite games: indices in the order of their first final test
        self.tested: set[int] = set()
        self.stop: dict | None = None
        self.table = game["kind"] == "table"
        if self.table:
            self.labels = labels_of(game["labels"], len(game["succ"]))
            self.index = {label: i for i, label in enumerate(self.labels)}
            self.succ = [[self.labels[j] for j in row] for row in game["succ"]]
            self.finals = set(game["finals"])
            self.h_table = game.get("h")
            self.initial_index = game["initial"]
            self.initial = self.labels[self.initial_index]
        else:
            self.target = game["target"]
            self.initial_index = self.initial = 1

    def _enter(self, name: str, e):
        """Count the call, enforce the budget, and return the state's index (finite games) or e."""
        self.total += 1
        self.calls[name] += 1
        if self.budget is not None and self.total > self.budget:
            self.stop = self.stop or {"reason": "budget"}
            raise _Stop
        if self.table:
            like = self.initial
            exact = type(e) is type(like) and (type(e) is not tuple or (
                len(e) == len(like) and all(type(a) is type(b) for a, b in zip(e, like))))
            i = self.index.get(e) if exact else None
        else:
            i = e if type(e) is int and e >= 1 else None
        if i is None:
            try:
                text = repr(e)[:60]
            except Exception:  # noqa: BLE001
                text = "?"
            self.stop = self.stop or {"reason": "not_a_state", "function": name, "state": text}
            raise _Stop
        if i == self.initial_index and name in self.initial_calls:
            self.initial_calls[name] += 1
        return i

    def final(self, e):
        i = self._enter("final", e)
        if not self.table:
            return i == self.target
        if i not in self.tested:
            self.tested.add(i)
            self.tests.append(i)
        return i in self.finals

    def suivants(self, e):
        i = self._enter("suivants", e)
        return list(self.succ[i]) if self.table else [2 * i, i + 1]

    def h(self, e):
        i = self._enter("h", e)
        return self.h_table[i] if self.table else h_jeu1_model(i, self.target)


@probe
def probe_search(module, payload):
    """Call `bfs`, `ids` or `idastar` on the payload's game; return its value and the observations."""
    function = getattr(module, payload["function"], None)
    if not callable(function):
        raise protocol.Missing(payload["function"])
    game = payload["game"]
    run = _Game(game, payload.get("budget"))
    module.initial = run.initial
    module.suivants = run.suivants
    module.final = run.final
    if "h" in game:
        module.h = run.h
    value = None
    try:
        value = function()
    except BaseException:
        if run.stop is None:
            raise
    return {
        "value": describe_value(value),
        "stop": run.stop,
        "calls": run.calls,
        "total": run.total,
        "initial_calls": run.initial_calls,
        "tests": run.tests,
    }


@probe
def probe_h_jeu1(module, payload):
    """h_jeu1(n, t) for every target t of the payload and 1 <= n <= t; stops at the first exception."""
    function = getattr(module, "h_jeu1", None)
    if not callable(function):
        raise protocol.Missing("h_jeu1")
    rows = []
    for t in payload["targets"]:
        row = []
        rows.append(row)
        for n in range(1, t + 1):
            try:
                row.append(describe_value(function(n, t)))
            except (NotImplementedError, MemoryError):
                raise
            except Exception as exc:  # noqa: BLE001 - reported with the (n, t) that raised
                try:
                    detail = f"{type(exc).__name__}: {exc}"[:300]
                except Exception:  # noqa: BLE001
                    detail = type(exc).__name__
                return {"rows": rows, "error": {"n": n, "t": t, "detail": detail}}
    return {"rows": rows, "error": None}


@probe
def probe_solution_42(module, payload):
    return module.solution_42()


# --- Oracles: what the probes return on a correct answer, without the model answer (grader/expectations.py)
@oracle(probe_h_jeu1)
def _h_jeu1_expected(payload):
    return {"rows": [[h_jeu1_model(n, t) for n in range(1, t + 1)] for t in payload["targets"]], "error": None}, CHEAP


# --- Judging (parent) ---------------------------------------------------------------------------------
def jeu1_distance(start: int, target: int) -> int | None:
    """Exact distance from `start` to `target` in game (1) (states only grow), None if unreachable."""
    distances = jeu1_distances(target)
    return distances[start] if 1 <= start <= target else None


def jeu1_distances(target: int) -> list[int]:
    """d[n] = distance from n to `target` in game (1) for 1 <= n <= target (d[0] unused): moves only
    increase n, so d[n] = 1 + min(d[n + 1], d[2n] when 2n <= target), computed from target down."""
    d = [0] * (target + 1)
    for n in range(target - 1, 0, -1):
        d[n] = 1 + min(d[n + 1], d[2 * n] if 2 * n <= target else target)  # target > any distance
    return d


def distances(adjacency: list[list[int]], sources) -> list[int | None]:
    """Length of a shortest path from any of `sources` to each state, None when unreachable."""
    dist: list[int | None] = [None] * len(adjacency)
    queue = deque()
    for s in sources:
        if dist[s] is None:
            dist[s] = 0
            queue.append(s)
    while queue:
        x = queue.popleft()
        for y in adjacency[x]:
            if dist[y] is None:
                dist[y] = dist[x] + 1
                queue.append(y)
    return dist


def reverse(adjacency: list[list[int]]) -> list[list[int]]:
    back = [[] for _ in adjacency]
    for x, row in enumerate(adjacency):
        for y in row:
            back[y].append(x)
    return back


def optimum(game: dict) -> int:
    if game["kind"] == "jeu1":
        return jeu1_distance(1, game["target"])
    return distances(reverse(game["succ"]), game["finals"])[game["initial"]]


def table_game(labels, succ, finals, initial, h=None) -> dict:
    game = {"kind": "table", "labels": labels, "initial": initial, "succ": succ, "finals": sorted(finals)}
    if h is not None:
        game["h"] = h
    return game


def named_game(edges: dict[str, list[str]], finals, h: dict | None = None, labels=None) -> dict:
    """A crafted game from named states (the first one is initial); `labels` replaces the names."""
    names = list(edges)
    for targets in edges.values():
        names.extend(t for t in targets if t not in names)
    number = {name: i for i, name in enumerate(names)}
    succ = [[number[t] for t in edges.get(name, [])] for name in names]
    table = None if h is None else [h[name] for name in names]
    return table_game(labels or names, succ, [number[f] for f in finals], 0, table)


def shown_labels(game: dict) -> list:
    """A finite game's states as the counterexamples and drawings show them."""
    return [shown(x) for x in labels_of(game["labels"], len(game["succ"]))]


def case_view(game: dict) -> dict:
    """The counterexample as the student reads it, in the exam's notation."""
    if game["kind"] == "jeu1":
        view = {"e0": 1, "s(n)": "[2n, n + 1]", "F": [game["target"]]}
        if "h" in game:
            view["h(n)"] = "⌈log2(t/n)⌉"
        return view
    labels = shown_labels(game)
    view = {"e0": labels[game["initial"]],
            "s": {str(labels[i]): [labels[j] for j in row] for i, row in enumerate(game["succ"])},
            "F": [labels[i] for i in game["finals"]]}
    if "h" in game:
        view["h"] = {str(labels[i]): v for i, v in enumerate(game["h"])}
    return view


def visual(game: dict) -> dict | None:
    if game["kind"] != "table":
        return None
    labels = shown_labels(game)
    return {"type": "game", "initial": labels[game["initial"]], "finals": [labels[i] for i in game["finals"]],
            "edges": [[labels[i], labels[j]] for i, row in enumerate(game["succ"]) for j in row]}


class Q1(Question):
    id = "q1"
    module = "jeux"
    functions = ("solution_42",)
    points = 1.0
    groups = (Group("sequence", 1.0),)

    def run(self, ctx):
        optimum_42 = jeu1_distance(1, 42)
        reply = ctx.call(probe_solution_42, {}, timeout=ctx.limit(0.0))
        if not reply.ok:
            return [Outcome("sequence", ctx.failure(reply))]
        got = reply.value
        if not isinstance(got, list) or not all(type(x) is int for x in got):
            return [Outcome("sequence", Failure("wrong", "q1.not_a_list", got=got))]
        if got[:1] != [1] or got[-1:] != [42]:
            return [Outcome("sequence", Failure("wrong", "q1.ends", got=got))]
        for a, b in zip(got, got[1:]):
            if b not in (2 * a, a + 1):
                return [Outcome("sequence", Failure("wrong", "q1.step", {"a": a, "b": b}, got=got))]
        if len(got) - 1 != optimum_42:
            return [Outcome("sequence", Failure("wrong", "q1.not_optimal", {"moves": len(got) - 1},
                                                expected=optimum_42, got=len(got) - 1))]
        return [Outcome("sequence")]


def _is_count(x) -> bool:
    return type(x) is int and x >= 0


def _observation(value, game: dict) -> bool:
    """Whether the child's answer has the probe's shape (student code shares that process)."""
    if type(value) is not dict:
        return False
    n = len(game["succ"]) if game["kind"] == "table" else 0
    calls, initial_calls, tests = value.get("calls"), value.get("initial_calls"), value.get("tests")
    return (type(calls) is dict and all(_is_count(calls.get(k)) for k in ("final", "suivants", "h"))
            and type(initial_calls) is dict and all(_is_count(initial_calls.get(k)) for k in ("final", "suivants"))
            and type(tests) is list and all(type(i) is int and 0 <= i < n for i in tests)
            and (value.get("stop") is None or type(value.get("stop")) is dict))


def _shown_value(value) -> str:
    return value["repr"] if type(value) is dict else str(value)


def _strategy_tables(with_h: bool, max_states: int = 8):
    """Random finite games where a solution exists: cycles, self-loops, repeated successors, several
    final states, possibly a final initial state; states of every label kind. When no final state is
    reachable, the farthest reachable state becomes final. Everything shrinks towards one state."""
    from hypothesis import strategies as st

    @st.composite
    def games(draw):
        n = draw(st.integers(1, max_states))
        succ = [draw(st.lists(st.integers(0, n - 1), max_size=3)) for _ in range(n)]
        finals = set(draw(st.lists(st.integers(0, n - 1), max_size=2)))
        initial = draw(st.integers(0, n - 1))
        labels = draw(st.sampled_from(LABEL_KINDS))
        reach = distances(succ, [initial])
        if not any(reach[f] is not None for f in finals):
            finals.add(max((d, i) for i, d in enumerate(reach) if d is not None)[1])
        # Keep only the reachable states, numbered from the initial one: what the student can see.
        order = sorted((i for i in range(n) if reach[i] is not None), key=lambda i: (reach[i], i))
        number = {old: new for new, old in enumerate(order)}
        succ = [[number[j] for j in succ[i]] for i in order]
        finals = {number[f] for f in finals if f in number}
        n, initial = len(order), 0
        h = None
        if with_h:
            # Any admissible h: zero, exact, or random below the distance; anything on dead states.
            mode = draw(st.sampled_from(("zero", "random", "exact")))
            noise = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
            to_final = distances(reverse(succ), finals)
            h = [noise[i] if d is None else {"zero": 0, "random": min(noise[i], d), "exact": d}[mode]
                 for i, d in enumerate(to_final)]
        return table_game(labels, succ, finals, initial, h)

    return games()


def fixed_games(with_h: bool) -> list[dict]:
    """Games every search faces before the random ones: depth 0 (a final initial state on a self-loop)
    for each label kind, then two traps for an IDA* that tests `final` before the bound (which is
    only right if it returns the depth found and accepts it within the bound): a final state one move
    beyond m = h(e0) = 0, and, with m = 2, a path r x1 x2 f on which h = 0 lets the search reach f at
    depth 3 before the optimal r y g."""
    def h(table):
        return table if with_h else None

    return [
        *(table_game(kind, [[0]], [0], 0, h([0])) for kind in LABEL_KINDS),
        named_game({"r": ["f"]}, ["f"], h({"r": 0, "f": 0})),
        named_game({"r": ["x1", "y"], "x1": ["x2"], "x2": ["f"], "y": ["g"]}, ["f", "g"],
                   h({"r": 2, "x1": 0, "x2": 0, "y": 1, "f": 0, "g": 0})),
    ]


class SearchQuestion(Question):
    """q4, q7, q10: the depth on small finite games and on game (1), then the algorithm's signature."""

    module = "jeux"
    function = ""
    with_h = False
    groups = (Group("petits_jeux", 0.5), Group("jeu1", 0.2), Group("algorithme", 0.3))

    def run(self, ctx):
        def judge(game):
            return self.judge(ctx, game)[1]

        small = ctx.check_cases("petits_jeux", fixed_games(self.with_h), judge)
        if small.failure is None:
            seconds = small.seconds
            small = ctx.check("petits_jeux", _strategy_tables(self.with_h), judge)
            small.seconds += seconds
        from hypothesis import strategies as st

        extra = {"h": "log2"} if self.with_h else {}
        jeu1 = ctx.check("jeu1", st.integers(1, 130).map(lambda t: {"kind": "jeu1", "target": t, **extra}),
                         judge, max_examples=15)
        algorithm = ctx.check_cases("algorithme", self.crafted(), self.judge_algorithm(ctx))
        return [small, jeu1, algorithm]

    def judge(self, ctx, game: dict) -> tuple[dict | None, Failure | None]:
        """Run the student's function on `game`: its observations, or why its depth is wrong."""
        payload = {"function": self.function, "game": game, "budget": None}
        reference, seconds = ctx.reference(probe_search, payload)
        budget = BUDGET_FLOOR + BUDGET_FACTOR * reference["total"]
        reply = ctx.call(probe_search, {**payload, "budget": budget}, timeout=ctx.limit(seconds))
        case, drawing = case_view(game), visual(game)
        fn = f"{self.function}()"

        def failure(message, kind="wrong", **params):
            return Failure(kind, message, {"function": fn, **params}, counterexample=case, visual=drawing,
                           expected=params.get("expected"), got=params.get("got"))

        if not reply.ok:
            return None, ctx.failure(reply, case, visual=drawing)
        obs = reply.value
        if not _observation(obs, game):
            return None, failure("jeux.garbled", kind="invalid")
        stop = obs["stop"]
        if stop is not None:
            if stop.get("reason") == "budget":
                return None, failure("jeux.budget", budget=budget, reference=reference["total"])
            return None, failure("jeux.not_a_state", called=str(stop.get("function")), state=str(stop.get("state")))
        if game["kind"] == "table":
            depth = distances(game["succ"], [game["initial"]])
            unreachable = [i for i in obs["tests"] if depth[i] is None]
            if unreachable:
                return None, failure("jeux.unreachable", state=str(shown_labels(game)[unreachable[0]]))
        value, expected = obs["value"], optimum(game)
        if type(value) is not int:
            return None, failure("jeux.not_int", got=_shown_value(value), type=value.get("type"))
        if value != expected:
            return None, failure("jeux.wrong_depth", got=value, expected=expected)
        return obs, None

    def judge_algorithm(self, ctx):
        def judge(game):
            obs, failure = self.judge(ctx, game)
            if failure is not None:
                return failure
            failure = self.signature(game, obs)
            if failure is not None:
                failure.counterexample, failure.visual = case_view(game), visual(game)
            return failure

        return judge

    @abstractmethod
    def crafted(self) -> list[dict]:
        """The games built to tell this algorithm apart from the others."""

    @abstractmethod
    def signature(self, game: dict, obs: dict) -> Failure | None:
        """Why the observed calls on a crafted game are not this algorithm's, or None."""


# Trees whose final state sits in a middle branch: a DFS in either successor order leaves a level
# unfinished before reaching it.
MIDDLE_TREE = named_game({"r": ["a", "b", "c"], "a": ["a1"], "b": ["b1"], "c": ["c1"]}, ["b1"])
DEEP_TREE = named_game({"r": ["x", "y", "z"], "x": ["x1", "x2"], "y": ["y1", "y2"], "z": ["z1", "z2"],
                        "y1": ["t1"], "y2": ["t2", "t3"], "x1": ["u"], "z2": ["v"]}, ["t2"], labels="int")
DAG = named_game({"r": ["a", "b", "b", "c"], "a": ["d", "e"], "b": ["e", "f"], "c": ["f", "g"],
                  "e": ["h", "e"], "f": ["h", "i"], "d": ["j"], "g": ["j"], "i": ["k"]}, ["k"], labels="tuple")


class Q4(SearchQuestion):
    id = "q4"
    function = "bfs"
    functions = ("bfs",)
    points = 2.0

    def crafted(self):
        return [MIDDLE_TREE, DEEP_TREE, DAG]

    def signature(self, game, obs):
        depth = distances(game["succ"], [game["initial"]])
        labels = shown_labels(game)
        deepest = None
        for i in obs["tests"]:
            if deepest is not None and depth[i] < depth[deepest]:
                return Failure("wrong", "q4.not_level_order", {
                    "state": labels[i], "depth": depth[i], "previous": labels[deepest],
                    "previous_depth": depth[deepest]})
            if deepest is None or depth[i] > depth[deepest]:
                deepest = i
        if obs["initial_calls"]["final"] > 2:
            return Failure("wrong", "q4.restarts", {"count": obs["initial_calls"]["final"]})
        return None


class Q7(SearchQuestion):
    id = "q7"
    function = "ids"
    functions = ("ids",)
    points = 2.0

    def crafted(self):
        chain = named_game({"r": ["a", "b"], "a": ["a1", "a2"], "b": ["b1"], "b1": ["b2", "b3"], "b3": ["b4"]},
                           ["b4"], labels="tuple")
        return [DEEP_TREE, chain]

    def signature(self, game, obs):
        tests, expansions = obs["initial_calls"]["final"], obs["initial_calls"]["suivants"]
        depth = optimum(game)
        if max(tests, expansions) < depth:
            return Failure("wrong", "q7.no_restart", {"depth": depth, "tests": tests, "expansions": expansions})
        return None


# IDA* decoys: `a` roots a subtree that h rules out, dead (large h) or alive (exact h, long way).
DECOY = {"r": ["a", "b1"], "a": ["a1", "a2"], "a1": ["a11", "a12"], "a2": ["a21", "a22"],
         "b1": ["b2"], "b2": ["b3"]}
DEAD_DECOY_H = {"r": 3, "b1": 2, "b2": 1, "b3": 0, **{x: 9 for x in ("a", "a1", "a2", "a11", "a12", "a21", "a22")}}


class Q10(SearchQuestion):
    id = "q10"
    function = "idastar"
    functions = ("idastar",)
    points = 3.0
    with_h = True

    def crafted(self):
        low = {**DEAD_DECOY_H, "r": 1, "b1": 1, "b2": 1}  # three bounds: m = 1, 2, 3
        alive = {"r": ["b1", "a"], "a": ["a1", "a2"], "a1": ["z1"], "z1": ["z2"], "z2": ["z3"], "a2": ["a21"],
                 "b1": ["b2"], "b2": ["b3"]}
        alive_h = {"r": 3, "b1": 2, "b2": 1, "b3": 0, "a": 4, "a1": 3, "z1": 2, "z2": 1, "z3": 0, "a2": 7, "a21": 7}
        return [named_game(DECOY, ["b3"], DEAD_DECOY_H), named_game(DECOY, ["b3"], low, labels="int"),
                named_game(alive, ["b3", "z3"], alive_h, labels="tuple")]

    def signature(self, game, obs):
        if obs["calls"]["h"] == 0:
            return Failure("wrong", "q10.no_h")
        succ, h, d = game["succ"], game["h"], optimum(game)
        depth = distances(succ, [game["initial"]])
        open_ = [x for x in range(len(succ)) if depth[x] is not None and depth[x] + h[x] <= d]
        allowed = {game["initial"]} | {y for x in open_ for y in succ[x]}
        labels = shown_labels(game)
        for i in obs["tests"]:
            if i not in allowed:
                # i is reachable (checked by `judge`) and not initial: it has a reachable parent.
                parent = min((x for x in range(len(succ)) if i in succ[x] and depth[x] is not None),
                             key=lambda x: depth[x])
                return Failure("wrong", "q10.not_pruned", {
                    "state": labels[i], "parent": labels[parent], "p": depth[parent], "h": h[parent],
                    "f": depth[parent] + h[parent], "depth": d})
        return None


class Q11(Question):
    id = "q11"
    module = "jeux"
    functions = ("h_jeu1",)
    points = 2.0
    groups = (Group("admissible", 0.5), Group("non_constante", 0.3), Group("entier", 0.2))
    T_MAX = 300
    CHUNK = 2000  # (n, t) pairs per call, so that a slow but valid h (an exact distance) fits the limit

    def run(self, ctx):
        rows: list = []
        for targets in self._chunks():
            payload = {"targets": targets}
            _, seconds = ctx.reference(probe_h_jeu1, payload)
            reply = ctx.call(probe_h_jeu1, payload, timeout=ctx.limit(seconds))
            if not reply.ok:
                failure = ctx.failure(reply, {"t": f"{targets[0]}..{targets[-1]}"})
            elif not self._well_formed(reply.value, targets):
                failure = Failure("invalid", "jeux.garbled", {"function": "h_jeu1(n, t)"})
            elif reply.value["error"] is not None:
                error = reply.value["error"]
                failure = Failure("error", "q11.raised", dict(error), counterexample={"n": error["n"], "t": error["t"]})
            else:
                rows.extend(reply.value["rows"])
                continue
            return [Outcome(g.name, failure) for g in self.groups]
        return [self._admissible(rows), self._non_constant(rows), self._natural(rows)]

    def _chunks(self) -> list[list[int]]:
        chunks = [[]]
        for t in range(1, self.T_MAX + 1):
            if sum(chunks[-1]) + t > self.CHUNK:
                chunks.append([])
            chunks[-1].append(t)
        return chunks

    @staticmethod
    def _well_formed(value, targets) -> bool:
        if type(value) is not dict:
            return False
        error, rows = value.get("error"), value.get("rows")
        if error is not None:
            return (type(error) is dict and type(error.get("n")) is int and type(error.get("t")) is int
                    and type(error.get("detail")) is str)
        return (type(rows) is list and len(rows) == len(targets) and all(
            type(row) is list and len(row) == t and all(
                type(v) is int or (type(v) is dict and type(v.get("repr")) is str and type(v.get("type")) is str)
                for v in row)
            for row, t in zip(rows, targets)))

    @staticmethod
    def _number(v):
        """The numeric value of a returned h (bools, floats and huge ints count), or None."""
        if type(v) is int:
            return v
        if v["type"] == "bool":
            return int(v["repr"] == "True")
        if v["type"] in ("int", "float"):
            try:
                return float(v["repr"])
            except ValueError:
                return None
        return None

    def _cells(self, rows):
        for t, row in enumerate(rows, start=1):
            for n, v in enumerate(row, start=1):
                yield n, t, v

    def _admissible(self, rows) -> Outcome:
        for n, t, v in self._cells(rows):
            if n == 1:
                distance = jeu1_distances(t)
            d = distance[n]
            number = self._number(v)
            if number is None or number > d:
                message = "q11.not_a_number" if number is None else "q11.too_large"
                return Outcome("admissible", Failure("wrong", message, {
                    "n": n, "t": t, "got": _shown_value(v), "distance": d},
                    counterexample={"n": n, "t": t}, expected=f"≤ {d}", got=_shown_value(v)))
        return Outcome("admissible")

    def _non_constant(self, rows) -> Outcome:
        for row in rows:
            if len({_shown_value(v) for v in row}) > 1:
                return Outcome("non_constante")
        return Outcome("non_constante", Failure("wrong", "q11.constant", {"t": self.T_MAX}))

    def _natural(self, rows) -> Outcome:
        for n, t, v in self._cells(rows):
            if type(v) is not int or v < 0:
                kind = "int" if type(v) is int else v["type"]
                return Outcome("entier", Failure("wrong", "q11.not_natural", {
                    "n": n, "t": t, "got": _shown_value(v), "type": kind},
                    counterexample={"n": n, "t": t}, got=_shown_value(v)))
        return Outcome("entier")


QUESTIONS = [Q1(), Q4(), Q7(), Q10(), Q11()]
