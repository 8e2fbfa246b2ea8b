"""Searches run here, on games built here, and replayed as the grader replays a failed algorithm check.

The grader replays the first of its crafted games that a search fails (grader/questions/jeux/crafted.py,
whose list grows); the tests that say exactly where a variant parts from the requested algorithm run it
on the games below instead, found by their name, so that a game added to the grader's list changes
nothing here. A run is the grader's own: the probe with its proxies, a GameServer answering in this
process (the variants are the project's test data, not a student's), a call budget and a time limit.
"""

from __future__ import annotations

import importlib.util
import signal
from pathlib import Path

from grader.questions.jeux import replay as jeux_replay
from grader.questions.jeux.games import GameServer, named_game, shown_labels
from grader.questions.jeux.probes import probe_search
from grader.questions.jeux.traces import bfs, idastar, ids
from grader.sandbox.calls import Stopped, serving

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 3000
SECONDS = 2.0

_TREE = {"r": ["a", "b", "c"], "a": ["a1"], "b": ["b1"], "c": ["c1"]}
_FORK = {"r": ["a", "b"], "a": ["a1", "a2"], "b": ["b1", "b2"], "a1": ["a3"], "b1": ["b3"], "a3": ["a4"], "b3": ["b4"]}
_DECOY = {"r": ["a", "b1"], "a": ["a1", "a2"], "a1": ["a11", "a12"], "a2": ["a21", "a22"], "b1": ["b2"], "b2": ["b3"]}
_DECOY_H = {"r": 3, "b1": 2, "b2": 1, "b3": 0, **dict.fromkeys(("a", "a1", "a2", "a11", "a12", "a21", "a22"), 9)}
# A chain c0 … c5 with a leaf on each side of every link: p + h = 1 all along the chain, 6 or 7 on the
# leaves, so that IDA*'s bounds are 1, 2, 3, 4, 5 and the last p + h above a bound is never the smallest.
_LADDER = {f"c{i}": [f"l{i}", f"c{i + 1}", f"m{i}"] for i in range(4)} | {"c4": ["c5"]}
_LADDER_H = {f"c{i}": 1 for i in range(5)} | {"c5": 0} | {f"l{i}": 6 for i in range(4)} | {f"m{i}": 7 for i in range(4)}
# A chain whose p + h are even (h admissible): bounds 2, 4, 6, 8.
_EVEN = {"r": ["l0", "c1"], "c1": ["c2", "l1"], "c2": ["l2", "c3"], "c3": ["c4", "l3"]} | {
    f"c{i}": [f"c{i + 1}"] for i in range(4, 8)
}
_EVEN_H = {"r": 2, "c1": 3, "c2": 4, "c3": 5, "c4": 4, "c5": 3, "c6": 2, "c7": 1, "c8": 0}
_EVEN_H |= {"l0": 9, "l1": 8, "l2": 7, "l3": 6}

GAMES = {
    "bfs": {
        "tree": named_game(_TREE, ["b1"]),
        "fork": named_game(_FORK, ["b4"]),
    },
    "ids": {
        "tree": named_game(_TREE, ["b1"]),
        "fork": named_game(_FORK, ["b4"]),
        "tuples": named_game(_FORK, ["b4"], labels="tuple"),
    },
    "idastar": {
        "decoy": named_game(_DECOY, ["b3"], _DECOY_H),
        "low": named_game(_DECOY, ["b3"], {**_DECOY_H, "r": 1, "b1": 1, "b2": 1}),
        "ladder": named_game(_LADDER, ["c5"], _LADDER_H),
        "even": named_game(_EVEN, ["c8"], _EVEN_H),
        "tuples": named_game(_DECOY, ["b3"], {**_DECOY_H, "r": 1, "b1": 1, "b2": 1}, labels="tuple"),
    },
}
RECOGNISERS = {"bfs": bfs, "ids": ids, "idastar": idastar}


def module(path: Path):
    """A fresh copy of a variant's module (its globals untouched by earlier runs)."""
    spec = importlib.util.spec_from_file_location(f"variant_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def _late(signum, frame):
    raise Stopped("time")


def trace(path: Path, function: str, game: dict) -> list | None:
    """The calls the variant's `function` makes on the game, or None where its run does not end well."""
    server = GameServer(game, BUDGET)
    payload = {"function": function, "initial": server.initial_wire, "h": "h" in game}
    previous = signal.signal(signal.SIGALRM, _late)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        with serving(server):
            probe_search(module(path), payload)
    except (Stopped, Exception):  # noqa: BLE001 - a run that fails is no search to replay
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    finals = set(game["finals"])
    return server.events if any(f == "final" and x in finals for f, x in server.events) else None


def first_replay(path: Path, function: str, games: dict | None = None) -> tuple[str, dict] | None:
    """The first game of `games` (by name; GAMES[function] by default) on which the variant's trace is not
    the requested algorithm's, and its replay; None where every run is (or none ends well)."""
    for name, game in (games or GAMES[function]).items():
        events = trace(path, function, game)
        if events is None:
            continue
        labels = shown_labels(game)
        verdict = RECOGNISERS[function](game, events, labels)
        if verdict is not None:
            return name, jeux_replay.replay(function, game, events, labels, verdict, (1, 1))
    return None


def marked(replay: dict) -> tuple[str, str]:
    """Each side's marked call, as the pages write it."""
    from reports.replay import view

    shown = view(replay, "fr")
    assert shown is not None
    return tuple(  # type: ignore[return-value]
        next(c["text"] for g in shown[side]["groups"] for c in g["calls"] if c["mark"])
        for side in ("student", "expected")
    )
