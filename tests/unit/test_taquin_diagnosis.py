"""q17's diagnosis (grader/questions/taquin/diagnosis.py) on move traces made here: a DFS* written in this
file, with one of its duties broken at a time, plays its moves on the grader's own states and records them
as the parent records served moves; and how people read the diagnosis (reports/replay.py).
tests/test_taquin_diagnosis_graded.py runs real student files in the child."""

from __future__ import annotations

import random

import pytest

from grader.questions.taquin import diagnosis
from grader.questions.taquin.cases import walk_state
from reference.puzzle import GOAL, MOVES, OPPOSITE, apply, legal_moves, manhattan, replay
from reports.replay import search_lines, search_view


def dfs_trace(start, history, m, p0, prunes=None, goal=None, undoes=True, pops=True, tries=MOVES):
    """The moves of a DFS*(m, p0) from `start` on a global state, as MoveWatcher keeps them (state handed to
    move, state after, `solution` in the order played), and what it returns. `prunes(p, h)` and `goal(p, h)`
    replace figure 3's tests; `undoes`/`pops`: whether a move that led nowhere is undone / taken out of
    `solution`; `tries`: the moves it tries, in order."""
    prunes = prunes or (lambda p, h: p + h > m)
    goal = goal or (lambda p, h: h == 0)
    seen: list = []
    here, solution = [tuple(start)], list(history)

    def move(name):
        after = apply(here[0], name)
        seen.append((here[0], after, list(solution)))
        here[0] = after

    def search(p):
        h = manhattan(here[0])
        if prunes(p, h):
            return False
        if goal(p, h):
            return True
        for name in tries:
            if name in legal_moves(here[0]) and not (solution and solution[-1] == OPPOSITE[name]):
                move(name)
                solution.append(name)
                if search(p + 1):
                    return True
                if undoes:
                    move(OPPOSITE[name])
                if pops:
                    solution.pop()
        return False

    return seen, search(p0)


# A state whose Manhattan sum is 7 and which takes 9 moves after Haut (a detour), the blank inside the grid
# (every move possible); the call is dfs(m, 1), so that its start has p + h = 8.
START = walk_state([2, 1, 0, 0, 1, 1, 0, 0, 1])
HISTORY = ["Haut"]
ROOT_F = 1 + manhattan(START)


def analysed(m, p0=1, **variant):
    seen, found = dfs_trace(START, HISTORY, m, p0, **variant)
    return diagnosis.analyse(START, HISTORY, m, p0, seen, found, False), seen


def key(record) -> str:
    return record["why"]["key"]


@pytest.mark.parametrize("m", range(ROOT_F - 1, ROOT_F + 6))
def test_figure_3s_dfs_shows_no_divergence_and_visits_the_model_answers_states(m):
    record, seen = analysed(m)
    assert key(record) == "q17.search_same" and record["why"]["params"] == {"n": len(seen)}
    assert record["nodes"] == diagnosis.model_nodes(START, HISTORY, m, 1)
    assert "state" not in record and record["trail_length"] == len(seen)


def test_a_dfs_that_prunes_on_depth_alone_shows_the_first_state_it_expanded_past_the_bound():
    m = ROOT_F  # below the optimum: the search is complete
    record, _ = analysed(m, prunes=lambda p, h: p > m)
    assert key(record) == "q17.search_pruned"
    params = record["why"]["params"]
    assert params["f"] == params["p"] + params["h"] > m == params["m"]
    assert (record["p"], record["h"]) == (params["p"], params["h"]) and record["p"] == 1 + record["length"]
    assert tuple(record["state"]) == replay(START, record["moves"]) and record["h"] == manhattan(record["state"])
    # Every state of the path before it was within the bound: the one shown is the first past it.
    for k in range(record["length"]):
        assert 1 + k + manhattan(replay(START, record["moves"][:k])) <= m


def test_a_dfs_that_prunes_at_the_bound_shows_a_state_it_left_unexplored_never_one_it_expanded():
    """p + h >= m: it prunes more than DFS*, so no state past the bound is expanded; the parent saw it leave
    one where p + h = m, or return at the start, without a move. Every move changes p + h by 0 or 2: with m
    of the other parity, no state has p + h = m and its search is DFS*'s, which the parent says."""
    for m in range(ROOT_F, ROOT_F + 6, 2):
        record, _ = analysed(m, prunes=lambda p, h, m=m: p + h >= m)
        assert key(record) in ("q17.search_not_expanded", "q17.search_root_not_expanded", "q17.search_goal_left")
        assert record["why"]["params"]["f"] == m and record["p"] + record["h"] == m
        assert tuple(record["state"]) == replay(START, record["moves"])
    for m in range(ROOT_F + 1, ROOT_F + 6, 2):
        assert key(analysed(m, prunes=lambda p, h, m=m: p + h >= m)[0]) == "q17.search_same"


def test_a_dfs_that_does_not_undo_is_caught_where_the_parent_can_tell():
    """From START it plays Gauche to x (p + h = 8 = m), then Bas to y (pruned), takes Bas out of `solution`
    without undoing it, and tries Haut "from x": the grid is at y, so Haut brings it back to x, which the
    parent reads as undoing Bas (`solution` then as a dfs that takes a move out before undoing it). Back
    at the start, x was left having tried Bas alone: that is the first thing the parent sees apart from
    DFS*, and all it says. Another state shows `solution` missing the move (below, and
    tests/test_taquin_diagnosis_graded.py on a student's file)."""
    record, seen = analysed(ROOT_F, undoes=False)
    assert key(record) == "q17.search_skipped" and record["moves"] == ["Gauche"]
    assert record["why"]["params"] == {"p": 2, "h": 6, "f": 8, "m": 8, "missing": "Haut"}
    assert record["trail"] == ["Gauche", "Bas", "Haut", "Droite"]
    # The moves after the divergence are still counted.
    assert record["trail_length"] < len(seen) and record["nodes"] > 1 + record["length"]
    # A state whose pruned child is followed by a move that goes on: `solution` lacks the move not undone.
    state = walk_state([0, 0, 0, 1, 1, 1, 2, 2])
    seen, found = dfs_trace(state, [], manhattan(state), 0, undoes=False)
    record = diagnosis.analyse(state, [], manhattan(state), 0, seen, found, False)
    assert key(record) == "q17.search_solution_short"
    params = record["why"]["params"]
    assert params["count"] == 1 and params["missing"] == f"[{record['moves'][-1]}]"
    assert params["recorded"] == "[" + ", ".join(record["moves"][:-1]) + "]"
    assert tuple(record["state"]) == replay(state, record["moves"]) and record["p"] + record["h"] > manhattan(state)


def test_a_dfs_that_does_not_pop_shows_the_moves_solution_kept():
    record, _ = analysed(ROOT_F, pops=False)
    assert key(record) == "q17.search_solution_long"
    assert record["why"]["params"]["extra"].startswith("[")


def test_a_dfs_that_forgets_a_move_shows_the_state_it_left_without_trying_it():
    record, _ = analysed(ROOT_F + 1, tries=("Gauche", "Bas", "Droite"))
    assert key(record) == "q17.search_skipped" and record["why"]["params"]["missing"] == "Haut"


def test_a_dfs_that_goes_past_the_goal_or_leaves_it_is_shown_on_the_goal():
    state = walk_state([0, 1, 2, 0])  # 4 moves from the goal, h = 4
    seen, found = dfs_trace(state, [], 6, 0, goal=lambda p, h: h == 0 and p == 6)
    record = diagnosis.analyse(state, [], 6, 0, seen, found, False)
    assert key(record) == "q17.search_goal_expanded" and tuple(record["state"]) == GOAL
    seen, found = dfs_trace(state, [], 4, 0, prunes=lambda p, h: p + h > 4 or h == 0)
    record = diagnosis.analyse(state, [], 4, 0, seen, found, False)
    assert key(record) == "q17.search_goal_left" and record["p"] == 4


def test_returns_that_do_not_fit_the_moves_seen():
    state = walk_state([0, 1])
    first = legal_moves(state)[0]
    # True away from the goal; False with a move not undone; True on the goal past the bound (the start:
    # elsewhere the goal's neighbour, with h = 1, has the goal's p + h and would be expanded past it first).
    record = diagnosis.analyse(state, [], 5, 0, [], True, False)
    assert key(record) == "q17.search_true_not_goal" and record["length"] == 0
    record = diagnosis.analyse(state, [], 5, 0, [(state, apply(state, first), [])], False, False)
    assert key(record) == "q17.search_false_not_back" and record["why"]["params"] == {"count": 1}
    assert record["moves"] == [first]
    record = diagnosis.analyse(GOAL, [], 1, 2, [], True, False)
    assert key(record) == "q17.search_true_too_deep" and record["why"]["params"]["p"] == 2


def _undoes(entry) -> bool:
    """Whether a move of dfs_trace undoes the one before it (taken out of `solution` after it)."""
    before, after, played = entry
    return bool(played) and diagnosis._move(before, after) == OPPOSITE[played[-1]]


def test_a_move_undoing_the_one_before_the_call_is_said_at_once():
    back = apply(START, OPPOSITE[HISTORY[-1]])
    seen = [(START, back, HISTORY), (back, START, [*HISTORY, OPPOSITE[HISTORY[-1]]])]
    record = diagnosis.analyse(START, HISTORY, ROOT_F, 1, seen, False, False)
    assert record["why"] == {"key": "q17.search_undoes_previous", "params": {"move": "Bas"}}
    assert record["length"] == 0 and record["trail"] == ["Bas"]


def test_a_grid_restored_without_move_is_an_undo_and_one_changed_elsewhere_stops_the_replay():
    m = ROOT_F + 1
    seen, found = dfs_trace(START, HISTORY, m, 1)
    # Each move back replaced by the grid put back as it was (a copy), but the last one: the same search.
    restored = [entry for k, entry in enumerate(seen) if not _undoes(entry) or k == len(seen) - 1]
    assert len(restored) < len(seen)
    record = diagnosis.analyse(START, HISTORY, m, 1, restored, found, False)
    assert key(record) == "q17.search_same" and record["nodes"] == diagnosis.model_nodes(START, HISTORY, m, 1)
    # A grid handed to move that is on no path from the start: the replay stops at the last state known.
    elsewhere = walk_state([2, 2, 2, 1, 1])
    jumped = [seen[0], (elsewhere, apply(elsewhere, legal_moves(elsewhere)[0]), HISTORY)]
    record = diagnosis.analyse(START, HISTORY, m, 1, jumped, False, False)
    assert key(record) == "q17.search_jumped" and record["why"]["params"] == {"n": 2}
    assert tuple(record["state"]) == seen[0][1]


def test_a_stopped_run_says_how_far_it_was_followed_and_a_long_path_is_cut():
    seen, _ = dfs_trace(START, HISTORY, 14, 1)
    assert len(seen) > 40
    record = diagnosis.analyse(START, HISTORY, 14, 1, seen[:40], None, True)
    assert key(record) == "q17.search_stopped" and record["why"]["params"] == {"n": 40} and record["stopped"]
    # A path of 100 moves that never come back: kept to MAX_SHOWN moves, its length said.
    rng, walk, played, state = random.Random(3), [], [], START
    for _ in range(100):
        name = rng.choice([m for m in legal_moves(state) if not played or m != OPPOSITE[played[-1]]])
        walk.append((state, apply(state, name), list(played)))
        state = apply(state, name)
        played.append(name)
    record = diagnosis.analyse(START, [], 500, 0, walk, False, False)
    assert key(record) == "q17.search_false_not_back" and record["why"]["params"] == {"count": 100}
    assert len(record["moves"]) == diagnosis.MAX_SHOWN and record["length"] == 100
    assert record["moves"] == played[: diagnosis.MAX_SHOWN] and len(record["trail"]) == diagnosis.TRAIL


def test_the_diagnosis_reads_in_french_and_english():
    m = ROOT_F
    record, _ = analysed(m, prunes=lambda p, h: p > m)
    record["model_nodes"] = diagnosis.model_nodes(START, HISTORY, m, 1)
    p, h = record["p"], record["h"]
    fr, en = search_view(record, "fr"), search_view(record, "en")
    assert fr is not None and en is not None
    assert fr["why"].startswith(f"DFS* n'explore pas cet état : p + h = {p} + {h} = {p + h} dépasse le seuil m = {m}")
    assert en["why"].startswith(
        f"DFS* does not explore this state: p + h = {p} + {h} = {p + h} exceeds the bound m = {m}"
    )
    assert fr["state"] == f"L'état en question : p = {p}, h = {h}, p + h = {p + h}, seuil m = {m}"
    assert fr["board"]["path"]["states"][-1] == record["state"]
    lines = search_lines(record, "en")
    n = record["length"]
    assert lines[3] == f"           From the start to this state: {n} {'move' if n == 1 else 'moves'}: " + ", ".join(
        record["moves"]
    )
    assert lines[-1].endswith(f"by your dfs, {record['model_nodes']} by the model answer's dfs")
    # Damaged data: nothing drawn, the check's message still shows.
    assert search_view({"why": "x"}, "fr") is None and search_lines(None, "fr") == []
    broken = {**record, "state": [1, 2, 3]}
    view = search_view(broken, "fr")
    assert view is not None and view["board"] is None


def _served_call(state, cell, **changed) -> dict:
    """A served move(i, j) as the proxies send it, on `state` (the blank's cell holding 0)."""
    from reference.puzzle import to_grid

    li, lj = divmod(state.index(15), 4)
    globals_ = {"grid": to_grid(state, 0), "li": li, "lj": lj, "h": manhattan(state), "solution": [], "minimum": "inf"}
    return {"args": list(cell), "state": {**globals_, **changed}}


def test_the_watcher_answers_a_move_without_the_model_answer_and_keeps_it():
    watcher = diagnosis.MoveWatcher(None)
    li, lj = divmod(START.index(15), 4)
    answer = watcher("move", _served_call(START, (li, lj + 1)))
    after = apply(START, "Gauche")
    assert (answer["state"]["li"], answer["state"]["lj"]) == (li, lj + 1) and answer["state"]["h"] == manhattan(after)
    assert answer["state"]["grid"][li][lj] == START[4 * li + lj + 1]
    assert watcher.seen == [(START, after, [])]


def test_a_move_out_of_the_rules_is_refused_as_a_wrong_answer_and_so_is_every_later_call():
    """A cell off the grid (or globals broken by hand) is refused, the refusal kept with what it says; a
    later call, even a right one, is refused too (the student's code may catch the refusal and go on);
    a frame of another shape is a protocol violation."""
    from grader.sandbox.calls import Stop, Violation

    corner = tuple(range(16))  # the goal: the blank at (3, 3)
    watcher = diagnosis.MoveWatcher(None)
    with pytest.raises(Stop):
        watcher("move", _served_call(corner, (3, 4)))
    assert watcher.refused == ("taquin.served_move_outside", {"i": 3, "j": 4, "li": 3, "lj": 3})
    with pytest.raises(Stop):
        watcher("move", _served_call(corner, (3, 2)))
    assert watcher.seen == [] and watcher.refused[0] == "taquin.served_move_outside"
    watcher.reset()
    assert watcher.refused is None and watcher("move", _served_call(corner, (3, 2)))["state"]["lj"] == 2
    with pytest.raises(Stop):
        diagnosis.MoveWatcher(None)("move", _served_call(corner, (3, 2), h=5))
    with pytest.raises(Violation):
        diagnosis.MoveWatcher(None)("move", {**_served_call(corner, (3, 2)), "extra": 1})
