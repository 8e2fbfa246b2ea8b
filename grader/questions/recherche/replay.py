"""x1's graphs served from the parent, and a failed graph check replayed (parent only).

On a graph case the student's `search` gets proxies: `next_states(state)` and `heuristic(state, target)` are answered
by a SearchServer in the parent, which keeps the trace (`events`: ("next_states", x) and ("heuristic", x, y), states as
indices of the case's list). The run serves those two names and nothing else; an argument is a state as states.encode
ships one (else a protocol violation), and must be one of the graph's states, of the case's type (else the run is
stopped: the student's search called a function on something that is no state). A call budget, a multiple of the model
answer's calls on the same case, stops a search that does not end.

The replay, for the graph on which the check failed (q10's format, grader/questions/replays.py, drawn by
reports/replay.py): the student's calls grouped as read here (passes from the start state, each with what it was seen
to do: the largest p + h it expanded, the smallest it estimated and left before another pass, the goal's; or BFS
levels), beside the notebook's IDA* (reference/answers/replays.py, with the model answers: none in the student kit,
where `replay` is None) run on the same graph following the student's order state by state. There is no `final`: the
goal is compared with ==, so the sides are compared by their expansions (next_states calls), which every correct
variant makes in the same order whatever it does with `heuristic` (called at generation, cached, once more before the
loop). Where they first differ, at the first heuristic call whose target is not the goal, or where the student's search
took the goal, each side marks its own call and one sentence says what IDA* does there.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from grader.questions.api import Served, Stop, Violation, replays, states
from grader.questions.recherche import depth_first
from reference import graphs

# A run stops past BUDGET_FLOOR + BUDGET_FACTOR × the model's calls: far above any variant of IDA*.
BUDGET_FLOOR = 2000
BUDGET_FACTOR = 10
# The functions of a call, by the initial results keep (reports/replay.py reads them).
CALLED = {"h": "heuristic", "n": "next_states"}


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


def _simple_paths(game: dict) -> list[tuple[int | None, int, int]]:
    """Every simple path from the start that goes through the goal only at its end, as (its largest p + h
    without its last state (None for the start alone), with it, its last state), h towards the goal."""
    succ, h, start, goal = game["succ"], game["h"], game["initial"], game["goal"]
    paths: list[tuple[int | None, int, int]] = []
    stack: list[tuple[list[int], int | None, int]] = [([start], None, h[start])]
    while stack:
        path, before, peak = stack.pop()
        paths.append((before, peak, path[-1]))
        if path[-1] != goal:
            stack.extend(([*path, y], peak, max(peak, len(path) + h[y])) for y in succ[path[-1]] if y not in path)
    return paths


def _bounds(game: dict, paths: list[tuple[int | None, int, int]]) -> list[int]:
    """The notebook's bounds: h(start), then each the smallest p + h above the one before among the paths
    whose path without its last state is within it, up to the first that lets a path to the goal in."""
    bounds = [game["h"][game["initial"]]]
    while not any(peak <= bounds[-1] and x == game["goal"] for _, peak, x in paths):
        above = [peak for before, peak, _ in paths if before is not None and before <= bounds[-1] < peak]
        if not above:
            break
        bounds.append(min(above))
    return bounds


def calls_bound(case: dict) -> int:
    """At most how many calls the notebook's IDA* makes on the case, in any order of the successors (the
    oracle's budget basis, where the model answer is not installed), counted from the graph without
    searching it: the notebook extends a path only with a state not on it and not past the goal, so its
    calls are about the graph's simple paths from the start. A pass with bound m asks heuristic on each
    path whose path without its last state has every p + h <= m, and expands each path whose every p + h
    is <= m; its bounds are p + h values of such paths, no larger than the first that lets a path to the
    goal in. Plus the first heuristic call, for the first bound."""
    game = graph_game(case)
    paths = _simple_paths(game)
    first = game["h"][game["initial"]]
    last = max(first, min((peak for _, peak, x in paths if x == game["goal"]), default=first))
    total = 1
    for m in sorted({peak for _, peak, _ in paths} | {first}):
        if first <= m <= last:
            total += sum(
                (before is None or before <= m) + (peak <= m and x != game["goal"]) for before, peak, x in paths
            )
    return total


def unobserved(case: dict, events: list[tuple]) -> tuple[str, dict] | None:
    """Why a graph case's trace does not show the notebook's IDA* (a message key and its fields), or None when it
    does: heuristic asked; passes (cut where the start is expanded again) one per bound (+ h(start) below it, if the
    start is not estimated), each walking the paths from the start depth first (`depth_first.strayed`), the k-th
    expanding each state at most (exactly, if another pass follows: a failed pass is complete) as many times as
    simple paths from the start (the goal at their end only) reach it with every p + h within the notebook's k-th
    bound (h(start), then each the least p + h cut in the pass before). No order of the successors nor moment for
    heuristic is asked, so every correct variant passes; a larger bound (an A* in one sweep, a bound plus one)
    expands a state beyond it, a best-first or breadth-first search within IDA*'s bounds comes back to a branch it
    left, wherever the graph holds one. A trace back at the start without any state expanded twice, or estimating a
    state twice (next_states cached: passes neither cut nor counted) is judged on its walk, where a state entered
    again without a next_states call needs a call on it for each entry, and on the passes of its first expansions
    (`_first_expansions_out_of_pass`)."""
    game = graph_game(case)
    # Only a search started on the goal may end before any call (returning at once, without h).
    if not any(e[0] == "heuristic" for e in events) and (events or game["initial"] != game["goal"]):
        return "x1.algorithm_no_h", {}
    expanded = [e[1] for e in events if e[0] == "next_states"]
    start = game["initial"]
    again = any(
        _subject(game, e) == start and _subject(game, events[k - 1]) != start for k, e in enumerate(events) if k
    )
    asked = [_subject(game, e) for e in events if e[0] == "heuristic"]
    # No state expanded twice, yet back at the start or a state estimated again: next_states cached.
    cached = len(set(expanded)) == len(expanded) and (again or len(set(asked)) < len(asked))
    if cached:
        strayed = depth_first.strayed(game["succ"], start, _calls(game, events), cached=True)
        if strayed is not None:
            return _not_depth_first(game, events, strayed, None)
    paths = _simple_paths(game)
    bounds = _bounds(game, paths)
    if cached:
        return _first_expansions_out_of_pass(game, events, paths, bounds)
    unique = [list(dict.fromkeys(row)) for row in game["succ"]]  # a failed pass's least: successors as a set
    fewest = paths if unique == game["succ"] else _simple_paths({**game, "succ": unique})
    cut = passes(game, events)
    extra = len(cut) - len(bounds)
    if extra > int(bounds[0]):
        return "x1.algorithm_passes", {"passes": len(cut), "bounds": len(bounds)}
    pass_bounds = [bounds[0]] * extra + bounds[: len(cut) - max(extra, 0)]
    for number, ((a, b), bound) in enumerate(zip(cut, pass_bounds), 1):
        key = "x1.algorithm_first_bound" if number == 1 else "x1.algorithm_next_bound"
        # At most once per such path to a state (IDA* remembers only its path), the goal if asked before ==.
        left = Counter(x for _, peak, x in paths if peak <= bound)
        for event in events[a:b]:
            if event[0] == "next_states":
                left[event[1]] -= 1
                if left[event[1]] < 0:
                    return key, {"pass": number, "state": game["labels"][event[1]], "bound": bound}
        if extra < number < len(cut):  # a failed pass: every such path, in any order
            used = Counter(event[1] for event in events[a:b] if event[0] == "next_states")
            least = Counter(x for _, peak, x in fewest if peak <= bound and x != game["goal"])
            missed = next((x for x, n in least.items() if used[x] < n), None)
            if missed is not None:
                return "x1.algorithm_pass_incomplete", {"pass": number, "state": game["labels"][missed], "bound": bound}
        strayed = depth_first.strayed(game["succ"], start, _calls(game, events[a:b]), cached=False)
        if strayed is not None:
            return _not_depth_first(game, events[a:b], strayed, number)
    return None


def _first_expansions_out_of_pass(
    game: dict, events: list[tuple], paths: list[tuple[int | None, int, int]], bounds: list[int]
) -> tuple[str, dict] | None:
    """A cached search's expansions (each state's first) out of IDA*'s passes, or None. IDA* first expands a
    state in the first pass whose bound lets a path to it in (every pass but the last expands all such
    paths), so the passes of its first expansions never go back; a state no bound lets in, it never
    expands. A bound plus one, skipping a pass, expands a state of a later pass before one of the pass it
    skipped, wherever the graph holds both below a state."""
    least: dict[int, int] = {}
    for _, peak, x in paths:
        if x != game["goal"]:
            least[x] = min(least.get(x, peak), peak)
    labels, latest = game["labels"], 0
    for event in events:
        x = event[1]
        if event[0] != "next_states" or x == game["goal"]:  # the goal's successors, asked before ==
            continue
        first = next((k for k, bound in enumerate(bounds) if least.get(x, bound + 1) <= bound), None)
        if first is None:
            return "x1.algorithm_cached_beyond", {"state": labels[x], "bound": bounds[-1]}
        if first < latest:
            return "x1.algorithm_cached_pass", {"state": labels[x], "bound": bounds[first], "later": bounds[latest]}
        latest = first
    return None


def _calls(game: dict, events: list[tuple]) -> list[tuple[str, int]]:
    """Each call's function and the state it is about."""
    return [(event[0], _subject(game, event)) for event in events]


def _not_depth_first(game: dict, events: list[tuple], at: int, number: int | None) -> tuple[str, dict]:
    """The failure of a walk that strayed at events[at]: the state called, and its pass (None: cached)."""
    params = {"state": game["labels"][_subject(game, events[at])]}
    if number is None:
        return "x1.algorithm_cached_not_depth_first", params
    return "x1.algorithm_not_depth_first", {**params, "pass": number}


# --- The student's side -------------------------------------------------------------------------------
def _depths(game: dict) -> list[int]:
    """Each state's distance from the start (-1 where it cannot be reached)."""
    found = graphs.distances(game["succ"], [game["initial"]])
    return [found.get(x, -1) for x in range(len(game["succ"]))]


def _subject(game: dict, event: tuple) -> int:
    """The state a call is about: a heuristic call's first argument, or its second when the first is the
    goal (arguments swapped)."""
    if event[0] == "heuristic" and event[1] == game["goal"] and event[2] != game["goal"]:
        return event[2]
    return event[1]


def passes(game: dict, events: list[tuple]) -> list[tuple[int, int]]:
    """(first index, end) of each pass: a pass begins with an expansion of the start after the start was
    expanded in the pass before (a search keeping its path never comes back to the start within a pass),
    or with the calls on the start just before that expansion (its heuristic: a pass's first call). A
    heuristic call on the start within a pass (on a cycle back to it, before the path is checked) and a
    pass that expanded nothing (a first bound below h(start)) begin none."""
    start, cuts, expanded = game["initial"], [0], False
    run: int | None = None  # where the calls on the start since its last expansion began
    for k, event in enumerate(events):
        if _subject(game, event) != start:
            run = None
            continue
        run = k if run is None else run
        if event[0] == "next_states":
            if expanded:
                cuts.append(run)
            expanded, run = True, None
    return list(zip(cuts, [*cuts[1:], len(events)]))


def _depth_first(game: dict, events: list[tuple], last: bool = True) -> tuple[bool, dict]:
    """Whether a pass's expansions go depth-first from the start (each a successor of a state on the
    current path), and what it was seen to do, p along that path and h as its code was answered: the
    largest p + h it expanded (`reach`), the smallest p + h among the states whose heuristic it asked and
    that it did not expand when another pass follows (`cut`), and in the last pass the goal's p + h where
    it last asked it (`goal`: where it stopped). A heuristic call takes one of its successor places from
    the deepest state of the path that has one left for it (a state reached by two parents: the one it
    came from); an expansion, the deepest state it is a successor of."""
    succ, start, goal = game["succ"], game["initial"], game["goal"]
    path: list[int] = []
    places: list[list[int]] = []  # each path state's successors not yet estimated
    told: dict[int, int] = {}
    left: dict[int, int] = {}  # the p + h of a state estimated and not (yet) expanded
    said: dict = {}
    for event in events:
        x = _subject(game, event)
        if event[0] == "heuristic":
            told[x] = game["pairs"].get((event[1], event[2]), 0)
            while path and x not in places[-1]:
                path.pop()
                places.pop()
            if path:
                places[-1].remove(x)
            f = len(path) + told[x]
            if x == goal and last:
                said["goal"] = f
            else:
                left[x] = f
            continue
        while path and x not in succ[path[-1]]:
            path.pop()
            places.pop()
        if not path and x != start:
            return False, {}
        path.append(x)
        places.append(list(succ[x]))
        left.pop(x, None)
        f = len(path) - 1 + told.get(x, 0)
        said["reach"] = max(said.get("reach", f), f)
    if left and not last:
        said["cut"] = min(left.values())
    return True, said


def recognised(game: dict, events: list[tuple], diverged: bool) -> str:
    """Which search the trace shows (jeux_replay.NAMES or OTHERS): IDA* when it makes the notebook's
    expansions; else by its shape (no heuristic call: a BFS, an IDS or another search)."""
    if not diverged:
        return "idastar"
    with_h = any(e[0] == "heuristic" for e in events)
    cut = passes(game, events)
    return _best_first(game, events, with_h, len(cut)) or _depth_first_kind(game, events, cut, with_h)


def _best_first(game: dict, events: list[tuple], with_h: bool, count: int) -> str | None:
    """ "bfs" or "astar" for a trace that expands states by nondecreasing distance (without h) or p + h
    (with it, in one pass), even where, on a graph like this one, the order also happens to be
    depth-first; None otherwise."""
    depth = _depths(game)
    expanded = [x for name, x, *_ in events if name == "next_states"]
    if not with_h and _nondecreasing([depth[x] for x in expanded]):
        return "bfs"
    if with_h and count == 1 and _nondecreasing([depth[x] + game["h"][x] for x in expanded]):
        return "astar"
    return None


def _depth_first_kind(game: dict, events: list[tuple], cut: list, with_h: bool) -> str:
    """A trace whose passes (`cut`) each go depth first: one pass is a DFS, bounds growing by one from
    0 or 1 without h an IDS, other bounds passes of their own; "other" when a pass is not depth first."""
    read = [_depth_first(game, events[a:b]) for a, b in cut]
    if not all(ok for ok, _ in read):
        return "other"
    if len(cut) == 1:
        return "dfs"
    reach = [said.get("reach", -1) for _, said in read]  # -1: a pass that expanded nothing
    if not with_h and reach[0] in (0, 1) and all(b == a + 1 for a, b in zip(reach, reach[1:])):
        return "ids"
    return "passes"


def _nondecreasing(values: list) -> bool:
    return all(a <= b for a, b in zip(values, values[1:]))


def _student_groups(game: dict, events: list[tuple], seen: str) -> list[tuple[int, dict]]:
    depth = _depths(game)
    if seen == "bfs":
        groups: list[tuple[int, dict]] = []
        for k, event in enumerate(events):
            if event[0] == "next_states" and (not groups or groups[-1][1]["bound"] != depth[event[1]]):
                groups.append((k if groups else 0, {"bound": depth[event[1]]}))
        return groups or [(0, {})]
    return [(a, _depth_first(game, events[a:b], b == len(events))[1]) for a, b in passes(game, events)]


def _expected_groups(game: dict, run) -> list[tuple[int, dict]]:
    """The notebook's passes, each with its bound and what it was seen to do."""
    ends = [*(start for start, _ in run.groups[1:]), len(run.calls)]
    return [
        (a, {"bound": m, **_depth_first(game, run.calls[a:b], b == len(run.calls))[1]})
        for (a, m), b in zip(run.groups, ends)
    ]


# --- Where they part, and what IDA* does there ---------------------------------------------------------
def _message(key: str, params: dict) -> dict:
    return {"key": key, "params": params}


def _divergence(game: dict, events: list[tuple], run):
    """(student's call index, the notebook's call index, the sentence), or None when the student's search
    expands what the notebook's does (or stops before it: see `_goal_reached`) and calls
    heuristic(state, goal) only."""
    calls, expansions = run.calls, run.expansions
    labels, goal = game["labels"], game["goal"]
    if not any(e[0] == "heuristic" for e in events):
        return 0, 0, _message("x1.replay_no_h", {"goal": labels[goal]})
    swapped = _first_swapped(events, goal)
    mine = [(k, e[1]) for k, e in enumerate(events) if e[0] == "next_states"]
    j = _first_other_expansion([x for _, x in mine], [e["state"] for e in expansions])
    at = mine[j][0] if j is not None and j < len(mine) else len(events)
    if swapped is not None and (j is None or swapped <= at):
        return swapped, min(swapped, len(calls) - 1), _swapped_arguments(game, events[swapped])
    if j is None or j >= len(mine):
        return None  # the same expansions, or fewer: where it took the goal says it (_goal_reached)
    if j >= len(expansions):  # the notebook found the goal there
        return at, len(calls) - 1, _found(game, expansions)
    theirs = [k for k, c in enumerate(calls) if c[0] == "next_states"][j]
    return _other_expansion(game, events, expansions, j, at, mine[j][1], theirs)


def _first_swapped(events: list[tuple], goal: int) -> int | None:
    """The first heuristic(a, b) call whose b is not the goal."""
    return next((k for k, e in enumerate(events) if e[0] == "heuristic" and e[2] != goal), None)


def _found(game: dict, expansions: list[dict]) -> dict:
    """The notebook found the goal where the student's search expanded on: with its last bound."""
    last = expansions[-1]["bound"] if expansions else game["h"][game["initial"]]
    return _message("x1.replay_found", {"goal": game["labels"][game["goal"]], "bound": last})


def _swapped_arguments(game: dict, event: tuple) -> dict:
    """heuristic(a, b) called with b not the goal: the arguments swapped, or another target."""
    labels = game["labels"]
    state = labels[_subject(game, event)]
    return _message(
        "x1.replay_h_args", {"a": labels[event[1]], "b": labels[event[2]], "state": state, "goal": labels[game["goal"]]}
    )


def _first_other_expansion(mine: list[int], theirs: list[int]) -> int | None:
    """The rank of the first expansion where the two searches differ (one of them stopped included)."""
    return next(
        (i for i in range(max(len(mine), len(theirs))) if i >= min(len(mine), len(theirs)) or mine[i] != theirs[i]),
        None,
    )


def _state_fields(game: dict, state: int, p: int, bound) -> dict:
    h = game["h"][state]
    return {"state": game["labels"][state], "p": p, "h": h, "f": p + h, "bound": bound}


def _wrong_turn(game: dict, expansions: list[dict], j: int, x: int, again: bool) -> dict | None:
    """The student's expansion j of x where the notebook starts a new pass, or x on the notebook's path
    already, or x pruned by the notebook's bound (`again`: the notebook's state was expanded before in
    its pass); None for none of those."""
    ref, start = expansions[j], game["initial"]
    if x == start:
        return None
    if ref["state"] == start and ref["pass"] > 0:
        params = {"bound": expansions[j - 1]["bound"], "next": ref["bound"], "start": game["labels"][start]}
        return _message("x1.replay_restart", params)
    ancestors = ref["path"][:-1]
    if x in ancestors:
        return _message("x1.replay_on_path", {"state": game["labels"][x]})
    if again:
        return None
    parent = next((i for i in range(len(ancestors) - 1, -1, -1) if x in game["succ"][ancestors[i]]), None)
    if parent is not None and parent + 1 + game["h"][x] > ref["bound"]:
        return _message("jeux.replay_pruned", _state_fields(game, x, parent + 1, ref["bound"]))
    return None


def _other_expansion(game: dict, events: list[tuple], expansions: list[dict], j: int, at: int, x: int, theirs: int):
    """The student's expansion j of x (call `at`), where the notebook expands another state (its call
    `theirs`): what the student's search did otherwise."""
    ref = expansions[j]
    y = ref["state"]
    expanded_before = {e["state"] for e in expansions[:j] if e["pass"] == ref["pass"]}
    turn = _wrong_turn(game, expansions, j, x, y in expanded_before)
    if turn is not None:
        return at, theirs, turn
    fields = _state_fields(game, y, ref["p"], ref["bound"])
    # The state the notebook expands here: estimated by the student's search in that pass (the same rank:
    # both start with a pass of the first bound), then left unexpanded there.
    cuts = passes(game, events)
    if ref["pass"] < len(cuts):
        a, b = cuts[ref["pass"]]
        about = [k for k in range(a, min(b, at)) if _subject(game, events[k]) == y]
        if about and all(events[k][0] == "heuristic" for k in about):
            return about[-1], theirs, _message("jeux.replay_unexplored", fields)
    # The same state by the same path again: next_states listed it twice (a list may repeat a state).
    twice = any(e["path"] == ref["path"] for e in expansions[:j] if e["pass"] == ref["pass"])
    key = "x1.replay_twice" if twice else "x1.replay_again" if y in expanded_before else "x1.replay_expand"
    return at, theirs, _message(key, fields)


def _returned_path(game: dict, got) -> list:
    """The path the student's search returned, as the graph's states, when it is one from the start to the
    goal along the graph's edges; else []."""
    labels, index, start, goal = game["labels"], game["index"], game["initial"], game["goal"]
    if type(got) is not list:
        return []
    kind = type(labels[start])
    path = [index.get(x) if type(x) is kind else None for x in got]
    if not path or path[0] != start or path[-1] != goal:
        return []
    return path if all(b in game["succ"][a] for a, b in zip(path, path[1:])) else []


def _otherwise(events: list[tuple], run, k: int, at: int, start: int) -> int:
    """The notebook's call, in its pass k, that the student's calls up to `at` (those since `start`, the
    student's pass, expand) do not cover; its pass's end if none."""
    first = run.groups[k][0]
    end = run.groups[k + 1][0] if k + 1 < len(run.groups) else len(run.calls)
    done = [c for n, c in enumerate(events[:at]) if c[0] != "next_states" or n >= start]
    theirs = replays.first_uncovered(run.calls, first, end, done, {"next_states"})
    return min(end, len(run.calls) - 1) if theirs is None else theirs


def _goal_reached(game: dict, events: list[tuple], run, got):
    """Where a search that expanded what the notebook did, or less, reached the goal otherwise than the
    notebook (the goal is compared with ==, unseen: its last heuristic call on the goal, and the path it
    returned, tell where it stopped): (that call, the notebook's call where it does otherwise, the
    sentence), or None. Beyond the notebook's bound in that pass: the notebook does not stop there and
    starts again with a larger bound, or (in its last pass) reaches the goal by another path."""
    labels, goal, h, start = game["labels"], game["goal"], game["h"], game["initial"]
    at = max((k for k, e in enumerate(events) if e[0] == "heuristic" and _subject(game, e) == goal), default=None)
    if at is None or not run.groups:
        return None
    path = _returned_path(game, got)
    valid = bool(path)
    cuts = passes(game, events)
    k = min(next(n for n, (a, b) in enumerate(cuts) if a <= at < b), len(run.groups) - 1)
    bound = run.groups[k][1]
    p = len(path) - 1 if valid else _depth_first(game, events[cuts[k][0] : at + 1])[1].get("goal", h[goal]) - h[goal]
    theirs = _otherwise(events, run, k, at, cuts[k][0])
    fields = {"state": labels[goal], "p": p, "h": h[goal], "f": p + h[goal], "bound": bound}
    if bound is not None and p + h[goal] > bound:
        if k + 1 < len(run.groups):
            said = {**fields, "next": run.groups[k + 1][1], "start": labels[start]}
            return at, theirs, _message("jeux.replay_goal_beyond", said)
        if run.found is not None:  # the notebook reaches it in this very pass, by a path within the bound
            return at, theirs, _message("jeux.replay_goal_later", {**fields, "found": len(run.found) - 1})
    if valid and run.found is not None and path != run.found:
        return at, len(run.calls) - 1, _message("x1.replay_found", {"goal": labels[goal], "bound": bound})
    return None


def _stopped(game: dict, events: list[tuple], run):
    """A search that stopped where the notebook goes on, without reaching the goal otherwise: its last call,
    and the notebook's next expansion (a new pass from the start, or a state)."""
    done = sum(1 for e in events if e[0] == "next_states")
    if done >= len(run.expansions) or not events:
        return None
    ref = run.expansions[done]
    theirs = [k for k, c in enumerate(run.calls) if c[0] == "next_states"][done]
    labels, h = game["labels"], game["h"]
    if ref["state"] == game["initial"] and ref["pass"] > 0:
        previous = run.groups[ref["pass"] - 1][1]
        params = {"bound": previous, "next": ref["bound"], "start": labels[game["initial"]]}
        return len(events) - 1, theirs, _message("x1.replay_restart", params)
    x, p = ref["state"], ref["p"]
    fields = {"state": labels[x], "p": p, "h": h[x], "f": p + h[x], "bound": ref["bound"]}
    return len(events) - 1, theirs, _message("x1.replay_expand", fields)


def replay(
    case: dict, events: list[tuple], number: tuple[int, int] | None = None, passed: bool = False, got=None
) -> dict | None:
    """The replay of a graph case's trace beside the notebook's IDA* (see the module's docstring), as
    jeux_replay.replay's plain data; `step` is None where the two searches make the same calls (said as
    the same search on a `passed` check, as a wrong path returned on a failed one). `number`: the crafted
    graph's number and how many there are (none for a drawn graph); `got`: the path the search returned,
    when it returned. None where the model answers are not installed (the student kit)."""
    algorithms = replays.algorithms()
    if algorithms is None:
        return None
    game = graph_game(case)
    run = algorithms.notebook(game, game["succ"], follow=[(e[0], _subject(game, e)) for e in events])
    parted = _divergence(game, events, run) or _goal_reached(game, events, run, got) or _stopped(game, events, run)
    seen = recognised(game, events, parted is not None)
    same = _message("jeux.replay_same" if passed else "x1.replay_same", {})
    step, expected_step, why = parted if parted is not None else (None, None, same)
    labels = game["labels"]
    return {
        "algorithm": "idastar",
        "seen": seen,
        "calls": CALLED,
        "student": replays.side(events, _student_groups(game, events, seen), labels),
        "expected": replays.side(run.calls, _expected_groups(game, run), labels),
        "step": step,
        "expected_step": expected_step,
        "why": why,
        **({"game": number[0], "games": number[1]} if number else {}),
    }
