"""A failed algorithm check replayed: the student's search beside the requested algorithm's, on the same game.

Computed in the parent from the trace alone (GameServer.events, the calls the parent answered), for the
game on which the algorithm group failed. Each side is the sequence of `final` and `suivants` calls (the
`h` calls are left out: p + h is said where it matters), grouped as the grader reads it: a BFS by
levels, a search in depth-first passes by pass with its depth or p + h reach. The requested algorithm's
side is an implementation of the exam's figure 1, 2 or 3 written here, run on the same game taking each
state's successors in the order the student's code took them, so that the two sides differ by the
algorithm only. Where they part is where jeux_traces' recogniser placed its verdict (`Verdict.at`): a
literal comparison of the two sequences would blame variants the exam allows (goal tested at
generation, e0 tested before the loop, duplicates removed). One sentence (a message key and its fields,
rendered late) says what the algorithm does there.

On request (`--replay [N]`, Settings.replay), a passed check is replayed too: game N of the group's
(`Request`), both sides the same way, with no divergence and one sentence saying so. Only the game asked
for is replayed: without the request nothing more is computed or kept.

Bounded: each side keeps its first replays.SHOWN_CALLS calls, with its full length said.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.questions import jeux_traces
from grader.questions.api import replays
from grader.questions.jeux_games import distances, idastar_passes, visual

NAMES = ("bfs", "ids", "idastar")
# What the class page counts, besides NAMES: an A* (q10), one depth-first pass without restart,
# depth-first passes from e0 that are neither IDS nor IDA*, and anything else.
OTHERS = ("astar", "dfs", "passes", "other")

Calls = list[tuple[str, int]]


def _depths(game: dict) -> list[int]:
    return [d if d is not None else -1 for d in distances(game["succ"], [game["initial"]])]


# --- The requested algorithm, as the exam's figures write it --------------------------------------------
def reference_bfs(game: dict, order: list[list[int]]) -> tuple[Calls, list[tuple[int, int | None]]]:
    """Figure 1 (lists, duplicates kept): the calls and the groups (index of their first call, level)."""
    calls: Calls = []
    groups: list[tuple[int, int | None]] = []
    record, finals = replays.recorder(calls), set(game["finals"])
    level, p = [game["initial"]], 0
    try:
        while level:
            groups.append((len(calls), p))
            following = []
            for x in level:
                record("final", x)
                if x in finals:
                    return calls, groups
                record("suivants", x)
                following.extend(order[x])
            level, p = following, p + 1
    except replays.Enough:
        pass
    return calls, groups


def reference_ids(game: dict, order: list[list[int]]) -> tuple[Calls, list[tuple[int, int | None]]]:
    """Figure 2's DFS(m, e0, 0) for m = 0, 1, 2, …: the calls and the passes (first call, m). That is
    figure 3 with h = 0: a pass stops where p > m, and the next m is the smallest such p, m + 1."""
    return _deepening(game, order, [0] * len(game["succ"]))


def reference_idastar(game: dict, order: list[list[int]]) -> tuple[Calls, list[tuple[int, int | None]]]:
    """Figure 3's IDA*: the calls and the passes (first call, bound m)."""
    return _deepening(game, order, game["h"])


def _deepening(game: dict, order: list[list[int]], h: list[int]) -> tuple[Calls, list[tuple[int, int | None]]]:
    calls: Calls = []
    groups: list[tuple[int, int | None]] = []
    record, finals = replays.recorder(calls), set(game["finals"])
    exceeded: list[int] = []

    def dfs(m: int, x: int, p: int) -> bool:
        c = p + h[x]
        if c > m:
            exceeded.append(c)
            return False
        record("final", x)
        if x in finals:
            return True
        record("suivants", x)
        return any(dfs(m, y, p + 1) for y in order[x])

    try:
        m: int | None = h[game["initial"]]
        while m is not None:
            groups.append((len(calls), m))
            exceeded.clear()
            if dfs(m, game["initial"], 0):
                break
            m = min(exceeded, default=None)
    except replays.Enough:
        pass
    return calls, groups


REFERENCES = {"bfs": reference_bfs, "ids": reference_ids, "idastar": reference_idastar}


# --- The student's side -----------------------------------------------------------------------------
def recognised(game: dict, events: Calls, labels: list) -> str:
    """Which search the trace shows: one of NAMES, else one of OTHERS. On q10's games (with h) only
    IDA* is tried: the BFS and IDS recognisers are made for games without h, whose traces have no `h`
    calls reaching one level ahead."""
    for name in ("idastar",) if "h" in game else ("bfs", "ids"):
        if getattr(jeux_traces, name)(game, events, labels) is None:
            return name
    cut = jeux_traces.passes(events)
    if "h" in game and len(cut) == 1:
        # A single sweep expanding states by nondecreasing p + h is an A*'s (even where, on a game like
        # this one, the order also happens to be depth-first).
        depth, h = _depths(game), game["h"]
        f = [depth[x] + h[x] for name, x in events if name == "suivants"]
        if all(a <= b for a, b in zip(f, f[1:])):
            return "astar"
    if any(jeux_traces.depth_first(game, one_pass, labels) for one_pass in cut):
        return "other"
    return "dfs" if len(cut) == 1 else "passes"


def _student_groups(game: dict, events: Calls, seen: str) -> list[tuple[int, int | None]]:
    """(index of the first call, reach) per group of the student's f/s calls: levels for a BFS (a new
    group where a tested state's depth changes), passes for a depth-first search (reach: the deepest
    state, or for IDA* the largest p + h expanded), one group otherwise."""
    depth = _depths(game)
    if seen == "bfs":
        groups: list[tuple[int, int | None]] = []
        for k, (name, x) in enumerate(events):
            if name == "final" and (not groups or groups[-1][1] != depth[x]):
                groups.append((k, depth[x]))
        return groups or [(0, None)]
    if seen not in ("ids", "idastar", "dfs", "passes"):
        return [(0, None)]
    groups, start = [], 0
    for one_pass in jeux_traces.passes(events):
        if "h" in game and seen != "ids":
            reach = max((depth[x] + game["h"][x] for f, x in one_pass if f == "suivants"), default=None)
        else:
            reach = max(depth[x] for _, x in one_pass)
        groups.append((start, reach))
        start += len(one_pass)
    return groups


def _without_h(events: Calls, at: int) -> tuple[Calls, int]:
    """The f/s calls, and where call `at` of the full trace falls among them."""
    kept = [e for e in events if e[0] != "h"]
    return kept, sum(1 for e in events[:at] if e[0] != "h")


# --- What the algorithm does where the student's search went another way ------------------------------
def _why(asked: str, game: dict, verdict: jeux_traces.Verdict, event: tuple[str, int] | None, labels: list) -> dict:
    """One sentence (key and fields) saying what the requested algorithm does at the divergence."""
    key, params = verdict.key, verdict.params
    depth = _depths(game)
    at = {"call": event[0], "state": labels[event[1]], "depth": depth[event[1]]} if event else {}
    if key in ("q10.not_pruned", "q10.not_expanded"):
        fields = {k: params[k] for k in ("state", "p", "h", "f", "bound")}
        return _message("jeux.replay_pruned" if key == "q10.not_pruned" else "jeux.replay_expanded", fields)
    if key == "q4.not_level_order":
        return _message("jeux.replay_bfs_level", {**at, "level": params["depth"], "left": params["state"]})
    if key == "q4.restarts":
        return _message("jeux.replay_bfs_once", at)
    if key == "jeux.not_depth_first":
        return _message("jeux.replay_depth_first", {"state": params["state"], "parent": params["parent"]})
    if key == "q10.no_h":
        return _message("jeux.replay_no_h", {})
    if asked == "ids" and event is not None:
        return _message("jeux.replay_ids_depth", at)
    bounds = [p["bound"] for p in idastar_passes(game)] if asked == "idastar" else []
    if key == "q10.single_pass" and event is not None:
        x = event[1]
        return _message("jeux.replay_single_pass", {**at, "f": depth[x] + game["h"][x], "bound": bounds[0]})
    if key in ("q10.extra_pass", "q10.single_pass", "q10.missing_passes"):
        return _message("jeux.replay_passes", {"count": len(bounds), "bounds": ", ".join(map(str, bounds))})
    return _message("jeux.replay_other", {})


def _message(key: str, params: dict) -> dict:
    return {"key": key, "params": params}


def replay(
    asked: str, game: dict, events: Calls, labels: list, verdict: jeux_traces.Verdict | None, number: tuple[int, int]
) -> dict:
    """The replay of a trace (see the module's docstring), as plain data: where it is not `asked`'s, the
    first divergence (`step`) and what the algorithm does there; with no `verdict` (the check passed),
    no divergence (`step` None) and the sentence saying the search is the one asked for. `number`: the
    game's number in the group's order, and how many games the group has."""
    seen = asked if verdict is None else recognised(game, events, labels)
    kept, step = _without_h(events, len(events) if verdict is None else verdict.at)
    # Group starts move with the `h` calls left out.
    groups = [(_without_h(events, start)[1], bound) for start, bound in _student_groups(game, events, seen)]
    reference, expected_groups = REFERENCES[asked](game, replays.student_order(game, events))
    event = kept[step] if step < len(kept) else None
    return {
        "algorithm": asked,
        "seen": seen,
        "student": replays.side(kept, groups, labels),
        "expected": replays.side(reference, expected_groups, labels),
        "step": None if verdict is None else step,
        "why": _message("jeux.replay_same", {}) if verdict is None else _why(asked, game, verdict, event, labels),
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
