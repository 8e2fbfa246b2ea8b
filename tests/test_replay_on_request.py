"""A replay on request (`--replay [N]`, grader/questions/jeux/replay.py's Request): a passed algorithm check of
q4, q7 and q10 replayed on game N of its group, the way a student or a teacher asks for it; points untouched;
bad values refused with exit status 2."""

from __future__ import annotations

import json

import pytest
from grading import QUESTIONS, SEED, check, submission_path

from grader.cli import main
from grader.intake import load_submission
from grader.questions.jeux import questions as jeux_questions
from grader.questions.jeux import crafted as jeux_crafted
from grader.questions.jeux.games import named_game
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.results.records import to_dict
from tests.french import english_in

CORRECT = submission_path("exemples", "exercises/exemples/alice/jeux.py")


def _graded(path, qid: str, replay: int | None):
    return grade_question(QUESTIONS[qid], load_submission(path), Settings(seed=SEED, replay=replay))


@pytest.mark.parametrize(("name", "qid"), [("reference/answers/jeux.py", "q4"), ("idastar_dernier_f.py", "q10")])
def test_the_points_are_the_same_with_and_without_a_replay(name, qid):
    path = submission_path("jeux", name)
    without, with_replay = _graded(path, qid, None), _graded(path, qid, 2)
    assert (with_replay.score, with_replay.status) == (without.score, without.status)
    assert [(c.name, c.passed, c.points) for c in with_replay.checks] == [
        (c.name, c.passed, c.points) for c in without.checks
    ]
    algorithm = check(with_replay, "algorithme")
    # A passed check shows the game asked for; a failed one its own failing game (here the 4th), asked or not.
    assert algorithm.visual["replay"]["game"] == (2 if algorithm.passed else 4)
    assert (check(without, "algorithme").visual is None) == algorithm.passed
    if not algorithm.passed:
        assert algorithm.visual == check(without, "algorithme").visual

    # Nothing else is kept: the other groups are the same, visuals included.
    def kept(result):
        return [{**to_dict(c), "seconds": None} for c in result.checks if c.name != "algorithme"]

    assert kept(with_replay) == kept(without)


def test_a_passed_replay_has_no_divergence_and_stays_small():
    for qid in [q.id for q in jeux_questions.QUESTIONS if q.replay_games()]:  # each search of parts I-III that replays
        games = QUESTIONS[qid].replay_games()
        for n in range(1, games + 1):
            replay = check(_graded(CORRECT, qid, n), "algorithme").visual["replay"]
            assert (replay["game"], replay["games"], replay["step"]) == (n, games, None)
            assert replay["seen"] == replay["algorithm"] and replay["why"]["key"] == "jeux.replay_same"
            # Each side cut at SHOWN_CALLS calls: a few KB, against results.json's 1 MiB per student.
            assert len(json.dumps(replay)) < 8000


def _number(qid: str, game: dict) -> tuple[int, int]:
    """A crafted game's number in its question's list, found by its content, and how many there are."""
    crafted = next(q for q in jeux_questions.QUESTIONS if q.id == qid).crafted()
    return 1 + crafted.index(game), len(crafted)


# Five passes, m = 1 … 5, on a chain whose side leaves are cut in every pass.
LADDER = named_game(jeux_crafted.THRESHOLDS, ["c5"], jeux_crafted.THRESHOLDS_H, labels="str")


def test_grader_check_replay_prints_the_passes_of_a_passed_idastar(capsys):
    n, games = _number("q10", LADDER)
    assert main(["check", str(CORRECT), "-q", "q10", "--replay", str(n)]) == 0
    out = capsys.readouterr().out
    assert f"Aucun écart (partie {n} sur {games}) — même recherche que l'algorithme demandé" in out
    assert "votre code (IDA*)" in out and "algorithme demandé (IDA*)" in out
    for m in range(1, 5):
        # The algorithm's bound m; the student's pass by what it was seen to do, the same values here.
        seen = f"(plus grand p + h développé : {m}, plus petit p + h coupé : {m + 1})"
        assert f"parcours m = {m} {seen} : h(e0)" in out and f"parcours {seen} : h(e0)" in out
    assert "parcours m = 5 (plus grand p + h développé : 5, but atteint à p + h = 5) : h(e0) final(e0)" in out
    assert english_in(out) == []
    # Without a number: the group's first game; in English with --lang en.
    assert main(["check", str(CORRECT), "-q", "q10", "--replay", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"No divergence (game 1 of {games}) — the same search as the requested algorithm" in out
    assert "pass m = 3 (largest p + h expanded: 3, goal reached at p + h = 3): h(r) h(r) final(r) suivants(r)" in out
    # Not asked: a passed check says nothing more.
    assert main(["check", str(CORRECT), "-q", "q10"]) == 0
    assert "Aucun écart" not in capsys.readouterr().out


def test_grader_check_replay_html_writes_the_replay_of_a_passed_check(tmp_path, capsys):
    n, games = _number("q4", jeux_crafted.DEEP_TREE)
    assert main(["check", str(CORRECT), "-q", "q4", "--replay", str(n), "--html", str(tmp_path / "out")]) == 0
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "Votre recherche rejouée à côté de l&#39;algorithme demandé" in page
    assert f"(partie {n} sur {games})" in page and "<strong>Aucun écart</strong>" in page
    assert page.count('<svg class="graph bylevel"') == 1 and "<mark>" not in page
    assert 'class="diverge"' not in page and 'class="after"' not in page
    said = f"partie {n}, aussi quand la vérification est réussie (--replay {n})"
    assert f"<dt>Recherches rejouées</dt><dd>{said}</dd>" in page
    assert english_in(page) == [] and "http://" not in page and "https://" not in page


TAQUIN = submission_path("exemples", "exercises/exemples/alice/taquin.py")


def test_grader_check_replay_prints_a_passed_taquins_passes_beside_the_model_answers(capsys):
    assert main(["check", str(TAQUIN), "-q", "q18", "--replay", "4", "--seed", str(SEED)]) == 0
    out = capsys.readouterr().out
    assert "Mêmes seuils que le corrigé (partie 4 sur 8)" in out
    mine = next(line for line in out.splitlines() if "votre taquin() : seuil m (nœuds) : " in line)
    model = next(line for line in out.splitlines() if "corrigé : seuil m (nœuds) : " in line)
    assert mine.split(" : ", 1)[1] == model.split(" : ", 1)[1] and mine.count("(") >= 4  # several passes
    assert english_in(out) == []


@pytest.mark.slow
def test_q18s_points_are_the_same_with_and_without_a_replay():
    without, with_replay = _graded(TAQUIN, "q18", None), _graded(TAQUIN, "q18", 8)
    assert [(c.name, c.passed, c.points) for c in with_replay.checks] == [
        (c.name, c.passed, c.points) for c in without.checks
    ]
    deep = check(with_replay, "grandes_profondeurs")
    assert deep.passed and deep.visual["passes"]["first"] is None and deep.visual["passes"]["game"] == 8
    assert check(without, "grandes_profondeurs").visual is None


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["--replay", "0"],
            "--replay 0 : il faut un numéro de partie, de 1 à 3 (parties par question : q4 = 4, q7 = 3, q10 = 7",
        ),
        (["--replay", "4"], "--replay 4 : il faut un numéro de partie, de 1 à 3"),
        (
            ["-q", "q10", "--replay", "deux"],
            "--replay deux : il faut un numéro de partie, de 1 à 7 (parties par question : q10 = 7",
        ),
        (["-q", "q4", "--replay", "+2"], "--replay +2 : il faut un numéro de partie, de 1 à 4"),
        (
            ["-q", "q1", "--replay"],
            "--replay : pas de recherche à rejouer dans les questions choisies (q1) ; celles qui en ont une : q4, q7, q10, q18, x1",
        ),
    ],
)
def test_a_bad_replay_is_refused_with_exit_status_2(argv, said, capsys):
    assert main(["check", str(CORRECT), *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_a_bad_replay_is_refused_in_english_and_by_grader_grade_before_grading(tmp_path, capsys):
    assert main(["check", str(CORRECT), "--replay", "9", "--lang", "en"]) == 2
    assert "--replay 9: give a game number, from 1 to 3 (games per question: q4 = 4, q7 = 3, q10 = 7" in (
        capsys.readouterr().err
    )
    out = tmp_path / "out"
    assert main(["grade", str(CORRECT.parent.parent), "--out", str(out), "--replay", "6", "--unsafe"]) == 2
    assert "--replay 6 : il faut un numéro de partie" in capsys.readouterr().err
    assert not (out / "results.json").exists()
