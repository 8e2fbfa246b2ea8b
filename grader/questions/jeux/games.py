"""Parent side of parts I-III: the games, the server that answers the student's calls, the oracles.

Games
- A finite game is a table: `{"kind": "table", "labels": L, "initial": i, "succ": [[j, ...], ...],
  "finals": [i, ...], "h": [v, ...] (part III only)}` over states 0..n-1. The student never sees those
  indices: `labels` ("int", "str", "tuple", or a list of names) says what the states look like, so that
  nobody can assume ints. Successor lists may repeat states, loop on themselves and form cycles.
- Game (1) is `{"kind": "jeu1", "target": t}` (e0 = 1, s(n) = [2n, n + 1], F = {t}); for q10 it also
  has `"h": 0`: h = 0, served (any admissible h that is not constant would answer q11: the kit holds
  none, and IDA* with h = 0 still searches game (1), an infinite game of int states, pass after pass).

`GameServer` answers the proxies of grader/questions/jeux/probes.py from the game and records, in the
parent, every call in order: that trace is the only thing the algorithm checks judge. It stops the run
(calls.Stop) when the call budget is spent or when the student's code passes something that is not a
state of the game. A student's run (`ahead`) gets, with each `suivants` answer, `final` and `h` of the
successors returned; the child answers those calls itself and tells them (probes.Held, `_took`), so that
a state a search expands costs one round trip, not two or three (docs/served-calls.md).

Oracles: `distances` (shortest paths in the table), `jeu1_distances` (game (1) towards t, over the
states 1..t), `large_distances` (game (1) for q11's large pairs, read from grader/data/jeu1.json),
`idastar_passes` (the passes of figure 3 on a tree, read from the tree's p + h along each path). Every
expected value is one of these on the very case played.

Nothing here answers a question of the exam: the kit ships this module (docs/student-kit.md). The exact
distances of q11's large pairs come as data, written by reference/answers/jeu1.py (`python -m reference.answers.jeu1`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from grader.questions.api import GraderBug, Served, Stop, Violation, cached, python_source, states
from grader.questions.jeux.probes import LOCAL, MAX_TOLD, TOLD
from reference import graphs

JEU1_DATA = Path(__file__).resolve().parents[2] / "data" / "jeu1.json"

LABEL_KINDS = ("int", "str", "tuple")


# --- States ------------------------------------------------------------------------------------------
def labels_of(spec, n: int) -> list:
    """The states the student sees for indices 0..n-1."""
    if spec == "int":
        return list(range(n))
    if spec == "str":
        return [f"e{i}" for i in range(n)]
    if spec == "tuple":
        return [(i // 4, i % 4) for i in range(n)]
    return list(spec)


def wire(label):
    """A state as states.decode expects it: tuples as lists."""
    return [wire(x) for x in label] if type(label) is tuple else label


def shown(label):
    """A state as JSON shows it: ints and strings as they are, tuples by their repr."""
    return label if type(label) in (int, str) else repr(label)


# --- The server --------------------------------------------------------------------------------------
class GameServer(Served):
    """Answers `final`, `suivants` and `h` for one run of a student's (or the model's) search, and keeps
    the trace: `events`, the (function, state) of every call in order (state: the index of a finite
    game's state, the int of game (1)). The run serves `h` only on a game that has one; each argument
    is a state as states.encode ships one, anything else a protocol violation."""

    def __init__(self, game: dict, budget: int | None = None, ahead: bool = False):
        super().__init__()
        self.game = game
        self.call_budget = budget
        self.ahead = ahead  # a student's run: the successors' final and h given with suivants, calls told
        self.bound: int | None = None  # set by an oracle: calls a correct search makes at most
        self.reset()
        served = {"final", "suivants"} | ({"h"} if "h" in game else set())
        self.names = frozenset(served | ({TOLD} if ahead else set()))
        self.table = game["kind"] == "table"
        if self.table:
            self.labels = labels_of(game["labels"], len(game["succ"]))
            self.index = {label: i for i, label in enumerate(self.labels)}
            self.wired = [wire(label) for label in self.labels]
            self.finals = set(game["finals"])
            self.initial = game["initial"]
        else:
            self.target = game["target"]
            self.initial = 1

    def reset(self) -> None:
        """Forget a run: its calls, its stop (a timed-out run is run again: grader.judge.context.Context.call)."""
        super().reset()
        self.events: list[tuple[str, int]] = []
        self.stop: dict | None = None
        self.given: list[int] = []  # the states returned by suivants in the run, by the number given them
        self.number: dict[int, int] = {}  # state -> its number in `given`

    @property
    def initial_wire(self):
        return self.wired[self.initial] if self.table else 1

    def _halt(self, reason: str, **detail):
        self.stop = {"reason": reason, **detail}
        raise Stop(reason)

    def __call__(self, name: str, args):
        if name == TOLD:  # calls answered in the child, alone: MAX_TOLD wait, or the search ended
            self._took(args)
            return None
        if self.ahead and type(args) is dict and args.keys() == {"state", "told"}:  # calls made before this one
            self._took(args["told"])
            args = args["state"]
        if not states.shipped_state(args):
            raise Violation("jeux.served_not_shipped", function=name)
        if self.stop is not None:
            raise Stop(self.stop["reason"])  # once stopped, every later call is refused too
        state = self._state(args)
        if state is None:
            if not self.table and type(args) is dict and args.get("type") == "int":
                # A positive int too large to ship: a state of game (1), far deeper than any solution.
                self._halt("too_deep", function=name, state=states.shown_wire(args))
            self._halt("not_a_state", function=name, state=states.shown_wire(args))
        self._record(name, state)
        if name == "final":
            return self._final(state)
        if name == "h":
            return self._h(state)
        successors = self.game["succ"][state] if self.table else [2 * state, state + 1]
        wired = [self.wired[j] if self.table else j for j in successors]
        return {"answer": wired, "ahead": [self._give(j) for j in successors]} if self.ahead else wired

    def _record(self, name: str, state: int) -> None:
        """Keep the call in the trace; the run stopped past its budget."""
        if self.call_budget is not None and len(self.events) >= self.call_budget:
            self._halt("budget")
        self.events.append((name, state))

    def _final(self, state: int) -> bool:
        return state in self.finals if self.table else state == self.target

    def _h(self, state: int) -> int:
        return self.game["h"][state] if self.table else 0  # game (1)'s h is 0 (see the module's docstring)

    def _give(self, state: int) -> list | None:
        """A successor returned by suivants: [its number in the run, final, h (None where h is not served)],
        the first time only (None after: the child holds it; a search asking suivants again and again of a
        state with many successors cost the parent 7 times a plain answer, red team 15). Answers to calls
        on a state the search now holds, nothing about any state further."""
        if state in self.number:
            return None
        self.number[state] = len(self.given)
        self.given.append(state)
        return [self.number[state], self._final(state), self._h(state) if "h" in self.names else None]

    def _took(self, told) -> None:
        """The calls the child answered itself (probes.Held), in the order made, each by number (probes.LOCAL):
        kept in the trace as calls sent alone are, up to the budget. A batch longer than MAX_TOLD, a number of
        a state never given, `h` where the run serves none, another shape: a Violation."""
        if not self.ahead or type(told) is not list or len(told) > MAX_TOLD:
            raise Violation("jeux.served_told", most=MAX_TOLD)
        for hit in told:
            if type(hit) is not int or not 0 <= hit < len(LOCAL) * len(self.given):
                raise Violation("jeux.served_told", most=MAX_TOLD)
            number, place = divmod(hit, len(LOCAL))
            if LOCAL[place] not in self.names:
                raise Violation("jeux.served_told", most=MAX_TOLD)
            if self.stop is not None:
                raise Stop(self.stop["reason"])
            self._record(LOCAL[place], self.given[number])

    def _state(self, args):
        label = states.unwire(args)
        if self.table:
            # Exact types: 1 and "e1" or (0, 1) and [0, 1] are different states (dict lookup would
            # mix True with 1: unwire never returns a bool).
            return self.index.get(label) if label is not None and type(label) is type(self.labels[0]) else None
        return label if type(label) is int and label >= 1 else None

    # -- what the checks read ----------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The calls it answered, or (where an oracle stood in for the model answer) at most how many
        a correct search makes."""
        return len(self.events) if self.bound is None else self.bound

    def count(self, name: str, state=None) -> int:
        return sum(1 for f, s in self.events if f == name and (state is None or s == state))

    def first_tests(self) -> list[int]:
        """States in the order of their first `final` test."""
        seen, order = set(), []
        for f, s in self.events:
            if f == "final" and s not in seen:
                seen.add(s)
                order.append(s)
        return order


# --- Oracles -----------------------------------------------------------------------------------------
@cached
def _jeu1_data() -> dict:
    return json.loads(JEU1_DATA.read_text(encoding="utf-8"))


@cached(maxsize=512)
def jeu1_distances(t: int) -> tuple[int, ...]:
    """The distance from each n = 1..t to t in game (1): shortest paths backwards from t over the
    states 1..t, given whole (moves only increase n, so no play towards t leaves them). Listed from t down:
    a state's successors are larger, so each distance is final when its state's edges are read, and the
    rounds of graphs.distances are two, not one per move of the longest path (q11 asks every t up to 300,
    in every worker)."""
    back: dict[int, list[int]] = {m: [] for m in range(t, 0, -1)}
    for n in range(1, t):
        for m in (2 * n, n + 1):
            if m <= t:
                back[m].append(n)
    found = graphs.distances(back, [t])
    return tuple(found[n] for n in range(1, t + 1))


@cached
def large_distances(pairs: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], int]:
    """The exact distance of each of q11's large pairs (t up to 2^62), from grader/data/jeu1.json: written
    for these very pairs, in this order (their digest), else the file is stale (reference/answers/jeu1.py)."""
    large = _jeu1_data()["large"]
    digest = hashlib.sha256(json.dumps([list(p) for p in pairs]).encode()).hexdigest()
    if digest != large["pairs"] or len(pairs) != len(large["distances"]):
        raise GraderBug("jeux.jeu1_data", path=str(JEU1_DATA))
    return dict(zip(pairs, large["distances"]))


def distances(adjacency: list[list[int]], sources) -> list[int | None]:
    """Length of a shortest path from any of `sources` to each state, None when unreachable."""
    found = graphs.distances(adjacency, sources)
    return [found.get(x) for x in range(len(adjacency))]


def reverse(adjacency: list[list[int]]) -> list[list[int]]:
    back: list[list[int]] = [[] for _ in adjacency]
    for x, row in enumerate(adjacency):
        for y in row:
            back[y].append(x)
    return back


def optimum(game: dict) -> int:
    """The depth a search must return: only solvable games are played."""
    depth = (
        jeu1_distances(game["target"])[0]
        if game["kind"] == "jeu1"
        else distances(reverse(game["succ"]), game["finals"])[game["initial"]]
    )
    assert depth is not None, "an unsolvable game"
    return depth


def paths_up_to(game: dict, depth: int) -> list[int]:
    """P[k] = the number of paths of length <= k from e0 (nodes of the search tree down to depth k),
    for k = 0..depth."""
    if game["kind"] == "jeu1":
        return [2 ** (k + 1) - 1 for k in range(depth + 1)]
    ways = {game["initial"]: 1}
    totals = [1]
    for _ in range(depth):
        nxt: dict[int, int] = {}
        for x, w in ways.items():
            for y in game["succ"][x]:
                nxt[y] = nxt.get(y, 0) + w
        ways = nxt
        totals.append(totals[-1] + sum(ways.values()))
    return totals


def search_calls_bound(game: dict, function: str) -> int:
    """At most how many calls the search of figure 1, 2 or 3 makes on a solvable game of optimum d:
    a BFS tests and expands each node of the search tree down to depth d once (2 P[d]); an IDS makes
    passes m = 0..d of 2 P[m] calls; an IDA* h(e0) first, then at most d + 1 passes (bounds are
    integers <= d), each within the tree down to its bound plus the children it prunes: 3 P[m + 1]."""
    d = optimum(game)
    paths = paths_up_to(game, d + 1)
    if function == "bfs":
        return 2 * paths[d]
    if function == "ids":
        return 2 * sum(paths[: d + 1])
    return 1 + 3 * sum(paths[1:])


def idastar_passes(game: dict) -> list[dict]:
    """Figure 3's passes on a tree game, read from the tree: for each pass, its bound m and the states it
    expands (`suivants`), all of them in the passes that fail; the last pass is the one whose bound lets a
    final state in (its `expanded` is every state it may expand before finding one).

    On a tree each state has one path from e0: call F(x) the largest p + h along it, over the states no
    final state precedes (a search stops at a final state). A pass with bound m expands the non-final
    states with F <= m, and the smallest p + h it sees exceed m is the smallest F above m (where the path
    to such a state first goes past m, p + h is that F). So the bounds are h(e0), then each next value of
    F, up to the first that lets a final state in."""
    succ, h, finals, root = game["succ"], game["h"], set(game["finals"]), game["initial"]
    reach = {root: h[root]}
    level = [(root, 0)]
    while level:
        below = []
        for x, p in level:
            if x not in finals:
                for y in succ[x]:
                    reach[y] = max(reach[x], p + 1 + h[y])
                    below.append((y, p + 1))
        level = below
    passes, bound = [], h[root]
    while True:
        expanded = {x for x, f in reach.items() if f <= bound and x not in finals}
        passes.append({"bound": bound, "expanded": expanded})
        above = [f for f in reach.values() if f > bound]
        if any(reach[x] <= bound for x in finals if x in reach) or not above:
            return passes
        bound = min(above)


# --- Building games ----------------------------------------------------------------------------------
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
    table = None if h is None else [h.get(name, 0) for name in names]
    return table_game(labels or names, succ, [number[f] for f in finals], 0, table)


@dataclass(frozen=True)
class Side:
    """A dead leaf beside every step of a `comb`: where it goes among the step's successors, and its h."""

    first: bool  # before the way on (else after it)
    h: int = 0


def comb(depth: int, sides: tuple[Side, ...] = (), labels="int", h=None) -> dict:
    """A chain s0 → s1 → … → s_depth (final), each s_i with the dead leaves `sides`. `h(i)` is the
    chain's h (default 0, admissible: the leaves are dead, so any h goes there)."""
    names, edges, hs = [], {}, {}
    for i in range(depth + 1):
        names.append(f"s{i}")
        hs[f"s{i}"] = h(i) if h else 0
    for i in range(depth):
        first = [f"s{i}{'abcdefgh'[k]}" for k, side in enumerate(sides) if side.first]
        last = [f"s{i}{'abcdefgh'[k]}" for k, side in enumerate(sides) if not side.first]
        edges[f"s{i}"] = [*first, f"s{i + 1}", *last]
        for k, side in enumerate(sides):
            hs[f"s{i}{'abcdefgh'[k]}"] = side.h
    edges[f"s{depth}"] = []
    game = named_game(edges, [f"s{depth}"], hs if h is not None or sides else None)
    if labels != "names":
        game["labels"] = labels
    return game


def fan(width: int, branch: int, depth: int, labels="int") -> dict:
    """e0 with `width` successors, dead leaves but the `branch`-th, from which a chain leads to the final
    state at `depth`: a level of `width` distinct states that a search must go through whole."""
    succ: list[list[int]] = [list(range(1, width + 1))] + [[] for _ in range(width)]
    last = branch + 1
    for _ in range(depth - 1):
        succ.append([])
        succ[last].append(len(succ) - 1)
        last = len(succ) - 1
    return table_game(labels, succ, [last], 0)


def strategy_tables(with_h: bool, max_states: int = 8):
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
            h = [
                noise[i] if d is None else {"zero": 0, "random": min(noise[i], d), "exact": d}[mode]
                for i, d in enumerate(to_final)
            ]
        return table_game(labels, succ, finals, initial, h)

    return games()


# --- Showing games -----------------------------------------------------------------------------------
def shown_labels(game: dict) -> list:
    """A finite game's states as the counterexamples and drawings show them."""
    return [shown(x) for x in labels_of(game["labels"], len(game["succ"]))]


def case_view(game: dict) -> dict:
    """The counterexample as the student reads it, in the exam's notation and Python's syntax: a state
    as the value it is (an int, a str, a tuple), `s` and `h` as dicts keyed by the states themselves
    (written as Python text: results.json's JSON would turn the keys into strings)."""
    if game["kind"] == "jeu1":
        view = {"e0": 1, "s(n)": python_source("[2 * n, n + 1]"), "F": [game["target"]]}
        return {**view, "h(n)": 0} if "h" in game else view
    labels = labels_of(game["labels"], len(game["succ"]))

    def value(label):
        return label if type(label) in (int, str) else python_source(repr(label))

    view = {
        "e0": value(labels[game["initial"]]),
        "s": python_source(repr({labels[i]: [labels[j] for j in row] for i, row in enumerate(game["succ"])})),
        "F": [value(labels[i]) for i in game["finals"]],
    }
    if "h" in game:
        view["h"] = python_source(repr(dict(zip(labels, game["h"]))))
    return view


def visual(game: dict) -> dict | None:
    if game["kind"] != "table":
        return None
    labels = shown_labels(game)
    return {
        "type": "game",
        "initial": labels[game["initial"]],
        "finals": [labels[i] for i in game["finals"]],
        "edges": [[labels[i], labels[j]] for i, row in enumerate(game["succ"]) for j in row],
    }
