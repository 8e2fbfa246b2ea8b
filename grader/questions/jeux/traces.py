"""Algorithms recognised by their defining property, on the trace the parent itself observed.

The trace is GameServer.events: every call of the student's code to `final`, `suivants` and `h`, in
order, as answered by the parent. The crafted games are trees (or, for q4, DAGs) whose initial state
has no predecessor; each criterion below is a property of every correct variant (successors in any
order, goal tested on entry or at generation, duplicates kept or removed, root handled before the
loop, bound or depth returned), and each returns None or a Verdict: the message key and parameters
naming what was seen, and the index of the call where the search went another way (replay.py
replays the trace up to there).

BFS (q4): states are tested level by level and a finished level is never visited again.
  1. In the order of their first `final` test, states have nondecreasing distance from e0 (a DFS goes
     down before finishing a level: the crafted trees put the final state in a middle branch).
  2. For a state x whose every path from e0 has the same length d (on a DAG with cycles, the others are
     skipped), no call on x comes after a call on a state at distance >= d + 2. A BFS is working on
     levels d and d + 1 at most (goal tests at generation reach one level ahead); a search that
     restarts from e0, or from its successors, for each depth (IDS, memoised or not) comes back.

Depth-first passes (q7, q10). The trace is cut into passes: a pass ends when a (function, state) call
repeats one made earlier in the same pass (not right before it: `h` twice in a row is not a restart).
Within a pass, each state the code touches must be the initial state or a successor of a state on the
current path (the states expanded and not yet left): the path is popped until the state's predecessor
is on top. A state goes on the path when the pass expands it: a `suivants` call on it, or, when the
parent served its successors earlier in the same top-level call (a memo of `suivants`: they are a
function of the state), a call on one of its children while it is a child of the top that the pass
has touched since it last left it. That is what a depth-first search with memory linear in the depth
does, over the edges it knows; a BFS or an A* jumps between branches (memoised or not, going back to
a state it has left, or two levels down from the top).

IDS (q7): depth-first passes whose deepest state is at distance m = 0, 1, 2, … (the first pass may
reach depth 1: e0 tested and expanded once before the loop, or the loop starting at m = 1).

IDA* (q10): `h` is called; depth-first passes, as many as figure 3 makes (a single sweep, as an A*
does, is not IDA*); pass k expands (as `walk` counts: calls `suivants` on, or goes down from over
successors served before) exactly the states of figure 3 with bound m_k — m_0 = h(e0), then the
smallest p + h(e) that exceeded the previous bound — and the last pass at most those of its bound.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from grader.questions.jeux.games import distances, idastar_passes, optimum


class Verdict(NamedTuple):
    """What in a trace is not the requested algorithm's: a message key, its fields, and `at`, the index
    in the trace of the first call where the search went another way (the replay marks it)."""

    key: str
    params: dict
    at: int


def reached(game: dict, events: list[tuple[str, int]], depth: int) -> bool:
    """Whether the trace shows the search reaching a final state `depth` moves from e0: a path e0, s1, …,
    s_depth whose states before the last were each expanded (`suivants` called on them) and whose last
    was tested final. Every search that finds a solution makes those calls on the way it took; a depth
    known in advance, guessed, or read from a table of cases does not."""
    table = game["kind"] == "table"
    expanded = {s for f, s in events if f == "suivants"}
    finals = set(game["finals"]) if table else {game["target"]}
    found = {s for f, s in events if f == "final" and s in finals}
    level = {game["initial"] if table else 1}
    for _ in range(depth):
        level = {y for x in level & expanded for y in (game["succ"][x] if table else (2 * x, x + 1))}
    return bool(level & found)


def _depths(succ: list[list[int]], root: int) -> list[int]:
    """Each state's distance from the root. A trace holds reached states only (the judge refused a run
    that touched another before looking at its trace), so no depth read here is None."""
    return cast(list[int], distances(succ, [root]))


def _graded_depths(game: dict) -> list[int | None]:
    """For each state, its distance from e0 if every path from e0 to it has that length, else None."""
    succ, root = game["succ"], game["initial"]
    shortest = distances(succ, [root])
    graded = [d is not None for d in shortest]
    # A state is graded when all its reachable predecessors are graded at distance d - 1.
    changed = True
    while changed:
        changed = False
        for x, row in enumerate(succ):
            for y in row:
                if graded[y] and shortest[x] is not None and (not graded[x] or shortest[x] != shortest[y] - 1):
                    graded[y] = False
                    changed = True
    return [shortest[i] if graded[i] else None for i in range(len(succ))]


def bfs(game: dict, events: list[tuple[str, int]], labels: list):
    depth = _depths(game["succ"], game["initial"])
    deepest = None
    tests = list(_first_tests(events))
    for k, (_, i) in enumerate(tests):
        if deepest is not None and depth[i] < depth[deepest]:
            # The search went another way where it first tested a state deeper than one it tests later.
            went = next(a for a, j in tests[:k] if depth[j] > depth[i])
            return Verdict(
                "q4.not_level_order",
                {"state": labels[i], "depth": depth[i], "previous": labels[deepest], "previous_depth": depth[deepest]},
                went,
            )
        if deepest is None or depth[i] > depth[deepest]:
            deepest = i
    graded = _graded_depths(game)
    farthest = None  # the deepest state touched so far
    for at, (name, i) in enumerate(events):
        level = graded[i]
        if level is not None and farthest is not None and depth[farthest] >= level + 2:
            params = {"state": labels[i], "depth": level, "call": name, "later": labels[farthest]}
            return Verdict("q4.restarts", {**params, "later_depth": depth[farthest]}, _first_return(game, events, at))
        if farthest is None or depth[i] > depth[farthest]:
            farthest = i
    return None


def _first_return(game: dict, events: list[tuple[str, int]], at: int) -> int:
    """Where a search that comes back to a finished level first did so, at or before `at`: the first
    `suivants` call repeated on a state that a single path reaches. Every BFS variant expands such a
    state once (a state may be tested twice, at generation and on entry; figure 1 expands a state
    reached by two paths twice)."""
    succ = game["succ"]
    ways = [0] * len(succ)
    for row in succ:
        for y in row:
            ways[y] += 1
    expanded: set = set()
    for k, (name, x) in enumerate(events[:at]):
        if name == "suivants":
            if x in expanded and ways[x] <= 1 and x not in succ[x]:
                return k
            expanded.add(x)
    return at


def _first_tests(events):
    """(index in the trace, state) in the order of the states' first `final` test."""
    seen = set()
    for at, (name, i) in enumerate(events):
        if name == "final" and i not in seen:
            seen.add(i)
            yield at, i


def passes(events: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The trace cut into depth-first passes (see the module's docstring). Only `final` and `suivants`
    calls cut: `h` may be called on a child when it is generated and again when it is entered."""
    cut: list[list[tuple[str, int]]] = []
    seen: set = set()
    previous = None
    for event in events:
        if event[0] != "h":
            if not cut or (event in seen and event != previous):
                cut.append([])
                seen = set()
            seen.add(event)
        elif not cut:
            cut.append([])
        cut[-1].append(event)
        previous = event
    return cut


def _starts(cut: list[list]) -> list[int]:
    """The index in the trace of each pass's first call, and the trace's length after the last."""
    starts = [0]
    for one_pass in cut:
        starts.append(starts[-1] + len(one_pass))
    return starts


class Path:
    """The current path of a depth-first pass (see the module's docstring): e0, then the states the pass
    expanded below it and has not left. `served`: the states whose successors the parent served earlier
    in the same top-level call; `expanded`: the states the pass expanded, either way."""

    def __init__(self, game: dict, served: set):
        self.succ, self.root = game["succ"], game["initial"]
        self.states = [self.root]
        self.served = set(served)
        self.expanded: set[int] = set()
        self._touched: set[int] = set()  # touched by the pass since it last left them

    def climb(self, x: int):
        """Pops the path, state by state (each one yielded as it is left), until x is its top or a child
        of its top (e0 stays at the bottom); where x is a child of a touched, served child y of the top,
        the pass went down to y (a memo of `suivants`): y is pushed instead. The path is empty where x is
        on no branch of it."""
        while self.states and self.states[-1] != x and x not in self.succ[self.states[-1]]:
            below = self._entered(self.states[-1], x)
            if below is not None:
                self.states.append(below)
                self.expanded.add(below)
                return
            top = self.states.pop()
            self._touched.discard(top)
            yield top

    def _entered(self, top: int, x: int) -> int | None:
        return next((y for y in self.succ[top] if y in self._touched and y in self.served and x in self.succ[y]), None)

    def touch(self, name: str, x: int) -> None:
        """A call the pass made on x, once the path has been climbed to it: x's parent on top, expanded
        (e0's successors too may come from a memo), or x itself."""
        top = self.states[-1]
        if top != x and top in self.served:
            self.expanded.add(top)
        self._touched.add(x)
        if name == "suivants":
            self.served.add(x)
            self.expanded.add(x)
            if self.states[-1] != x:
                self.states.append(x)


def walk(game: dict, events: list[tuple[str, int]], start: int, end: int) -> tuple[int | None, set[int]]:
    """The pass events[start:end] walked as a depth-first search from e0: the index of the first call on a
    state on no branch of the current path (None if there is none), and the states the pass expanded
    up to there, by a `suivants` call or over successors served before, and those without successors,
    already served, that it tested (with a memo, a dead end shows no call below it)."""
    succ = game["succ"]
    path = Path(game, {x for f, x in events[:start] if f == "suivants"})
    tested = set()
    for at in range(start, end):
        name, x = events[at]
        for _ in path.climb(x):
            pass
        if not path.states:
            return at, path.expanded
        path.touch(name, x)
        if name == "final":
            tested.add(x)
    return None, path.expanded | {x for x in tested & path.served if not succ[x]}


def depth_first(game: dict, events: list[tuple[str, int]], labels: list, start: int, end: int):
    """(None if the pass events[start:end] is a depth-first search from e0, else what broke it; the states
    it expanded, as `walk` counts them)."""
    at, expanded = walk(game, events, start, end)
    if at is None:
        return None, expanded
    succ, root = game["succ"], game["initial"]
    name, x = events[at]
    depth = _depths(succ, root)
    parent = min((y for y in range(len(succ)) if x in succ[y] and depth[y] is not None), key=lambda y: depth[y])
    params = {"state": labels[x], "call": name, "parent": labels[parent]}
    return Verdict("jeux.not_depth_first", params, at), expanded


def _first_expansion(game: dict, one_pass: list[tuple[str, int]], states: set) -> int:
    """Where the pass first expanded one of `states` (an index in the pass): its `suivants` call, else (a
    memo) its first call on a child of one, else its test of one without successors."""
    succ = game["succ"]
    ways = (
        lambda f, x: f == "suivants" and x in states,
        lambda f, x: any(x in succ[y] for y in states),
        lambda f, x: f == "final" and x in states,
    )
    return next(k for way in ways for k, (f, x) in enumerate(one_pass) if way(f, x))


def depth_first_passes(game: dict, events: list, cut: list[list], labels: list) -> Verdict | list[set]:
    """What broke the first pass that is not depth-first, or each pass's expanded states."""
    starts = _starts(cut)
    expanded = []
    for start, end in zip(starts, starts[1:]):
        failure, states = depth_first(game, events, labels, start, end)
        if failure:
            return failure
        expanded.append(states)
    return expanded


def _reach(game: dict, one_pass) -> int:
    depth = _depths(game["succ"], game["initial"])
    return max(depth[x] for _, x in one_pass)


def _first_below(game: dict, one_pass, start: int, bound: int) -> int:
    """The index in the trace of the pass's first call on a state deeper than `bound` (its end if none)."""
    depth = _depths(game["succ"], game["initial"])
    return start + next((k for k, (_, x) in enumerate(one_pass) if depth[x] > bound), len(one_pass))


def ids(game: dict, events: list[tuple[str, int]], labels: list) -> Verdict | None:
    cut = passes(events)
    root = game["initial"]
    if len(cut) <= 1:
        params = {
            "tests": sum(1 for f, s in events if f == "final" and s == root),
            "expansions": sum(1 for f, s in events if f == "suivants" and s == root),
            "depth": optimum(game),
        }
        # The first pass goes down to depth 1 at most (m = 0, or m = 1 with e0 tested before the loop).
        return Verdict("q7.no_restart", params, _first_below(game, events, 0, 1))
    walked = depth_first_passes(game, events, cut, labels)
    if isinstance(walked, Verdict):
        return walked
    reach = [_reach(game, one_pass) for one_pass in cut]
    starts = _starts(cut)
    for k, got in enumerate(reach):
        bound = 1 if k == 0 else reach[k - 1] + 1
        if got > bound:  # this pass went below its bound
            went = _first_below(game, cut[k], starts[k], bound)
            return Verdict("q7.bounds", {"reach": ", ".join(map(str, reach))}, went)
        if k and got < bound:  # this pass restarted before reaching its bound
            return Verdict("q7.bounds", {"reach": ", ".join(map(str, reach))}, starts[k + 1])
    return None


def idastar(game: dict, events: list[tuple[str, int]], labels: list) -> Verdict | None:
    if not any(f == "h" for f, _ in events):
        return Verdict("q10.no_h", {}, 0)
    cut = passes(events)
    walked = depth_first_passes(game, events, cut, labels)
    if isinstance(walked, Verdict):
        return walked
    starts = _starts(cut)
    expected = idastar_passes(game)
    depth = _depths(game["succ"], game["initial"])
    h = game["h"]
    bounds = ", ".join(str(p["bound"]) for p in expected)
    if len(cut) == 1 < len(expected):
        allowed = expected[0]["expanded"]
        went = next((k for k, (f, x) in enumerate(events) if f == "suivants" and x not in allowed), len(events))
        return Verdict("q10.single_pass", {"expected": len(expected), "bounds": bounds}, went)
    for k, one_pass in enumerate(cut):
        if k >= len(expected):
            params = {"count": len(cut), "expected": len(expected), "bounds": bounds}
            return Verdict("q10.extra_pass", params, starts[k])
        bound, allowed = expected[k]["bound"], expected[k]["expanded"]

        def at(x, k=k, bound=bound):
            """A message's parameters about state x of pass k."""
            p = depth[x]
            return {
                "pass": k + 1,
                "state": labels[x],
                "p": p,
                "h": h[x],
                "f": p + h[x],
                "bound": bound,
                "bounds": bounds,
            }

        expanded = walked[k]
        beyond = sorted(expanded - allowed, key=lambda x: depth[x])
        if beyond:
            # Marked where the pass first expanded a state beyond its bound.
            return Verdict("q10.not_pruned", at(beyond[0]), starts[k] + _first_expansion(game, one_pass, set(beyond)))
        last = k == len(expected) - 1
        missing = sorted(allowed - expanded, key=lambda x: depth[x])
        if missing and not last:
            return Verdict("q10.not_expanded", at(missing[0]), starts[k + 1])
    if len(cut) < len(expected):
        params = {"count": len(cut), "expected": len(expected), "bounds": bounds}
        return Verdict("q10.missing_passes", params, len(events))
    return None
