"""An independent judge of the variants in tests/variants/: is each one really correct, or really wrong?

It imports nothing from grader/ or reference/ (only tests/bruteforce.py, itself independent), so that a
bug in the grader or the model answers cannot hide behind the same bug here. It runs each variant in
this process on cases of its own: exhaustive small games, random games, deep chains (optimum >= 60),
game (1) up to t = 2^62 in exact arithmetic, games needing many IDA* bounds, crafted trees whose
call order tells the algorithms apart, and for the taquin exhaustive tente_* cases, dfs(m, p) below,
at and above the optimum with p > 0 and a non-empty `solution`, and taquin() on states needing seven
to nine IDA* rounds and up to a state whose optimum exceeds 60. A variant is wrong on a question when
a witness is found, correct otherwise.

A variant file declares in its docstring the questions it is right on (`Correct: q4 q7`) and wrong on
(`Wrong: q10`); `python tests/variants/harness.py` prints each variant's classification and witnesses.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import itertools
import math
import random
import re
import resource
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import bruteforce as bf  # noqa: E402  (tests/bruteforce.py: brute-force oracles, independent of the product)

CASE_SECONDS = 3.0  # per call: every correct variant answers the harness's cases in milliseconds
DEEP_SECONDS = 0.5  # taquin() on a state whose optimum exceeds 60: only a quick wrong answer is a witness
# Above what this process already maps, for one witness: a variant runs in the test's own process, and a
# CI run once lost the whole pytest process to the kernel's OOM killer (24 GB) in this module.
MEMORY_BYTES = 3 << 30


# --- Variants ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    path: Path
    family: str  # "jeux" | "taquin" | "recherche"
    declared: tuple[tuple[str, str], ...]  # (question, "correct" | "wrong")

    @property
    def name(self) -> str:
        return f"{self.family}/{self.path.parent.name}/{self.path.stem}"

    def module(self):
        """A fresh copy of the variant's module (its globals untouched by earlier runs)."""
        spec = importlib.util.spec_from_file_location(f"variant_{self.path.stem}", self.path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


def variants() -> list[Variant]:
    found = []
    for path in sorted(HERE.glob("*/*/*.py")):
        doc = path.read_text(encoding="utf-8").split('"""')[1]
        declared = []
        for verdict in ("correct", "wrong"):
            match = re.search(rf"^{verdict.capitalize()}: (.*)$", doc, re.MULTILINE)
            if match:
                declared += [(q, verdict) for q in re.findall(r"[qx]\d+", match[1])]
        found.append(Variant(path, path.parent.parent.name, tuple(sorted(declared))))
    return found


# --- Running student code: time limit and call budget -------------------------------------------------
class Stop(BaseException):
    """Ends a variant's run (time or call budget); a BaseException so that no `except Exception` eats it."""


def _alarm(signum, frame):
    raise Stop("time limit")


def run(function, *args, seconds=CASE_SECONDS):
    """function(*args), or Stop when it exceeds `seconds` (or a call budget raised it)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return function(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def attempt(function, *args, seconds=CASE_SECONDS):
    """('ok', value) | ('stopped', reason) | ('raised', 'Type: message')."""
    try:
        return "ok", run(function, *args, seconds=seconds)
    except Stop as stop:
        return "stopped", str(stop)
    except RecursionError:
        return "raised", "RecursionError"
    except Exception as exc:  # noqa: BLE001 - the variant's own error is an observation
        return "raised", f"{type(exc).__name__}: {exc}"


# --- Parts I-III: games ---------------------------------------------------------------------------------
@dataclass
class Game:
    succ: dict  # state -> list of states
    finals: frozenset
    initial: object
    h: dict | None = None
    name: str = ""

    def depths(self) -> dict:
        """Distance from the initial state to each reachable state."""
        depth, frontier = {self.initial: 0}, [self.initial]
        while frontier:
            nxt = []
            for x in frontier:
                for y in self.succ.get(x, []):
                    if y not in depth:
                        depth[y] = depth[x] + 1
                        nxt.append(y)
            frontier = nxt
        return depth

    def optimum(self) -> int | None:
        return bf.distance_to_final(self.initial, lambda e: list(self.succ.get(e, [])), self.finals.__contains__)


class Trace:
    """The instrumented globals of one run: every call to final / suivants / h, in order."""

    def __init__(self, game, budget):
        self.game, self.budget, self.events = game, budget, []

    def _count(self, kind, e):
        self.events.append((kind, e))
        if len(self.events) > self.budget:
            raise Stop("call budget")

    def final(self, e):
        self._count("final", e)
        return self.game.finals_test(e) if hasattr(self.game, "finals_test") else e in self.game.finals

    def suivants(self, e):
        self._count("suivants", e)
        return self.game.successors(e) if hasattr(self.game, "successors") else list(self.game.succ.get(e, []))

    def h(self, e):
        self._count("h", e)
        return self.game.h_of(e) if hasattr(self.game, "h_of") else self.game.h[e]


class Game1:
    """Game (1): e0 = 1, s(n) = [2n, n + 1], F = {t}; h = the exact-arithmetic ⌈log2(t/n)⌉ when asked."""

    def __init__(self, t, with_h=False):
        self.t, self.initial, self.with_h, self.name = t, 1, with_h, f"jeu (1), t = {t}"
        self.h = {} if with_h else None

    def successors(self, n):
        return [2 * n, n + 1]

    def finals_test(self, n):
        return n == self.t

    def h_of(self, n):
        return 0 if n >= self.t else (-(-self.t // n) - 1).bit_length()

    def optimum(self):
        return game1_distance(1, self.t)


def game1_distance(n: int, t: int) -> int | None:
    """Exact distance from n to t in game (1), for any size (no table): with k doublings, the +1 moves
    before the first doubling count 2^k each and those after the i-th count 2^(k-i), so the fewest for
    r = t - n·2^k is r >> k plus the bits of r below 2^k; minimise over k."""
    if n > t:
        return None
    best, k = None, 0
    while n << k <= t:
        r = t - (n << k)
        cost = k + (r >> k) + bin(r & ((1 << k) - 1)).count("1")
        best = cost if best is None else min(best, cost)
        k += 1
    return best


def play_search(module, function: str, game, budget=200_000, seconds=CASE_SECONDS):
    """Run bfs / ids / idastar on `game`: (status, value, trace)."""
    trace = Trace(game, budget)
    module.initial, module.suivants, module.final = game.initial, trace.suivants, trace.final
    if game.h is not None:
        module.h = trace.h
    status, value = attempt(getattr(module, function), seconds=seconds)
    return status, value, trace


def describe(game) -> str:
    if isinstance(game, Game1):
        return game.name
    return (
        f"{game.name + ': ' if game.name else ''}e0 = {game.initial!r}, s = {game.succ}, F = {sorted(game.finals, key=repr)}"
        + (f", h = {game.h}" if game.h is not None else "")
    )


def small_games(max_states=3):
    """Every solvable game over states 0..n-1 (n <= max_states), initial 0, each successor list a
    subset in index order, every set of final states."""
    for n in range(1, max_states + 1):
        subsets = [list(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
        for rows in itertools.product(subsets, repeat=n):
            succ = dict(enumerate(rows))
            for k in range(1, n + 1):
                for finals in itertools.combinations(range(n), k):
                    game = Game(succ, frozenset(finals), 0)
                    if game.optimum() is not None:
                        yield game


def random_games(rng, count=300, max_states=8):
    """Games with repeated successors, self-loops, cycles, and labels of several kinds."""
    kinds = (lambda i: i, lambda i: f"e{i}", lambda i: (i % 3, i // 3))
    for _ in range(count):
        n = rng.randint(1, max_states)
        label = rng.choice(kinds)
        succ = {label(i): [label(rng.randrange(n)) for _ in range(rng.randint(0, 3))] for i in range(n)}
        finals = frozenset(label(rng.randrange(n)) for _ in range(rng.randint(1, 2)))
        game = Game(succ, finals, label(0))
        if game.optimum() is not None:
            yield game


def chain(length, branches=False):
    """e0 -> e1 -> ... -> e_length, F = {e_length}; with branches, each ei also leads to a dead end."""
    succ = {f"e{i}": [f"e{i + 1}"] for i in range(length)}
    if branches:
        for i in range(length):
            succ[f"e{i}"] = [f"d{i}", f"e{i + 1}"] if i % 2 else [f"e{i + 1}", f"d{i}"]
    return Game(
        succ, frozenset({f"e{length}"}), "e0", name=f"chain of {length}" + (" with dead ends" if branches else "")
    )


def with_h(game, rng, mode):
    """The same game with an admissible h: zero, exact, or random below the distance (any value where
    no final state is reachable)."""
    back = {}
    for x, row in game.succ.items():
        for y in row:
            back.setdefault(y, []).append(x)
    states = set(game.succ) | {y for row in game.succ.values() for y in row} | set(game.finals)
    dist = {}
    for s in states:
        d = bf.distance_to_final(s, lambda e: list(game.succ.get(e, [])), game.finals.__contains__)
        dist[s] = d
    h = {
        s: (rng.randint(0, 9) if d is None else {"zero": 0, "exact": d, "random": rng.randint(0, d)}[mode])
        for s, d in dist.items()
    }
    return Game(game.succ, game.finals, game.initial, h, game.name)


def tree(edges: dict, finals, name):
    return Game(edges, frozenset(finals), "r", name=name)


# Trees whose final state is deep in a middle branch: the order of the calls tells BFS, IDS and IDA* apart.
TREES = [
    tree(
        {
            "r": ["a", "b", "c"],
            "a": ["a1", "a2"],
            "b": ["b1", "b2"],
            "c": ["c1"],
            "a1": ["a11"],
            "b1": ["b11"],
            "b2": ["b21"],
            "c1": ["c11"],
            "a11": ["a111"],
            "b21": ["g"],
        },
        ["g"],
        "tree, goal at depth 4 in the middle",
    ),
    tree(
        {
            "r": ["x", "y"],
            "x": ["x1", "x2"],
            "y": ["y1", "y2"],
            "x1": ["x11"],
            "x2": ["x21"],
            "y1": ["y11"],
            "y2": ["y21"],
            "y11": ["g"],
        },
        ["g"],
        "binary tree, goal at depth 4",
    ),
    tree(
        {"r": ["a", "b"], "a": ["a1"], "b": ["b1"], "a1": ["a2"], "b1": ["b2"]}, ["b2"], "two chains, goal at depth 3"
    ),
]


def idastar_rounds(game) -> int:
    """How many depth-first passes figure 3 makes on `game` (h admissible, a solution exists)."""
    m, rounds = game.h[game.initial], 0
    while True:
        rounds += 1
        best, found = math.inf, False

        def visit(e, p):
            nonlocal best, found
            c = p + game.h[e]
            if c > m:
                best = min(best, c)
                return
            if e in game.finals:
                found = True
                return
            for x in game.succ.get(e, []):
                if not found:
                    visit(x, p + 1)

        visit(game.initial, 0)
        if found:
            return rounds
        m = best


def _ordered(events, kind, depth, first_only=False):
    """The depths of the `kind` calls, in order (first call per state when first_only)."""
    seen, out = set(), []
    for k, e in events:
        if k == kind and not (first_only and e in seen):
            seen.add(e)
            out.append((depth[e], e))
    return out


def _backtracks(events, depth, root):
    """A non-root state tested or expanded after a strictly deeper one (of the same kind of call): what
    a depth-first search restarted from e0 does, and a breadth-first search never does."""
    for kind in ("final", "suivants"):
        deepest = -1
        for d, e in _ordered(events, kind, depth):
            if e != root and d < deepest:
                return f"{kind}({e!r}) at depth {d} after a state at depth {deepest}"
            deepest = max(deepest, d)
    return None


def _expansions(events, game):
    """The expansions the calls show, in order: a `suivants` call expands its state; a call on a state
    whose parent's successors were served before (a memo of `suivants`, which a state's successors, a
    function of it, allow) shows the search going down from that parent: ("entered", parent)."""
    parent = {y: x for x, row in game.succ.items() for y in row}
    served = set()
    for kind, e in events:
        if kind == "suivants":
            served.add(e)
            yield "suivants", e
        elif parent.get(e) in served:
            yield "entered", parent[e]


def _not_depth_first(events, game):
    """On a tree: the first expansion of a state whose parent is not on the path of states expanded and
    not yet left, which a depth-first search never makes (a breadth-first pass does). A pass starts
    again at the root; a search that expands the root once, before its passes, keeps it at the bottom of
    the path. A state entered through a memo may be on the path already (the search comes back to it)."""
    parent = {y: x for x, row in game.succ.items() for y in row}
    path = []
    for kind, e in _expansions(events, game):
        if kind == "entered" and e in path:
            del path[path.index(e) + 1 :]
            continue
        if e == game.initial:
            path = [e]
            continue
        while path and path[-1] != parent.get(e):
            path.pop()
        if not path:
            return f"{e!r} expanded while its parent {parent.get(e)!r} is not on the current path"
        path.append(e)
    return None


def _root_expansions(events, game):
    """How many times the search goes down from e0: a call on e0, then its expansion (a `suivants` call
    on it, or, its successors served before, a call on a child)."""
    root, count, served, called = game.initial, 0, False, False
    children = set(game.succ.get(root, []))
    for kind, e in events:
        if e == root:
            called = True
            served = served or kind == "suivants"
        if called and ((kind, e) == ("suivants", root) or (e in children and served)):
            count, called = count + 1, False
    return count


def algorithm_witness(qid, game, trace, depth_first=True):
    """Why the calls observed on a crafted tree are not those of the question's algorithm, or None
    (`depth_first`: whether the tree has two deep branches, so that IDA*'s passes must backtrack)."""
    depth, events, root = game.depths(), trace.events, game.initial
    if qid == "q4":
        expansions = [e for k, e in events if k == "suivants"]
        if len(set(expansions)) != len(expansions):
            again = next(e for i, e in enumerate(expansions) if e in expansions[:i])
            return f"not a breadth-first search: suivants({again!r}) called twice on a tree"
        for kind, first_only in (("suivants", False), ("final", True)):
            deepest = -1
            for d, e in _ordered(events, kind, depth, first_only):
                if d < deepest:
                    return f"not a breadth-first search: {kind}({e!r}) at depth {d} after depth {deepest}"
                deepest = d
        return None
    if qid == "q7":
        if _backtracks(events, depth, root) is None:
            return "not an iterative deepening search: no state is ever revisited after a deeper one"
        jump = _not_depth_first(events, game)
        return f"not an iterative deepening search: {jump}" if jump else None
    if qid == "q10":
        optimum = game.optimum()
        for k, e in events:
            if k == "suivants" and depth[e] + game.h[e] > optimum:
                return f"not IDA*: {e!r} expanded although p + h = {depth[e]} + {game.h[e]} > {optimum}"
        rounds = idastar_rounds(game)
        expanded = _root_expansions(events, game)
        if expanded != rounds:
            return f"not IDA*: e0 expanded {expanded} times, for {rounds} bounds"
        if depth_first and rounds > 2 and _backtracks(events, depth, root) is None:
            return "not IDA*: no pass is depth-first"
        jump = _not_depth_first(events, game)
        if jump:
            return f"not IDA*: {jump}"
    return None


def judge_search(module, qid) -> str | None:
    function = {"q4": "bfs", "q7": "ids", "q10": "idastar"}[qid]
    rng = random.Random(f"variants:{qid}")
    h_modes = ("zero", "exact", "random")

    def games():
        for game in small_games():
            if qid == "q10":
                for mode in h_modes:
                    yield with_h(game, rng, mode)
            else:
                yield game
        for game in random_games(rng):
            yield with_h(game, rng, rng.choice(h_modes)) if qid == "q10" else game
        for game in (chain(26), chain(60, branches=True), chain(70)):
            yield with_h(game, rng, "zero") if qid == "q10" else game
        # IDA* with ⌈log2(t/n)⌉ stays cheap near powers of two, however large t is.
        targets = (
            range(1, 200) if qid != "q10" else [*range(1, 300), *(2**k + d for k in range(10, 63, 4) for d in (0, 1))]
        )
        for t in targets:
            yield Game1(t, with_h=qid == "q10")

    for game in games():
        expected = game.optimum()
        status, value, _ = play_search(module, function, game)
        if status != "ok" or type(value) is not int or value != expected:
            got = value if status == "ok" else f"{status} ({value})"
            return f"{function}() on {describe(game)}: got {got!r}, optimum {expected}"
    for game in TREES:
        if qid == "q10":
            game = with_h(game, rng, "zero")
        status, value, trace = play_search(module, function, game)
        if status != "ok" or value != game.optimum():
            return f"{function}() on {describe(game)}: got {value!r}, optimum {game.optimum()}"
        witness = algorithm_witness(qid, game, trace)
        if witness:
            return f"{witness} ({describe(game)})"
    if qid == "q10":
        # Decoys that h rules out: IDA* never expands them.
        decoy = Game(
            {"r": ["a", "b"], "a": ["a1", "a2"], "a1": ["a3"], "b": ["b1"], "b1": ["g"]},
            frozenset({"g"}),
            "r",
            {"r": 1, "a": 9, "a1": 9, "a2": 9, "a3": 9, "b": 1, "b1": 1, "g": 0},
            "decoy pruned by h",
        )
        # Bounds 2, 4, 6 (every p + h even): one pass per bound, none for the odd numbers in between.
        steps = Game(
            {"g0": ["g1", "d0"], "d0": [], "g1": ["d1", "g2"], "g2": ["g3"], "g3": ["g4"], "g4": ["g5"], "g5": ["g6"]},
            frozenset({"g6"}),
            "g0",
            {"g0": 2, "g1": 3, "g2": 4, "g3": 3, "g4": 2, "g5": 1, "g6": 0, "d0": 8, "d1": 8},
            "bounds two apart",
        )
        # Bounds 2, 5, 6, 9 along a chain (gaps of 3, 1 and 3), h(e0) = 2 reached again by e0's child c1;
        # on each chain state a dead end within the bound comes before the way on, a child cut by h
        # after it.
        chain_h = [2, 1, 3, 3, 2, 4, 3, 2, 1, 0]
        uneven = {f"c{i}": [f"d{i}", f"c{i + 1}", f"x{i}"] for i in range(9)}
        h_uneven = {f"c{i}": v for i, v in enumerate(chain_h)}
        h_uneven.update({f"d{i}": max(0, chain_h[i] - 1) for i in range(9)})
        h_uneven.update({f"x{i}": 20 for i in range(9)})
        uneven_bounds = Game(uneven, frozenset({"c9"}), "c0", h_uneven, "bounds 2, 5, 6, 9")
        # The first tree with h = 0 everywhere: one pass per depth, each of which must go depth first.
        flat = TREES[0]
        states = set(flat.succ) | {y for row in flat.succ.values() for y in row}
        flat = Game(flat.succ, flat.finals, flat.initial, dict.fromkeys(states, 0), f"{flat.name}, h = 0")
        # Bounds 1 then 12 on a chain: any bound raised by less than 11 at a time makes a pass in between.
        jump_h = {f"j{i}": 12 - i for i in range(13)} | {"j0": 1}
        jump = Game({f"j{i}": [f"j{i + 1}"] for i in range(12)}, frozenset({"j12"}), "j0", jump_h, "bounds 1, 12")
        for game, optimum in ((decoy, 3), (steps, 6), (uneven_bounds, 9), (flat, 4), (jump, 12)):
            status, value, trace = play_search(module, function, game)
            witness = (
                algorithm_witness(qid, game, trace, depth_first=False)
                if status == "ok" and value == optimum
                else f"got {value!r}, optimum {optimum}"
            )
            if witness:
                return f"{witness} ({describe(game)})"
    return None


def judge_h(module) -> str | None:
    """Admissible (exhaustive to t = 300, then around powers of two up to 2^62, exactly), a natural
    integer, and not constant."""
    h_jeu1 = module.h_jeu1
    values = set()
    pairs = [(n, t) for t in range(1, 301) for n in range(1, t + 1)]
    pairs += sorted(
        {
            (n, n * 2**k + d)
            for k in range(1, 63)
            for n in range(1, 65)
            for d in (-1, 0, 1)
            if 1 <= n <= n * 2**k + d < 2**63
        },
        key=lambda p: (p[1], p[0]),
    )
    small = {t: bf.game1_distances(t) for t in range(1, 301)}
    for n, t in pairs:
        status, v = attempt(h_jeu1, n, t)
        if status != "ok":
            return f"h_jeu1({n}, {t}): {status} {v}"
        if type(v) is not int or v < 0:
            return f"h_jeu1({n}, {t}) = {v!r} is not a natural integer"
        d = small[t][n] if t <= 300 else game1_distance(n, t)
        if v > d:
            return f"h_jeu1({n}, {t}) = {v} > distance {d}"
        if t <= 300:
            values.add((t, v))
    if all(len({v for (t2, v) in values if t2 == t}) == 1 for t in range(1, 301)):
        return "h_jeu1 is constant"
    return None


def judge_solution_42(module) -> str | None:
    status, path = attempt(module.solution_42)
    if status != "ok" or type(path) is not list:
        return f"solution_42(): {status} {path!r}"
    if path[:1] != [1] or path[-1:] != [42] or any(b not in (2 * a, a + 1) for a, b in zip(path, path[1:])):
        return f"solution_42() = {path} is not a solution"
    if len(path) - 1 != bf.game1_distances(42)[1]:
        return f"solution_42() has {len(path) - 1} moves, the optimum is {bf.game1_distances(42)[1]}"
    return None


# --- Extension x1: the IDA* notebook's search(start, goal, next_states, heuristic), returning the path -------
class Graph:
    """A directed graph for x1, its heuristic a table over (state, target) pairs (admissible towards every
    target it reaches, anything elsewhere: so that a search asking heuristic(goal, state) is misled),
    next_states answering a list or a set; the calls counted against a budget."""

    def __init__(self, succ: dict, start, goal, h: dict, container=list, name=""):
        self.succ, self.start, self.goal, self.h, self.container, self.name = succ, start, goal, h, container, name
        self.calls = 0

    def distance(self, a, b):
        return bf.distance_to_final(a, lambda e: list(self.succ.get(e, [])), b.__eq__)

    def next_states(self, state):
        self._count()
        return self.container(self.succ.get(state, []))

    def heuristic(self, state, target):
        self._count()
        return self.h.get((state, target), 0)

    def _count(self):
        self.calls += 1
        if self.calls > 200_000:
            raise Stop("call budget")

    def __str__(self):
        h = {k: v for k, v in self.h.items() if v}
        return (
            f"{self.name + ': ' if self.name else ''}start {self.start!r}, goal {self.goal!r}, "
            f"next_states = {self.succ} ({self.container.__name__}), heuristic = {h} (0 elsewhere)"
        )


def graph_heuristic(succ, states, rng=None):
    """h(x, y): the distance, or for a random graph a random value at most the distance; 9 where y cannot be
    reached from x."""
    h = {}
    for x in states:
        for y in states:
            d = bf.distance_to_final(x, lambda e: list(succ.get(e, [])), y.__eq__)
            h[(x, y)] = 9 if d is None else (d if rng is None else rng.randint(0, d))
    return h


def small_graphs():
    """Every directed graph over states 0..n-1 (n <= 3), start 0, every goal it reaches, with h towards
    the goal zero or exact on each state (h between other pairs: exact, 9 where unreachable)."""
    for n in range(1, 4):
        subsets = [list(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
        for rows in itertools.product(subsets, repeat=n):
            succ = dict(enumerate(rows))
            exact = graph_heuristic(succ, range(n))
            for goal in range(n):
                if exact[(0, goal)] == 9:  # the goal cannot be reached
                    continue
                for zeros in itertools.product((False, True), repeat=n):
                    h = {**exact, **{(x, goal): 0 for x in range(n) if zeros[x]}}
                    for container in (list, set):
                        yield Graph(succ, 0, goal, h, container)


def random_graphs(rng, count=300, max_states=8):
    for _ in range(count):
        n = rng.randint(1, max_states)
        label = rng.choice((lambda i: i, lambda i: f"s{i}"))
        succ = {label(i): [label(rng.randrange(n)) for _ in range(rng.randint(0, 3))] for i in range(n)}
        states = [label(i) for i in range(n)]
        goal = rng.choice(states)
        graph = Graph(succ, label(0), goal, graph_heuristic(succ, states, rng), rng.choice((list, set)))
        if graph.distance(graph.start, goal) is not None:
            yield graph


# The documents' sliding puzzle: n×n cells row-major, 0 the blank, the goal 1 … n²−1 then the blank.
def puzzle_goal(n):
    return tuple(range(1, n * n)) + (0,)


def puzzle_successors(state, n):
    blank = state.index(0)
    i, j = divmod(blank, n)
    out = []
    for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= i + di < n and 0 <= j + dj < n:
            cells = list(state)
            other = (i + di) * n + j + dj
            cells[blank], cells[other] = cells[other], 0
            out.append(tuple(cells))
    return out


def puzzle_manhattan(state, n):
    return sum(abs(c // n - (t - 1) // n) + abs(c % n - (t - 1) % n) for c, t in enumerate(state) if t)


def receding_walk(rng, n, length):
    """A walk from the goal where every move takes a tile further from home: its Manhattan sum is its
    length, so that length is the optimum (a lower bound reached)."""
    state = puzzle_goal(n)
    while puzzle_manhattan(state, n) < length:
        further = [t for t in puzzle_successors(state, n) if puzzle_manhattan(t, n) > puzzle_manhattan(state, n)]
        if not further:
            state = puzzle_goal(n)
            continue
        state = rng.choice(further)
    return state


def _path_witness(path, start, goal, optimum, is_step) -> str | None:
    if not isinstance(path, list) or not path:
        return f"returned {path!r}, not a path"
    if path[0] != start or path[-1] != goal:
        return f"returned {path!r}: not from {start!r} to {goal!r}"
    for a, b in zip(path, path[1:]):
        if not is_step(a, b):
            return f"returned {path!r}: {a!r} -> {b!r} is not a step"
    if len(path) - 1 != optimum:
        return f"returned a path of {len(path) - 1} steps, the optimum is {optimum}"
    return None


def judge_search_path(module) -> str | None:
    """x1: a shortest path on every small graph and on random ones (a list or a set of successors, the
    heuristic asked towards the goal), on 3×3 puzzles, and on 4×4 puzzles 30–40 moves away that the
    Manhattan sum solves in one pass (a search that does not use it cannot end in time)."""
    rng = random.Random("variants:x1")
    for graph in itertools.chain(small_graphs(), random_graphs(rng)):
        status, path = attempt(module.search, graph.start, graph.goal, graph.next_states, graph.heuristic)
        if status != "ok":
            return f"search() on {graph}: {status} {path}"
        witness = _path_witness(
            path,
            graph.start,
            graph.goal,
            graph.distance(graph.start, graph.goal),
            lambda a, b: b in graph.succ.get(a, []),
        )
        if witness:
            return f"search() on {graph}: {witness}"
    cases = [(3, receding_walk(rng, 3, k)) for k in (4, 8, 12, 14)]
    cases += [(4, receding_walk(rng, 4, k)) for k in (12, 30, 40)]
    for n, start in cases:
        goal = puzzle_goal(n)
        optimum = (
            bf.distance_to_final(start, lambda e: puzzle_successors(e, n), goal.__eq__)
            if n == 3
            else puzzle_manhattan(start, n)
        )
        for container in (set, list):

            def next_states(state, n=n, container=container):
                return container(puzzle_successors(state, n))

            def heuristic(state, target, n=n, goal=goal):
                return puzzle_manhattan(state, n) if target == goal else 0

            status, path = attempt(module.search, start, goal, next_states, heuristic)
            if status != "ok":
                return f"search() on the {n}×{n} puzzle {start} (optimum {optimum}): {status} {path}"
            witness = _path_witness(path, start, goal, optimum, lambda a, b, n=n: b in puzzle_successors(a, n))
            if witness:
                return f"search() on the {n}×{n} puzzle {start}: {witness}"
    return None


# --- Part IV: the taquin -------------------------------------------------------------------------------
# States are bruteforce's: 16 cells in row-major order, tiles 0..14, None for the blank.
MOVES = ("Gauche", "Bas", "Droite", "Haut")
JUNK = (0, 15, -1, 7)  # what the blank cell holds: not significant


def names(module, moves):
    """The variant's own values for move names (its Deplacement members when it has that enum)."""
    kind = getattr(module, "Deplacement", None)
    return [kind[m] if kind is not None else m for m in moves]


def name_of(value):
    name = getattr(value, "name", value)
    return name if name in MOVES else None


def install(module, state, junk=0, history=(), convention="last"):
    module.grid = [[junk if state[4 * i + j] is None else state[4 * i + j] for j in range(4)] for i in range(4)]
    module.h = bf.manhattan(state)
    module.li, module.lj = divmod(state.index(None), 4)
    ordered = list(history) if convention == "last" else list(reversed(history))
    module.solution = names(module, ordered)
    module.minimum = math.inf


def observed(module):
    """(state, h, solution as names in the order the variant keeps them) after a call."""
    li, lj = module.li, module.lj
    cells = [None if (c // 4, c % 4) == (li, lj) else module.grid[c // 4][c % 4] for c in range(16)]
    return tuple(cells), module.h, [name_of(m) for m in module.solution]


def convention_of(module) -> str:
    """Where the variant's tente_* keep the most recent move: 'last' (the convention) or 'first'."""
    state = bf.play(bf.GOAL, ["Droite", "Bas"])  # blank at (2, 2): every move possible
    install(module, state, history=["Haut"])
    module.tente_gauche()
    return "first" if [name_of(m) for m in module.solution] == ["Gauche", "Haut"] else "last"


def judge_move(module) -> str | None:
    rng = random.Random("variants:q15")
    for trial in range(400):
        tiles = list(range(15)) + [None]
        rng.shuffle(tiles)
        state = tuple(tiles)
        for move, after in bf.successors(state):
            junk = JUNK[trial % len(JUNK)]
            install(module, state, junk)
            bi, bj = divmod(after.index(None), 4)
            status, raised = attempt(module.move, bi, bj)
            got = observed(module) if status == "ok" else None
            if got is None or got[0] != after or got[1] != bf.manhattan(after):
                return f"move({bi}, {bj}) on {state} (blank holding {junk}): {status} {raised}, " + (
                    f"state {got[0]} h {got[1]}, expected {after} h {bf.manhattan(after)}" if got else ""
                )
    return None


def judge_tente(module) -> str | None:
    convention = convention_of(module)
    base = bf.random_walk(random.Random("variants:q16"), 30)
    tiles = [t for t in base if t is not None]
    histories = [[]] + [[m] for m in MOVES] + [[a, b] for a in MOVES for b in MOVES]
    for blank in range(16):
        state = tuple(tiles[:blank]) + (None,) + tuple(tiles[blank:])
        legal = dict(bf.successors(state))
        for move in MOVES:
            for history in histories:
                junk = JUNK[len(history) % len(JUNK)]
                install(module, state, junk, history, convention)
                status, accepted = attempt(getattr(module, f"tente_{move.lower()}"))
                expected = move in legal and not (history and history[-1] == bf.REVERSE[move])
                after = legal[move] if expected else state
                solution = history + [move] if expected else history
                if convention == "first":
                    solution = solution[::-1]
                got = observed(module) if status == "ok" else None
                if (
                    status != "ok"
                    or accepted is not expected
                    or got[0] != after
                    or got[1] != bf.manhattan(after)
                    or got[2] != solution
                ):
                    return (
                        f"tente_{move.lower()}() with the blank at {divmod(blank, 4)}, solution = {history} "
                        f"(kept most recent {convention}): returned {accepted!r}, expected {expected}; "
                        f"solution {got[2] if got else None}, expected {solution}"
                    )
    return None


@functools.lru_cache(maxsize=None)
def taquin_states():
    """(state, optimum) for random walks from the goal, optimum <= 16, with several detours (optimum > h)."""
    rng = random.Random("variants:taquin")
    found = {bf.GOAL: 0}
    while len(found) < 40:
        state = bf.random_walk(rng, rng.randint(1, 24))
        if state not in found:
            try:
                found[state] = bf.optimal_length(state, limit=16)
            except ValueError:
                continue
    return sorted(found.items(), key=lambda item: (item[1], bf.manhattan(item[0])))


@functools.lru_cache(maxsize=None)
def many_rounds_states():
    """(state, optimum <= 22) whose optimum exceeds h by 12, 14 and 16 (seven to nine IDA* rounds), two of
    each: the goal with two pairs of tiles exchanged (an even permutation, the blank in place: solvable),
    then a short walk. Short optima keep a slow correct variant (h recomputed at each move) within
    CASE_SECONDS."""
    rng = random.Random("variants:rounds")
    wanted = {12: 2, 14: 2, 16: 2}
    found = []
    while any(wanted.values()):
        cells = list(bf.GOAL)
        a, b, c, d = (cells.index(t) for t in rng.sample(range(15), 4))
        cells[a], cells[b] = cells[b], cells[a]
        cells[c], cells[d] = cells[d], cells[c]
        state = bf.random_walk(rng, rng.randint(0, 6), start=tuple(cells))
        if bf.manhattan(state) > 8:  # the optimum would be too far for the bidirectional search
            continue
        try:
            optimum = bf.optimal_length(state, limit=22)
        except ValueError:
            continue
        detour = optimum - bf.manhattan(state)
        if wanted.get(detour):
            wanted[detour] -= 1
            found.append((state, optimum))
    return found


def judge_dfs(module) -> str | None:
    """dfs(m, p) against next_threshold (figure 3's tree, no immediate reversal), with m below, at and
    above the optimum, p = 0 or 2 with a matching `solution`, and every junk value."""
    convention = convention_of(module)
    rng = random.Random("variants:q17")
    for state, optimum in taquin_states():
        for p in (0, 2):
            history = [rng.choice(MOVES) for _ in range(p)]
            previous = history[-1] if history else None
            h0 = bf.manhattan(state)
            # From a bound the root already exceeds (never below p: a negative budget means nothing) to
            # above the optimum.
            for m in range(p + max(h0 - 1, 0), p + optimum + 4):
                try:
                    bound = p + bf.next_threshold(state, m - p, previous)
                    expect_found = False
                except ValueError:
                    expect_found = True
                junk = JUNK[m % len(JUNK)]
                install(module, state, junk, history, convention)
                status, found = attempt(module.dfs, m, p)
                call = f"dfs({m}, {p}) on {state} (optimum {optimum}, h {h0}, solution = {history})"
                if status != "ok" or found is not expect_found:
                    return f"{call}: {status} {found!r}, expected {expect_found}"
                got_state, got_h, got_solution = observed(module)
                if convention == "first":
                    got_solution = got_solution[::-1]
                if not expect_found:
                    if (got_state, got_h, got_solution) != (state, h0, history):
                        return f"{call}: False but the state or solution is not restored"
                    if getattr(module, "minimum", None) != bound:
                        return f"{call}: minimum = {getattr(module, 'minimum', None)!r}, expected {bound}"
                else:
                    moves = got_solution[p:]
                    if (
                        got_solution[:p] != history
                        or None in moves
                        or len(moves) > m - p
                        or bf.play(state, moves) != bf.GOAL
                    ):
                        return (
                            f"{call}: True but solution = {got_solution} is not {history} + a solution within {m - p}"
                        )
    return None


def _rotated_goal():
    """The goal turned by 180° (blank top left): h = 58, solvable, optimum above 60."""
    return tuple(reversed(bf.GOAL))


def judge_taquin(module) -> str | None:
    for state, optimum in [*taquin_states(), *many_rounds_states()]:
        install(module, state, JUNK[optimum % len(JUNK)])
        status, moves = attempt(module.taquin)
        if status != "ok" or not isinstance(moves, list):
            return f"taquin() on {state} (optimum {optimum}): {status} {moves!r}"
        played = [name_of(m) for m in moves]
        try:
            reached = bf.play(state, played)
        except KeyError:
            reached = None
        if reached != bf.GOAL or len(played) != optimum:
            return (
                f"taquin() on {state} (optimum {optimum}) returned {played}: not an optimal solution in playing order"
            )
    state = _rotated_goal()
    install(module, state)
    status, moves = attempt(module.taquin, seconds=DEEP_SECONDS)
    if status == "ok":  # a correct answer takes far longer: any quick answer is checked
        played = [name_of(m) for m in moves] if isinstance(moves, list) else None
        if played is None or len(played) <= 60 or bf.play(state, played) != bf.GOAL:
            return f"taquin() on the goal turned by 180° (optimum above 60): returned {moves!r}"
    if status == "raised":  # the state has a solution: giving up on it is no answer
        return f"taquin() on the goal turned by 180° (optimum above 60): {moves}"
    return judge_bound_update(module)


# A state whose passes under _conflict_h cut m + 2, then m + 1 (11 -> 13 -> 14 -> ...): a next bound taken
# from anywhere but `minimum` (a step by 2 or by 1) leaves the minimum there.
BOUND_STATE = (0, None, 1, 2, 4, 5, 6, 3, 8, 12, 9, 7, 13, 14, 10, 11)
UNDO = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}


def _conflict_h(state) -> int:
    """Manhattan's sum plus one for each tile a linear conflict drives out of its row or column (those
    outside the longest run already in goal order): admissible and consistent, its parity not Manhattan's."""

    def driven_out(homes: list) -> int:
        longest: list[int] = []
        for k, home in enumerate(homes):
            longest.append(1 + max((longest[i] for i in range(k) if homes[i] < home), default=0))
        return len(homes) - max(longest, default=0)

    extra = 0
    for line in range(4):
        extra += driven_out([t % 4 for t in state[4 * line : 4 * line + 4] if t is not None and t // 4 == line])
        extra += driven_out([t // 4 for t in state[line::4] if t is not None and t % 4 == line])
    return bf.manhattan(state) + extra


def judge_bound_update(module) -> str | None:
    """taquin() over a dfs of the harness's, DFS* searching with _conflict_h (h set to its value): each bound
    taquin asks must be the minimum the previous call left. None when taquin calls no `dfs` of its module."""
    convention, state = convention_of(module), BOUND_STATE
    calls: list[tuple[int, float]] = []  # (m, the minimum left)

    def search(node, m, p, path):
        f = p + _conflict_h(node)
        if f > m:
            module.minimum = min(module.minimum, f)
            return None
        if node == bf.GOAL:
            return path
        for move, after in bf.successors(node):
            if not path or path[-1] != UNDO[move]:
                found = search(after, m, p + 1, [*path, move])
                if found is not None:
                    return found
        return None

    def dfs(m, p):
        if p == 0:  # whether taquin or dfs resets it is a division of labour: read either way
            module.minimum = math.inf
        found = search(state, m, p, [])
        calls.append((m, module.minimum))
        if found is not None:
            module.solution = names(module, found if convention == "last" else found[::-1])
        return found is not None

    own = module.dfs
    install(module, state)
    module.h, module.dfs = _conflict_h(state), dfs
    try:
        attempt(module.taquin)
    finally:
        module.dfs = own
    for (m, left), (bound, _) in zip(calls, calls[1:]):
        if bound != left:
            return f"taquin() on {state} with h = {_conflict_h(state)}: bound {bound} after {m}, dfs left minimum {left}"
    return None


JUDGES = {
    "q1": judge_solution_42,
    "q4": lambda m: judge_search(m, "q4"),
    "q7": lambda m: judge_search(m, "q7"),
    "q10": lambda m: judge_search(m, "q10"),
    "q11": judge_h,
    "q15": judge_move,
    "q16": judge_tente,
    "q17": judge_dfs,
    "q18": judge_taquin,
    "x1": judge_search_path,
}


@contextlib.contextmanager
def memory_capped(extra: int = MEMORY_BYTES):
    """An address-space cap on this process for the block: a variant that allocates without end gets a
    MemoryError (its own error, a witness) instead of taking the machine down with the test run."""
    with open("/proc/self/status") as status:
        mapped = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = mapped + extra
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def witness(variant: Variant, qid: str) -> str | None:
    """Why `variant` is wrong on `qid`, or None when the harness finds nothing wrong."""
    module = variant.module()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    with memory_capped():
        return JUDGES[qid](module)


def classify(variant: Variant) -> dict[str, str | None]:
    return {qid: witness(variant, qid) for qid, _ in variant.declared}


if __name__ == "__main__":
    import time

    for v in variants():
        if len(sys.argv) > 1 and not any(a in v.name for a in sys.argv[1:]):
            continue
        for qid, verdict in v.declared:
            started = time.perf_counter()
            w = witness(v, qid)
            mark = "ok " if (w is None) == (verdict == "correct") else "XX "
            print(
                f"{mark}{v.name} {qid} declared {verdict} ({time.perf_counter() - started:.1f} s): {(w or 'no witness')[:300]}"
            )
