"""x1's graphs served from the parent, and a failed graph check replayed (parent only).

On a graph case the student's `search` gets proxies: `next_states(state)` and `heuristic(state, target)`
are answered by a SearchServer in the parent, which keeps the trace (`events`: ("next_states", x) and
("heuristic", x, y), states as indices of the case's list). The run serves those two names and nothing
else; an argument is a state as states.encode ships one (else a protocol violation), and must be
one of the graph's states, of the case's type (else the run is stopped: the student's search called
a function on something that is no state). A call budget, a multiple of the model answer's calls on
the same case, stops a search that does not end. Puzzles stay in the child: a 4×4 search makes
thousands of calls, too many round trips, and the trace would be too long to show.

The replay, for the graph on which the check failed (q10's format, grader/questions/replays.py, drawn
by reports/replay.py): the student's calls grouped as read here (passes from the start state, each with
the largest p + h it expanded, or BFS levels), beside the notebook's IDA* (reference/recherche.py,
written again here) run on the same graph following the student's order state by state (`_next`).
There is no `final`: the goal is compared with ==, so the sides are compared by their
expansions (next_states calls), which every correct variant makes in the same order whatever it does
with `heuristic` (called at generation, cached, once more before the loop). Where they first differ,
or at the first heuristic call whose target is not the goal, one sentence says what IDA* does there.
"""

from __future__ import annotations

import math
from typing import NamedTuple, cast

from grader.questions.api import Served, Stop, Violation, replays, states
from reference import graphs

# A student's run is stopped past BUDGET_FLOOR + BUDGET_FACTOR × the model answer's calls on the case:
# far above any variant of IDA* (h called at generation, bounds from 0, successors in another order).
BUDGET_FLOOR = 2000
BUDGET_FACTOR = 10


class SearchServer(Served):
    """Answers `next_states` and `heuristic` on one graph case for one run, and keeps the trace."""

    names = frozenset({"next_states", "heuristic"})

    def __init__(self, case: dict, budget: int | None = None):
        super().__init__()
        self.case = case
        self.call_budget = budget
        self.bound: int | None = None  # set by the oracle: calls a correct search makes at most
        self.game = graph_game(case)
        self.kind = type(case["start"])
        self.succ = [list(row) for _, row in case["next_states"]]  # as the case lists them, repeats kept
        self.reset()

    def reset(self) -> None:
        super().reset()
        self.events: list[tuple] = []
        self.stop: dict | None = None

    def _halt(self, reason: str, **detail):
        self.stop = {"reason": reason, **detail}
        raise Stop(reason)

    def __call__(self, name: str, args):
        given = [args] if name == "next_states" else args
        if type(given) is not list or len(given) != (1 if name == "next_states" else 2):
            raise Violation("x1.served_not_shipped", function=name)
        if not all(states.shipped_state(x) for x in given):
            raise Violation("x1.served_not_shipped", function=name)
        if self.stop is not None:
            raise Stop(self.stop["reason"])  # once stopped, every later call is refused too
        # Exact types: 1 and "1" are different states, and a bool is no int.
        found = [self.game["index"].get(x) if type(x) is self.kind else None for x in given]
        wrong = [x for x, i in zip(given, found) if i is None]
        if wrong:
            self._halt("not_a_state", function=name, state=states.shown_wire(wrong[0]))
        ids = cast(list[int], found)
        if self.call_budget is not None and len(self.events) >= self.call_budget:
            self._halt("budget")
        self.events.append((name, *ids))
        if name == "next_states":
            return self.succ[ids[0]]
        return self.game["pairs"].get((ids[0], ids[1]), 0)

    @property
    def total(self) -> int:
        """The calls it answered, or (where the oracle stood in for the model answer) at most how many
        the notebook's IDA* makes."""
        return len(self.events) if self.bound is None else self.bound


def graph_game(case: dict) -> dict:
    """The case by indices: each state's successors as the student's code gets them (a set's once), h
    towards the goal, and h on any pair (what a swapped call was answered)."""
    labels = [state for state, _ in case["next_states"]]
    index = {label: i for i, label in enumerate(labels)}
    succ = [[index[t] for t in row] for _, row in case["next_states"]]
    if case["container"] == "set":
        succ = [list(dict.fromkeys(row)) for row in succ]
    pairs = {(index[a], index[b]): value for a, b, value in case["heuristic"]}
    goal = index[case["goal"]]
    return {
        "labels": labels,
        "index": index,
        "succ": succ,
        "initial": index[case["start"]],
        "goal": goal,
        "h": [pairs.get((x, goal), 0) for x in range(len(labels))],
        "pairs": pairs,
    }


# --- The notebook's IDA* ------------------------------------------------------------------------------
class Notebook(NamedTuple):
    """The notebook's run: its calls, its passes (index of the first call, bound), each expansion's state,
    p, h, f, bound, pass and path, each heuristic call's (index, path), and the path it returns."""

    calls: list[tuple]
    groups: list[tuple[int, int | None]]
    expansions: list[dict]
    tested: list[tuple[int, list[int]]]
    found: list[int] | None


def notebook(game: dict, order: list[list[int]], whole: bool = False, follow: list[tuple] | None = None) -> Notebook:
    """reference/recherche.py's `search` on the game, successors in `order`. `whole`: the last pass goes
    on past the goal, as it does in the order that reaches the goal last. `follow`: a student's calls
    (name, the state it is about): each state's successors are then taken in the order that search took
    them there (see `_next`), so that the two differ by the algorithm, not by the order."""
    calls: list[tuple] = []
    tested: list[tuple[int, list[int]]] = []
    groups: list[tuple[int, int | None]] = []
    expansions: list[dict] = []
    record = replays.recorder(calls)
    start, goal, h = game["initial"], game["goal"], game["h"]
    reached: list[list[int]] = []
    # In `follow`: the last of the student's calls read (its expansion matching the notebook's last one, or
    # a touch after it).
    cursor = -1

    def dl(path: list[int], limit: int):
        nonlocal cursor
        x = path[-1]
        tested.append((len(calls), path))
        record("heuristic", x, goal)
        f = len(path) - 1 + h[x]
        if f > limit:
            return f
        if x == goal:
            reached.append(path)
            return math.inf if whole else path
        record("next_states", x)
        expansions.append(
            {"state": x, "p": len(path) - 1, "f": f, "bound": limit, "pass": len(groups) - 1, "path": path}
        )
        if follow is not None:
            mine = (k for k in range(cursor + 1, len(follow)) if follow[k] == ("next_states", x))
            cursor = next(mine, cursor)
        smallest = math.inf
        remaining = list(order[x])
        while remaining:
            y = remaining[0]
            if follow is not None:
                y, cursor = _next(follow, cursor, path, remaining, limit, game)
            remaining.remove(y)
            if y not in path:
                found = dl([*path, y], limit)
                if isinstance(found, list):
                    return found
                smallest = min(smallest, found)
        return smallest

    try:
        record("heuristic", start, goal)
        limit = h[start]
        while True:
            groups.append((len(calls) if groups else 0, limit))
            found = dl([start], limit)
            if isinstance(found, list) or reached or found == math.inf:
                break
            limit = found
    except replays.Enough:
        pass
    return Notebook(calls, groups, expansions, tested, reached[0] if reached else None)


def _next(
    follow: list[tuple], after: int, path: list[int], remaining: list[int], limit: int, game: dict
) -> tuple[int, int]:
    """Which of the current state's `remaining` successors the notebook takes next, following the
    student's calls after index `after` up to its next expansion: that one if the notebook expands it
    too (p + h within the bound), after those whose h it only asked before (pruned ones: their order
    changes nothing but the calls shown); else the next whose h it asks (the goal, where it stopped),
    else the successors' own order. Those on the current path first: they make no call.
    Returns it and the index of the call read (`after` when none)."""
    goal, h = game["goal"], game["h"]
    on_path = next((y for y in remaining if y in path), None)
    if on_path is not None:
        return on_path, after  # left out without a call
    ahead = {y for y in remaining if y != goal and len(path) + h[y] <= limit}
    # Up to the student's next expansion: of one of these (the one to take), or of another state (it is
    # done with them: a touch after that belongs to another state's successors).
    end = next((k for k in range(after + 1, len(follow)) if follow[k][0] == "next_states"), len(follow))
    hit = end if end < len(follow) and follow[end][1] in ahead else None
    for k in range(after + 1, end):
        name, y = follow[k]
        if name == "heuristic" and y in remaining and y not in ahead and (hit is None or y != goal):
            return y, k
    if hit is not None:
        return follow[hit][1], after  # its expansion is read when the notebook makes it
    return next((y for y in remaining if y not in ahead), remaining[0]), after


def calls_bound(case: dict) -> int:
    """At most how many calls the notebook makes on the case, in any order of the successors (the
    oracle's budget basis): its calls when its last pass explores all its bound allows."""
    game = graph_game(case)
    return len(notebook(game, game["succ"], whole=True).calls)


# --- The student's side -------------------------------------------------------------------------------
def _depths(game: dict) -> list[int]:
    """Each state's distance from the start (-1 where it cannot be reached)."""
    found = graphs.distances([game["initial"]], game["succ"].__getitem__)
    return [found.get(x, -1) for x in range(len(game["succ"]))]


def _subject(game: dict, event: tuple) -> int:
    """The state a call is about: a heuristic call's first argument, or its second when the first is the
    goal (arguments swapped)."""
    if event[0] == "heuristic" and event[1] == game["goal"] and event[2] != game["goal"]:
        return event[2]
    return event[1]


def passes(game: dict, events: list[tuple]) -> list[tuple[int, int]]:
    """(first index, end) of each pass: a pass begins with a call on the start state after calls on
    other states, or with a second expansion of the start (a search keeping its path never comes back
    to the start within a pass)."""
    start, cuts, expanded = game["initial"], [0], False
    for k, event in enumerate(events):
        if k and _subject(game, event) == start:
            if _subject(game, events[k - 1]) != start or (event[0] == "next_states" and expanded):
                cuts.append(k)
                expanded = False
        expanded = expanded or event[:2] == ("next_states", start)
    return list(zip(cuts, [*cuts[1:], len(events)]))


def _depth_first(game: dict, events: list[tuple]) -> tuple[bool, int | None]:
    """Whether a pass's expansions go depth-first from the start (each a successor of a state on the
    current path), and the largest p + h it expanded, p along that path, h as its code was answered."""
    succ, start = game["succ"], game["initial"]
    path: list[int] = []
    told: dict[int, int] = {}
    reach = None
    for event in events:
        x = _subject(game, event)
        if event[0] == "heuristic":
            told[x] = game["pairs"].get((event[1], event[2]), 0)
            continue
        while path and x not in succ[path[-1]]:
            path.pop()
        if not path and x != start:
            return False, None
        path.append(x)
        f = len(path) - 1 + told.get(x, 0)
        reach = f if reach is None else max(reach, f)
    return True, reach


def recognised(game: dict, events: list[tuple], diverged: bool) -> str:
    """Which search the trace shows (jeux_replay.NAMES or OTHERS): IDA* when it makes the notebook's
    expansions; else by its shape (no heuristic call: a BFS, an IDS or another search)."""
    if not diverged:
        return "idastar"
    depth = _depths(game)
    expanded = [x for name, x, *_ in events if name == "next_states"]
    with_h = any(e[0] == "heuristic" for e in events)
    cut = passes(game, events)
    read = [_depth_first(game, events[a:b]) for a, b in cut]
    deep = all(ok for ok, _ in read)
    # Expanding states by nondecreasing distance (without h) or p + h (with it) is a BFS's or an A*'s,
    # even where, on a graph like this one, the order also happens to be depth-first.
    levels = [depth[x] for x in expanded]
    if not with_h and all(a <= b for a, b in zip(levels, levels[1:])):
        return "bfs"
    f = [depth[x] + game["h"][x] for x in expanded]
    if with_h and len(cut) == 1 and all(a <= b for a, b in zip(f, f[1:])):
        return "astar"
    if not deep:
        return "other"
    if len(cut) == 1:
        return "dfs"
    reach = [r if r is not None else -1 for _, r in read]  # -1: a pass that expanded nothing
    if not with_h and reach[0] in (0, 1) and all(b == a + 1 for a, b in zip(reach, reach[1:])):
        return "ids"
    return "passes"


def _student_groups(game: dict, events: list[tuple], seen: str) -> list[tuple[int, int | None]]:
    depth = _depths(game)
    if seen == "bfs":
        groups: list[tuple[int, int | None]] = []
        for k, event in enumerate(events):
            if event[0] == "next_states" and (not groups or groups[-1][1] != depth[event[1]]):
                groups.append((k if groups else 0, depth[event[1]]))
        return groups or [(0, None)]
    if seen in ("idastar", "ids", "dfs", "passes"):
        return [(a, _depth_first(game, events[a:b])[1]) for a, b in passes(game, events)]
    return [(0, None)]


# --- Where they part, and what IDA* does there ---------------------------------------------------------
def _message(key: str, params: dict) -> dict:
    return {"key": key, "params": params}


def _divergence(game: dict, events: list[tuple], calls: list[tuple], expansions: list[dict]):
    """(student's call index, the notebook's call index, the sentence), or None when the student's search
    expands what the notebook's does and calls heuristic(state, goal) only."""
    labels, goal, start, h = game["labels"], game["goal"], game["initial"], game["h"]
    if not any(e[0] == "heuristic" for e in events):
        return 0, 0, _message("x1.replay_no_h", {"goal": labels[goal]})
    swapped = next((k for k, e in enumerate(events) if e[0] == "heuristic" and e[2] != goal), None)
    mine = [(k, e[1]) for k, e in enumerate(events) if e[0] == "next_states"]
    theirs = [k for k, c in enumerate(calls) if c[0] == "next_states"]
    j = next(
        (
            i
            for i in range(max(len(mine), len(expansions)))
            if i >= min(len(mine), len(expansions)) or mine[i][1] != expansions[i]["state"]
        ),
        None,
    )
    at = mine[j][0] if j is not None and j < len(mine) else len(events)
    if swapped is not None and (j is None or swapped <= at):
        a, b = events[swapped][1], events[swapped][2]
        params = {
            "a": labels[a],
            "b": labels[b],
            "state": labels[_subject(game, events[swapped])],
            "goal": labels[goal],
        }
        return swapped, min(swapped, len(calls) - 1), _message("x1.replay_h_args", params)
    if j is None:
        return None
    x = mine[j][1] if j < len(mine) else None
    if j >= len(expansions):  # the notebook found the goal there
        last = expansions[-1]["bound"] if expansions else h[start]
        return at, len(calls) - 1, _message("x1.replay_found", {"goal": labels[goal], "bound": last})
    ref = expansions[j]
    y = ref["state"]

    def fields(state: int, p: int) -> dict:
        return {"state": labels[state], "p": p, "h": h[state], "f": p + h[state], "bound": ref["bound"]}

    expanded_before = {e["state"] for e in expansions[:j] if e["pass"] == ref["pass"]}
    if y == start and ref["pass"] > 0 and x != start:
        previous = expansions[j - 1]["bound"]
        params = {"bound": previous, "next": ref["bound"], "start": labels[start]}
        return at, theirs[j], _message("x1.replay_restart", params)
    if x is not None and x != start:
        ancestors = ref["path"][:-1]
        if x in ancestors:
            return at, theirs[j], _message("x1.replay_on_path", {"state": labels[x]})
        if y not in expanded_before:
            parent = next((i for i in range(len(ancestors) - 1, -1, -1) if x in game["succ"][ancestors[i]]), None)
            if parent is not None and parent + 1 + h[x] > ref["bound"]:
                return at, theirs[j], _message("jeux.replay_pruned", fields(x, parent + 1))
    # The same state by the same path again: next_states listed it twice (a list may repeat a state).
    twice = any(e["path"] == ref["path"] for e in expansions[:j] if e["pass"] == ref["pass"])
    key = "x1.replay_twice" if twice else "x1.replay_again" if y in expanded_before else "x1.replay_expand"
    return at, theirs[j], _message(key, fields(y, ref["p"]))


def _goal_elsewhere(game: dict, events: list[tuple], run: Notebook, got):
    """Where a search that expanded what the notebook did returned another path to the goal than the
    notebook's (the goal is compared with ==, unseen: only the path returned tells where it stopped):
    (its last heuristic call on the goal, the notebook's call on the goal by that path, the sentence), or
    None. A list that is no path from the start to the goal is the path checks' business, not this."""
    labels, index, goal, h = game["labels"], game["index"], game["goal"], game["h"]
    kind = type(labels[game["initial"]])
    path = [index.get(x) if type(x) is kind else None for x in got] if type(got) is list else []
    steps = zip(path, path[1:])
    if not path or path[0] != game["initial"] or path[-1] != goal or any(b not in game["succ"][a] for a, b in steps):
        return None
    if run.found is None or path == run.found or not run.groups:
        return None
    at = max(
        (k for k, e in enumerate(events) if e[0] == "heuristic" and _subject(game, e) == goal), default=len(events) - 1
    )
    last = run.groups[-1][0]  # the notebook's call on the goal by that path, in its last pass
    theirs = next((k for k, tried in run.tested if tried == path and k >= last), len(run.calls) - 1)
    bound, p = run.groups[-1][1], len(path) - 1
    if bound is not None and p + h[goal] > bound:
        fields = {"state": labels[goal], "p": p, "h": h[goal], "f": p + h[goal], "bound": bound}
        return at, theirs, _message("jeux.replay_pruned", fields)
    return at, len(run.calls) - 1, _message("x1.replay_found", {"goal": labels[goal], "bound": bound})


def replay(
    case: dict, events: list[tuple], number: tuple[int, int] | None = None, passed: bool = False, got=None
) -> dict:
    """The replay of a graph case's trace beside the notebook's IDA* (see the module's docstring), as
    jeux_replay.replay's plain data; `step` is None where the two searches make the same calls (said as
    the same search on a `passed` check, as a wrong path returned on a failed one). `number`: the crafted
    graph's number and how many there are (none for a drawn graph); `got`: the path the search returned,
    when it returned."""
    game = graph_game(case)
    run = notebook(game, game["succ"], follow=[(e[0], _subject(game, e)) for e in events])
    calls, expected_groups, expansions = run.calls, run.groups, run.expansions
    parted = _divergence(game, events, calls, expansions)
    if parted is None or parted[0] >= len(events):
        # No divergence, or the student's search stopped where the notebook goes on: where it took the goal.
        parted = _goal_elsewhere(game, events, run, got) or parted
    seen = recognised(game, events, parted is not None)
    same = _message("jeux.replay_same" if passed else "x1.replay_same", {})
    step, expected_step, why = parted if parted is not None else (None, None, same)
    labels = game["labels"]
    return {
        "algorithm": "idastar",
        "seen": seen,
        "student": replays.side(events, _student_groups(game, events, seen), labels),
        "expected": replays.side(calls, expected_groups, labels),
        "step": step,
        "expected_step": expected_step,
        "why": why,
        **({"game": number[0], "games": number[1]} if number else {}),
    }
