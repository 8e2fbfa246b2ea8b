"""x1's judgement of the search on the trace the parent served (grader/questions/recherche/replay.py,
`unobserved`): every correct variant of the corpus, the model answer and a search that calls heuristic on a
state before checking the path show IDA* on random graphs; red team 12's A*, BFS and IDA* with its next
bound plus one (tests/strategies/recherche/) show what they are on the first crafted graph. In process,
as tests/unit/test_recherche_replay.py serves the graphs."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from hypothesis import given, settings

from grader.questions.recherche import replay as recherche_replay
from grader.questions.recherche import search as recherche_search
from grader.sandbox.calls import serving
from reference.answers import recherche as notebook
from tests.unit.test_recherche_replay import Module

TESTS = Path(__file__).resolve().parents[1]


def _search(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.search


CORRECT = [notebook.search, *(_search(p) for p in sorted((TESTS / "variants" / "recherche" / "correct").glob("*.py")))]


def h_before_the_path(start, goal, next_states, heuristic):
    """Right, if wasteful: the first bound 0 whatever h(start) (passes that expand nothing), each
    successor's total asked before the path is checked, the start's too on a cycle back to it (a heuristic
    call on the start within a pass)."""
    limit = 0
    while True:
        found = _down([start], goal, next_states, heuristic, limit)
        if isinstance(found, list):
            return found
        limit = found


def _down(path, goal, next_states, heuristic, limit):
    if path[-1] == goal:
        return path
    smallest = float("inf")
    for ns in next_states(path[-1]):
        total = len(path) + heuristic(ns, goal)
        if ns in path:
            continue
        if total > limit:
            smallest = min(smallest, total)
            continue
        found = _down(path + [ns], goal, next_states, heuristic, limit)
        if isinstance(found, list):
            return found
        smallest = min(smallest, found)
    return smallest


def cached_successors(start, goal, next_states, heuristic):
    """The notebook's IDA* with next_states cached: each state's successors asked once in the whole search."""
    return notebook.search(start, goal, functools.cache(lambda state: list(next_states(state))), heuristic)


def _trace(search, case: dict) -> list[tuple]:
    server = recherche_replay.SearchServer(case)
    payload = {"start": case["start"], "goal": case["goal"], "container": case["container"]}
    with serving(server):
        recherche_search.probe_search(Module(search), payload)
    return server.events


@settings(max_examples=50, deadline=None)  # the quick layer: 5,000 passed when it was written
@given(recherche_search.graphs())
def test_every_correct_search_shows_idastar_on_random_graphs(case):
    for search in (*CORRECT, h_before_the_path, cached_successors):
        assert recherche_replay.unobserved(case, _trace(search, case)) is None, search.__module__


def test_every_correct_search_shows_idastar_on_the_crafted_graphs():
    for case in recherche_search.CRAFTED_GRAPHS:
        for search in (*CORRECT, h_before_the_path, cached_successors):
            assert recherche_replay.unobserved(case, _trace(search, case)) is None, (search.__module__, case)


def test_red_team_12s_searches_show_what_they_are_on_the_first_crafted_graph():
    # 0 -> [1, 2], 1 -> [2], 2 -> [3], h = 0: IDA*'s bounds are 0, 1, 2; the A* expands 1 (p + h = 1) at once,
    # the bound plus one (bounds 0, 2) expands 2 through 1 (p + h = 2) in its second pass, whose bound is 1.
    case = recherche_search.CRAFTED_GRAPHS[0]
    strategies = TESTS / "strategies" / "recherche"
    seen = {
        name: recherche_replay.unobserved(case, _trace(_search(strategies / name), case))
        for name in ("astar_closed.py", "bfs_parents.py", "idastar_next_plus_one.py")
    }
    assert seen == {
        "astar_closed.py": ("x1.algorithm_first_bound", {"pass": 1, "state": 1, "bound": 0}),
        "bfs_parents.py": ("x1.algorithm_no_h", {}),
        "idastar_next_plus_one.py": ("x1.algorithm_next_bound", {"pass": 2, "state": 2, "bound": 1}),
    }
