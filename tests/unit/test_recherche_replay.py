"""x1's replay (grader/questions/recherche/replay.py) on random graphs: correct variants of the notebook's IDA*
run here on the served graph, as the grader serves it, are replayed without any divergence (a replay never
blames what the notebook allows), and a search that stops where the notebook goes on is blamed there."""

from __future__ import annotations

from hypothesis import given, settings

from grader.questions.recherche import replay as recherche_replay
from grader.questions.recherche import search as recherche_search
from grader.sandbox.calls import serving
from reference.answers import recherche as notebook


def at_generation(start, goal, next_states, heuristic):
    """The notebook's IDA* computing h when a child is generated, once, and its bound from 0."""
    limit = 0
    while True:
        found = _down([start], heuristic(start, goal), goal, next_states, heuristic, limit)
        if isinstance(found, list):
            return found
        limit = found


def _down(path, h, goal, next_states, heuristic, limit):
    total = len(path) - 1 + h
    if total > limit:
        return total
    if path[-1] == goal:
        return path
    smallest = float("inf")
    children = [(ns, heuristic(ns, goal)) for ns in next_states(path[-1]) if ns not in path]
    for ns, hn in children:
        found = _down(path + [ns], hn, goal, next_states, heuristic, limit)
        if isinstance(found, list):
            return found
        smallest = min(smallest, found)
    return smallest


class Module:
    def __init__(self, search):
        self.search = search


def _replayed(search, case: dict) -> dict:
    server = recherche_replay.SearchServer(case)
    payload = {"start": case["start"], "goal": case["goal"], "container": case["container"]}
    with serving(server):
        got = recherche_search.probe_search(Module(search), payload)
    return recherche_replay.replay(case, server.events, got=got)


@settings(max_examples=150, deadline=None)
@given(recherche_search.graphs())
def test_correct_variants_are_replayed_without_divergence(case):
    for search in (notebook.search, at_generation):
        replay = _replayed(search, case)
        assert replay["step"] is None and replay["seen"] == "idastar", (search.__name__, replay["why"])
    # The notebook itself, replayed: the very calls on both sides, in the same order.
    replay = _replayed(notebook.search, case)
    sides = [[call for group in replay[side]["groups"] for call in group["calls"]] for side in ("student", "expected")]
    assert sides[0] == sides[1] and replay["student"]["length"] == replay["expected"]["length"]


def test_a_goal_taken_beyond_the_bound_is_blamed_where_it_is_taken():
    def plus_two(start, goal, next_states, heuristic):
        limit = heuristic(start, goal)
        while True:
            found = notebook.dl_search([start], goal, next_states, limit, heuristic)
            if isinstance(found, list):
                return found
            limit += 2  # not the smallest p + h that exceeded it

    case = {
        "start": 0,
        "goal": 1,
        "next_states": [[0, [2, 1]], [1, []], [2, [1]]],
        "container": "list",
        "heuristic": [],
    }
    replay = _replayed(plus_two, case)
    # The notebook's second pass (m = 1) cuts 1 below 2 (p + h = 2) and takes it from 0 (p = 1): the student's
    # bound 2 stops there, below 2.
    assert replay["why"] == {
        "key": "jeux.replay_goal_later",
        "params": {"state": 1, "p": 2, "h": 0, "f": 2, "bound": 1, "found": 1},
    }
    student = [c for g in replay["student"]["groups"] for c in g["calls"]]
    expected = [c for g in replay["expected"]["groups"] for c in g["calls"]]
    assert student[replay["step"]] == ["h", 1, 1] and student[replay["step"] - 1] == ["n", 2]
    # The notebook's call there: the goal again, from 0 (after cutting it below 2).
    assert expected[replay["expected_step"]] == ["h", 1, 1] and expected[replay["expected_step"] - 1] == ["h", 1, 1]
    assert [g.get("goal") for g in replay["student"]["groups"]] == [None, 2]
    assert [(g["bound"], g.get("goal")) for g in replay["expected"]["groups"]] == [(0, None), (1, 1)]
