"""q17's evidence and diagnosis when the recursion does not go through dfs: the grid's arrangements the child
reports (grader/questions/taquin/arrangements.py) turned into the calls they stand for
(walk.DfsWatcher.walked) and checked by the same walk; and how people read the diagnosis's drawing
(reports/replay.py). tests/test_taquin_diagnosis_graded.py runs real student files in the child."""

from __future__ import annotations

import math

import pytest

from grader.questions.taquin import diagnosis
from grader.questions.taquin.arrangements import WATCHED_STATE
from grader.questions.taquin.walk import DfsWatcher, Seen, record, walk
from reference.puzzle import GOAL, MOVES, OPPOSITE, apply, legal_moves, manhattan
from reports.replay import search_lines, search_view

# A call below its optimum with a tree of 112 calls (q17's first evidence call), and one at it.
BELOW = ((0, 6, 2, 3, 4, 1, 15, 7, 8, 9, 5, 10, 12, 13, 14, 11), None, 11, 0)
AT = ((0, 6, 2, 3, 4, 1, 15, 7, 8, 9, 5, 10, 12, 13, 14, 11), None, 13, 0)


def grid_walk(start, previous, m, p0, order=MOVES, cut=False) -> tuple[list, bool, float]:
    """The grid's arrangements a DFS*(m, p0) from `start` shows with its recursion in a helper (each move
    and each undo), whether it found, and the least p + h it cut. `cut`: a child past the bound is cut by
    its p + h without moving there (else it is entered and left at once)."""
    states: list = []
    least = [math.inf]

    def search(state, last, p) -> bool:
        f = p + manhattan(state)
        if f > m:
            least[0] = min(least[0], f)
            return False
        if state == GOAL:
            return True
        for move in order:
            if move in legal_moves(state) and (last is None or move != OPPOSITE[last]):
                child = apply(state, move)
                if cut and p + 1 + manhattan(child) > m:
                    least[0] = min(least[0], p + 1 + manhattan(child))
                    continue
                states.append(child)
                if search(child, move, p + 1):
                    return True
                states.append(state)
        return False

    return states, search(start, previous, p0), least[0]


def watched(start, m, p0, states, found, minimum) -> DfsWatcher:
    """A watcher that saw the root call dfs(m, p0) from `start`, no nested call, and `states` during it."""
    watcher = DfsWatcher(None)
    end = states[-1] if states else start
    watcher.seen = [Seen(True, m, p0, start, None, None), Seen(False, 0, 0, end, minimum, found)]
    watcher.states = [(1, state) for state in states]
    return watcher


@pytest.mark.parametrize("cut", [False, True])
def test_dfs_stars_walk_seen_on_the_grid_alone_is_dfs_stars(cut):
    for start, previous, m, p0 in (BELOW, AT):
        for order in (MOVES, MOVES[::-1]):
            states, found, least = grid_walk(start, previous, m, p0, order, cut)
            minimum = None if found else int(least)
            checked = walk(start, previous, m, p0, watched(start, m, p0, states, found, minimum).walked())
            assert checked.same and checked.found is found, (m, order, checked.why)
    states, _, _ = grid_walk(*BELOW)
    assert walk(*BELOW, watched(BELOW[0], 11, 0, states, False, 13).walked()).nodes == 112


def test_a_walk_on_the_grid_that_is_not_dfs_stars_says_where():
    start, previous, m, p0 = BELOW
    states, _, _ = grid_walk(*BELOW)

    def why(states, found=False, minimum=13):
        return walk(*BELOW, watched(start, m, p0, states, found, minimum).walked()).why.key

    assert why([]) == "q17.search_root_not_expanded"  # nothing moved: a search on a copy, or none
    two_away = apply(apply(start, legal_moves(start)[0]), "Haut")
    assert why([two_away]) == "q17.walk_jumped"
    first = states.index(start)  # the first child's subtree left out: a child within the bound never entered
    assert why(states[first + 1 :]) == "q17.search_skipped"
    assert why(states, minimum=15) == "q17.walk_minimum"
    # The grid put back by a copy several levels up at once: the calls in between return.
    deep = [state for state in states[:first] if state != start]
    assert len(deep) >= 3 and why([*deep[:3], start, *states[first + 1 :]]) != "q17.walk_jumped"
    # A success whose board is not at the goal, or True from a state that is not the goal.
    found, _, _ = grid_walk(*AT)
    checked = walk(*AT, watched(AT[0], 13, 0, found, True, None).walked())
    assert checked.same and checked.found
    assert walk(*AT, watched(AT[0], 13, 0, found[:-1], True, None).walked()).why.key == "q17.search_true_not_goal"


def test_a_root_call_whose_recursion_goes_through_dfs_is_judged_on_its_calls():
    """The arrangements seen before the first nested call are not read: the calls say everything."""
    start, previous, m, p0 = BELOW
    child = apply(start, legal_moves(start)[0])
    watcher = DfsWatcher(None)
    watcher.seen = [Seen(True, m, p0, start, None, None), Seen(True, m, 5, child, None, None)]
    watcher.states = [(1, child)]
    assert watcher.walked() == watcher.seen
    assert walk(*BELOW, watcher.walked()).why.key == "q17.walk_depth"


def test_an_arrangement_the_child_never_sends_is_a_violation():
    from grader.sandbox.calls import Violation

    watcher = DfsWatcher(None)
    assert watcher(WATCHED_STATE, {"state": list(range(16))}) is None and watcher.states == [(0, tuple(range(16)))]
    for forged in ({"state": [1] * 16}, {"state": list(range(15))}, {"state": list(range(16)), "x": 1}, [1]):
        with pytest.raises(Violation):
            watcher(WATCHED_STATE, forged)


def test_the_diagnosis_reads_in_french_and_english():
    start, previous, m, p0 = BELOW
    tight = m - 2
    states, _, _ = grid_walk(start, previous, m, p0)  # a search at m where the call's bound is m - 2
    checked = walk(start, previous, tight, p0, watched(start, tight, p0, states, False, 13).walked())
    assert checked.why.key == "q17.search_pruned"
    drawing = record(checked, start, tight, p0, False)
    drawing["model_nodes"] = diagnosis.model_nodes(start, [], tight, p0)
    p, h = drawing["p"], drawing["h"]
    fr, en = search_view(drawing, "fr"), search_view(drawing, "en")
    assert fr is not None and en is not None
    assert fr["why"].startswith(
        f"DFS* n'explore pas cet état : p + h = {p} + {h} = {p + h} dépasse le seuil m = {tight}"
    )
    assert en["why"].startswith(f"DFS* does not explore this state: p + h = {p} + {h} = {p + h} exceeds the bound")
    assert fr["board"]["path"]["states"][-1] == drawing["state"]
    assert search_lines(drawing, "en")[-1].endswith(f"by your dfs, {drawing['model_nodes']} by the model answer's dfs")
    # Damaged data: nothing drawn, the check's message still shows.
    assert search_view({"why": "x"}, "fr") is None and search_lines(None, "fr") == []


def test_a_call_that_only_hands_itself_on_to_dfs_is_one_call():
    """A dfs that calls itself with a flag at once (tests/variants/taquin/correct/dfs_enveloppe.py): the
    same call seen twice at the start, the inner one's return followed by the outer one's, is one call."""
    from tests.unit.test_taquin_walk import dfs_seen

    seen = dfs_seen(*BELOW)
    watcher = DfsWatcher(None)
    watcher.seen = [seen[0], *seen, seen[-1]]
    assert walk(*BELOW, watcher.seen).why.key == "q17.walk_not_child"  # read as they came
    checked = walk(*BELOW, watcher.walked())
    assert checked.same and checked.nodes == 112
    # Twice at the start, the outer call going on after the inner one returned: not a hand-on, as it came.
    child = apply(BELOW[0], legal_moves(BELOW[0])[0])
    watcher.seen = [seen[0], seen[0], seen[-1], Seen(True, 11, 1, child, None, None), seen[-1], seen[-1]]
    assert len(watcher.walked()) == len(watcher.seen)
