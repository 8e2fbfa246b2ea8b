"""q17's and q18's evidence of search (grader/questions/taquin/walk.py) on walks written here: the calls of
DFS* as the watched dfs reports them, then each kind of walk that is not DFS*'s, and taquin()'s passes.
(tests/test_cheap_strategies_taquin.py grades the strategies and the correct answers that slide tiles
without move.)"""

from __future__ import annotations

import math
import random

from grader.questions.taquin.cases import SMALL_DETOURS
from grader.questions.taquin.probes import read_found
from grader.questions.taquin.walk import Seen, ida_passes, walk
from reference.puzzle import GOAL, MOVES, OPPOSITE, apply, legal_moves, manhattan

# A call below its optimum with a tree of tens of calls (q17's first evidence call) and one at it.
BELOW = ((0, 6, 2, 3, 4, 1, 15, 7, 8, 9, 5, 10, 12, 13, 14, 11), None, 11, 0)
AT = ((0, 6, 2, 3, 4, 1, 15, 7, 8, 9, 5, 10, 12, 13, 14, 11), None, 13, 0)


def dfs_seen(start, previous, m, p0, order=MOVES, minimum=math.inf) -> list[Seen]:
    """What the watched dfs reports of DFS*(m, p0) from `start`: each call's entry and return, the moves
    tried in `order`, the board left at the goal on a success."""
    seen: list[Seen] = []
    least = [minimum]

    def search(state, last, p) -> tuple[bool, tuple]:
        seen.append(Seen(True, m, p, state, None if least[0] == math.inf else least[0], None))
        f = p + manhattan(state)
        found, board = False, state
        if f > m:
            least[0] = min(least[0], f)
        elif state == GOAL:
            found = True
        else:
            for move in order:
                if move in legal_moves(state) and (last is None or move != OPPOSITE[last]):
                    found, board = search(apply(state, move), move, p + 1)
                    if found:
                        break
                    board = state
        seen.append(Seen(False, 0, 0, board, None if least[0] == math.inf else least[0], found))
        return found, board

    search(start, previous, p0)
    return seen


def _subtree_end(seen: list[Seen], at: int) -> int:
    """The index past the return of the call entered at `at`."""
    depth = 0
    for k in range(at, len(seen)):
        depth += 1 if seen[k].entry else -1
        if depth == 0:
            return k + 1
    raise AssertionError("the call never returns")


def test_dfs_stars_walk_in_any_order_of_moves_is_seen_as_dfs_star():
    for start, previous, m, p0 in (BELOW, AT):
        for order in (MOVES, MOVES[::-1], ("Haut", "Gauche", "Droite", "Bas")):
            checked = walk(start, previous, m, p0, dfs_seen(start, previous, m, p0, order))
            assert checked.same, (m, order, checked.why)
            assert checked.found is (m == AT[2])
    checked = walk(*BELOW, dfs_seen(*BELOW))
    assert checked.least == 13 and checked.nodes == 112


def test_a_walk_that_is_not_dfs_stars_says_where():
    seen = dfs_seen(*BELOW)
    # A child within the bound never entered: the first child's calls taken out.
    end = _subtree_end(seen, 1)
    assert walk(*BELOW, seen[:1] + seen[end:]).why.key == "q17.search_skipped"
    # The same child entered twice.
    assert walk(*BELOW, seen[:end] + seen[1:]).why.key == "q17.walk_twice"
    # A call past the bound that goes on: a child entered from a state with p + h > m.
    tight = (BELOW[0], None, manhattan(BELOW[0]) - 1, 0)
    child = apply(BELOW[0], legal_moves(BELOW[0])[0])
    pruned = [dfs_seen(*tight)[0], Seen(True, tight[2], 1, child, None, None)]
    assert walk(*tight, pruned).why.key == "q17.search_pruned"
    # No call at all (a search made elsewhere), or only the root's (its moves written unplayed).
    assert walk(*BELOW, []).why.key == "q17.walk_no_call"
    root_only = [seen[0], Seen(False, 0, 0, BELOW[0], 13, False)]
    assert walk(*BELOW, root_only).why.key == "q17.search_root_not_expanded"
    # A state two moves away entered as a child.
    far = apply(apply(BELOW[0], legal_moves(BELOW[0])[0]), "Haut" if "Haut" in legal_moves(BELOW[0]) else "Bas")
    assert walk(*BELOW, [seen[0], Seen(True, 11, 1, far, None, None)]).why.key == "q17.walk_not_child"
    # The next bound wrong on return: DFS*'s states all the same.
    wrong = [*seen[:-1], seen[-1]._replace(minimum=15)]
    assert walk(*BELOW, wrong).why.key == "q17.walk_minimum" and walk(*BELOW, wrong).explored


def test_a_success_needs_the_board_at_the_goal():
    seen = dfs_seen(*AT)
    assert walk(*AT, seen).same
    unplayed = [event._replace(state=AT[0]) if not event.entry and event.found else event for event in seen]
    assert walk(*AT, unplayed).why.key == "q17.walk_board_not_goal"
    # True at once from the start (the moves found elsewhere): not the goal, no child found.
    assert walk(*AT, [seen[0], Seen(False, 0, 0, GOAL, None, True)]).why.key == "q17.search_true_not_goal"


def ida_seen(start, first=None) -> list[Seen]:
    """taquin()'s calls of dfs as IDA* makes them from `start` (the first bound `first`, else h)."""
    seen: list[Seen] = []
    m = manhattan(start) if first is None else first
    while True:
        events = dfs_seen(start, None, m, 0)
        seen += events
        checked = walk(start, None, m, 0, events)
        if checked.found:
            return seen
        m = int(checked.least)


def test_ida_stars_passes_are_seen_from_the_first_bound_at_most_h():
    for state in SMALL_DETOURS:
        assert ida_passes(state, ida_seen(state)).same
        assert ida_passes(state, ida_seen(state, first=0)).same  # below h: the first pass cuts the root
    assert ida_passes(GOAL, []).same  # the goal answered at once


def test_passes_that_are_not_ida_stars_say_which():
    state = SMALL_DETOURS[2]  # h = 11, optimum 17: four passes
    assert ida_passes(state, []).why.key == "q18.no_pass"
    assert ida_passes(state, dfs_seen(state, None, 17, 0)).why.key == "q18.pass_bound"  # one call at the optimum
    raised = dfs_seen(state, None, 11, 0) + dfs_seen(state, None, 15, 0)
    assert ida_passes(state, raised).why.key == "q18.pass_bound"  # a bound skipped
    seen = ida_seen(state)
    assert ida_passes(state, seen + dfs_seen(state, None, 17, 0)).why.key == "q18.pass_after_found"
    first_found = next(k for k, event in enumerate(seen) if not event.entry and event.found)
    assert ida_passes(state, dfs_seen(state, None, 11, 0)).why.key == "q18.pass_not_found"
    assert first_found > 0


def test_a_deepening_by_one_is_seen_as_passes_of_dfs_with_its_first_short_bound_said():
    """Red team 4 (q18-bound-plus-one): `m += 1` over a correct dfs repeats each pass once and skips no
    optimum: every pass a walk of DFS*, the first bound raised short of the least cut said (`short`), which
    only the group that judges the bound update refuses. IDA*'s own passes have none."""
    state = SMALL_DETOURS[2]  # h = 11, optimum 17
    seen = [event for m in range(11, 18) for event in dfs_seen(state, None, m, 0)]
    checked = ida_passes(state, seen)
    assert checked.same and checked.found
    assert checked.short == {"n": 2, "previous": 11, "m": 12, "expected": "13"}
    assert ida_passes(state, ida_seen(state)).short == {}
    repeated = dfs_seen(state, None, 11, 0) * 2 + dfs_seen(state, None, 13, 0)  # a bound not raised at all
    assert ida_passes(state, repeated).why.key == "q18.pass_bound"


def test_a_failure_that_falls_off_the_end_is_read_as_false_by_the_walk():
    """Red team 4 (q17-none-for-false): None (or another empty plain value) is a failure for the evidence;
    what is not plain or not empty stops the walk (None), and no student code runs to read it."""
    assert [read_found(v) for v in (True, False, None, 0, [], "")] == [True, False, False, False, False, False]
    assert [read_found(v) for v in (1, [0], object())] == [None, None, None]


def test_a_call_left_by_an_exception_from_the_goal_is_read_as_one_that_found():
    """The watcher tells a call left by an exception as one that found (red team 4: a dfs that unwinds from
    the goal by raising, its root catching it): DFS*'s walk; raised anywhere but at the goal, it is not."""
    seen = dfs_seen(*AT)
    # The exception's frames report True where a dfs returning would: the same events.
    assert walk(*AT, seen).same
    raised_early = [*seen[:3], Seen(False, 0, 0, seen[2].state, None, True)]
    assert not walk(*AT, raised_early).same


def test_walks_drawn_at_random_are_dfs_stars_whatever_the_order():
    rng = random.Random(17)
    for _ in range(20):
        state = GOAL
        for _ in range(rng.randint(4, 12)):
            state = apply(state, rng.choice(legal_moves(state)))
        order = list(MOVES)
        rng.shuffle(order)
        m = manhattan(state) + rng.choice((0, 2, 4))
        assert walk(state, None, m, 0, dfs_seen(state, None, m, 0, tuple(order))).same
