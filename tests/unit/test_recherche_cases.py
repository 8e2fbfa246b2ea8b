"""recherche's typed fixed cases (grader/questions/recherche/): what each hands the child and the judge, and
the failure it names as plain data, read without a child (a stand-in context answers the one call)."""

from __future__ import annotations

import json

from grader.questions.recherche import moves, search
from grader.results.records import Kind
from grader.sandbox import protocol
from grader.sandbox.limits import Reply
from reference.sliding import matrix


class OneReply:
    """A context whose every run answers `reply`, and keeps what it was asked."""

    def __init__(self, reply: Reply):
        self.reply = reply
        self.asked: list[tuple] = []

    def run(self, probe, payload, **options):
        self.asked.append((probe.__name__, payload, options))
        return self.reply


def test_a_deep_puzzle_out_of_time_says_the_heuristic_does_not_guide_and_names_its_plain_payload():
    case = search.DeepPuzzle(search.SEARCH_DEEP_CASES[0])
    ctx = OneReply(Reply(protocol.TIMEOUT, limit=1.5))
    failure = search.X1().judge_deep(ctx, case)
    assert ctx.asked == [("probe_search", case.payload(), {})]
    assert failure is not None and failure.kind == Kind.TIMEOUT and failure.message == "x1.too_slow"
    assert failure.params == {"limit": "1.5"}
    assert failure.counterexample == {"n": 4, "start": list(case.start), "container": "set"}
    json.dumps(failure.counterexample)  # a result holds plain data only


def test_a_deep_puzzle_answered_wrong_names_its_plain_payload():
    case = search.DeepPuzzle(search.SEARCH_DEEP_CASES[1])
    failure = search.X1().judge_deep(OneReply(Reply(protocol.OK, value=[list(case.start)])), case)
    assert failure is not None and failure.message == "x1.end" and failure.counterexample == case.payload()


def test_a_long_puzzle_is_timed_on_its_crafted_case_with_the_drawn_allowance():
    crafted = moves.BFS_LONG_CASES[2]
    drawn = moves.bfs_long_cases(2017)[2]
    assert drawn.timed_on == crafted and drawn.start != crafted and drawn.allowance == moves.DRAWN_ALLOWANCE
    assert moves.LongPuzzle(crafted, crafted).allowance == 1.0
    ctx = OneReply(Reply(protocol.TIMEOUT, limit=4.0))
    failure = moves.X3().judge_long(ctx, drawn)
    [(probe, payload, options)] = ctx.asked
    assert probe == "probe_taquin" and payload == {"function": "bfs_taquin", "matrix": matrix(drawn.start, 3)}
    assert options == {"timed_on": {"function": "bfs_taquin", "matrix": matrix(crafted, 3)}, "slower": 2.0}
    assert failure is not None and failure.message == "x3.too_slow" and failure.counterexample == matrix(drawn.start, 3)
