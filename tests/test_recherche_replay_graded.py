"""x1's graphs served from the parent and a failed graph check replayed (grader/questions/recherche/replay.py),
and a passed one on request (--replay N: crafted graph N): submissions of tests/submissions/recherche/ graded
the way a user grades them, and the replay's first divergence read from what results keep."""

from __future__ import annotations

import importlib.util
import json

import pytest
from grading import (
    QUESTIONS,
    SEED,
    check,
    checked_page,
    failed_replay,
    grade_file,
    replay_why,
    say,
    submission_path,
    summary,
)

from grader.cli import main
from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.questions.recherche import replay as recherche_replay
from grader.questions.recherche import search as recherche_search
from grader.questions.api import Stop, Violation
from grader.sandbox.calls import answer, serving
from reports.replay import view
from tests.french import english_in

# The student runs where --child says (in this process by default: tests/conftest.py, `judged`).
pytestmark = pytest.mark.usefixtures("judged")


def replay_of(name: str, lang: str = "fr") -> tuple[dict, list, list]:
    """The replay of the graphs group's failure, and each side's calls as tuples."""
    return failed_replay("recherche", name, "x1", "graphs", lang)


why = replay_why


# Variants written for the replays' own tests (no question's table grades them), from the repository's root.
HERE = "tests/replay_variants/recherche"
# Graphs built here (the grader's crafted list grows): h = 0 unless given.
CHAIN = {
    "start": 0,
    "goal": 3,
    "next_states": [[0, [1, 2]], [1, [2]], [2, [3]], [3, []]],
    "container": "list",
    "heuristic": [],
}
# s1 is one move from s0, two through s2: IDA*'s second pass (m = 1) cuts s1 below s2 (p + h = 2) and
# takes it from s0; a bound of 2 there stops at s1 below s2.
SHORTCUT = {
    "start": "s0",
    "goal": "s1",
    "next_states": [["s0", ["s2", "s1"]], ["s1", ["s0"]], ["s2", ["s1"]]],
    "container": "list",
    "heuristic": [],
}
# The crafted graph with states named "s", "a", "b1", …, "g", found by its content: its number in the list.
NAMED = 1 + next(k for k, case in enumerate(recherche_search.CRAFTED_GRAPHS) if case["start"] == "s")
LISTED = len(recherche_search.CRAFTED_GRAPHS)


def _calls(replay: dict, side: str) -> list[tuple]:
    return [tuple(call) for group in replay[side]["groups"] for call in group["calls"]]


def _served_run(name: str, case: dict, shortest: bool = True) -> list:
    """The student's search run here on a graph served as the grader serves it (the trace a replay reads);
    `shortest`: it returns a shortest path there (x1's graphs group passes it)."""
    path = submission_path("recherche", name)
    spec = importlib.util.spec_from_file_location(f"hidden_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    server = recherche_replay.SearchServer(case)
    payload = {"start": case["start"], "goal": case["goal"], "container": case["container"]}
    with serving(server):
        path = recherche_search.probe_search(module, payload)
    assert not shortest or path == recherche_search.graph_path(case)
    return server.events


def test_a_visited_set_kept_for_the_whole_iteration_parts_where_ida_star_explores_a_state_again():
    replay = recherche_replay.replay(CHAIN, _served_run("search_visites.py", CHAIN, shortest=False))
    student, expected = _calls(replay, "student"), _calls(replay, "expected")
    assert replay["algorithm"] == "idastar" and replay["seen"] == "passes"
    # Bounds 0, 1, 2. In the pass m = 2 both expand 0, 1, then 2 reached through 1; IDA* then explores 2
    # again, reached from 0, where the student's search, having marked 2 visited, starts a pass m = 3.
    assert [g["bound"] for g in replay["expected"]["groups"]] == [0, 1, 2]
    step, theirs = replay["step"], replay["expected_step"]
    assert student[step] == ("n", 0) and expected[theirs] == ("n", 2)
    mine = [s for s in student[:step] if s[0] == "n"]
    assert mine == [s for s in expected[:theirs] if s[0] == "n"]
    assert mine == [("n", 0), ("n", 0), ("n", 1), ("n", 2), ("n", 0), ("n", 1), ("n", 2)]
    assert why(replay) == (
        "IDA* explore encore l'état 2, atteint cette fois par un autre chemin (p + h = 1 + 0 = 1 ne dépasse "
        "pas le seuil m = 2) : il n'écarte que les états du chemin courant"
    )
    assert why(replay, "en") == (
        "IDA* explores state 2 again, reached this time by another path (p + h = 1 + 0 = 1 does not exceed "
        "the bound m = 2): it only leaves out the states of the current path"
    )


@pytest.mark.parametrize("name", [f"{HERE}/search_horizon_plus_un.py", "search_seuil_plus_deux.py"])
def test_a_horizon_past_the_smallest_p_plus_h_parts_where_it_stops_at_the_goal_ida_star_cuts(name):
    replay = recherche_replay.replay(SHORTCUT, _served_run(name, SHORTCUT, shortest=False))
    student, expected = _calls(replay, "student"), _calls(replay, "expected")
    step, theirs = replay["step"], replay["expected_step"]
    # Both expand s0 then s2 in their second pass: the student's code stops at s1 below s2 (its horizon is
    # 2), IDA* (m = 1) cuts it there and goes on to s1 from s0.
    assert student[step - 1 : step + 1] == [("n", "s2"), ("h", "s1", "s1")] and step == len(student) - 1
    assert expected[theirs - 1 : theirs + 1] == [("h", "s1", "s1"), ("h", "s1", "s1")]
    assert replay["why"] == {
        "key": "jeux.replay_goal_later",
        "params": {"state": "s1", "p": 2, "h": 0, "f": 2, "bound": 1, "found": 1},
    }
    assert why(replay) == (
        "s1 : p + h = 2 + 0 = 2 > m = 1 par ce chemin, IDA* ne s'y arrête pas et l'atteint plus loin dans ce "
        "parcours, à p = 1 ; votre code s'y est arrêté"
    )
    assert why(replay, "en") == (
        "s1: p + h = 2 + 0 = 2 > m = 1 by this path, IDA* does not stop there and reaches it further on in this "
        "pass, at p = 1; your code stopped there"
    )
    # The passes say what was seen: the student's second reaches the goal at 2, IDA*'s (m = 1) at 1.
    assert [g.get("goal") for g in replay["student"]["groups"]] == [None, 2]
    assert [(g["bound"], g.get("goal")) for g in replay["expected"]["groups"]] == [(0, None), (1, 1)]
    labels = [g["label"] for g in view(replay, "fr")["student"]["groups"]]
    assert labels[1] == "parcours (plus grand p + h développé : 1, but atteint à p + h = 2)"


def test_a_cut_at_p_plus_h_reaching_the_horizon_parts_where_it_cuts_what_ida_star_explores():
    replay = recherche_replay.replay(CHAIN, _served_run(f"{HERE}/search_seuil_large.py", CHAIN, shortest=False))
    student, expected = _calls(replay, "student"), _calls(replay, "expected")
    assert student[replay["step"]][0] == "h" and expected[replay["expected_step"]][0] == "n"
    assert student[replay["step"]][1] == expected[replay["expected_step"]][1]
    assert replay["why"]["key"] == "jeux.replay_unexplored"
    params = replay["why"]["params"]
    assert params["f"] <= params["bound"]  # within IDA*'s bound, cut by the student's >=
    assert why(replay).endswith("IDA* l'explore ; votre code l'a coupé")
    assert why(replay, "en").endswith("IDA* explores it; your code cut it")


def test_heuristic_called_with_its_arguments_swapped_parts_at_the_first_call():
    replay, student, expected = replay_of("search_heuristique_inversee.py")
    assert replay["step"] == 0 and student[0] == ("h", "g", "s") and expected[0] == ("h", "s", "g")
    assert replay["why"]["key"] == "x1.replay_h_args"
    assert why(replay) == "IDA* estime la distance de l'état au but : heuristic(s, g), pas heuristic(g, s)"


def test_a_search_making_the_notebooks_calls_and_returning_a_wrong_path_has_no_divergence(capsys):
    replay, student, expected = replay_of("search_sans_depart.py")
    assert replay["step"] is None and replay["seen"] == "idastar" and student == expected
    assert main(["check", str(submission_path("recherche", "search_sans_depart.py")), "-q", "x1"]) == 1
    out = capsys.readouterr().out
    assert "Aucun écart" in out and "c'est le chemin renvoyé qui ne va pas" in out


def test_a_bfs_loses_the_graphs_group_and_its_replay_parts_at_the_first_call():
    result = grade_file(submission_path("recherche", "search_largeur.py"), "x1")
    # Paths right on the graphs, but no call to heuristic there; the puzzles count only with IDA* seen.
    assert summary(result)[1:] == (0.0, {"graphs", "puzzles"})
    assert [c.message.key for c in result.checks] == ["x1.algorithm_no_h", "x1.puzzles_unobserved"]
    replay = recherche_replay.replay(CHAIN, _served_run("search_largeur.py", CHAIN))
    assert replay["seen"] == "bfs" and replay["step"] == 0 and replay["expected_step"] == 0
    assert [g["bound"] for g in replay["student"]["groups"]] == [0, 1]  # its levels: 0, then 1 and 2
    assert why(replay) == "IDA* appelle heuristic(état, 3) sur chaque état atteint, pour comparer p + h au seuil m"


def test_a_search_that_never_ends_is_stopped_by_its_call_budget():
    c = check(grade_file(submission_path("recherche", "search_sans_fin.py"), "x1"), "graphs")
    assert say(c.message) == (
        "search ne termine pas, semble-t-il : arrêtée après 2230 appels à next_states et heuristic "
        "(l'IDA* du carnet en fait 23 sur ce graphe)"
    )
    replay = c.visual["replay"]
    assert replay["student"]["length"] == 2230 and len(replay["student"]["groups"]) <= 60


def test_a_call_on_something_that_is_no_state_stops_the_run_and_says_it():
    c = check(grade_file(submission_path("recherche", "search_pas_un_etat.py"), "x1"), "graphs")
    assert say(c.message) == "search a appelé next_states avec [0], qui n'est pas un état du graphe"


def test_a_name_the_run_does_not_serve_is_a_protocol_violation():
    c = check(grade_file(submission_path("recherche", "search_hors_protocole.py"), "x1"), "graphs")
    assert c.message.key == "engine.reply.not_served" and c.kind == "invalid" and c.points == 0


@pytest.mark.parametrize(
    "call",
    [
        'ask("heuristic", [start])',  # one argument where two are due
        'ask("next_states", {"type": "list", "repr": "[0]", "forged": 1})',  # a forged description
        'ask("next_states", 1.5)',  # a float: encode never ships one
    ],
)
def test_a_forged_call_of_another_shape_makes_the_check_invalid(call, tmp_path):
    forged = tmp_path / "recherche.py"
    forged.write_text(
        "import sys\n\nask = sys.modules['grader.sandbox.calls'].ask\n\n\n"
        f"def search(start, goal, next_states, heuristic):\n    {call}\n    return [start]\n",
        encoding="utf-8",
    )
    result = grade_question(QUESTIONS["x1"], load_submission(forged), Settings(seed=SEED))
    graphs = check(result, "graphs")
    assert graphs.kind == "invalid" and graphs.points == 0
    assert graphs.message.key == "x1.served_not_shipped"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("next_states", {"a": 1}),  # not a state's shape
        ("next_states", [0] * 17),
        ("heuristic", 0),  # one argument where two are due
        ("heuristic", [0, 3, 1]),
        ("heuristic", [0, {"x": 1}]),
    ],
)
def test_the_served_channel_refuses_arguments_of_another_shape(name, args):
    server = recherche_replay.SearchServer(CHAIN)
    with pytest.raises(Violation):
        answer(server, name, args)
    with pytest.raises(Violation):
        answer(server, "final", 0)
    assert server.events == []


def test_the_served_channel_answers_the_graphs_states_of_the_cases_type_only():
    case = recherche_search.CRAFTED_GRAPHS[NAMED - 1]
    server = recherche_replay.SearchServer(case)
    assert answer(server, "next_states", "s") == ["a", "b1"]
    assert answer(server, "heuristic", ["b1", "g"]) == 3 and answer(server, "heuristic", ["g", "a"]) == 9
    assert server.events == [("next_states", 0), ("heuristic", 2, 5), ("heuristic", 5, 1)]
    with pytest.raises(Stop):
        answer(server, "next_states", "z")
    assert server.stop == {"reason": "not_a_state", "function": "next_states", "state": "'z'"}
    numbers = recherche_replay.SearchServer(CHAIN, budget=1)
    with pytest.raises(Stop):
        answer(numbers, "next_states", "0")  # 0 and "0" are different states
    numbers = recherche_replay.SearchServer(CHAIN, budget=1)
    answer(numbers, "next_states", 0)
    with pytest.raises(Stop):
        answer(numbers, "next_states", 1)
    assert numbers.stop == {"reason": "budget"}


def test_the_replay_survives_results_json_and_grader_check_prints_it(capsys):
    replay, _, _ = replay_of("search_visites.py")
    assert json.loads(json.dumps(replay)) == replay
    path = str(submission_path("recherche", "search_visites.py"))
    assert main(["check", path, "-q", "x1"]) == 1
    out = capsys.readouterr().out
    first = next(line for line in out.splitlines() if "Premier écart" in line)
    assert "Premier écart : votre code, appel n° " in first and " ; l'algorithme, appel n° " in first
    assert len([line for line in out.splitlines() if "»" in line]) == 2
    assert "→ IDA* explore encore l'état" in out
    assert main(["check", path, "-q", "x1", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "First divergence: your code, call #" in out and "→ IDA* explores state" in out


def test_grader_check_html_shows_x1s_replay_and_its_drawing(tmp_path, capsys):
    page = checked_page(tmp_path / "out", "recherche", "search_visites.py", "x1")
    assert "Votre recherche rejouée à côté de l&#39;algorithme demandé" in page
    assert "Premier écart : votre code, appel n° " in page and page.count("<mark>") == 2
    assert page.count('<svg class="graph bylevel"') == 1
    assert english_in(page) == [] and "http://" not in page and "https://" not in page


def _graded(name: str, replay: int | None):
    return grade_question(
        QUESTIONS["x1"], load_submission(submission_path("recherche", name)), Settings(seed=SEED, replay=replay)
    )


@pytest.mark.parametrize("name", ["reference/answers/recherche.py", "search_largeur.py", "search_visites.py"])
def test_x1s_points_are_the_same_with_and_without_a_replay(name):
    without, with_replay = _graded(name, None), _graded(name, NAMED)
    assert (with_replay.score, with_replay.status) == (without.score, without.status)
    assert [(c.name, c.passed, c.points) for c in with_replay.checks] == [
        (c.name, c.passed, c.points) for c in without.checks
    ]
    graphs = check(with_replay, "graphs")
    if graphs.passed:  # the crafted graph asked for, drawn with its replay; nothing without the request
        assert graphs.visual["replay"]["game"] == NAMED and graphs.visual["initial"] == "s"
        assert check(without, "graphs").visual is None
    else:  # a failed check shows its own failing graph, asked or not
        assert graphs.visual == check(without, "graphs").visual


def test_a_passed_graphs_check_replayed_on_request_shows_the_same_search_as_ida_star(capsys):
    # A BFS no longer passes the graphs (its trace shows no heuristic call): its replay is its failure's, on
    # the first crafted graph, whatever --replay asks.
    path = str(submission_path("recherche", "search_largeur.py"))
    assert main(["check", path, "-q", "x1", "--replay", str(NAMED)]) == 1
    out = capsys.readouterr().out
    said = "Premier écart : votre code, appel n° 1 : next_states(0) ; l'algorithme, appel n° 1 : heuristic(0, 3)"
    assert f"{said} (partie 1 sur {LISTED})" in out and "votre code (parcours en largeur)" in out
    # The model answer: no divergence, said as the same search.
    assert main(["check", "reference/answers/recherche.py", "-q", "x1", "--replay", str(NAMED), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"No divergence (game {NAMED} of {LISTED}) — the same search as the requested algorithm" in out
    assert "pass m = 2 (largest p + h expanded: 2, goal reached at p + h = 2): heuristic(s, g)" in out
    assert main(["check", path, "-q", "x1", "--replay", str(LISTED + 1)]) == 2
    err = capsys.readouterr().err
    assert (
        f"--replay {LISTED + 1} : il faut un numéro de partie, de 1 à {LISTED} (parties par question : x1 = {LISTED}"
        in err
    )


def test_the_class_counts_x1_by_what_its_graphs_showed():
    from grader.results.records import SubmissionResult
    from reports.replay import class_algorithms

    copies = [
        _graded("search_largeur.py", 1),  # failed graphs (no heuristic called): its replay's reading, a BFS
        _graded("reference/answers/recherche.py", 1),  # passed graphs, replayed: IDA*
        _graded("search_largeur.py", None),  # the BFS again, without the request: the same
        _graded("search_visites.py", None),  # failed graphs: its replay's reading
    ]
    subs = [SubmissionResult(f"s{k}", r.score, r.max, [r]) for k, r in enumerate(copies)]
    (x1,) = class_algorithms(subs, [f"s{k}.html" for k in range(4)], "fr")
    groups = {g["label"]: (g["count"], g["asked"], g["href"]) for g in x1["groups"]}
    assert groups == {
        "parcours en largeur": (2, False, "s0.html#x1"),
        "IDA*": (1, True, "s1.html#x1"),
        "parcours en profondeur répétés (ni IDS ni IDA*)": (1, False, "s3.html#x1"),
    }
