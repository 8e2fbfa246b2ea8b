"""The replay of a failed algorithm check (grader/questions/jeux_replay.py): wrong submissions graded the
way a user grades them, and the replay's first divergence read from what results keep."""

from __future__ import annotations

import json

from grading import check, checked_page, failed_replay, grade_file, replay_why, say, submission_path

from grader.cli import main
from grader.text.message import Message
from reports.replay import terminal_lines
from tests.french import english_in


def replay_of(name: str, qid: str, lang: str = "fr") -> tuple[dict, list, list]:
    """The replay of the algorithm group's failure, and each side's calls as (f|s, state)."""
    return failed_replay("jeux", name, qid, "algorithme", lang)


why = replay_why


def test_a_bfs_posing_as_ids_parts_where_its_first_sweep_goes_below_depth_1():
    replay, student, expected = replay_of("ids_largeur.py", "q7")
    assert replay["algorithm"] == "ids" and replay["seen"] == "bfs"
    step = replay["step"]
    # The sweep tests the three states at depth 1 and expands them: an IDS may do that much in its
    # first pass (m = 1, goal tested at generation), not test a state at depth 2 before restarting.
    assert student[:step] == [("f", 0), ("s", 0), ("f", 1), ("f", 2), ("f", 3), ("s", 1), ("s", 2), ("s", 3)]
    assert student[step] == ("f", 6)
    assert [g["bound"] for g in replay["student"]["groups"]] == [0, 1, 2, 3]  # read as BFS levels
    assert [g["bound"] for g in replay["expected"]["groups"]] == [0, 1, 2, 3]  # IDS passes m = 0..3
    assert expected[:4] == [("f", 0), ("s", 0), ("f", 0), ("s", 0)]  # m = 0, then m = 1 from e0 again
    assert why(replay) == (
        "la recherche itérée n'appelle final(6), à la profondeur 2, qu'au parcours m = 2 ou après, "
        "chaque parcours repartant de l'état initial avec m augmenté de 1"
    )


def test_an_ids_that_does_not_restart_parts_where_its_second_pass_goes_on_from_the_first_ones_leaves():
    replay, student, _ = replay_of("ids_sans_reprise.py", "q7")
    assert replay["seen"] == "bfs"  # never restarting, its passes make a breadth-first search
    assert student[replay["step"]] == ("f", 6) and ("f", 0) not in student[1:]
    assert replay["why"]["key"] == "jeux.replay_ids_depth" and replay["why"]["params"]["depth"] == 2


def test_an_idastar_whose_next_bound_is_wrong_parts_where_it_expands_a_state_beyond_the_bound():
    replay, student, expected = replay_of("idastar_dernier_f.py", "q10")
    assert replay["seen"] == "passes"
    # The model's bounds are 1, 2, 3, 4, 5; the student's second pass takes the last p + h seen (7).
    assert [g["bound"] for g in replay["expected"]["groups"]] == [1, 2, 3, 4, 5]
    assert [g["bound"] for g in replay["student"]["groups"]][:2] == [1, 8]
    step = replay["step"]
    assert student[step][0] == "s" and student[:2] == expected[:2]  # the first pass is IDA*'s
    assert why(replay) == "IDA* n'explore pas l'état e5 : p + h = 1 + 6 = 7 dépasse le seuil m = 2"
    en = replay_of("idastar_dernier_f.py", "q10", "en")[0]
    assert why(en, "en") == "IDA* does not explore state e5: p + h = 1 + 6 = 7 exceeds the bound m = 2"


def test_an_astar_is_recognised_and_parts_where_it_goes_past_the_first_bound():
    replay, student, expected = replay_of("idastar_astar.py", "q10")
    assert replay["seen"] == "astar"
    assert len(replay["student"]["groups"]) == 1 and len(replay["expected"]["groups"]) == 3
    step = replay["step"]
    assert student[step] == ("s", 4) and expected[step] == ("s", 0)  # IDA* starts its second pass there
    assert why(replay) == (
        "IDA* ne va pas jusqu'à l'état 4 dans son premier parcours (p + h = 2, seuil m = 1) : "
        "il repart de l'état initial avec un seuil plus grand"
    )


def test_a_depth_first_bfs_parts_where_it_goes_down_before_finishing_a_level():
    replay, student, expected = replay_of("bfs_profondeur.py", "q4")
    assert replay["seen"] == "dfs"
    step = replay["step"]
    assert student[:step] == expected[:step] and (student[step], expected[step]) == (("f", "a1"), ("f", "b"))
    assert why(replay) == (
        "un parcours en largeur teste tous les états à distance 1 (dont b) avant de passer à l'état a1, à distance 2"
    )


def test_an_iterative_deepening_bfs_parts_at_its_first_expansion_of_e0_again():
    replay, student, _ = replay_of("bfs_iteree.py", "q4")
    assert replay["seen"] == "ids"
    assert student[: replay["step"] + 1] == [("f", 0), ("s", 0), ("f", 0), ("s", 0)]
    assert replay["why"]["key"] == "jeux.replay_bfs_once"


def test_the_replay_survives_results_json_and_reads_the_same_in_the_report_language():
    c = check(grade_file(submission_path("jeux", "idastar_sans_h.py"), "q10"), "algorithme")
    again = json.loads(json.dumps(c.visual))
    assert again["replay"] == c.visual["replay"]
    assert say(Message.from_dict(again["replay"]["why"]), "en").startswith("IDA* does not explore state a:")


def test_grader_check_prints_the_first_divergence_and_both_sequences_up_to_it(capsys):
    path = str(submission_path("jeux", "idastar_dernier_f.py"))
    assert main(["check", path, "-q", "q10"]) == 1
    out = capsys.readouterr().out
    assert "Premier écart, appel n° 6 : suivants(e5)" in out
    assert (
        "votre code (parcours en profondeur répétés (ni IDS ni IDA*)) : [parcours, p + h ≤ 1] final(e0) "
        "suivants(e0) [parcours, p + h ≤ 8] final(e0) suivants(e0) final(e5) » suivants(e5) «"
    ) in out
    assert (
        "algorithme demandé (IDA*)" in out
        and "[parcours m = 2] final(e0) suivants(e0) final(e1) » suivants(e1) «" in out
    )
    assert "→ IDA* n'explore pas l'état e5 : p + h = 1 + 6 = 7 dépasse le seuil m = 2" in out
    assert english_in(out) == []
    assert main(["check", path, "-q", "q10", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "First divergence, call #6: suivants(e5)" in out
    assert "→ IDA* does not explore state e5: p + h = 1 + 6 = 7 exceeds the bound m = 2" in out


def test_the_terminal_keeps_the_last_calls_before_a_late_divergence_with_their_group():
    replay, _, _ = replay_of("ids_largeur.py", "q7")
    student, expected = terminal_lines(replay, "fr")[1:3]
    assert student.endswith(
        "… [profondeur 1] final(1) final(2) final(3) suivants(1) suivants(2) suivants(3) [profondeur 2] » final(6) «"
    )
    assert "[parcours m = 1] final(0) suivants(0) final(1)" in expected
    assert terminal_lines({"step": "x"}, "fr") == []  # a damaged replay is left out


def test_grader_check_html_shows_the_replay_and_its_drawing(tmp_path, capsys):
    page = checked_page(tmp_path / "out", "jeux", "bfs_profondeur.py", "q4", "--lang", "en")
    assert "Your search replayed beside the requested algorithm" in page
    assert "First divergence, call #5: final(a1)" in page
    assert page.count('<svg class="graph bylevel"') == 1 and "<mark>final(a1)</mark>" in page
    assert "http://" not in page and "https://" not in page


def test_the_french_page_says_the_replay_in_french_only(tmp_path, capsys):
    page = checked_page(tmp_path / "out", "jeux", "ids_largeur.py", "q7")
    assert "Votre recherche rejouée à côté de l&#39;algorithme demandé" in page
    assert "votre code (parcours en largeur)" in page and "parcours m = 2" in page
    assert english_in(page) == []
