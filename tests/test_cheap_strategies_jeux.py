"""Cheap strategies earn nothing on parts I-III (q1, q4, q7, q10, q11) and on the extensions x1-x4.

Each strategy replaces one graded function of the model answer by a body that does not do the work the
question asks for, the way a student short of time or of scruples might: a constant, the input echoed,
the first successor, the depth of a final state seen by a look one or two moves ahead, the served
functions called with no search of one's own, an arithmetic shortcut for game (1), and a table of the
answers recorded while the grader graded the model answer under one seed, replayed under another (the
fixed cases are the same under every seed: only evidence the work produces tells the table from a
search). Graded on its question alone, each must earn 0 (docs/judging.md, "Points only for observed
work"). Part IV's strategies are tests/test_do_nothing.py's and part IV's own suite.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from grading import QUESTIONS, ROOT, say

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.questions.jeux import searches as jeux
from grader.questions.jeux import games as jeux_games
from grader.questions.recherche import moves as recherche
from grader.questions.recherche import search as recherche_search
from grader.results.scoring import Scheme
from reference import sliding

RECORDED_SEED, REPLAYED_SEED = 11, 2017
# The q18 challenge is not graded here; nothing else of the default barème is left out.
SCHEME = Scheme(overrides={"q18": {"groups": {"defi": 0}}})
SEARCH = {"q4": "bfs", "q7": "ids", "q10": "idastar"}
TAQUIN = {"x2": "astar", "x3": "bfs_taquin", "x4": "dfs_taquin"}

SEARCH_STRATEGIES = {
    "constant 0": "return 0",
    "constant 1": "return 1",
    "constant 2": "return 2",
    "constant 60 (the deep games' depth)": "return 60",
    "the initial state echoed": "return initial",
    "the first successor": "return suivants(initial)[0]",
    "the number of successors": "return len(suivants(initial))",
    "a look one move ahead": "return 0 if final(initial) else 1",
    "a look two moves ahead": (
        "if final(initial):\n    return 0\nreturn 1 if any(final(x) for x in suivants(initial)) else 2"
    ),
    # Game (1) told by its initial state 1, its target found by asking final, the distance computed by
    # arithmetic (a doubling or a +1 per bit): right on every target of game (1), with no search at all.
    "game (1) by arithmetic": (
        "if initial != 1:\n    return 0\n"
        "t = next(n for n in range(1, 1 << 10) if final(n))\n"
        "return t.bit_length() - 1 + bin(t).count('1') - 1"
    ),
}
STRATEGIES: dict[str, dict[str, str]] = {
    "q1": {
        "the ends only": "return [1, 42]",
        "a path that only adds one": "return list(range(1, 43))",
        "doubling, then adding one": "return [1, 2, 4, 8, 16, 32, *range(33, 43)]",
        "the optimal path reversed": "return [42, 21, 20, 10, 5, 4, 2, 1]",
        "without its first state": "return [2, 4, 5, 10, 20, 21, 42]",
    },
    "q4": SEARCH_STRATEGIES,
    "q7": SEARCH_STRATEGIES,
    "q10": {
        **SEARCH_STRATEGIES,
        "h of the initial state": "return h(initial)",
        "the served functions called, no search": "final(initial)\nsuivants(initial)\nreturn h(initial)",
    },
    "q11": {
        "constant 0": "return 0",
        "constant 1": "return 1",
        "n echoed": "return n",
        "t echoed": "return t",
        "the +1 moves": "return t - n",
        "the quotient": "return t // n",
        "t's bits": "return t.bit_length()",
    },
    "x1": {
        "start and goal": "return [start, goal]",
        "the start only": "return [start]",
        "an empty path": "return []",
        "the first successor": "return [start, next(iter(next_states(start)))]",
        "a look one step ahead": "return [start, goal] if goal in next_states(start) else [start]",
        "the heuristic asked, no search": "heuristic(start, goal)\nreturn [start, goal]",
    },
    **{
        qid: {
            "no move": "return []",
            "the matrix echoed": "return matrice",
            "one move": "return ['Up']",
            "a look one move ahead": (
                "n = len(matrice)\n"
                "cells = [v for row in matrice for v in row]\n"
                "goal = list(range(1, n * n)) + [0]\n"
                "blank = cells.index(0)\n"
                "for name, step in (('Up', -n), ('Down', n), ('Left', -1), ('Right', 1)):\n"
                "    other = blank + step\n"
                "    if 0 <= other < n * n and (step in (-n, n) or other // n == blank // n):\n"
                "        moved = list(cells)\n"
                "        moved[blank], moved[other] = moved[other], 0\n"
                "        if moved == goal:\n"
                "            return [name]\n"
                "return []"
            ),
        }
        for qid in TAQUIN
    },
}
MODULE = {q: QUESTIONS[q].module for q in STRATEGIES}


def replaced(module: str, function: str, body: str) -> str:
    """The model answer of `module` with the body of `function` replaced by `body`."""
    tree = ast.parse((ROOT / "reference" / "answers" / f"{module}.py").read_text(encoding="utf-8"))
    target = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function)
    target.body = ast.parse(body).body
    return ast.unparse(tree)


def graded(tmp_path: Path, qid: str, source: str, seed: int = REPLAYED_SEED):
    folder = tmp_path / qid
    folder.mkdir(exist_ok=True)
    (folder / f"{MODULE[qid]}.py").write_text(source, encoding="utf-8")
    return judged(grade_question(QUESTIONS[qid], load_submission(folder), Settings(seed=seed, scheme=SCHEME)))


def points(result) -> list:
    return [(c.name, c.points, say(c.message)) for c in result.checks if c.points]


def judged(result):
    """The result, once sure the grader judged it (a grader's own error earns nothing either, and proves
    nothing)."""
    assert all(c.message is None or c.message.key != "engine.grader_bug" for c in result.checks), points(result)
    return result


@pytest.mark.slow
@pytest.mark.parametrize(
    "qid,strategy", [(q, name) for q, table in STRATEGIES.items() for name in table], ids=lambda x: str(x)
)
def test_a_cheap_strategy_earns_nothing(tmp_path, qid, strategy):
    function = QUESTIONS[qid].functions[0]
    result = graded(tmp_path, qid, replaced(MODULE[qid], function, STRATEGIES[qid][strategy]))
    assert result.score == 0, points(result)


# --- A table of answers recorded under one seed, replayed under another ---------------------------------
def _recording(monkeypatch, cls, method: str, seen: list) -> None:
    """Record the case (the last positional argument) of every call of cls.method while the grader runs
    in this process."""
    original = getattr(cls, method)

    def record(self, *args, **kwargs):
        seen.append(args[-1])
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, method, record)


def recorded_cases(monkeypatch, tmp_path, qid: str) -> list:
    """Every case the grader played grading the model answer on `qid` under RECORDED_SEED."""
    seen: list = []
    with monkeypatch.context() as patch:
        if qid in SEARCH:
            _recording(patch, jeux.SearchQuestion, "play", seen)
        elif qid == "x1":
            _recording(patch, recherche_search.X1, "judge", seen)
        else:
            _recording(patch, recherche.TaquinQuestion, "judge", seen)
        source = (ROOT / "reference" / "answers" / f"{MODULE[qid]}.py").read_text(encoding="utf-8")
        assert graded(tmp_path, qid, source, RECORDED_SEED).score == QUESTIONS[qid].points
    return seen


def _search_key(game: dict):
    """What the strategy below computes from the calls it makes: game (1)'s target, or the initial state
    and its successors."""
    if game["kind"] == "jeu1":
        return ("jeu1", game["target"])
    labels = jeux_games.labels_of(game["labels"], len(game["succ"]))
    return (labels[game["initial"]], [labels[j] for j in game["succ"][game["initial"]]])


SEARCH_TABLE = """TABLE = {table!r}
if initial == 1 and suivants(1) == [2, 2]:
    key = ("jeu1", next(n for n in range(1, 1 << 10) if final(n)))
else:
    key = (initial, suivants(initial))
return dict(TABLE).get(repr(key), 0)"""
X1_TABLE = """TABLE = {table!r}
key = (start, goal, sorted(map(repr, next_states(start)))) if not isinstance(start, tuple) else (start, goal)
return [tuple(s) if isinstance(start, tuple) else s for s in dict(TABLE).get(repr(key), [start])]"""
TAQUIN_TABLE = """TABLE = {table!r}
return dict(TABLE).get(repr([list(row) for row in matrice]), [])"""


def table_strategy(qid: str, cases: list) -> str:
    """The body of a function answering each recorded case from a table (a list of pairs: keys as text)."""
    if qid in SEARCH:
        table = {repr(_search_key(g)): jeux_games.optimum(g) for g in cases}
        return SEARCH_TABLE.format(table=sorted(table.items()))
    if qid == "x1":
        table = {}
        for case in cases:
            if "n" in case:
                start = tuple(case["start"])
                path = [start]
                for move in recherche.optimal_moves(start, case["n"]):
                    path.append(sliding.apply_move(path[-1], case["n"], move))
                table[repr((start, sliding.goal_state(case["n"])))] = path
            else:
                graph = dict(case["next_states"])
                key = (case["start"], case["goal"], sorted(map(repr, graph[case["start"]])))
                table[repr(key)] = recherche_search.graph_path(case)
        return X1_TABLE.format(table=sorted(table.items()))
    # Shortest solutions: x4's own DFS solutions run to tens of thousands of moves, a file too large to hand in.
    table = {}
    for start in cases:
        n = round(len(start) ** 0.5)
        table[repr(sliding.matrix(start, n))] = list(recherche.optimal_moves(start, n))
    return TAQUIN_TABLE.format(table=sorted(table.items()))


@pytest.mark.slow
@pytest.mark.parametrize("qid", [*SEARCH, "x1", *TAQUIN])
def test_a_table_of_answers_recorded_under_another_seed_earns_nothing(monkeypatch, tmp_path, qid):
    cases = recorded_cases(monkeypatch, tmp_path, qid)
    function = QUESTIONS[qid].functions[0]
    source = replaced(MODULE[qid], function, table_strategy(qid, cases))
    recorded = graded(tmp_path, qid, source, RECORDED_SEED)
    if qid in SEARCH:
        # Under the seed it was recorded under, the table gives every depth right: what fails it is that
        # the parent saw no search reach them.
        assert {c.message.key for c in recorded.checks if not c.passed and c.name != "algorithme"} == {
            "jeux.depth_unobserved"
        }, points(recorded)
    elif qid == "x1":
        # Its every path right under that seed, but the parent saw no IDA* on the graphs: no heuristic call.
        assert [c.message.key for c in recorded.checks] == ["x1.algorithm_no_h", "x1.puzzles_unobserved"]
    else:
        assert recorded.score > 0  # the table answers the cases of the seed it was recorded under
    result = graded(tmp_path, qid, source)
    assert result.score == 0, points(result)


# --- The red team's findings, under several seeds ------------------------------------------------------
FINDINGS = [
    # q11's constant 0 written 0 and 0.0, and an h never positive: nothing on the whole question.
    ("jeux", "h_zero_flottant.py", "q11", None),
    ("jeux", "h_negatif.py", "q11", None),
    # x4's BFS with a detour at the goal, and one made longer without coming back: valid solutions (their
    # groups stay), but nothing on `profondeur`, the depth-first group.
    ("recherche", "dfs_largeur_detour.py", "x4", "profondeur"),
    ("recherche", "dfs_largeur_evitement.py", "x4", "profondeur"),
]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 7, 2017])
@pytest.mark.parametrize("family,name,qid,group", FINDINGS, ids=lambda x: str(x))
def test_a_red_team_finding_earns_nothing_on_its_group_under_every_seed(tmp_path, family, name, qid, group, seed):
    source = (ROOT / "tests" / "submissions" / family / name).read_text(encoding="utf-8")
    result = graded(tmp_path, qid, source, seed)
    if group is None:
        assert result.score == 0, points(result)
    else:
        (check,) = [c for c in result.checks if c.name == group]
        assert not check.passed and check.points == 0, points(result)
        weights = {g.name: g.weight for g in QUESTIONS[qid].groups}
        kept = 1 - weights[group] / sum(weights.values())  # the other groups (valid and limits) kept
        assert result.score == pytest.approx(QUESTIONS[qid].points * kept), points(result)
