"""Child-side probes of the extension exercises x1-x4 (module recherche.py): the only module of the family
the confined child loads. Standard library, the puzzle model (reference/sliding.py: the documents'
moves and Manhattan sum, no answer of any exercise) and the channel's helpers only: the exact optima, the
graphs' server and the replays stay in the parent, so that no child (they all start from the fork
server's memory, which holds every probe module a run has loaded) holds an answer."""

from __future__ import annotations

from grader.questions.child_api import ask, probe, states
from reference.sliding import goal_state, manhattan, successors

PROBES = (__name__,)  # the questions' probe_modules


@probe
def probe_taquin(module, payload):
    """Call astar / bfs_taquin / dfs_taquin on a fresh matrix; return the operations."""
    return getattr(module, payload["function"])([list(row) for row in payload["matrix"]])


@probe
def probe_search(module, payload):
    """Call search(start, goal, next_states, heuristic) on a puzzle, or on a graph served by the parent;
    return the path."""
    container = set if payload["container"] == "set" else list
    if "n" in payload:
        n = payload["n"]
        start, goal = tuple(payload["start"]), goal_state(n)

        def next_states(state):
            return container(t for _, t in successors(state, n))

        def heuristic(state, target):
            return manhattan(state, n) if target == goal else 0
    else:
        # A graph stays in the parent, which answers every call and keeps the trace (replay.py).
        start, goal = payload["start"], payload["goal"]

        def next_states(state):
            return container(ask("next_states", states.encode(state)))

        def heuristic(state, target):
            return ask("heuristic", [states.encode(state), states.encode(target)])

    return module.search(start, goal, next_states, heuristic)
