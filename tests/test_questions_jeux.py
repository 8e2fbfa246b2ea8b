"""The checks of q1, q4, q7, q10 and q11, run the way a user runs them: real submission files
(tests/submissions/jeux/, the model answer, the stub) graded in the sandbox, one question at a time."""
from __future__ import annotations

from pathlib import Path

import pytest
from grading import QUESTIONS, check, grade_file, submission_path

from grader.questions import jeux

SUBMISSIONS = submission_path("jeux", "")
FULL = {q.id: q.points for q in jeux.QUESTIONS}
SEARCHES = ("q4", "q7", "q10", "q11")
ALL = frozenset()  # no failing group


def passed(*ids):
    return {q: ("passed", FULL[q], ALL) for q in ids}


# What each submission must get, per question: status, score, and the groups that fail.
EXPECTED = {
    "reference/jeux.py": passed("q1", *SEARCHES),
    # Correct, and written unlike the model answer (each file's docstring says how).
    "variante_iterative.py": passed("q1", *SEARCHES),
    "variante_doublons.py": passed(*SEARCHES),
    "variante_enonce.py": passed(*SEARCHES),
    # Typical mistakes: the right group fails.
    "bfs_plus_un.py": {"q4": ("failed", 0.0, {"petits_jeux", "jeu1", "algorithme"})},
    "bfs_profondeur.py": {"q4": ("failed", 0.0, {"petits_jeux", "jeu1", "algorithme"})},
    "bfs_iteree.py": {"q4": ("partial", 1.4, {"algorithme"})},
    "bfs_entiers.py": {"q4": ("partial", 0.4, {"petits_jeux", "algorithme"})},
    "ids_largeur.py": {"q7": ("partial", 1.4, {"algorithme"})},
    "ids_inegalite.py": {"q7": ("failed", 0.0, {"petits_jeux", "jeu1", "algorithme"})},
    "idastar_sans_h.py": {"q10": ("partial", 2.1, {"algorithme"})},
    "idastar_min_non_remis.py": {"q10": ("failed", 0.0, {"petits_jeux", "jeu1", "algorithme"})},
    "idastar_min_zero.py": {"q10": ("failed", 0.0, {"petits_jeux", "jeu1", "algorithme"})},
    "idastar_vrai.py": {"q10": ("failed", 0.0, {"petits_jeux", "jeu1", "algorithme"})},
    "idastar_final_hors_borne.py": {"q10": ("partial", 1.5, {"petits_jeux"})},
    "h_t_moins_n.py": {"q11": ("partial", 1.0, {"admissible"})},
    "h_constante.py": {"q11": ("partial", 1.4, {"non_constante"})},
    "h_booleen.py": {"q11": ("partial", 1.6, {"entier"})},
    "h_flottant.py": {"q11": ("partial", 1.6, {"entier"})},
    # Nothing to run.
    "exercises/jeux.py": {q: ("not_implemented", 0.0, {g.name for g in QUESTIONS[q].groups})
                          for q in ("q1", *SEARCHES)},
    "partielle.py": {**passed("q1", "q4"),
                     **{q: ("missing", 0.0, {g.name for g in QUESTIONS[q].groups}) for q in ("q7", "q10", "q11")}},
}


def path_of(name: str) -> Path:
    return submission_path("jeux", name)


def grade(name: str, qid: str, lang: str = "fr", **scheme):
    return grade_file(path_of(name), qid, lang, **scheme)


@pytest.mark.parametrize("name,qid", [(n, q) for n, table in EXPECTED.items() for q in table])
def test_expected_status_score_and_failing_groups(name, qid):
    status, score, failing = EXPECTED[name][qid]
    result = grade(name, qid)
    assert (result.status, round(result.score, 6), {c.name for c in result.checks if not c.passed}) == (
        status, score, set(failing)), [(c.name, c.message) for c in result.checks if not c.passed]


def test_every_submission_file_is_in_the_table():
    assert {p.name for p in SUBMISSIONS.glob("*.py")} | {"boucle.py"} == {
        n for n in EXPECTED if "/" not in n} | {"boucle.py"}


def test_wrong_depth_names_the_smallest_game_and_draws_it():
    c = check(grade("bfs_plus_un.py", "q4"), "petits_jeux")
    assert c.message == "bfs() a renvoyé 1, alors qu'une solution optimale est de profondeur 0"
    assert (c.expected, c.got) == (0, 1)
    assert c.counterexample == {"e0": 0, "s": {"0": [0]}, "F": [0]}
    assert c.visual == {"type": "game", "initial": 0, "finals": [0], "edges": [[0, 0]]}
    jeu1 = check(grade("bfs_plus_un.py", "q4"), "jeu1")
    assert jeu1.counterexample == {"e0": 1, "s(n)": "[2n, n + 1]", "F": [1]}


def test_a_depth_first_bfs_is_told_by_its_test_order():
    c = check(grade("bfs_profondeur.py", "q4"), "algorithme")
    assert "ce n'est pas un parcours en largeur : l'état b (à distance 1" in c.message
    assert "après l'état a1 (à distance 2)" in c.message
    assert c.counterexample["e0"] == "r" and c.visual["type"] == "game"


def test_an_iterative_deepening_bfs_restarts_from_the_initial_state():
    c = check(grade("bfs_iteree.py", "q4"), "algorithme")
    assert c.message.startswith("final(initial) est appelé 3 fois")


def test_states_need_not_be_ints():
    c = check(grade("bfs_entiers.py", "q4"), "petits_jeux")
    assert c.kind == "error" and "TypeError" in c.message
    assert isinstance(c.counterexample["e0"], str)  # the smallest failing game has string states


def test_a_breadth_first_ids_is_told_by_its_restarts():
    c = check(grade("ids_largeur.py", "q7"), "algorithme")
    assert "ce n'est pas une recherche itérée en profondeur" in c.message
    assert "final(initial) n'est appelé que 1 fois et suivants(initial) 1 fois" in c.message


def test_an_idastar_that_ignores_h_is_told_by_what_h_should_prune():
    c = check(grade("idastar_sans_h.py", "q10"), "algorithme")
    assert c.message.startswith("h n'élague pas : l'état a1 est testé par final, or son prédécesseur a a "
                                "p + h = 1 + 9 = 10")
    en = check(grade("idastar_sans_h.py", "q10", "en"), "algorithme")
    assert en.message.startswith("h does not prune: state a1 is tested by final")


def test_a_search_that_never_ends_is_stopped_on_a_small_game():
    c = check(grade("idastar_min_non_remis.py", "q10"), "petits_jeux")
    assert "ne termine pas, semble-t-il" in c.message
    assert c.kind == "wrong" and len(c.counterexample["s"]) <= 3


def test_an_idastar_accepting_a_final_state_beyond_the_bound_falls_in_the_trap():
    c = check(grade("idastar_final_hors_borne.py", "q10"), "petits_jeux")
    assert (c.expected, c.got) == (2, 3) and c.counterexample["F"] == ["f", "g"]


def test_a_boolean_result_is_not_a_depth():
    c = check(grade("idastar_vrai.py", "q10"), "petits_jeux")
    assert "valeur renvoyée : True (type bool)" in c.message


def test_h_counterexamples_are_the_smallest_pairs():
    c = check(grade("h_t_moins_n.py", "q11"), "admissible")
    assert c.counterexample == {"n": 1, "t": 4}
    assert "h_jeu1(1, 4) = 3, mais la distance de 1 à 4 n'est que 2" in c.message
    assert "(type bool)" in check(grade("h_booleen.py", "q11"), "entier").message


def test_an_infinite_loop_is_a_timeout():
    result = grade("boucle.py", "q4", time_floor=0.3)
    assert result.status == "timeout" and result.score == 0


# --- The crafted games satisfy what the algorithm criteria assume (see grader/questions/jeux.py) ---
@pytest.mark.parametrize("question", [QUESTIONS["q4"], QUESTIONS["q7"], QUESTIONS["q10"]], ids=lambda q: q.id)
def test_crafted_games_have_an_initial_state_without_predecessor(question):
    for game in question.crafted():
        assert all(game["initial"] not in row for row in game["succ"])


def test_ids_crafted_games_are_deep_enough_to_tell_a_bfs():
    assert all(jeux.optimum(game) >= 3 for game in QUESTIONS["q7"].crafted())


def test_idastar_crafted_h_is_admissible_and_prunes_something():
    for game in QUESTIONS["q10"].crafted():
        to_final = jeux.distances(jeux.reverse(game["succ"]), game["finals"])
        assert all(d is None or h <= d for h, d in zip(game["h"], to_final))
        depth = jeux.distances(game["succ"], [game["initial"]])
        assert any(p + h > jeux.optimum(game) for p, h in zip(depth, game["h"]) if p is not None)
