"""The checks of the extension exercises x1-x4, run the way a user runs them: real submission files
(tests/submissions/recherche/, the model answer, the stub) graded in the sandbox, one question at a time."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import bruteforce
import pytest
from grading import QUESTIONS, ROOT, SEED, check, grade_file, say, submission_path, summary

from grader.results.scoring import Scheme

from grader import cli
from grader.judge.settings import Settings
from grader.judge.engine import grade_question
from grader.questions.recherche import moves as recherche
from grader.questions.recherche import questions as recherche_questions
from grader.questions.recherche import puzzles as recherche_puzzles
from grader.questions.recherche import search as recherche_search
from reference import sliding
from reference.solver import crafted
from reference.solver import sliding as solver_sliding
from grader.intake import load_submission

pytestmark = pytest.mark.usefixtures("judged")

SUBMISSIONS = submission_path("recherche", "")
FULL = {q.id: q.points for q in recherche_questions.QUESTIONS}
ALL = frozenset()  # no failing group


def passed(*ids):
    return {q: ("passed", FULL[q], ALL) for q in ids}


# What each submission must get, per question: status, score, and the groups that fail.
EXPECTED = {
    "reference/answers/recherche.py": passed("x1", "x2", "x3", "x4"),
    # Correct, and written unlike the model answer (each file's docstring says how).
    "variante_complete.py": passed("x1", "x2", "x3", "x4"),
    "astar_liste_fermee.py": passed("x2"),
    "bfs_liste.py": passed("x3"),
    # Typical mistakes: the right group fails.
    "search_sans_depart.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    # An IDA* that keeps visited states per pass: a failed pass skips paths IDA* explores (every pass but
    # the last is complete), and it makes a pass more than IDA*'s bounds: not IDA*, the puzzles not run.
    "search_visites.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    # Bounds IDA* does not take (the old one plus 2), seen on the graphs' trace: the puzzles do not count.
    "search_seuil_plus_deux.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    # Hidden mistakes the checks once missed (test_the_hidden_mistakes_are_wrong_by_an_independent_check).
    # The heuristic's arguments swapped: a wrong path, and passes beyond IDA*'s bounds (puzzles not run).
    "search_heuristique_inversee.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    # Not IDA*: no call to heuristic on the graphs, whose trace the parent sees; the paths returned, right
    # on the graphs (and on the smaller puzzles), count only with IDA* seen (red team 12).
    "search_sans_heuristique.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    "search_largeur.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    # Stopped by the parent on the graphs (recherche_replay.py), and wrong on the puzzles too.
    "search_sans_fin.py": {"x1": ("timeout", 0.0, {"graphs", "puzzles"})},
    "search_pas_un_etat.py": {"x1": ("error", 0.0, {"graphs", "puzzles"})},
    "search_hors_protocole.py": {"x1": ("failed", 0.0, {"graphs", "puzzles"})},
    "astar_h_case_vide.py": {"x2": ("partial", 1.5, {"optimal3"})},
    "dfs_largeur.py": {"x4": ("partial", 0.8, {"profondeur"})},
    # A BFS made to look deep (red team): a detour that comes back to a state, or a longer path that does not.
    "dfs_largeur_detour.py": {"x4": ("partial", 0.8, {"profondeur"})},
    "dfs_largeur_evitement.py": {"x4": ("partial", 0.8, {"profondeur"})},
    "astar_sans_fermes.py": {"x2": ("partial", 2.25, {"closed"})},
    "astar_glouton.py": {"x2": ("partial", 0.75, {"optimal3", "closed"})},
    # Its paths fill the memory while its time runs out: which comes first depends on the machine's load.
    "bfs_pile.py": {"x3": ({"timeout", "memory"}, 0.0, {"short", "long"})},
    "bfs_litteral.py": {"x3": ("partial", 4 / 3, {"long"})},
    "bfs_tuile.py": {"x3": ("failed", 0.0, {"short", "long"})},
    "dfs_francais.py": {"x4": ("failed", 0.0, {"valid", "limits", "profondeur"})},
    # Nothing to run.
    "exercises/recherche.py": {q: ("not_implemented", 0.0, {g.name for g in QUESTIONS[q].groups}) for q in FULL},
}
# Slow to fail by design: a looping DFS runs until 10× the reference's whole exploration of the puzzle,
# unless its stack fills the memory limit first (which comes first depends on the machine).
SLOW = {"dfs_sans_fermes.py": {"x4": ({"timeout", "memory"}, 0.0, {"valid", "limits", "profondeur"})}}


def path_of(name: str) -> Path:
    return submission_path("recherche", name)


def grade(name: str, qid: str, lang: str = "fr", **scheme):
    return grade_file(path_of(name), qid, lang, **scheme)


@pytest.mark.parametrize("name,qid", [(n, q) for n, table in EXPECTED.items() for q in table])
def test_expected_status_score_and_failing_groups(name, qid):
    statuses, score, failing = EXPECTED[name][qid]
    result = grade(name, qid)
    status, *rest = summary(result)
    assert status in ({statuses} if type(statuses) is str else statuses) and rest == [round(score, 6), set(failing)], [
        (c.name, say(c.message)) for c in result.checks if not c.passed
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name,qid", [(n, q) for n, table in SLOW.items() for q in table])
def test_expected_verdicts_of_the_slow_submissions(name, qid):
    statuses, score, failing = SLOW[name][qid]
    status, *rest = summary(grade(name, qid))
    assert status in statuses and rest == [score, set(failing)]


def test_every_submission_file_is_in_a_table():
    assert {p.name for p in SUBMISSIONS.glob("*.py")} == {n for n in {**EXPECTED, **SLOW} if "/" not in n}


def test_a_looping_dfs_is_a_timeout_with_a_hint():
    # Half the reference's time to explore the whole 3×3 puzzle: long before the stack fills the memory.
    # Its stack grows without bound: which comes first, the time limit (and its rerun) or the 1 GiB of
    # memory, depends on the machine's speed; either is a failure, and a timeout names the likely cause.
    c = check(grade("dfs_sans_fermes.py", "x4", time_factor=0.5), "valid")
    assert c.kind in ("timeout", "memory") and not c.passed
    if c.kind == "timeout":
        assert "sans closed, le parcours en profondeur boucle" in say(c.message)


def test_an_astar_without_closed_set_is_told_by_its_time_on_crafted_instances():
    c = check(grade("astar_sans_fermes.py", "x2"), "closed")
    assert c.kind == "timeout" and "sans liste closed (condition c1)" in say(c.message)
    assert c.counterexample == [[3, 2, 1], [4, 8, 7], [5, 0, 6]]


def test_a_greedy_astar_shows_the_smallest_puzzle_and_a_step_through():
    c = check(grade("astar_glouton.py", "x2"), "optimal3")
    assert say(c.message).startswith("solution valide mais pas la plus courte")
    assert c.got > c.expected
    v = c.visual
    assert v["type"] == "puzzle" and v["size"] == 3 and sorted(v["start"]) == list(range(9))
    assert v["start"] == [x for row in c.counterexample for x in row]
    assert len(v["optimal"]) == c.expected and v["length"] == c.got


def test_tile_directions_are_told_apart_from_a_wrong_solution():
    c = check(grade("bfs_tuile.py", "x3"), "short")
    assert "décrivent le déplacement de la tuile" in say(c.message)
    en = check(grade("bfs_tuile.py", "x3", "en"), "short")
    assert "describe how the tile moves" in say(en.message, "en")


def test_unknown_operation_names_are_reported_with_the_expected_ones():
    c = check(grade("dfs_francais.py", "x4"), "valid")
    assert re.match("opération n° 1 inconnue : '(Haut|Bas|Gauche|Droite)'", say(c.message))
    assert c.counterexample != [[1, 2, 3], [4, 5, 6], [7, 8, 0]]  # the goal itself needs no operation


def test_a_path_without_its_start_fails_on_the_smallest_graph():
    c = check(grade("search_sans_depart.py", "x1"), "graphs")
    assert say(c.message) == "le chemin doit commencer par l'état de départ 0"
    c = check(grade("search_sans_depart.py", "x1"), "puzzles")
    assert c.counterexample["start"] == [1, 2, 3, 4, 5, 6, 7, 8, 0]


def test_a_global_visited_set_is_caught_by_the_crafted_graph_and_drawn():
    c = check(grade("search_visites.py", "x1"), "graphs")
    assert (c.expected, c.got) == (2, 3)
    drawn = {key: value for key, value in c.visual.items() if key != "replay"}  # the replay: its own tests
    assert drawn == {"type": "game", "initial": 0, "finals": [3], "edges": [[0, 1], [0, 2], [1, 2], [2, 3]]}
    assert c.visual["replay"]["algorithm"] == "idastar"


def test_check_command_selects_an_extension_question(capsys):
    code = cli.main(["check", str(SUBMISSIONS / "search_visites.py"), "-q", "x1"])
    out = capsys.readouterr().out
    assert code == 1 and "X1 — search" in out and "X2" not in out


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"hidden_{Path(name).stem}", path_of(name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _puzzle_successors(n: int):
    """(operation, state) pairs of an n×n puzzle (0 the blank, operations moving the blank): written here,
    apart from reference/ and grader/."""

    def successors(state):
        blank = state.index(0)
        i, j = divmod(blank, n)
        for operation, (di, dj) in {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}.items():
            if 0 <= i + di < n and 0 <= j + dj < n:
                cells = list(state)
                cells[blank], cells[(i + di) * n + j + dj] = cells[(i + di) * n + j + dj], 0
                yield operation, tuple(cells)

    return successors


def _solved_length(n: int, start: tuple, operations: list) -> int | None:
    """The number of operations if they lead from `start` to the goal, else None."""
    moves, state = _puzzle_successors(n), start
    for operation in operations:
        state = dict(moves(state))[operation]
    return len(operations) if state == tuple(range(1, n * n)) + (0,) else None


def _distance(n: int, start: tuple) -> int:
    moves = _puzzle_successors(n)
    return bruteforce.distance_to_final(
        start, lambda s: [t for _, t in moves(s)], lambda s: s == tuple(range(1, n * n)) + (0,)
    )


def test_the_hidden_mistakes_are_wrong_by_an_independent_check():
    """Each submission the checks once missed is wrong by a witness found here, with tests/bruteforce.py
    and a puzzle written in this file, not by the grader's checks."""
    # heuristic(goal, state): a longer path than the shortest on a directed graph with an admissible h.
    graph = {"s": ["a", "b1"], "a": ["g"], "b1": ["b2"], "b2": ["b3"], "b3": ["g"], "g": []}
    towards_g = {"s": 2, "a": 1, "b1": 3, "b2": 2, "b3": 1, "g": 0}
    table = {**{(x, "g"): d for x, d in towards_g.items()}, ("g", "a"): 9}  # g reaches nothing: any value
    path = _module("search_heuristique_inversee.py").search(
        "s", "g", lambda x: list(graph[x]), lambda x, target: table.get((x, target), 0)
    )
    assert len(path) - 1 > bruteforce.distance_to_final("s", graph.__getitem__, "g".__eq__) == 2
    # search never calls the heuristic.
    calls = []
    start = (1, 2, 3, 4, 5, 6, 0, 7, 8)
    _module("search_sans_heuristique.py").search(
        start,
        tuple(range(1, 9)) + (0,),
        lambda s: [t for _, t in _puzzle_successors(3)(s)],
        lambda *a: calls.append(a) or 0,
    )
    assert calls == []
    # astar: a valid solution longer than the distance.
    start = (4, 5, 7, 0, 6, 8, 3, 1, 2)
    got = _solved_length(3, start, _module("astar_h_case_vide.py").astar(sliding.matrix(start, 3)))
    assert got is not None and got > _distance(3, start) == 27
    # dfs_taquin is breadth-first: the shortest solution even 31 moves away, where a stack goes deep.
    start = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    got = _solved_length(3, start, _module("dfs_largeur.py").dfs_taquin(sliding.matrix(start, 3)))
    assert got == _distance(3, start) == 31


# --- The crafted instances are what the comments in grader/questions/recherche*.py say -------------
def test_crafted_instances_have_the_stated_distances():
    distance = recherche_puzzles.distances_3()
    assert [distance[s] for s in crafted.ASTAR_CLOSED_CASES] == [21, 21, 22]
    assert [distance[s] for s in recherche.BFS_LONG_CASES] == [14, 17, 28]
    # x3's and x4's long cases are drawn from the seed at these distances, each seed its own.
    for seed in (2017, 1, 2):
        assert [distance[case.start] for case in recherche.bfs_long_cases(seed)] == [14, 17, 28]
        assert [distance[s] for s in recherche.dfs_long_cases(seed)] == list(recherche.DFS_LONG_DISTANCES)
    assert len({tuple(recherche.dfs_long_cases(seed)) for seed in (2017, 1, 2)}) == 3
    assert [distance[s] for s in crafted.ASTAR_HARD_CASES] == [24, 22, 27]
    for start in recherche_search.SEARCH_DEEP_CASES:  # Manhattan distance = optimum: one IDA* pass
        assert sliding.manhattan(start, 4) == len(recherche_puzzles.optimal_moves(start, 4)) in (36, 44)
    assert max(distance.values()) == 31 and recherche.UNSOLVABLE_3 not in distance


def test_the_3x3_distances_are_searched_once_per_machine_and_a_rewritten_cache_is_searched_again(
    tmp_path, monkeypatch, fresh_process
):
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    searches = []
    search = solver_sliding.distances_from_goal
    monkeypatch.setattr(solver_sliding, "distances_from_goal", lambda *args: searches.append(1) or search(*args))

    def fresh() -> dict:
        fresh_process()  # a new process: only the machine's cache is kept
        return recherche_puzzles.distances_3()

    searched = fresh()
    assert len(searched) == recherche_puzzles.STATES_3 and len(searches) == 1
    assert searched == search(3)
    read = fresh()
    assert len(searches) == 1 and list(read.items()) == list(searched.items())  # in BFS order: the draws use it
    table = tmp_path / recherche_puzzles.TABLE_3
    forged = bytearray(table.read_bytes())
    forged[-1] = 1  # the last state said 1 move from the goal: a correct answer would fail on it
    table.write_bytes(bytes(forged))
    assert list(fresh().items()) == list(searched.items()) and len(searches) == 2
    assert table.read_bytes() != bytes(forged)  # and the cache was written again


def test_optimal_moves_are_shortest_and_lead_to_the_goal():
    four = sliding.goal_state(4)
    for move in ("Up", "Up", "Left", "Down", "Left"):
        four = sliding.apply_move(four, 4, move)
    for n, start, length in ((3, recherche_puzzles.states_by_distance_3()[31][0], 31), (4, four, 5)):
        moves = recherche_puzzles.optimal_moves(start, n)
        state = start
        for move in moves:
            state = sliding.apply_move(state, n, move)
        assert state == sliding.goal_state(n) and len(moves) == length


@pytest.mark.slow
@pytest.mark.parametrize(
    "student,expected",
    [
        ("alice", dict.fromkeys(FULL, "passed")),
        ("chloe", {"x1": "failed", "x2": "partial", "x3": "failed", "x4": "not_implemented"}),
    ],
)
def test_sample_students_get_the_extension_verdicts_they_were_written_for(student, expected):
    submission = load_submission(ROOT / "exercises" / "exemples" / student)
    got = {q: grade_question(QUESTIONS[q], submission, Settings(seed=SEED)).status for q in FULL}
    assert got == expected


SLOW_CORRECT_ASTAR = '''
from collections import deque


def astar(matrice):
    """Shortest by breadth, not by f: right on every puzzle, too slow on the deepest 3x3 ones."""
    n = len(matrice)
    depart = tuple(v for ligne in matrice for v in ligne)
    but = tuple(list(range(1, n * n)) + [0])
    file, vus = deque([(depart, [])]), {depart}
    while file:
        etat, chemin = file.popleft()
        if etat == but:
            return chemin
        k = etat.index(0)
        i, j = divmod(k, n)
        for op, ni, nj in (("Up", i - 1, j), ("Down", i + 1, j), ("Left", i, j - 1), ("Right", i, j + 1)):
            if 0 <= ni < n and 0 <= nj < n:
                fils = list(etat)
                fils[k], fils[ni * n + nj] = fils[ni * n + nj], 0
                if tuple(fils) not in vus:
                    vus.add(tuple(fils))
                    file.append((tuple(fils), chemin + [op]))
'''


@pytest.mark.parametrize("reference", ["auto", "oracles"])
def test_an_astar_out_of_time_on_every_hard_case_keeps_its_drawn_cases_with_or_without_the_model_answer(
    tmp_path, reference
):
    # Red team 4: with every hard case inconclusive (its time is `closed`'s to judge), the group once had no
    # case decided and the question ended as the grader's internal error where the solver was missing.
    (tmp_path / "recherche.py").write_text(SLOW_CORRECT_ASTAR, encoding="utf-8")
    settings = Settings(seed=SEED, reference=reference, scheme=Scheme(time_factor=0.05))
    result = grade_question(QUESTIONS["x2"], load_submission(tmp_path / "recherche.py"), settings)
    optimal3 = check(result, "optimal3")
    assert result.status != "error" and optimal3.passed
    assert "non conclu" in say(optimal3.message) or not optimal3.message


@pytest.mark.slow
def test_a_slow_correct_astar_is_judged_the_same_with_and_without_the_model_answer(tmp_path):
    """Red team 4: a correct but slow astar (a breadth-first search) out of time on every hard case of
    `optimal3` left that group with no case decided, an internal error with the oracles (the kit,
    `--reference oracles`). The drawn cases it solved decide the group, the same either way."""
    folder = tmp_path / "lente"
    folder.mkdir()
    (folder / "recherche.py").write_bytes(
        (ROOT / "tests" / "strategies" / "recherche" / "pasted_kit_bfs.py").read_bytes()
    )
    question = recherche_questions.QUESTIONS[1]
    assert question.id == "x2"
    results = [
        grade_question(question, load_submission(folder), Settings(seed=SEED, reference=reference))
        for reference in ("model", "oracles")
    ]
    for result in results:  # optimal3 decided by its drawn cases (the other groups judge a BFS's time)
        assert result.status != "error" and check(result, "optimal3").passed
        assert "temps limite dépassé" in say(check(result, "optimal3").message)
