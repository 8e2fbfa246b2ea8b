"""The replay of a failed algorithm check (grader/questions/jeux/replay.py) on traces written here: the
exam's figures as the requested algorithm's side, sides cut with their length, and a replay for any trace
a recogniser refuses. tests/test_jeux_replay_graded.py grades the wrong submissions for real."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grader.questions import replays
from grader.questions.jeux import searches as jeux
from grader.questions.jeux import questions as jeux_questions
from grader.questions.jeux import crafted as jeux_crafted
from grader.questions.jeux import replay as jeux_replay
from grader.questions.jeux import traces as jeux_traces
from grader.questions.jeux.games import GameServer, distances, idastar_passes, named_game, shown_labels
from grader.questions.jeux.probes import probe_search
from grader.results.records import SHOWN_ITEMS
from grader.sandbox.calls import serving
from grader.text.i18n import say
from grader.text.message import Message
from reference.answers import jeux as model
from reference.answers import replays as algorithms
from reports.replay import terminal_lines, view


VARIANTS = Path(__file__).resolve().parents[1] / "variants" / "jeux" / "correct"


def _trace(student, function: str, game: dict) -> list[tuple]:
    """A search's calls on the game, run here as the grader runs it."""
    server = GameServer(game)
    payload = {"function": function, "initial": server.initial_wire, "h": "h" in game}
    with serving(server):
        probe_search(student, payload)
    return server.events


def _model_calls(function: str, game: dict, order: list[list[int]]) -> list[tuple]:
    """The model answer's calls on the game, successors in `order`, as the grader itself runs it."""
    return _trace(model, function, {**game, "succ": order})


def test_a_search_taking_the_successors_by_increasing_h_is_followed_in_that_order():
    """An IDA* that asks h of all of a state's successors, then explores them by increasing h: the
    algorithm's side takes them in the order it explores them, not the order of its estimates, and no pass
    parts from its own (the last one was said to go on after the algorithm's goal)."""
    spec = importlib.util.spec_from_file_location("idastar_fils_tries", VARIANTS / "idastar_fils_tries.py")
    assert spec is not None and spec.loader is not None
    student = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(student)
    question = next(q for q in jeux_questions.QUESTIONS if getattr(q, "function", None) == "idastar")
    for game in question.crafted():
        events = _trace(student, "idastar", game)
        order = replays.student_order(game, events, jeux_replay.restarts(events, game["initial"]))
        entered = {x for name, x in events if name != "h"}
        for x in {x for name, x in events if name == "suivants"}:
            by_h = sorted(game["succ"][x], key=game["h"].__getitem__)
            assert [y for y in order[x] if y in entered] == [y for y in by_h if y in entered]
        calls, groups = jeux_replay.requested(algorithms, "idastar", game, events)
        expanded = [call for call in events if call[0] == "suivants"]
        assert [call for call in calls if call[0] == "suivants"] == expanded
        assert jeux_replay.passes_part(game, events, calls, groups, shown_labels(game)) is None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_student_order_of_the_model_answers_own_trace_is_the_order_it_was_given(data):
    """Whatever the order and the tree, read from the model answer's trace: each state's successors that it
    touched, in the order it was given them (a state cut in one pass keeps its place when entered later).
    (In a graph, a state reached first from another parent is touched there first.)"""
    question = data.draw(st.sampled_from([q for q in jeux_questions.QUESTIONS if isinstance(q, jeux.SearchQuestion)]))
    game = data.draw(st.sampled_from(question.crafted()))
    reached = [y for row in game["succ"] for y in row]
    assume(len(reached) == len(set(reached)))
    order = [data.draw(st.permutations(row)) for row in game["succ"]]
    events = _model_calls(question.function, game, order)
    read = replays.student_order(game, events, jeux_replay.restarts(events, game["initial"]))
    touched = {x for _, x in events}
    assert all(
        [y for y in mine if y in touched] == [y for y in given if y in touched] for mine, given in zip(read, order)
    )


def test_the_algorithms_side_is_the_model_answer_with_its_own_passes():
    game = named_game(jeux_crafted.GAPS, ["c8"], jeux_crafted.GAPS_H)
    calls, passes = algorithms.search("idastar", game, game["succ"])
    assert calls == _model_calls("idastar", game, game["succ"])
    assert [bound for _, bound in passes] == [2, 4, 6, 8] == [p["bound"] for p in idastar_passes(game)]
    assert all(calls[start] == ("h", game["initial"]) for start, _ in passes)
    tree = jeux_crafted.MIDDLE_TREE
    calls, passes = algorithms.search("ids", tree, tree["succ"])
    assert [bound for _, bound in passes] == [0, 1, 2]
    labels = shown_labels(tree)
    assert [labels[x] for name, x in calls[passes[2][0] :] if name == "final"] == ["r", "a", "a1", "b", "b1"]
    calls, levels = algorithms.search("bfs", tree, tree["succ"])
    assert [labels[x] for name, x in calls if name == "final"] == ["r", "a", "b", "c", "a1", "b1"]
    assert [(labels[calls[start][1]], level) for start, level in levels] == [("r", 0), ("a", 1), ("a1", 2)]
    # In the student's order: c before a.
    order = [list(reversed(row)) for row in tree["succ"]]
    calls, _ = algorithms.search("bfs", tree, order)
    assert [labels[x] for name, x in calls if name == "final"][:4] == ["r", "c", "b", "a"]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_algorithms_side_makes_the_model_answers_calls_in_any_order(data):
    question = data.draw(st.sampled_from([q for q in jeux_questions.QUESTIONS if isinstance(q, jeux.SearchQuestion)]))
    game = data.draw(st.sampled_from(question.crafted()))
    order = [data.draw(st.permutations(row)) for row in game["succ"]]
    calls, groups = algorithms.search(question.function, game, order)
    assert calls == _model_calls(question.function, game, order)
    assert [start for start, _ in groups] == sorted({start for start, _ in groups}) and groups[0][0] == 0


def test_a_long_trace_is_cut_with_its_length_said():
    tree = jeux_crafted.MIDDLE_TREE
    labels = shown_labels(tree)
    # A depth-first search that tests a1's parent a over and over before going on (a budget allows it).
    events = [("final", 0), ("suivants", 0), ("final", 1), ("suivants", 1), ("final", 4)] + [("final", 1)] * 600
    events += [("final", 2), ("suivants", 2), ("final", 5)]
    verdict = jeux_traces.bfs(tree, events, labels)
    assert verdict is not None
    replay = jeux_replay.replay("bfs", tree, events, labels, verdict, (1, 4))
    shown = sum(len(g["calls"]) for g in replay["student"]["groups"])
    assert shown == replays.SHOWN_CALLS < SHOWN_ITEMS and replay["student"]["length"] == len(events)
    assert replay["step"] == 4
    assert len(json.dumps(replay)) < 4000


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_trace_a_recogniser_refuses_gets_a_replay(data):
    """Whatever calls a search makes on a crafted game (any order, repeats, `h` anywhere), a verdict's
    replay is computed without error, its divergence within the trace and each side bounded; a trace the
    recogniser accepts, replayed on request, has no divergence and is bounded the same."""
    question = data.draw(st.sampled_from([q for q in jeux_questions.QUESTIONS if isinstance(q, jeux.SearchQuestion)]))
    game = data.draw(st.sampled_from(question.crafted()))
    names = ["final", "suivants", *(["h"] if "h" in game else [])]
    reachable = [i for i, d in enumerate(distances(game["succ"], [game["initial"]])) if d is not None]
    events = data.draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(reachable)), max_size=150))
    labels = shown_labels(game)
    verdict = question.recognise(game, events, labels)
    number = (question.crafted().index(game) + 1, question.replay_games())
    replay = jeux_replay.replay(question.function, game, events, labels, verdict, number)
    if verdict is None:
        assert replay["step"] is None and replay["seen"] == question.function
        assert view(replay, "fr")["first"] == "Aucun écart"
    else:
        assert 0 <= verdict.at <= len(events)
        # A call of each side (the first, for a search that made none).
        assert 0 <= replay["step"] < max(1, replay["student"]["length"])
        assert 0 <= replay["expected_step"] < replay["expected"]["length"]
        assert replay["seen"] in (*jeux_replay.NAMES, *jeux_replay.OTHERS)
    for side in ("student", "expected"):
        assert sum(len(g["calls"]) for g in replay[side]["groups"]) <= replays.SHOWN_CALLS
    say(Message.from_dict(replay["why"]), "en")
    assert view(replay, "fr") is not None and terminal_lines(replay, "en")


def test_a_state_is_drawn_with_its_whole_label_or_keyed_in_a_legend():
    from reports import drawing
    from reports.replay import graph

    texts, legend = drawing.fitted(["e0", "(0, 1)", "(12, 3)", "('un état', 'long')"], 34)
    assert texts["e0"] == {"text": "e0", "size": 11} and texts["(0, 1)"]["text"] == "(0, 1)"
    assert 7.5 <= texts["(12, 3)"]["size"] < texts["(0, 1)"]["size"] < 11  # smaller type, whole
    assert texts["('un état', 'long')"]["text"] == "[1]" and legend == [{"key": "[1]", "full": "('un état', 'long')"}]
    # In a replay's drawing: tuple states whole, the long one keyed under the drawing.
    game = named_game({"r": ["a", "b"], "a": ["f"]}, ["f"], labels=[(0, 0), (0, 1), (12, 3), "('un état', 'long')"])
    events = [("final", 0), ("suivants", 0), ("final", 1), ("suivants", 1), ("final", 3)]
    labels = shown_labels(game)
    replay = jeux_replay.replay("bfs", game, events, labels, jeux_traces.bfs(game, events, labels), (1, 1))
    drawn = graph(jeux_replay.visual(game), view(replay, "fr"))
    assert sorted(n["label"] for n in drawn["nodes"]) == ["(0, 0)", "(0, 1)", "(12, 3)", "[1]"]
    assert drawn["legend"] == [{"key": "[1]", "full": "('un état', 'long')"}]


def _module(name: str, source: str):
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def test_a_memo_of_suivants_is_followed_as_its_passes_go_not_called_a_jump():
    """IDA* over a memo of `suivants` (red team 5): recognised as IDA* on every crafted game; with its next
    bound one too high, the replay says where it expanded past the bound, as for the same slip without a
    memo, not that it reached a state without expanding its parent."""
    source = (VARIANTS / "idastar_suivants_memorises.py").read_text()
    right = _module("memo", source)
    for game in jeux_crafted.IDASTAR_GAMES:
        assert jeux_traces.idastar(game, _trace(right, "idastar", game), shown_labels(game)) is None
    wrong = _module("memo_plus_one", source.replace("        m = minimum\n", "        m = minimum + 1\n"))
    game = jeux_crafted.IDASTAR_GAMES[1]
    events, labels = _trace(wrong, "idastar", game), shown_labels(game)
    verdict = jeux_traces.idastar(game, events, labels)
    assert verdict is not None and verdict.key == "q10.not_pruned"
    replay = jeux_replay.replay("idastar", game, events, labels, verdict, (2, 7))
    assert replay is not None and replay["why"]["key"] == "jeux.replay_pruned"
