"""q17's diagnosis on student files graded the way a user grades them: each failed check's case run again
with the student's dfs watched, and the walk the parent saw there (grader/questions/taquin/diagnosis.py). A dfs that never
prunes (tests/submissions/taquin/dfs_sans_elagage.py), one that prunes at p + h >= m
(tests/variants/taquin/wrong/dfs_seuil_large.py), one that does not undo (dfs_sans_annuler.py); and the
grade, the same with the diagnosis or without it, even for a file that lies on the channel; and no
divergence for a correct dfs (slow)."""

from __future__ import annotations

import pytest
from grading import QUESTIONS, ROOT, SEED, grade_file, submission_path

from grader.intake import load_submission
from grader.judge.context import Context
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.questions.taquin import diagnosis
from grader.questions.taquin.chain import detect_convention
from grader.results.records import SubmissionResult
from reference.puzzle import OPPOSITE, apply, legal_moves, manhattan, replay
from reports.terminal import format_result
from tests.french import english_in

pytestmark = pytest.mark.usefixtures("judged")

NEVER_PRUNES = submission_path("taquin", "dfs_sans_elagage.py")
EAGER = submission_path("taquin", "tests/variants/taquin/wrong/dfs_seuil_large.py")
NO_UNDO = submission_path("taquin", "dfs_sans_annuler.py")
GROUPS = ("echec_restaure", "seuil", "succes")


def records(result) -> dict:
    return {c.name: c.visual["dfs"] for c in result.checks if isinstance(c.visual, dict) and "dfs" in c.visual}


def on_its_path(record) -> bool:
    """The state shown is where the moves shown lead from the call's start, p counted from there."""
    return tuple(record["state"]) == replay(tuple(record["start"]), record["moves"]) and record["p"] == record[
        "p0"
    ] + len(record["moves"])


def test_a_dfs_that_never_prunes_shows_the_first_state_it_expanded_past_the_bound():
    result = grade_file(NEVER_PRUNES, "q17")
    found = records(result)
    assert set(found) == set(GROUPS)  # every failed check; chaine_eleve repeats one of them
    for record in found.values():
        params = record["why"]["params"]
        assert record["why"]["key"] == "q17.search_pruned"
        assert params["f"] == params["p"] + params["h"] > params["m"] == record["m"]
        assert on_its_path(record) and (record["p"], record["h"]) == (params["p"], params["h"])
        # Its recursion went on until stopped (the budget of calls, or `solution` past any case's length);
        # the walk counts the calls up to the first it should not have made.
        assert record["stopped"] and record["nodes"] <= record["model_nodes"]


def test_a_dfs_that_prunes_at_the_bound_is_never_said_to_expand_a_pruned_state():
    """It prunes more than DFS*: the parent saw a state with p + h = m left without a move, never a state
    expanded past the bound; where every child of the start is past the bound (the `seuil` case), its walk
    is DFS*'s and the drawing says the bound it left is not the least p + h cut."""
    result = grade_file(EAGER, "q17")
    found = records(result)
    # Its restorations are right, but count only with a search seen as DFS*'s: the parent's watched run
    # (dfs.EVIDENCE_CALLS) is drawn beside them, where it left a state at p + h = m unexplored.
    assert set(found) == {"echec_restaure", "seuil", "succes", "chaine_eleve"}
    restore = next(c for c in result.checks if c.name == "echec_restaure")
    assert restore.message.key == "q17.restore_unearned" and restore.counterexample["appel"] == "dfs(11, 0)"
    assert found["echec_restaure"]["why"]["key"] in ("q17.search_root_not_expanded", "q17.search_not_expanded")
    assert found["seuil"]["why"] == {"key": "q17.walk_minimum", "params": {"expected": "10", "got": "8"}}
    assert found["succes"]["why"]["key"] in ("q17.search_not_expanded", "q17.search_goal_left")
    for group in ("echec_restaure", "seuil", "succes"):
        record = found[group]
        assert on_its_path(record) and not record["stopped"] and record["nodes"] < record["model_nodes"]
        if group != "seuil":
            assert record["why"]["params"]["f"] == record["m"]


def test_a_dfs_that_does_not_undo_shows_where_its_next_call_is_no_child_and_the_terminal_says_it():
    result = grade_file(NO_UNDO, "q17")
    record = records(result)["echec_restaure"]
    assert record["why"]["key"] == "q17.walk_not_child" and on_its_path(record)
    for lang in ("fr", "en"):
        out = format_result(SubmissionResult("x", result.score, result.max, [grade_file(NO_UNDO, "q17", lang)]), lang)
        if lang == "fr":
            assert "Votre dfs pas à pas sur ce cas" in out and "qui n'est pas à un déplacement" in out
            assert "États visités sur cet appel : " in out and english_in(out) == []
        else:
            assert "not one move away" in out and "States visited on this call: " in out


LIAR = """
import math
from grader.sandbox.calls import ask

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h, li, lj, solution, minimum = 0, 3, 3, [], math.inf


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    h += abs(li - v // 4) + abs(lj - v % 4) - abs(i - v // 4) - abs(j - v % 4)
    grid[li][lj] = v
    li, lj = i, j


def served():
    # Whether move is the grader's served proxy (its diagnosis), found through the redirection's closures.
    found = [(getattr(move, "__kwdefaults__", None) or {}).get("_served_call")]
    for _ in range(5):
        inside = []
        for item in found:
            inside += [cell.cell_contents for cell in getattr(item, "__closure__", None) or ()]
            inside += list(item.values()) if isinstance(item, dict) else list(item) if isinstance(item, tuple) else []
        if any(getattr(item, "__qualname__", "").endswith("proxy.<locals>.call") for item in inside):
            return True
        found = inside
    return False


def dfs(m, p):
    if served():  # lie to the diagnosis: a move from a state made up, then moves of its own
        goal = [[4 * i + j for j in range(4)] for i in range(4)]
        state = {"grid": goal, "h": 0, "li": 3, "lj": 3, "solution": [], "minimum": "inf"}
        ask("move", {"args": [3, 2], "state": state})
        for _ in range(3):
            move(li, lj - 1 if lj else lj + 1)
        return True
    return False
"""


def grade(path, diagnosed: bool, monkeypatch):
    with monkeypatch.context() as patch:
        if not diagnosed:
            patch.setattr(diagnosis, "attach", lambda *args: None)
        return grade_question(QUESTIONS["q17"], load_submission(path), Settings(seed=SEED))


def verdicts(result) -> list:
    return [(c.name, c.passed, c.points, c.message, c.counterexample, c.expected, c.got) for c in result.checks]


@pytest.mark.parametrize("name", ["dfs_sans_elagage.py", "dfs_sans_annuler.py", "liar"])
def test_the_grade_is_the_same_with_the_diagnosis_or_without_it(name, tmp_path, monkeypatch):
    """The diagnosis runs after the grade is decided and fills drawings only: a file that lies on its
    channel (a move from a state it made up, then moves of its own) spoils its own drawing alone."""
    if name == "liar":
        path = tmp_path / "taquin.py"
        path.write_text(LIAR)
    else:
        path = submission_path("taquin", name)
    with_it, without = grade(path, True, monkeypatch), grade(path, False, monkeypatch)
    assert (with_it.score, with_it.status) == (without.score, without.status)
    # The drawings apart: a group that counts only with a search seen as DFS*'s shows the watched run with
    # or without the diagnosis (part of the grade); the diagnosis draws the others.
    assert verdicts(with_it) == verdicts(without)
    diagnosed = {group: record for group, record in records(with_it).items() if group not in records(without)}
    assert diagnosed and all(records(with_it)[group] == record for group, record in records(without).items())
    if name == "liar":
        # The model judgement's move is served (the diagnosis's too): the lie is answered for the state it made
        # up and changes nothing of the run's globals; every drawing says what the walk saw of its dfs: with the
        # served move, moves of its own from the root and True far from the goal; with its own move (the
        # student's own judgement, `chaine_eleve`), no search.
        assert with_it.score == 0 and set(diagnosed) == {"echec_restaure", "seuil", "succes"}
        for record in records(with_it).values():
            assert record["why"]["key"] in (
                "q17.search_pruned",
                "q17.search_true_not_goal",
                "q17.search_root_not_expanded",
            )
            assert record["nodes"] <= 3 and not record["stopped"]


def only_children_past_the_bound(record: dict, history: list) -> bool:
    """Whether the diagnosis's divergence is children past the bound left unentered, and only those: a dfs
    that cuts a child by its p + h before moving there (coupe_sans_bouger), where DFS* enters it and returns
    at once (the diagnosis shows DFS* exactly, to explain a dfs pruning at p + h >= m; the evidence of
    search asks for the children within the bound only)."""
    why = record["why"]
    if why["key"] not in ("q17.search_not_expanded", "q17.search_root_not_expanded", "q17.search_skipped"):
        return False
    state, p, m, moves = tuple(record["state"]), record["p"], record["m"], record["moves"]
    assert record["length"] == len(moves)  # below the optimum: a short path, shown whole
    came_by = moves[-1] if moves else (history[-1] if history else None)
    untried = [move for move in legal_moves(state) if came_by is None or move != OPPOSITE[came_by]]
    if why["key"] == "q17.search_skipped":
        untried = why["params"]["missing"].split(", ")
    return all(p + 1 + manhattan(apply(state, move)) > m for move in untried)


def entered(state: tuple, previous: str | None, budget: int) -> int:
    """The states a dfs that cuts a child by its p + h before moving there (coupe_sans_bouger) enters, below
    the optimum: the root, and each child within the bound, whole subtrees."""
    if manhattan(state) > budget:
        return 1
    children = [move for move in legal_moves(state) if previous is None or move != OPPOSITE[previous]]
    within = [move for move in children if 1 + manhattan(apply(state, move)) <= budget]
    return 1 + sum(entered(apply(state, move), move, budget - 1) for move in within)


CORRECT = [
    ROOT / "reference" / "answers" / "taquin.py",
    *sorted((ROOT / "tests" / "variants" / "taquin" / "correct").glob("*.py")),
]


@pytest.mark.slow
@pytest.mark.parametrize("path", CORRECT, ids=lambda path: path.stem)
def test_a_correct_dfs_shows_no_divergence_on_q17s_cases(path):
    """The model answer and every correct variant, on the cases of q17's three groups: the parent sees the
    moves DFS* allows, nothing else (a run stopped by its budget of calls says only that)."""
    question = QUESTIONS["q17"]
    ctx = Context(question, load_submission(path), Settings(seed=SEED))
    try:
        convention = detect_convention(ctx).order
        for group, succeed in (("echec_restaure", False), ("seuil", False), ("succes", True)):
            for case in question.cases(SEED, group, 6):
                call, _ = question.call_on(case, succeed)
                state, history, m, p = call.state, call.history, call.m, call.p
                record = diagnosis.diagnose(ctx, convention, call)
                same = record["why"]["key"] in ("q17.search_same", "q17.search_stopped")
                assert same or only_children_past_the_bound(record, history), (group, record["why"])
                if not succeed:  # below the optimum every order visits the whole tree (cut children aside)
                    within = entered(state, history[-1] if history else None, m - p)
                    assert record["nodes"] in (record["model_nodes"], within), (record["nodes"], within)
    finally:
        ctx.session.close()
