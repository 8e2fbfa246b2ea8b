"""x1's judgement of the search on the trace the parent served (grader/questions/recherche/replay.py,
`unobserved`): every correct variant of the corpus, the model answer and a search that calls heuristic on a
state before checking the path, each with and without next_states cached, show IDA* on random graphs; red
team 12's A*, BFS and IDA* with its next bound plus one show what they are on the first crafted graph, and
a best-first or breadth-first search per bound and an A* posing as a cached IDA* on the seventh
(tests/strategies/recherche/; the BFS: tests/submissions/recherche/search_largeur.py). In process, as
tests/unit/test_recherche_replay.py serves the graphs."""

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


def cached(search):
    """`search` with next_states cached: each state's successors asked once in the whole search."""

    @functools.wraps(search)  # named after it in a failure
    def with_a_memo(start, goal, next_states, heuristic):
        return search(start, goal, functools.cache(lambda state: list(next_states(state))), heuristic)

    return with_a_memo


def successors_as_a_set(search):
    """`search` reading each state's successors as a set (the notebook calls them one): a successor listed
    twice is expanded once (red team 16: 0/3 under 11 of 40 seeds once every failed pass had to be whole)."""

    @functools.wraps(search)
    def reading_a_set(start, goal, next_states, heuristic):
        return search(start, goal, lambda state: set(next_states(state)), heuristic)

    return reading_a_set


def successors_before_the_goal_test(start, goal, next_states, heuristic):
    """Right, if wasteful: a state's successors asked before it is compared with the goal, the goal's too
    (red team 16: 0/3, the goal's expansion counted beyond the bound)."""
    limit = heuristic(start, goal)
    while True:
        found = _asked_first([start], goal, next_states, heuristic, limit)
        if isinstance(found, list):
            return found
        limit = found


def _asked_first(path, goal, next_states, heuristic, limit):
    total = len(path) - 1 + heuristic(path[-1], goal)
    if total > limit:
        return total
    successors = next_states(path[-1])
    if path[-1] == goal:
        return path
    smallest = float("inf")
    for ns in successors:
        if ns not in path:
            found = _asked_first(path + [ns], goal, next_states, heuristic, limit)
            if isinstance(found, list):
                return found
            smallest = min(smallest, found)
    return smallest


# Every correct search, and each with next_states cached (a memo is legitimate Python: the cached searches
# expand no state twice, and the one pruning children asks nothing on the start after its first pass).
SEARCHES = (
    *CORRECT,
    h_before_the_path,
    successors_before_the_goal_test,
    *(cached(search) for search in (*CORRECT, h_before_the_path)),
    *(successors_as_a_set(search) for search in CORRECT),
)
# A list that repeats a successor, the start's bound failing first: read as a set, a failed pass expands
# s1 once where its count (simple paths, repeats kept) is two.
REPEATED = {
    "start": "s0",
    "goal": "s3",
    "next_states": [["s0", ["s1", "s1", "s2"]], ["s1", ["s3"]], ["s2", ["s3"]], ["s3", []]],
    "container": "list",
    "heuristic": [],
}


def _trace(search, case: dict) -> list[tuple]:
    server = recherche_replay.SearchServer(case)
    payload = {"start": case["start"], "goal": case["goal"], "container": case["container"]}
    with serving(server):
        recherche_search.probe_search(Module(search), payload)
    return server.events


@settings(max_examples=25, deadline=None)  # the quick layer (twice the searches: cached or not); 1,500 passed
@given(recherche_search.graphs())
def test_every_correct_search_shows_idastar_on_random_graphs(case):
    for search in SEARCHES:
        assert recherche_replay.unobserved(case, _trace(search, case)) is None, search.__module__


def test_every_correct_search_shows_idastar_on_the_crafted_graphs():
    for case in (*recherche_search.CRAFTED_GRAPHS, REPEATED):
        for search in SEARCHES:
            assert recherche_replay.unobserved(case, _trace(search, case)) is None, (search.__module__, case)


def test_red_team_12s_searches_show_what_they_are_on_the_first_crafted_graph():
    # 0 -> [1, 2], 1 -> [2], 2 -> [3], h = 0: IDA*'s bounds are 0, 1, 2; the A* expands 1 (p + h = 1) at once,
    # the bound plus one (bounds 0, 2) expands 2 through 1 (p + h = 2) in its second pass, whose bound is 1.
    case = recherche_search.CRAFTED_GRAPHS[0]
    seen = {name: _seen(name, case) for name in ("astar_closed.py", "search_largeur.py", "idastar_next_plus_one.py")}
    assert seen == {
        "astar_closed.py": ("x1.algorithm_first_bound", {"pass": 1, "state": 1, "bound": 0}),
        "search_largeur.py": ("x1.algorithm_no_h", {}),
        "idastar_next_plus_one.py": ("x1.algorithm_next_bound", {"pass": 2, "state": 2, "bound": 1}),
    }


def test_searches_within_idas_bounds_but_not_depth_first_are_seen_jumping_between_branches():
    # s -> [b, a, x], b -> c -> g, a -> g, h(x) = 9: bounds 0, 1, 2. In the third pass a best-first or a
    # breadth-first search expands b, then a, then c, below b which it left; so does an A* with a closed set
    # that asks h(start) again (its trace is read as a cached IDA*'s): c's parent b is entered again without
    # a call on b. On the old judgement (counts only, a cached trace not judged) all three passed.
    case = recherche_search.CRAFTED_GRAPHS[6]
    seen = {name: _seen(name, case) for name in ("astar_per_bound.py", "bfs_per_bound.py", "astar_start_again.py")}
    assert seen == {
        "astar_per_bound.py": ("x1.algorithm_not_depth_first", {"state": "c", "pass": 3}),
        "bfs_per_bound.py": ("x1.algorithm_not_depth_first", {"state": "c", "pass": 3}),
        "astar_start_again.py": ("x1.algorithm_cached_not_depth_first", {"state": "c"}),
    }


def test_a_wrong_search_does_not_hide_behind_a_cache_of_next_states():
    # The same graph, each search with next_states cached: the searches per bound still come back to b
    # without a call on it; the bound plus one (bounds 0, 2) expands a (IDA*'s second pass) after c (its
    # third). Before, the A* per bound and the bound plus one, their traces not judged, passed here.
    case = recherche_search.CRAFTED_GRAPHS[6]
    names = ("astar_per_bound.py", "bfs_per_bound.py", "idastar_next_plus_one.py")
    seen = {name: _seen(name, case, cached) for name in names}
    assert seen == {
        "astar_per_bound.py": ("x1.algorithm_cached_not_depth_first", {"state": "c"}),
        "bfs_per_bound.py": ("x1.algorithm_cached_not_depth_first", {"state": "c"}),
        "idastar_next_plus_one.py": ("x1.algorithm_cached_pass", {"state": "a", "bound": 1, "later": 2}),
    }


def _seen(name: str, case: dict, written=lambda search: search):
    """What x1 sees of a strategy (tests/strategies/recherche/, or red team 12's BFS among the submissions)."""
    folder = TESTS / ("submissions" if name == "search_largeur.py" else "strategies") / "recherche"
    search = written(_search(folder / name))
    return recherche_replay.unobserved(case, _trace(search, case))
