"""q18's passes beside the model answer's (grader/questions/taquin/passes.py) and how people read them
(reports/replay.py), on passes written here: tests/test_taquin_passes_graded.py grades real variants."""

from __future__ import annotations

from grader.questions.taquin import passes as taquin_passes
from grader.questions.taquin.serving import DfsAnswered as Answered
from reports.replay import passes_lines, passes_view


def test_the_model_passes_follow_the_minimum_its_dfs_leaves():
    minima = {14: 16, 16: 18, 18: 20}

    def search(m):
        return m == 20, minima.get(m), 10 * m

    assert taquin_passes.model_passes(14, search) == [[14, 140], [16, 160], [18, 180], [20, 200]]
    # A search that never ends is cut at MAX_PASSES.
    assert len(taquin_passes.model_passes(0, lambda m: (False, m + 1, 1))) == taquin_passes.MAX_PASSES


def test_the_student_passes_are_the_calls_from_the_start():
    calls = [Answered(14, 0, 10, False, 16), Answered(16, 0, 33, False, 18), Answered(16, 1, 5, False, 18)]
    calls.append(Answered(18, 0, 138, True, 20))
    assert taquin_passes.student_passes(calls) == [[14, 10], [16, 33], [18, 138]]


def test_ida_passes_follow_the_minimum_each_call_left_up_to_the_first_found():
    passes = [Answered(14, 0, 10, False, 16), Answered(16, 0, 33, False, 18), Answered(18, 0, 138, True, 20)]
    assert taquin_passes.are_ida_passes(passes, 14)
    assert taquin_passes.are_ida_passes([], 0)  # a taquin may answer the goal at once
    assert not taquin_passes.are_ida_passes([], 14)  # a list found without dfs
    raised_by_two = [Answered(14, 0, 10, False, 17), Answered(16, 0, 33, False, 18), passes[2]]
    assert not taquin_passes.are_ida_passes(raised_by_two, 14)
    assert not taquin_passes.are_ida_passes(passes[:2], 14)  # none found
    assert not taquin_passes.are_ida_passes([passes[0]._replace(found=True), *passes[1:]], 14)  # found twice
    assert not taquin_passes.are_ida_passes([passes[2]._replace(p=1)], 18)  # not from the start
    # One call at the optimum, learnt elsewhere (red team: the kit's count of DFS*), is no deepening; from a
    # state whose h is exact, it is IDA*'s only pass.
    assert not taquin_passes.are_ida_passes([passes[2]], 14)
    assert taquin_passes.are_ida_passes([passes[2]], 18)


def test_a_deepening_that_skips_no_least_cut_is_told_apart_from_ida_star_and_from_a_bound_skipped():
    """Red team 4 (q18-bound-plus-one): `m += 1` over the served dfs (its minimum never reset) is a
    deepening over dfs, not IDA*'s passes; a bound raised past the least cut, or not raised, is neither."""
    by_one = [Answered(m, 0, 10, m == 18, 16) for m in range(14, 19)]
    assert not taquin_passes.are_ida_passes(by_one, 14)
    assert taquin_passes.are_deepening_passes(by_one, 14)
    ida = [Answered(14, 0, 10, False, 16), Answered(16, 0, 33, False, 18), Answered(18, 0, 138, True, 20)]
    assert taquin_passes.are_deepening_passes(ida, 14)
    skipped = [Answered(14, 0, 10, False, 16), Answered(18, 0, 138, True, 20)]
    assert not taquin_passes.are_deepening_passes(skipped, 14)
    again = [Answered(14, 0, 10, False, 16), *ida]
    assert not taquin_passes.are_deepening_passes(again, 14)
    assert not taquin_passes.are_deepening_passes([ida[2]], 14)  # one call at the optimum
    assert [taquin_passes.least_cut(m, 14) for m in (0, 13, 14, 15, 16)] == [14, 14, 16, 16, 18]


def test_the_first_divergence_is_the_first_bound_that_differs_or_where_a_side_stops():
    same = [[14, 10], [16, 33]]
    assert taquin_passes.passes_data(same, same)["first"] is None
    skipped = taquin_passes.passes_data([[14, 10], [18, 138]], [[14, 10], [16, 33], [18, 138]])
    assert skipped["first"] == 1
    stopped = taquin_passes.passes_data([[14, 10]], same)
    assert stopped["first"] == 1
    long = taquin_passes.passes_data([[10, 34]] * 100, same)
    assert len(long["student"]) == taquin_passes.MAX_PASSES and long["student_length"] == 100


def test_the_passes_read_in_french_and_english_with_counts_set_apart():
    data = taquin_passes.passes_data([[24, 5247], [28, 4685]], [[24, 5247], [26, 2230]])
    fr = passes_view(data, "fr")
    assert fr is not None
    assert fr["said"] == (
        "Premier écart au parcours n° 2 : seuil m = 28 au lieu de 26, le plus petit p + h qui a dépassé le "
        "seuil précédent"
    )
    assert fr["rows"][0]["student"] == "24 (5\u202f247)" and fr["rows"][1]["first"]
    lines = passes_lines(data, "en")
    assert lines[1].endswith("your taquin(): bound m (nodes): 24 (5,247), » 28 (4,685) «")
    assert lines[2].endswith("model answer: bound m (nodes): 24 (5,247), » 26 (2,230) «")
    fewer = passes_view(taquin_passes.passes_data([[14, 10]], [[14, 10], [16, 33], [18, 138]]), "fr")
    assert fewer is not None and fewer["said"].endswith("le corrigé fait encore les parcours de seuils 16, 18")
    assert passes_view({"student": "x"}, "fr") is None and passes_lines(None, "fr") == []


def test_the_calls_of_ida_star_come_from_the_kits_oracles_at_least_as_many_as_the_model_answer_makes():
    """The time limit of q18's watched runs on a student's check, where no model answer is installed: the
    calls counted from the oracles bound the model answer's own."""
    from grader.questions.taquin.cases import SMALL_DETOURS
    from grader.questions.taquin.passes import figure_passes, ida_calls

    for state in SMALL_DETOURS:
        assert ida_calls(state) >= sum(nodes for _, nodes in figure_passes(state, ida_calls(state)))


def test_the_model_passes_beside_a_search_stopped_short_search_no_more_than_it_did():
    """Red team 12: a taquin() capped at 60 moves, on q18's 78-move trap, made the grader search the model's
    passes to the optimum on its own (bound 70 alone is 8.5 million nodes): they now stop at the student's
    own nodes, plus FIGURE_SLACK, and keep only the passes that ended within them."""
    from grader.questions.taquin.cases import TRAPS
    from grader.questions.taquin.passes import FIGURE_SLACK, figure_passes

    trap = tuple(TRAPS[0].state)
    nothing = figure_passes(trap, 0)
    assert nothing == []
    first = figure_passes(trap, FIGURE_SLACK)
    assert first and sum(nodes for _, nodes in first) <= FIGURE_SLACK
    more = figure_passes(trap, 20 * FIGURE_SLACK)
    assert more[: len(first)] == first and len(more) > len(first)
    assert [m for m, _ in more] == list(range(more[0][0], more[0][0] + 2 * len(more), 2))
