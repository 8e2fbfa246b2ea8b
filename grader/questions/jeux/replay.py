"""A failed algorithm check replayed: the student's search beside the requested algorithm's, on the same game.

Computed in the parent from the trace alone (GameServer.events, the calls the parent answered), for the
game on which the algorithm group failed. Each side is the sequence of its `final`, `suivants` and `h`
calls, grouped: a BFS by levels; anything else by passes, a new one wherever the search starts again
from e0 (a call on e0 after calls on other states, or a test or expansion of e0 it already made). The
student's passes say what was seen of them, never a bound their code is supposed to have had: the
deepest state reached (q7), or the largest p + h expanded, the smallest p + h left unexpanded before a
restart, and the p + h of the final state found (q10). The requested algorithm's side is the model
answer itself run on the same game (reference/answers/replays.py), each state's successors in the order the
student's code took them, so that the sides differ by the algorithm only; its passes say their bound m.

Where the sides part, each marks its own call: the student's where their search went another way, the
algorithm's where it does what their code should have done at that point (the first of its calls theirs
do not cover). Depth-first passes are compared pass by pass by their expansions (`suivants`), which every
variant the exam allows makes in the same order (goal tested at generation or on entry, h asked at
generation, e0 tested before the loop, m starting at 1); a BFS by the recogniser's verdict (jeux_traces,
`Verdict.at`). One sentence with its numbers, a message key and its fields rendered late, says it
("b1 : p + h = 2 + 1 = 3 ≤ m = 3, IDA* l'explore ; votre code l'a coupé").

Only where the model answers are installed (replays.algorithms()): in the student kit `replay` is None.
On request (`--replay [N]`, Settings.replay), a passed check is replayed too: game N of the group's
(`Request`), with no divergence and one sentence saying so. Bounded: each side keeps its first
replays.SHOWN_CALLS calls, with its full length said.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from grader.questions.jeux import traces
from grader.questions.api import replays
from grader.questions.jeux.games import distances, visual

NAMES = ("bfs", "ids", "idastar")
# What the class page counts, besides NAMES: an A* (q10), one depth-first pass without restart,
# depth-first passes from e0 that are neither IDS nor IDA*, and anything else.
OTHERS = ("astar", "dfs", "passes", "other")
# The functions of a call, by the initial results keep (reports/replay.py reads them).
CALLED = {"f": "final", "s": "suivants", "h": "h"}

Calls = list[tuple[str, int]]
# What the requested algorithm does where a depth-first search went another way: IDA*'s sentence, and the
# iterative deepening's. (IDS has no estimate: its "estimate" ones are never said.)
SENTENCES = {
    "pruned": ("jeux.replay_pruned", "jeux.replay_pruned_ids"),
    "unexplored": ("jeux.replay_unexplored", "jeux.replay_unexplored_ids"),
    "skipped": ("jeux.replay_skipped", "jeux.replay_skipped_ids"),
    "deeper": ("jeux.replay_deeper", "jeux.replay_deeper_ids"),
    "estimate": ("jeux.replay_estimate", "jeux.replay_estimate"),
    "unestimated": ("jeux.replay_unestimated", "jeux.replay_unestimated"),
    "jump": ("jeux.replay_jump", "jeux.replay_jump_ids"),
    "stops": ("jeux.replay_stops", "jeux.replay_stops_ids"),
    "goal_beyond": ("jeux.replay_goal_beyond", "jeux.replay_goal_beyond_ids"),
}


def _depths(game: dict) -> list[int]:
    return [d if d is not None else -1 for d in distances(game["succ"], [game["initial"]])]


def recognised(game: dict, events: Calls, labels: list) -> str:
    """Which search the trace shows: one of NAMES, else one of OTHERS. On q10's games (with h) only
    IDA* is tried: the BFS and IDS recognisers are made for games without h, whose traces have no `h`
    calls reaching one level ahead."""
    for name in ("idastar",) if "h" in game else ("bfs", "ids"):
        if getattr(traces, name)(game, events, labels) is None:
            return name
    cut = traces.passes(events)
    if "h" in game and len(cut) == 1:
        # A single sweep expanding states by nondecreasing p + h is an A*'s (even where, on a game like
        # this one, the order also happens to be depth-first).
        depth, h = _depths(game), game["h"]
        f = [depth[x] + h[x] for name, x in events if name == "suivants"]
        if all(a <= b for a, b in zip(f, f[1:])):
            return "astar"
    if isinstance(traces.depth_first_passes(game, events, cut, labels), traces.Verdict):
        return "other"
    return "dfs" if len(cut) == 1 else "passes"


# --- Groups ---------------------------------------------------------------------------------------------
def restarts(events: Calls, root: int) -> list[int]:
    """Where each pass starts: at 0, where the recogniser's passes start on another state than e0 (a test
    or expansion repeated: a search restarting from e0's successors, its root's work done once), and at a
    call on e0 after calls
    on other states, or at a test or expansion of e0 already made in the pass (an explicit stack's pass
    m = 0 tests e0 alone, then its pass m = 1 tests it again; `h(e0)` twice is IDA*'s first bound, then
    its first pass)."""
    cuts, elsewhere, start = {0}, False, 0
    for one_pass in traces.passes(events):
        if start < len(events) and events[start][1] != root:  # restarts from e0: the rule below
            cuts.add(start)
        start += len(one_pass)
    made: set[tuple[str, int]] = set()
    for k, call in enumerate(events):
        name, x = call
        if k in cuts or k and x == root and (elsewhere or (name != "h" and call in made)):
            cuts.add(k)
            made, elsewhere = set(), False
        made.add(call)
        elsewhere = elsewhere or x != root
    return sorted(cuts)


def _spans(cuts: list[int], length: int) -> list[tuple[int, int]]:
    return list(zip(cuts, [*cuts[1:], length]))


def observed(game: dict, calls: Calls, a: int, b: int) -> dict:
    """What the pass calls[a:b] of a game with h was seen to do: the largest p + h among the states it
    expanded (`reach`; over successors served before too, as traces.walk counts them), the smallest
    among those it touched and left unexpanded when another pass follows (`cut`: in the last one, a state
    may wait for a goal found first), and the final state's when it found one."""
    depth, h, finals = _depths(game), game["h"], set(game["finals"])
    part, last = calls[a:b], b == len(calls)
    expanded = traces.walk(game, calls, a, b)[1]
    said: dict = {}
    if expanded:
        said["reach"] = max(depth[x] + h[x] for x in expanded)
    left = [depth[x] + h[x] for _, x in part if x not in expanded and x not in finals]
    if left and not last:
        said["cut"] = min(left)
    goal = next((x for name, x in part if name == "final" and x in finals), None)
    if goal is not None:
        said["goal"] = depth[goal] + h[goal]
    return said


def _student_groups(game: dict, events: Calls, seen: str) -> list[tuple[int, dict]]:
    """Levels for a BFS (a new one where a tested state's depth changes), passes otherwise."""
    depth = _depths(game)
    if seen == "bfs":
        groups: list[tuple[int, dict]] = []
        for k, (name, x) in enumerate(events):
            if name == "final" and (not groups or groups[-1][1]["bound"] != depth[x]):
                groups.append((k if groups else 0, {"bound": depth[x]}))
        return groups or [(0, {})]
    spans = _spans(restarts(events, game["initial"]), len(events))
    if "h" not in game:
        return [(a, {"bound": max(depth[x] for _, x in events[a:b])}) for a, b in spans]
    return [(a, observed(game, events, a, b)) for a, b in spans]


def _expected_groups(game: dict, calls: Calls, groups: list[tuple[int, int | None]]) -> list[tuple[int, dict]]:
    """The algorithm's levels or passes with their bound (and, with h, what each pass reaches)."""
    spans = _spans([start for start, _ in groups], len(calls))
    if "h" not in game:
        return [(start, {"bound": bound}) for start, bound in groups]
    return [(a, {"bound": m, **observed(game, calls, a, b)}) for (a, b), (_, m) in zip(spans, groups)]


# --- Where the searches part ---------------------------------------------------------------------------
def _message(key: str, params: dict) -> dict:
    return {"key": key, "params": params}


@dataclass
class _Sides:
    """Both sides of a depth-first replay, and what the sentences say of a state."""

    game: dict
    labels: list
    events: Calls
    calls: Calls
    passes: list[tuple[int, int, int]]  # the algorithm's: first call, end, bound m

    @property
    def with_h(self) -> bool:
        return "h" in self.game

    def fields(self, x: int, bound: int) -> dict:
        p = _depths(self.game)[x]
        if not self.with_h:
            return {"state": self.labels[x], "p": p, "bound": bound}
        h = self.game["h"][x]
        return {"state": self.labels[x], "p": p, "h": h, "f": p + h, "bound": bound}

    def value(self, x: int) -> int:
        """p + h with h, the depth p without."""
        return _depths(self.game)[x] + (self.game["h"][x] if self.with_h else 0)

    def key(self, name: str) -> str:
        """The sentence's key: IDA*'s, or the iterative deepening's (its numbers a depth, not p + h)."""
        return SENTENCES[name][0 if self.with_h else 1]

    def expansions(self, calls: Calls, a: int, b: int, bound: int) -> list[tuple[int, int]]:
        """(index, state) of the `suivants` calls of calls[a:b]: without h, not those at depth m, which
        figure 2 makes (their children are beyond m) and a search testing at generation does not."""
        depth = _depths(self.game)
        return [
            (k, x)
            for k in range(a, b)
            for name, x in [calls[k]]
            if name == "suivants" and (self.with_h or depth[x] != bound)
        ]

    def expected_step(self, k: int, upto: int, start: int, about: int | None = None) -> int:
        """The algorithm's call, in its pass k, that the student's code should have made after its calls
        before `upto` (those since `start` expand, the earlier ones test or estimate): the first it makes
        that theirs do not cover, from its first call on the state `about` the divergence is about (the
        pass's start without one, or where it makes none); its pass's end if none."""
        a, b, _ = self.passes[k]
        first = next((n for n in range(a, b) if self.calls[n][1] == about), a)
        done = [c for n, c in enumerate(self.events[:upto]) if c[0] != "suivants" or n >= start]
        found = replays.first_uncovered(self.calls, first, b, done, {"suivants"}, before=self.calls[a:first])
        return found if found is not None else min(b, len(self.calls) - 1)


def _offset(sides: _Sides, spans: list[tuple[int, int]]) -> int:
    """Which of the algorithm's passes the student's first pass is: an IDS may start at m = 1, its first
    pass then reaching depth 1 (figure 2's pass m reaches depth m)."""
    if sides.with_h or not spans:
        return 0
    depth = _depths(sides.game)
    a, b = spans[0]
    return max(0, min(max((depth[x] for _, x in sides.events[a:b]), default=0), 1, len(sides.passes) - 1))


def passes_part(game: dict, events: Calls, calls: Calls, groups: list, labels: list) -> tuple[int, int, dict] | None:
    """Pass by pass, where the student's depth-first passes (`events`) first part from the algorithm's
    (`calls`, in `groups` with their bound m; see the module's docstring): (student's call, algorithm's
    call, sentence), or None where they do not, whatever the recogniser says."""
    ends = [*(start for start, _ in groups[1:]), len(calls)]
    sides = _Sides(game, labels, events, calls, [(a, b, m) for (a, m), b in zip(groups, ends)])
    root = game["initial"]
    if not events or not sides.passes:
        return None
    spans = _spans(restarts(events, root), len(events))
    # e0 tested (and expanded) once before the loop: a group of calls on e0 before a pass that is one too.
    if len(spans) > 1 and all(x == root for _, x in events[spans[1][0] : spans[1][1]]):
        spans = spans[1:]
    offset = _offset(sides, spans)
    for i, (a, b) in enumerate(spans):
        k = i + offset
        if k >= len(sides.passes):  # the algorithm had stopped: it found a final state in its last pass
            stop = {"goal": sides.labels[calls[-1][1]], "bound": sides.passes[-1][2]}
            return a, len(calls) - 1, _message(sides.key("stops"), stop)
        parted = _pass_part(sides, k, a, b)
        if parted is not None:
            return parted
    if len(spans) + offset < len(sides.passes):
        # The student's search ended on a final state in a pass where the algorithm goes on: found beyond m.
        k = len(spans) + offset - 1
        finals = set(sides.game["finals"])
        last = max((n for n, (name, x) in enumerate(events) if name == "final" and x in finals), default=None)
        if last is not None and k >= 0:
            m, after = sides.passes[k][2], sides.passes[k + 1][2]
            said = {**sides.fields(events[last][1], m), "next": after, "start": sides.labels[root]}
            return last, sides.passes[k + 1][0], _message(sides.key("goal_beyond"), said)
    return None


def _pass_part(sides: _Sides, k: int, a: int, b: int) -> tuple[int, int, dict] | None:
    """Where the student's pass events[a:b] parts from the algorithm's pass k, walking it as a depth-first
    search: a call beyond the bound (IDS: any; IDA*: an expansion), a final state accepted beyond it, a
    state reached without its parent expanded in the pass, a state left while a state below it was not
    dealt with as the algorithm deals with it in this pass (tested or expanded; with h, at least
    estimated), or the pass ended so (a restart, or the end)."""
    walk = _PassWalk(sides, k, a, b)
    for n in range(a, b):
        parted = walk.step(n)
        if parted is not None:
            return parted
    return walk.ended()


class _PassWalk:
    """The student's pass events[a:b] walked call by call against the algorithm's pass k (`_pass_part`)."""

    def __init__(self, sides: _Sides, k: int, a: int, b: int):
        self.sides, self.k, self.a, self.b = sides, k, a, b
        game = sides.game
        self.succ, self.finals, self.depth, self.root = (
            game["succ"],
            set(game["finals"]),
            _depths(game),
            game["initial"],
        )
        self.c, self.d, self.m = sides.passes[k]
        c, d = self.c, self.d
        self.ahead = {x for _, x in sides.expansions(sides.calls, c, d, self.m)}
        self.tested = {x for name, x in sides.calls[c:d] if name == "final"}
        self.order = list(dict.fromkeys(x for _, x in sides.calls[c:d]))  # the algorithm's states, as it reaches them
        self.parent = {y: x for x, row in enumerate(self.succ) for y in row}
        # A pass that does not touch e0 (its successors computed once, before the loop) starts below it.
        rooted = all(x != self.root for _, x in sides.events[a:b])
        self.done: set[int] = {self.root} if rooted else set()  # states the student's pass tested or expanded
        self.expanded: set[int] = {self.root} if rooted else set()
        # An estimate does not change: one made in an earlier pass counts.
        self.estimated = {x for _, x in sides.events[:a]}
        # The current path, over the successors served before this pass too (a memo of `suivants`).
        self.path = traces.Path(game, {x for name, x in sides.events[:a] if name == "suivants"})

    def below(self, x: int, top: int) -> bool:
        while x != top and x in self.parent and x != self.root:
            x = self.parent[x]
        return x == top

    def owed(self, x: int) -> bool:
        """Whether the student's pass has not yet done with x what the algorithm does in this pass."""
        return x not in self.done if x in self.tested else x not in self.estimated

    def parted(self, n: int, about: int, key: str, said: dict) -> tuple[int, int, dict]:
        """The student's call n, the algorithm's call it should have made (about the state `about`), the sentence."""
        return n, self.sides.expected_step(self.k, n, self.a, about), _message(key, said)

    def left(self, top: int, n: int, other: int | None) -> tuple[int, int, dict] | None:
        """Leaving `top` at call n for state `other` (None: the pass ended): the first state below it, in the
        algorithm's order, that the algorithm deals with in this pass and the student's has not."""
        sides, m = self.sides, self.m
        v = next((x for x in self.order if self.below(x, top) and self.owed(x)), None)
        if v is None:
            return None
        touched = [t for t in range(self.a, n) if sides.events[t][1] == v]
        if touched:  # estimated, then left: what the algorithm does after that call
            mark = touched[-1]
            return (
                mark,
                sides.expected_step(self.k, mark + 1, self.a, v),
                _message(sides.key("unexplored"), sides.fields(v, m)),
            )
        if other is None or v not in self.parent:
            return self.parted(n, v, sides.key("skipped" if v in self.tested else "unestimated"), sides.fields(v, m))
        said = {**sides.fields(v, m), "parent": sides.labels[self.parent[v]], "other": sides.labels[other]}
        return self.parted(n, v, sides.key("deeper" if v in self.tested else "estimate"), said)

    def beyond(self, n: int, name: str, x: int) -> tuple[int, int, dict] | None:
        """A call beyond the bound: any call past depth m without h, a final state accepted past it."""
        sides, m = self.sides, self.m
        if not sides.with_h and self.depth[x] > m:  # iterative deepening: no call beyond depth m in pass m
            return self.parted(n, x, "jeux.replay_pruned_ids", {**sides.fields(x, m), "call": name})
        if name == "final" and x in self.finals and sides.value(x) > m:
            after = sides.passes[self.k + 1][2] if self.k + 1 < len(sides.passes) else None
            said = {**sides.fields(x, m), "next": after, "start": sides.labels[self.root]}
            return self.parted(n, x, sides.key("goal_beyond"), said)
        return None

    def reached(self, n: int, name: str, x: int) -> tuple[int, int, dict] | None:
        """The walk climbs back to x's parent, leaving what it left owed; x must have its parent expanded, in
        this pass or, on the path, earlier in the call (a memo of its successors)."""
        for top in self.path.climb(x):
            parted = self.left(top, n, x)
            if parted is not None:
                return parted
        parent = self.parent.get(x)
        served = parent in self.expanded or parent in self.path.served
        if x != self.root and not (self.path.states and served):  # reached without expanding its parent
            said = {**self.sides.fields(x, self.m), "parent": self.sides.labels[self.parent[x]], "call": name}
            return self.parted(n, self.parent[x], self.sides.key("jump"), said)
        return None

    def expansion(self, n: int, x: int) -> tuple[int, int, dict] | None:
        """An expansion the algorithm does not make in this pass: pruned by it, or made after it stopped."""
        sides, m = self.sides, self.m
        if x not in self.ahead:
            if sides.value(x) > m:
                return self.parted(n, x, sides.key("pruned"), sides.fields(x, m))
            if self.k == len(sides.passes) - 1:  # the algorithm found a final state before and stopped
                stop = {"goal": sides.labels[sides.calls[self.d - 1][1]], "bound": m}
                return n, self.d - 1, _message(sides.key("stops"), stop)
        self.done.add(x)
        self.expanded.add(x)
        return None

    def step(self, n: int) -> tuple[int, int, dict] | None:
        name, x = self.sides.events[n]
        parted = self.beyond(n, name, x) or self.reached(n, name, x)
        if parted is not None:
            return parted
        self.estimated.add(x)
        self.path.touch(name, x)
        if name == "final":
            self.done.add(x)
        if name != "suivants" or (not self.sides.with_h and self.depth[x] == self.m):
            return None
        return self.expansion(n, x)

    def ended(self) -> tuple[int, int, dict] | None:
        """The pass ended (a restart, or the end): whatever is left below e0 that the algorithm deals with,
        unless the goal was found in the last pass, as soon as the algorithm or sooner (tested at generation)."""
        events, a, b = self.sides.events, self.a, self.b
        if (
            any(name == "final" and x in self.finals for name, x in events[a:b])
            and self.k == len(self.sides.passes) - 1
        ):
            return None
        return self.left(self.root, b if b < len(events) else b - 1, None)


def _bfs_part(game: dict, events: Calls, calls: Calls, verdict: traces.Verdict, labels: list):
    """A BFS parts where the recogniser placed its verdict; the algorithm's call there is its first that the
    student's calls up to it do not cover."""
    depth, step = _depths(game), min(verdict.at, len(events) - 1)
    name, x = events[step]
    params = verdict.params
    expected = replays.first_uncovered(calls, 0, len(calls), events[:step], {"final", "suivants"})
    at = {"call": name, "state": labels[x], "depth": depth[x]}
    if verdict.key == "q4.not_level_order":
        why = _message("jeux.replay_bfs_level", {**at, "level": params["depth"], "left": params["state"]})
    elif verdict.key == "q4.restarts":
        why = _message("jeux.replay_bfs_once", at)
    else:
        why = _message("jeux.replay_other", {})
    return step, len(calls) - 1 if expected is None else expected, why


def _divergence(asked: str, game: dict, events: Calls, calls: Calls, groups, verdict, labels: list):
    """(student's call, algorithm's call, sentence) where the searches part."""
    if verdict.key == "q10.no_h":
        return 0, 0, _message("jeux.replay_no_h", {})
    if not events:
        return 0, 0, _message("jeux.replay_other", {})
    if asked == "bfs":
        return _bfs_part(game, events, calls, verdict, labels)
    parted = passes_part(game, events, calls, groups, labels)
    if parted is not None:
        return parted
    # The expansions agree pass by pass: what the recogniser saw (a test out of order, for instance).
    step = min(verdict.at, len(events) - 1)
    covered = replays.first_uncovered(calls, 0, len(calls), events[:step], set())
    return step, len(calls) - 1 if covered is None else covered, _message("jeux.replay_other", {})


def requested(algorithms: ModuleType, asked: str, game: dict, events: Calls) -> tuple[Calls, list]:
    """The requested algorithm's run on the game (reference/answers/replays.py's `search`: its calls and its groups),
    each state's successors in the order the student's code took them, its passes cut as `restarts` cuts
    them (replays.student_order)."""
    return algorithms.search(asked, game, replays.student_order(game, events, restarts(events, game["initial"])))


def replay(
    asked: str, game: dict, events: Calls, labels: list, verdict: traces.Verdict | None, number: tuple[int, int]
) -> dict | None:
    """The replay of a trace (see the module's docstring), as plain data: where it is not `asked`'s, where
    each side went (`step`, `expected_step`) and why; with no `verdict` (the check passed), no divergence
    and the sentence saying the search is the one asked for. `number`: the game's number in the group's
    order, and how many games the group has. None where the model answers are not installed."""
    algorithms = replays.algorithms()
    if algorithms is None:
        return None
    seen = asked if verdict is None else recognised(game, events, labels)
    calls, groups = requested(algorithms, asked, game, events)
    if verdict is None:
        step, expected_step, why = None, None, _message("jeux.replay_same", {})
    else:
        step, expected_step, why = _divergence(asked, game, events, calls, groups, verdict, labels)
    return {
        "algorithm": asked,
        "seen": seen,
        "calls": CALLED,
        "student": replays.side(events, _student_groups(game, events, seen), labels),
        "expected": replays.side(calls, _expected_groups(game, calls, groups), labels),
        "step": step,
        "expected_step": expected_step,
        "why": why,
        "game": number[0],
        "games": number[1],
    }


@dataclass
class Request:
    """The algorithm group's games, and the one whose replay was asked for when the check passes
    (`wanted`, counted from 1; None when none was asked): the judge hands each game it found right to
    `keep`, which replays the wanted one."""

    asked: str
    games: list[dict]
    wanted: int | None
    kept: dict | None = None

    def number(self, game: dict) -> tuple[int, int]:
        """The game's number in the group's order (the judge is handed the very objects), and the count."""
        return next(k for k, g in enumerate(self.games, 1) if g is game), len(self.games)

    def keep(self, game: dict, events: Calls, labels: list) -> None:
        if self.wanted is not None and self.number(game)[0] == self.wanted:
            self.kept = replay(self.asked, game, events, labels, None, self.number(game))

    def visual(self, passed: bool) -> dict | None:
        """What a passed group shows: the wanted game drawn with its replay; None otherwise (a failed
        group shows its failure's, a game after the failing one was never played)."""
        if not passed or self.kept is None or self.wanted is None:
            return None
        return {**(visual(self.games[self.wanted - 1]) or {}), "replay": self.kept}
