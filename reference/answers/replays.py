"""The requested algorithms' side of the search replays (teacher's checkout only).

A failed search check shows the student's calls beside the requested algorithm's on the same game
(docs/reports.md, "Search replays"). That side is a run of the model answers, which no built
distribution ships (setup.py): where they are not installed (the student kit) there is no replay, and
grader/questions/replays.py says so (`algorithms()` is None).

- q4, q7, q10 (`search`): the model answer itself, reference/answers/jeux.py's `bfs`, `ids` or `idastar`, given
  `initial`, `suivants`, `final` and `h` that record each call and answer each state's successors in the
  order the student's code took them (so that the two sides differ by the algorithm, not by that order).
  Its passes are where its own `dfs(m, e0, 0)` or `dfs_star(m, e0, 0)` is called, with that m; its BFS
  levels are the lists figure 1 goes through.
- x1 (`notebook`): the notebook's `search` (reference/answers/recherche.py) written again with what the replay
  reads of each expansion (p, h, the bound, the path), following the student's calls state by state.

States are the indices of the game's table. A run stops at LIMIT calls.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from reference.answers import jeux as model

LIMIT = 10_000


class _Enough(Exception):
    """A run stopped at LIMIT calls."""


def _recorder(calls: list):
    def record(*call) -> None:
        if len(calls) >= LIMIT:
            raise _Enough
        calls.append(call)

    return record


# --- q4, q7, q10: the model answer ------------------------------------------------------------------------
def search(asked: str, game: dict, order: list[list[int]]) -> tuple[list[tuple], list[tuple[int, int | None]]]:
    """The model answer's `asked` ("bfs", "ids" or "idastar") on the table `game`, each state's successors
    in `order`: its calls, ("final" | "suivants" | "h", state), and its groups, (index of the first call,
    level or bound m)."""
    calls: list[tuple] = []
    record = _recorder(calls)
    finals, h = set(game["finals"]), game.get("h")
    groups: list[tuple[int, int | None]] = []

    def final(x):
        record("final", x)
        return x in finals

    def suivants(x):
        record("suivants", x)
        return list(order[x])

    def scored(x):
        record("h", x)
        return h[x] if h is not None else 0

    def passes(dfs):
        """The model's depth-first search, a pass starting wherever it is called from e0 (p = 0)."""

        def marked(m, e, p):
            if p == 0:
                groups.append((len(calls), m))
            return dfs(m, e, p)

        return marked

    given = {"initial": game["initial"], "suivants": suivants, "final": final, "h": scored}
    saved = {name: getattr(model, name) for name in (*given, "dfs", "dfs_star")}
    given.update(dfs=passes(saved["dfs"]), dfs_star=passes(saved["dfs_star"]))
    try:
        for name, value in given.items():
            setattr(model, name, value)
        getattr(model, asked)()
    except _Enough:
        pass
    finally:
        for name, value in saved.items():
            setattr(model, name, value)
    if asked == "bfs":
        return calls, _levels(calls, game["initial"], order)
    if groups:
        groups[0] = (0, groups[0][1])  # idastar's h(e0) for its first bound belongs to the first pass
    return calls, groups


def _levels(calls: list[tuple], initial: int, order: list[list[int]]) -> list[tuple[int, int | None]]:
    """Figure 1's levels in its calls: level p + 1 is the successors of level p's states, in turn."""
    groups: list[tuple[int, int | None]] = []
    level, tested = [initial], 0
    following: list[int] = []
    for k, (name, x) in enumerate(calls):
        if name == "final":
            if tested == len(level):
                level, following, tested = following, [], 0
            if tested == 0:
                groups.append((k, len(groups)))
            tested += 1
        else:
            following.extend(order[x])
    return groups


# --- x1: the notebook's IDA*, following the student ------------------------------------------------------
class Notebook(NamedTuple):
    """The notebook's run: its calls, its passes (index of the first call, bound), each expansion's state,
    p, h, f, bound, pass and path, each heuristic call's (index, path), and the path it returns."""

    calls: list[tuple]
    groups: list[tuple[int, int | None]]
    expansions: list[dict]
    tested: list[tuple[int, list[int]]]
    found: list[int] | None


def notebook(game: dict, order: list[list[int]], follow: list[tuple] | None = None) -> Notebook:
    """reference/answers/recherche.py's `search` on the game, successors in `order`. `follow`: a student's calls
    (name, the state it is about): each state's successors are then taken in the order that search took
    them there (see `_next`), so that the two differ by the algorithm, not by the order."""
    calls: list[tuple] = []
    tested: list[tuple[int, list[int]]] = []
    groups: list[tuple[int, int | None]] = []
    expansions: list[dict] = []
    record = _recorder(calls)
    start, goal, h = game["initial"], game["goal"], game["h"]
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
            return path
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

    found = None
    try:
        record("heuristic", start, goal)
        limit = h[start]
        while True:
            groups.append((len(calls) if groups else 0, limit))
            result = dl([start], limit)
            if isinstance(result, list):
                found = result
                break
            if result == math.inf:
                break
            limit = result
    except _Enough:
        pass
    return Notebook(calls, groups, expansions, tested, found)


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
