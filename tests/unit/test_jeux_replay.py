"""The replay of a failed algorithm check (grader/questions/jeux_replay.py) on traces written here: the
exam's figures as the requested algorithm's side, sides cut with their length, and a replay for any trace
a recogniser refuses. tests/test_jeux_replay_graded.py grades the wrong submissions for real."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from grader.text.i18n import say
from grader.text.message import Message
from grader.questions import jeux, jeux_crafted, jeux_replay, jeux_traces, replays
from grader.questions.jeux_games import distances, named_game, shown_labels
from grader.results.records import SHOWN_ITEMS
from reports.replay import terminal_lines, view


def test_the_references_follow_the_exam_figures():
    order = jeux_crafted.GAPS  # bounds 2, 4, 6, 8: IDA* jumps over the odd ones
    game = named_game(order, ["c8"], jeux_crafted.GAPS_H)
    _, passes = jeux_replay.reference_idastar(game, game["succ"])
    assert [bound for _, bound in passes] == [2, 4, 6, 8]
    tree = jeux_crafted.MIDDLE_TREE
    calls, passes = jeux_replay.reference_ids(tree, tree["succ"])
    assert [bound for _, bound in passes] == [0, 1, 2]
    labels = shown_labels(tree)
    assert [labels[x] for name, x in calls[passes[2][0] :] if name == "final"] == ["r", "a", "a1", "b", "b1"]
    calls, levels = jeux_replay.reference_bfs(tree, tree["succ"])
    assert [labels[x] for name, x in calls if name == "final"] == ["r", "a", "b", "c", "a1", "b1"]
    # In the student's order: c before a.
    order = [list(reversed(row)) for row in tree["succ"]]
    calls, _ = jeux_replay.reference_bfs(tree, order)
    assert [labels[x] for name, x in calls if name == "final"][:4] == ["r", "c", "b", "a"]


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
    question = data.draw(st.sampled_from([q for q in jeux.QUESTIONS if isinstance(q, jeux.SearchQuestion)]))
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
        assert 0 <= replay["step"] <= replay["student"]["length"]
        assert replay["seen"] in (*jeux_replay.NAMES, *jeux_replay.OTHERS)
    for side in ("student", "expected"):
        assert sum(len(g["calls"]) for g in replay[side]["groups"]) <= replays.SHOWN_CALLS
    say(Message.from_dict(replay["why"]), "en")
    assert view(replay, "fr") is not None and terminal_lines(replay, "en")
