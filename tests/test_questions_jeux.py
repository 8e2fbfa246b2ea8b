"""The checks of q1, q4, q7, q10 and q11, run the way a user runs them: real submission files
(tests/submissions/jeux/, the model answer, the stub) graded in the sandbox, one question at a time."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from grading import QUESTIONS, SEED, check, grade_file, say, submission_path

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.text.display import python_source, python_text
from grader.questions.jeux import heuristic
from grader.questions.jeux import searches as jeux
from grader.questions.jeux import questions as jeux_questions
from grader.results.scoring import Scheme

# The student runs where --child says (in this process by default: tests/conftest.py, `judged`).
pytestmark = pytest.mark.usefixtures("judged")

SUBMISSIONS = submission_path("jeux", "")
FULL = {q.id: q.points for q in jeux_questions.QUESTIONS}
SEARCHES = ("q4", "q7", "q10", "q11")
ALL = frozenset()  # no failing group


def passed(*ids):
    return {q: ("passed", FULL[q], ALL) for q in ids}


# What each submission must get, per question: status, score, and the groups that fail. Scores follow
# the default barème: for q4/q7 (2 points) petits_jeux 0.4, jeu1 0.2, profond 0.2, algorithme 1.2; for
# q10 (3 points) 0.6, 0.3, 0.3, 1.8; for q11 admissible 0.8, grands_t 0.2, non_constante 0.6, entier 0.4.
EXPECTED = {
    "reference/answers/jeux.py": passed("q1", *SEARCHES),
    # Correct, and written unlike the model answer (each file's docstring says how).
    "variante_iterative.py": passed("q1", *SEARCHES),
    "variante_doublons.py": passed(*SEARCHES),
    # Its h is an exact distance by a backward programme, O(t) per call: right, too slow for t = 2^62.
    "variante_enonce.py": {**passed("q4", "q7", "q10"), "q11": ("partial", 1.8, {"grands_t"})},
    "ids_racine.py": passed("q7"),
    "ids_generation.py": passed("q7"),
    "idastar_generation.py": passed("q10"),
    "idastar_wikipedia.py": passed("q10"),
    "h_bits.py": passed("q11"),
    # The requested algorithm with a slip: the algorithm group stays, the values go.
    "bfs_plus_un.py": {"q4": ("partial", 1.2, {"petits_jeux", "jeu1", "profond"})},
    "ids_inegalite.py": {"q7": ("partial", 1.2, {"petits_jeux", "jeu1", "profond"})},
    "idastar_vrai.py": {"q10": ("partial", 1.8, {"petits_jeux", "jeu1", "profond"})},
    "idastar_final_hors_borne.py": {"q10": ("partial", 2.4, {"petits_jeux"})},
    "idastar_explores.py": {"q10": ("partial", 2.1, {"petits_jeux", "jeu1"})},
    # Caps: only a deep game shows them.
    "bfs_25_niveaux.py": {"q4": ("partial", 1.8, {"profond"})},
    "ids_m20.py": {"q7": ("partial", 1.8, {"profond"})},
    "idastar_10_tours.py": {"q10": ("partial", 2.7, {"profond"})},
    # Another algorithm with right values: the algorithm group goes (a memoised IDS also runs out of
    # budget on the deep chain: it costs the square of a BFS there).
    "bfs_iteree.py": {"q4": ("partial", 0.6, {"profond", "algorithme"})},
    "bfs_ids_memo.py": {"q4": ("partial", 0.6, {"profond", "algorithme"})},
    "bfs_profondeur.py": {"q4": ("partial", 0.2, {"petits_jeux", "jeu1", "algorithme"})},
    "ids_largeur.py": {"q7": ("partial", 0.8, {"algorithme"})},
    "ids_largeur_initial.py": {"q7": ("partial", 0.8, {"algorithme"})},
    "ids_sans_reprise.py": {"q7": ("partial", 0.8, {"algorithme"})},
    "idastar_sans_h.py": {"q10": ("partial", 1.2, {"algorithme"})},
    "idastar_dernier_f.py": {"q10": ("partial", 1.2, {"algorithme"})},
    "idastar_astar.py": {"q10": ("partial", 1.2, {"algorithme"})},
    # Typical mistakes elsewhere.
    "bfs_entiers.py": {"q4": ("partial", 0.2, {"petits_jeux", "profond", "algorithme"})},
    "idastar_min_non_remis.py": {"q10": ("failed", 0.0, {"petits_jeux", "jeu1", "profond", "algorithme"})},
    "idastar_min_zero.py": {"q10": ("failed", 0.0, {"petits_jeux", "jeu1", "profond", "algorithme"})},
    # Not admissible, which is what the question asks: being non-constant and an int earns nothing then
    # (an h echoing its input would earn them).
    "h_t_moins_n.py": {"q11": ("failed", 0.0, {"admissible", "grands_t", "non_constante", "entier"})},
    "h_log_base.py": {"q11": ("partial", 1.8, {"grands_t"})},
    # A constant h (return 0) is admissible and an int, but does nothing: those groups count only for an h
    # that is not constant, so it earns 0; a bool is no number (False would pass for an admissible 0).
    "h_constante.py": {"q11": ("failed", 0.0, {"admissible", "grands_t", "non_constante", "entier"})},
    # Red team: the constant 0 written 0 and 0.0 (one constant as numbers), and an h that is never positive.
    "h_zero_flottant.py": {"q11": ("failed", 0.0, {"admissible", "grands_t", "non_constante", "entier"})},
    "h_negatif.py": {"q11": ("failed", 0.0, {"admissible", "grands_t", "non_constante", "entier"})},
    "h_booleen.py": {"q11": ("partial", 0.6, {"admissible", "grands_t", "entier"})},
    "h_flottant.py": {"q11": ("partial", 1.6, {"entier"})},
    # Nothing to run.
    "exercises/jeux.py": {
        q: ("not_implemented", 0.0, {g.name for g in QUESTIONS[q].groups}) for q in ("q1", *SEARCHES)
    },
    "partielle.py": {
        **passed("q1", "q4"),
        **{q: ("missing", 0.0, {g.name for g in QUESTIONS[q].groups}) for q in ("q7", "q10", "q11")},
    },
}


def test_the_barème_ranks_a_slip_in_the_requested_algorithm_above_another_algorithm():
    for question, slip, other in (
        ("q4", "bfs_plus_un.py", "bfs_iteree.py"),
        ("q7", "ids_inegalite.py", "ids_largeur.py"),
        ("q10", "idastar_vrai.py", "idastar_sans_h.py"),
    ):
        assert EXPECTED[slip][question][1] > EXPECTED[other][question][1]


def path_of(name: str) -> Path:
    return submission_path("jeux", name)


def grade(name: str, qid: str, lang: str = "fr", **scheme):
    return grade_file(path_of(name), qid, lang, **scheme)


@pytest.mark.parametrize("name,qid", [(n, q) for n, table in EXPECTED.items() for q in table])
def test_expected_status_score_and_failing_groups(name, qid):
    status, score, failing = EXPECTED[name][qid]
    result = grade(name, qid)
    assert (result.status, round(result.score, 6), {c.name for c in result.checks if not c.passed}) == (
        status,
        score,
        set(failing),
    ), [(c.name, say(c.message)) for c in result.checks if not c.passed]


# Attacks on the parent's trace: each may only spoil its own run (the outcome of a race with the
# student's thread varies: any status, never the algorithm's points, never more than the honest program
# underneath earns, never the grader's fault). attaque_fil.py is ids_largeur.py's BFS with a thread padding
# the trace: the right depths it returns may earn what that BFS earns when the thread loses the race.
ATTACKS = {"attaque_cherche_le_jeu.py": ("q4", 0.0), "attaque_fil.py": ("q7", EXPECTED["ids_largeur.py"]["q7"][1])}


@pytest.mark.parametrize("name", ATTACKS)
def test_attacks_on_the_trace_earn_nothing_and_are_the_students_fault(name):
    qid, honest_score = ATTACKS[name]
    result = grade(name, qid)
    assert result.score <= honest_score
    assert not any(c.passed for c in result.checks if c.name == "algorithme")
    assert not any("erreur interne du correcteur" in say(c.message) for c in result.checks)


def test_every_submission_file_is_in_the_table():
    assert {p.name for p in SUBMISSIONS.glob("*.py")} | {"boucle.py"} == {n for n in EXPECTED if "/" not in n} | {
        "boucle.py"
    } | set(ATTACKS)


def successors(c) -> dict:
    return ast.literal_eval(python_text(c.counterexample["s"]))


def test_q11_values_are_shown_as_python_values():
    flottant = check(grade("h_flottant.py", "q11"), "entier")
    assert type(flottant.got) is dict and "." in python_text(flottant.got)  # a float, by its repr: no quotes
    assert not python_text(flottant.got).startswith("'")
    booleen = check(grade("h_booleen.py", "q11"), "entier")
    assert python_text(booleen.got) in ("True", "False")
    too_large = check(grade("h_t_moins_n.py", "q11"), "admissible")
    assert type(too_large.got) is int and python_text(too_large.expected).startswith("≤ ")


def test_q11_distances_kept_for_the_process_leave_each_students_verdict_as_in_a_fresh_process(fresh_process):
    """q11's exact distances are kept for every student a process grades (heuristic.pair_distances): a
    student graded after others gets what a fresh process gives them, nothing of another's values."""

    def verdict(name: str) -> list:
        result = grade_question(QUESTIONS["q11"], load_submission(path_of(name)), Settings(seed=SEED))
        return [(c.name, c.passed, c.points, c.message, c.counterexample, c.expected, c.got) for c in result.checks]

    names = ("h_t_moins_n.py", "h_flottant.py", "h_log_base.py", "h_booleen.py")
    alone = {}
    for name in names:
        fresh_process()
        alone[name] = verdict(name)
    fresh_process()
    together = {name: verdict(name) for name in names}  # one process: the first student fills the cache
    assert together == alone
    assert heuristic.pair_distances.cache_info().hits >= 2 * (len(names) - 1)  # kept, not recomputed


def test_wrong_depth_names_the_smallest_game_and_draws_it():
    c = check(grade("bfs_plus_un.py", "q4"), "petits_jeux")
    assert say(c.message) == "bfs() a renvoyé 1, alors qu'une solution optimale est de profondeur 0"
    assert (c.expected, c.got) == (0, 1)
    # The successors keyed by the states themselves, as Python writes the dict (not '0': JSON's keys).
    assert c.counterexample == {"e0": 0, "s": python_source("{0: [0]}"), "F": [0]}
    assert python_text(c.counterexample) == "{'e0': 0, 's': {0: [0]}, 'F': [0]}"
    assert c.visual == {"type": "game", "initial": 0, "finals": [0], "edges": [[0, 0]]}
    jeu1 = check(grade("bfs_plus_un.py", "q4"), "jeu1")
    assert python_text(jeu1.counterexample) == "{'e0': 1, 's(n)': [2 * n, n + 1], 'F': [1]}"


def test_a_depth_first_bfs_is_told_by_its_test_order():
    c = check(grade("bfs_profondeur.py", "q4"), "algorithme")
    assert "ce n'est pas un parcours en largeur : l'état b (à distance 1" in say(c.message)
    assert "après l'état a1 (à distance 2)" in say(c.message)
    assert c.counterexample["e0"] == "r" and c.visual["type"] == "game"


def test_an_iterative_deepening_bfs_is_told_by_its_return_to_a_finished_level():
    c = check(grade("bfs_iteree.py", "q4"), "algorithme")
    assert say(c.message).startswith("le parcours revient à un niveau terminé : final(0) (à distance 0")
    memo = check(grade("bfs_ids_memo.py", "q4"), "algorithme")
    assert say(memo.message).startswith("le parcours revient à un niveau terminé : suivants(0)")


def test_states_need_not_be_ints():
    c = check(grade("bfs_entiers.py", "q4"), "petits_jeux")
    assert c.kind == "error" and "TypeError" in say(c.message)
    assert isinstance(c.counterexample["e0"], str)  # the smallest failing game has string states


def test_a_breadth_first_ids_is_told_by_its_restarts():
    c = check(grade("ids_largeur.py", "q7"), "algorithme")
    assert "ce n'est pas une recherche itérée en profondeur" in say(c.message)
    assert "final(initial) n'est appelé que 1 fois et suivants(initial) 1 fois" in say(c.message)
    # Calling final(initial) once per level does not make a BFS depth-first.
    again = check(grade("ids_largeur_initial.py", "q7"), "algorithme")
    assert say(again.message).startswith("ce n'est pas un parcours en profondeur : final(")


def test_a_search_without_enough_depth_fails_the_deep_games_only():
    c = check(grade("ids_m20.py", "q7"), "profond")
    assert "valeur renvoyée : None" in say(c.message) and len(successors(c)) >= 61
    assert "-1, alors qu'une solution optimale est de profondeur 60" in say(
        check(grade("bfs_25_niveaux.py", "q4"), "profond").message
    )


def test_an_idastar_that_ignores_h_is_told_by_what_h_should_prune():
    c = check(grade("idastar_sans_h.py", "q10"), "algorithme")
    assert say(c.message).startswith(
        "h n'élague pas comme IDA* : au parcours n° 1, l'état a est développé (suivants) "
        "alors que p + h = 1 + 9 = 10 dépasse la borne m = 3"
    )
    en = check(grade("idastar_sans_h.py", "q10", "en"), "algorithme")
    assert say(en.message, "en").startswith("h does not prune as in IDA*: in pass 1, state a is expanded")


def test_an_idastar_whose_next_bound_is_the_last_f_seen_is_told_by_its_bounds():
    c = check(grade("idastar_dernier_f.py", "q10"), "algorithme")
    assert "au parcours n° 2" in say(c.message) and "bornes successives d'IDA* sur ce jeu : 1, 2, 3, 4, 5" in say(
        c.message
    )


def test_an_astar_is_not_an_idastar():
    c = check(grade("idastar_astar.py", "q10"), "algorithme")
    assert say(c.message).startswith(
        "une seule exploration, qui ne repart jamais de l'état initial, alors qu'IDA* fait 3"
    )


def test_a_search_that_never_ends_is_stopped_on_a_small_game():
    c = check(grade("idastar_min_non_remis.py", "q10"), "petits_jeux")
    assert "ne termine pas, semble-t-il" in say(c.message)
    assert c.kind == "wrong" and len(successors(c)) <= 3


@pytest.mark.confined_child  # the kernel's clock of the child decides the rerun
def test_a_search_whose_calls_are_answered_slower_than_assumed_is_still_judged_by_its_budget(monkeypatch):
    # A loaded machine, made certain: every call is assumed to take 20 µs (the child's own CPU per call,
    # about half a real round trip) and the time floor is 10 ms, so the endless search's first run times
    # out before its budget is spent. Its rerun has RERUN_SLACK times the limit (here enough for any
    # budget; grader.judge.session.Session.rerun_limit): the endless search is stopped by its budget (a verdict
    # that does not depend on the load), and a correct search passes, its CPU time within its limit.
    from grader.judge import session
    from grader.judge.settings import Settings
    from grader.judge.engine import grade_question
    from grader.intake import load_submission

    monkeypatch.setattr(jeux, "ROUND_TRIP_SECONDS", 20e-6)
    monkeypatch.setattr(session, "RERUN_SLACK", 1000.0)
    settings = Settings(seed=SEED, scheme=Scheme(time_floor=0.01))

    def graded(name):
        return grade_question(QUESTIONS["q10"], load_submission(path_of(name)), settings)

    endless = graded("idastar_min_non_remis.py")
    assert endless.status == "failed" and endless.score == 0, [(c.name, say(c.message)) for c in endless.checks]
    for group in ("petits_jeux", "jeu1", "profond"):
        assert "ne termine pas, semble-t-il" in say(check(endless, group).message), group
    right = graded("variante_iterative.py")
    assert right.status == "passed", [say(c.message) for c in right.checks if not c.passed]


@pytest.mark.confined_child  # patches the confined child's call
def test_a_timed_out_search_is_judged_on_its_rerun_alone(monkeypatch):
    # A timeout is run again, its server reset (grader.judge.session.Session.call): the verdict and the trace of
    # calls that the algorithm group reads are the rerun's alone. Here every served run's first try is
    # declared timed out after it ran, so every verdict comes from a rerun.
    from grader.judge.settings import Settings
    from grader.judge.engine import grade_question
    from grader.intake import load_submission
    from grader.sandbox import protocol
    from grader.sandbox.process import Child
    from grader.sandbox.limits import Reply

    call = Child.call
    timed_out: list = []  # the servers whose first try was: kept alive, so that none is taken for another

    def first_try_timed_out(self, probe, payload, timeout, serve=None):
        reply = call(self, probe, payload, timeout, serve=serve)
        if serve is None or any(server is serve for server in timed_out):
            return reply
        timed_out.append(serve)
        return Reply(protocol.TIMEOUT, error="made up", seconds=reply.seconds, cpu_seconds=reply.cpu_seconds)

    monkeypatch.setattr(Child, "call", first_try_timed_out)
    right = grade_question(QUESTIONS["q10"], load_submission(path_of("variante_iterative.py")), Settings(seed=SEED))
    assert right.status == "passed", [say(c.message) for c in right.checks if not c.passed]
    assert len(timed_out) > 20


def test_an_idastar_accepting_a_final_state_beyond_the_bound_falls_in_the_trap():
    c = check(grade("idastar_final_hors_borne.py", "q10"), "petits_jeux")
    assert (c.expected, c.got) == (2, 3) and c.counterexample["F"] == ["f", "g"]


def test_a_boolean_result_is_not_a_depth():
    c = check(grade("idastar_vrai.py", "q10"), "petits_jeux")
    assert "valeur renvoyée : True (type bool)" in say(c.message)


def test_a_floating_point_h_is_caught_where_rounding_bites():
    c = check(grade("h_log_base.py", "q11"), "grands_t")
    assert c.counterexample == {"n": 1, "t": 2**29}


def test_h_counterexamples_are_the_smallest_pairs():
    c = check(grade("h_t_moins_n.py", "q11"), "admissible")
    assert c.counterexample == {"n": 1, "t": 4}
    assert "h_jeu1(1, 4) = 3, mais la distance de 1 à 4 n'est que 2" in say(c.message)
    assert "(type bool)" in say(check(grade("h_booleen.py", "q11"), "entier").message)


def test_an_infinite_loop_is_a_timeout():
    result = grade("boucle.py", "q4", time_floor=0.3)
    assert result.status == "timeout" and result.score == 0


@pytest.mark.parametrize("qid", ["q4", "q7", "q10"])
def test_searches_are_judged_without_the_model_answer_too(qid):
    # A student's installation has no model answer: oracles give the depths and a bound on the calls.
    from grading import QUESTIONS as ALL

    from grader.judge.settings import Settings

    from grader.judge.engine import grade_question
    from grader.intake import load_submission

    right = grade_question(
        ALL[qid],
        load_submission(submission_path("jeux", "variante_iterative.py")),
        Settings(seed=SEED, reference="oracles"),
    )
    assert right.status == "passed", [say(c.message) for c in right.checks if not c.passed]
    wrong = {"q4": "bfs_iteree.py", "q7": "ids_largeur.py", "q10": "idastar_sans_h.py"}[qid]
    result = grade_question(ALL[qid], load_submission(path_of(wrong)), Settings(seed=SEED, reference="oracles"))
    assert {c.name for c in result.checks if not c.passed} >= {"algorithme"}
