"""The replay of a failed algorithm check (grader/questions/jeux/replay.py): where each wrong search variant
the project keeps first parts from the requested algorithm (the call each side marks, and the sentence, in
French and in English), no divergence for the correct ones, and the replay as `grader check` prints and
draws it.

The exact divergences are read on games built here (tests/replay_runs.py): the grader replays the first of
its crafted games a search fails, a list that grows. Variants not listed in EXPECTED (added since) are
held to what every replay must say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from grading import check, checked_page, grade_file, replay_why, say, submission_path
from replay_runs import GAMES, RECOGNISERS, ROOT, first_replay, marked, trace

from grader.cli import main
from grader.questions.jeux import questions as jeux_questions
from grader.questions.jeux import replay as jeux_replay
from grader.questions.jeux.games import shown_labels
from grader.text.message import Message
from reference.answers import replays as algorithms
from reports.replay import terminal_lines, view
from tests.french import english_in

# The student runs where --child says (in this process by default: tests/conftest.py, `judged`).
pytestmark = pytest.mark.usefixtures("judged")

TESTS = ROOT / "tests"
SUBMISSIONS = TESTS / "submissions" / "jeux"
VARIANTS = TESTS / "variants" / "jeux"
# Variants written for the replays' own tests (no question's table grades them).
REPLAY_VARIANTS = TESTS / "replay_variants" / "jeux"

# Where each wrong variant (by its path below tests/) parts from the requested algorithm: the function, the
# game (replay_runs.GAMES), the student's marked call, the algorithm's, and the sentence in French and in
# English.
EXPECTED = {
    "submissions/jeux/bfs_ids_memo.py": (
        "bfs", "fork", "suivants(r)", "final(a)",
        "un parcours en largeur ne revient jamais à un niveau terminé : il ne refait pas suivants(r) (distance 0)",
        "a breadth-first search never goes back to a finished level: it does not call suivants(r) (distance 0) "
        "again",
    ),
    "submissions/jeux/bfs_iteree.py": (
        "bfs", "fork", "suivants(r)", "final(a)",
        "un parcours en largeur ne revient jamais à un niveau terminé : il ne refait pas suivants(r) (distance 0)",
        "a breadth-first search never goes back to a finished level: it does not call suivants(r) (distance 0) "
        "again",
    ),
    "submissions/jeux/bfs_profondeur.py": (
        "bfs", "tree", "final(a1)", "final(b)",
        "un parcours en largeur teste tous les états à distance 1 (dont b) avant d'appeler final sur l'état a1, à "
        "distance 2",
        "a breadth-first search tests every state at distance 1 (b among them) before calling final on state a1, at "
        "distance 2",
    ),
    "variants/jeux/wrong/bfs_ids_memoisee.py": (
        "bfs", "fork", "suivants(r)", "suivants(a)",
        "un parcours en largeur ne revient jamais à un niveau terminé : il ne refait pas suivants(r) (distance 0)",
        "a breadth-first search never goes back to a finished level: it does not call suivants(r) (distance 0) "
        "again",
    ),
    "submissions/jeux/ids_largeur.py": (
        "ids", "tree", "final(a1)", "final(r)",
        "a1, à la profondeur 2 > m = 1 : la recherche itérée ne l'atteint pas dans ce parcours ; votre code a "
        "appelé final(a1)",
        "a1, at depth 2 > m = 1: iterative deepening does not reach it in this pass; your code called final(a1)",
    ),
    "submissions/jeux/ids_sans_reprise.py": (
        "ids", "tree", "final(a1)", "final(r)",
        "a1, à la profondeur 2 > m = 1 : la recherche itérée ne l'atteint pas dans ce parcours ; votre code a "
        "appelé final(a1)",
        "a1, at depth 2 > m = 1: iterative deepening does not reach it in this pass; your code called final(a1)",
    ),
    # Both test r's children after r's successors were served in an earlier pass: a descent over them (a
    # memo of suivants is allowed); where they part is the pass m = 2, which goes to a1 without a.
    "submissions/jeux/ids_largeur_initial.py": (
        "ids", "tree", "final(a1)", "suivants(a)",
        "la recherche itérée descend d'abord de r dans a (profondeur 1 ≤ m = 2) avant de passer à a1 ; votre code "
        "est passé à a1 avant",
        "iterative deepening first goes down from r into a (depth 1 ≤ m = 2) before moving on to a1; your code "
        "moved on to a1 first",
    ),
    "variants/jeux/wrong/ids_largeur_racine.py": (
        "ids", "tree", "final(r)", "suivants(a)",
        "a, à la profondeur 1 ≤ m = 2 : la recherche itérée l'explore dans ce parcours ; votre code ne l'a pas "
        "atteint",
        "a, at depth 1 ≤ m = 2: iterative deepening explores it in this pass; your code did not reach it",
    ),
    "submissions/jeux/idastar_astar.py": (
        "idastar", "low", "suivants(b1)", "h(r)",
        "b1 : p + h = 1 + 1 = 2 > m = 1, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "b1: p + h = 1 + 1 = 2 > m = 1, IDA* cuts it in this pass; your code expanded it",
    ),
    "variants/jeux/wrong/idastar_astar.py": (
        "idastar", "low", "suivants(b1)", "h(r)",
        "b1 : p + h = 1 + 1 = 2 > m = 1, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "b1: p + h = 1 + 1 = 2 > m = 1, IDA* cuts it in this pass; your code expanded it",
    ),
    "submissions/jeux/idastar_dernier_f.py": (
        "idastar", "ladder", "suivants(l0)", "final(c1)",
        "l0 : p + h = 1 + 6 = 7 > m = 2, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "l0: p + h = 1 + 6 = 7 > m = 2, IDA* cuts it in this pass; your code expanded it",
    ),
    "variants/jeux/wrong/idastar_dernier_f.py": (
        "idastar", "ladder", "suivants(l0)", "final(c1)",
        "l0 : p + h = 1 + 6 = 7 > m = 2, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "l0: p + h = 1 + 6 = 7 > m = 2, IDA* cuts it in this pass; your code expanded it",
    ),
    "replay_variants/jeux/idastar_largeur.py": (
        "idastar", "ladder", "h(m0)", "h(l1)",
        "IDA* estime d'abord l1, fils de c1 (p + h = 2 + 6 = 8 > m = 2 : il le coupe), avant de passer à m0 ; "
        "votre code est passé à m0 avant",
        "IDA* first estimates l1, a child of c1 (p + h = 2 + 6 = 8 > m = 2: it cuts it), before moving on to m0; "
        "your code moved on to m0 first",
    ),
    "submissions/jeux/idastar_sans_h.py": (
        "idastar", "decoy", "suivants(a)", "h(a)",
        "a : p + h = 1 + 9 = 10 > m = 3, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "a: p + h = 1 + 9 = 10 > m = 3, IDA* cuts it in this pass; your code expanded it",
    ),
    "replay_variants/jeux/idastar_seuil_large.py": (
        "idastar", "decoy", "h(b1)", "final(b1)",
        "b1 : p + h = 1 + 2 = 3 ≤ m = 3, IDA* l'explore ; votre code l'a coupé",
        "b1: p + h = 1 + 2 = 3 ≤ m = 3, IDA* explores it; your code cut it",
    ),
    "variants/jeux/wrong/idastar_borne_plus_un.py": (
        "idastar", "even", "h(c1)", "final(c1)",
        "c1 : p + h = 1 + 3 = 4 ≤ m = 4, IDA* l'explore ; votre code l'a coupé",
        "c1: p + h = 1 + 3 = 4 ≤ m = 4, IDA* explores it; your code cut it",
    ),
    "variants/jeux/wrong/idastar_premier_f.py": (
        "idastar", "low", "suivants(a)", "final(b1)",
        "a : p + h = 1 + 9 = 10 > m = 2, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "a: p + h = 1 + 9 = 10 > m = 2, IDA* cuts it in this pass; your code expanded it",
    ),
    "variants/jeux/wrong/idastar_seuil_plus_un.py": (
        "idastar", "low", "suivants(b2)", "h(r)",
        "b2 : p + h = 2 + 1 = 3 > m = 2, IDA* le coupe dans ce parcours ; votre code l'a développé",
        "b2: p + h = 2 + 1 = 3 > m = 2, IDA* cuts it in this pass; your code expanded it",
    ),
}  # fmt: skip


def _wrong() -> list[Path]:
    """Every wrong variant of a search the project keeps (its submissions, and tests/variants' wrong ones)."""
    found = [*sorted(SUBMISSIONS.glob("*.py")), *sorted((VARIANTS / "wrong").glob("*.py"))]
    return [p for p in [*found, *sorted(REPLAY_VARIANTS.glob("*.py"))] if _functions(p)]


def _functions(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [name for name in ("bfs", "ids", "idastar") if f"def {name}(" in text]


def _key(path: Path) -> str:
    return path.relative_to(TESTS).as_posix()


def _listed(path: Path) -> bool:
    return _key(path) in EXPECTED and EXPECTED[_key(path)][0] in _functions(path)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", [p for p in _wrong() if _listed(p)], ids=_key)
def test_each_wrong_search_variant_parts_where_it_goes_another_way(path, lang):
    function, game, mine, theirs, french, english = EXPECTED[_key(path)]
    found = first_replay(path, function)
    assert found is not None and found[0] == game, found and found[0]
    replay = found[1]
    assert marked(replay) == (mine, theirs)
    assert replay_why(replay, lang) == (french if lang == "fr" else english)


@pytest.mark.parametrize("path", [p for p in _wrong() if not _listed(p)], ids=_key)
def test_any_other_wrong_variant_that_the_recogniser_catches_gets_both_sides_marked_and_a_sentence(path):
    """Variants added since EXPECTED was written, on the games built here then the grader's crafted ones (a
    variant right on all of them is wrong outside the algorithm group: skipped)."""
    for function in _functions(path):
        question = next(q for q in jeux_questions.QUESTIONS if getattr(q, "function", None) == function)
        crafted = {f"crafted {n}": game for n, game in enumerate(question.crafted(), 1)}
        found = first_replay(path, function, {**GAMES[function], **crafted})
        if found is None:
            continue
        replay = found[1]
        assert replay["why"]["key"] != "jeux.replay_other", replay["why"]
        assert all(marked(replay))
        for lang in ("fr", "en"):
            said = replay_why(replay, lang)
            assert all(str(value) in said for value in replay["why"]["params"].values())
        return
    pytest.skip("right on every game built here: wrong elsewhere than in its algorithm")


def _correct() -> list[tuple[Path, str]]:
    found = [*sorted((VARIANTS / "correct").glob("*.py")), ROOT / "reference" / "answers" / "jeux.py"]
    found += [SUBMISSIONS / name for name in ("variante_enonce.py", "variante_iterative.py", "variante_doublons.py")]
    return [(p, function) for p in found for function in _functions(p)]


@pytest.mark.parametrize(("path", "function"), [pytest.param(p, f, id=f"{p.name}-{f}") for p, f in _correct()])
def test_each_correct_variant_makes_the_requested_algorithms_search_without_divergence(path, function):
    """On every game built here and every crafted game of its question: the recogniser accepts the trace and
    the replay's pass-by-pass walk finds no divergence either (an allowed variant is never blamed)."""
    question = next(q for q in jeux_questions.QUESTIONS if getattr(q, "function", None) == function)
    for game in [*GAMES[function].values(), *question.crafted()]:
        events = trace(path, function, game)
        assert events is not None
        labels = shown_labels(game)
        assert RECOGNISERS[function](game, events, labels) is None
        calls, groups = jeux_replay.requested(algorithms, function, game, events)
        if function != "bfs":
            assert jeux_replay.passes_part(game, events, calls, groups, labels) is None
        replay = jeux_replay.replay(function, game, events, labels, None, (1, 1))
        assert replay["step"] is None and view(replay, "fr")["first"] == "Aucun écart"


def test_the_passes_of_an_explicit_stack_ids_are_the_algorithms_five():
    # Its pass m = 0 tests e0 alone, its pass m = 1 tests e0 again: a restart, not the same pass.
    game = GAMES["ids"]["fork"]
    events = trace(VARIANTS / "correct" / "ids_pile.py", "ids", game)
    replay = jeux_replay.replay("ids", game, events, shown_labels(game), None, (1, 1))
    assert [g["bound"] for g in replay["student"]["groups"]] == [0, 1, 2, 3, 4]
    assert [g["bound"] for g in replay["expected"]["groups"]] == [0, 1, 2, 3, 4]
    assert replay["student"]["groups"][0]["calls"] == [["f", "r"]]


def test_an_idastars_passes_say_what_was_seen_never_a_bound_of_the_students():
    found = first_replay(REPLAY_VARIANTS / "idastar_seuil_large.py", "idastar")
    assert found is not None
    replay = found[1]
    first = replay["student"]["groups"][0]
    # Cut at p + h >= m: in its first pass (m = 3 for IDA*) it expanded up to 3 and cut from 3.
    assert (first["reach"], first["cut"]) == (3, 3) and "bound" not in first
    assert replay["expected"]["groups"][0]["bound"] == 3
    labels = [g["label"] for g in view(replay, "fr")["student"]["groups"]]
    assert labels[0] == "parcours (plus grand p + h développé : 3, plus petit p + h coupé : 3)"
    assert view(replay, "fr")["expected"]["groups"][0]["label"].startswith("parcours m = 3 (")
    assert "m = " not in " ".join(labels)


def test_the_replay_survives_results_json_and_reads_the_same_in_the_report_language():
    c = check(grade_file(submission_path("jeux", "idastar_sans_h.py"), "q10"), "algorithme")
    again = json.loads(json.dumps(c.visual))
    assert again["replay"] == c.visual["replay"]
    assert say(Message.from_dict(again["replay"]["why"]), "en") == (
        "a: p + h = 1 + 9 = 10 > m = 3, IDA* cuts it in this pass; your code expanded it"
    )


def test_grader_check_prints_each_sides_divergence_both_sequences_up_to_it_and_the_sentence(capsys):
    path = str(REPLAY_VARIANTS / "idastar_seuil_large.py")
    assert main(["check", path, "-q", "q10"]) == 1
    out = capsys.readouterr().out
    first = next(line for line in out.splitlines() if "Premier écart" in line)
    assert "Premier écart : votre code, appel n° " in first and " ; l'algorithme, appel n° " in first
    sides = [line for line in out.splitlines() if "»" in line]
    assert len(sides) == 2 and all(line.rstrip().endswith("«") for line in sides)
    assert "→ " in out and "IDA* l'explore ; votre code l'a coupé" in out
    # The check says IDA*'s count of passes in its sentence: no "attendu" without an "obtenu" below it.
    algorithm = out[out.index("✗ IDA* : parcours en profondeur successifs") : out.index("Premier écart")]
    assert "attendu :" not in algorithm and "obtenu :" not in algorithm
    assert english_in(out) == []
    assert main(["check", path, "-q", "q10", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "First divergence: your code, call #" in out and "; the algorithm, call #" in out
    assert "IDA* explores it; your code cut it" in out


def test_the_terminal_keeps_the_last_calls_before_a_late_divergence_with_their_group():
    found = first_replay(SUBMISSIONS / "ids_largeur.py", "ids")
    assert found is not None
    student, expected = terminal_lines(found[1], "fr")[1:3]
    assert student.endswith("[profondeur 2] » final(a1) «")
    assert "[parcours m = 2] » final(r) «" in expected
    assert terminal_lines({"step": "x"}, "fr") == []  # a damaged replay is left out


def test_grader_check_html_shows_the_replay_with_both_marks_and_its_drawing(tmp_path, capsys):
    page = checked_page(tmp_path / "out", "jeux", "bfs_profondeur.py", "q4", "--lang", "en")
    assert "Your search replayed beside the requested algorithm" in page
    assert "First divergence: your code, call #" in page
    assert page.count('<svg class="graph bylevel"') == 1 and page.count("<mark>") == 2
    assert "http://" not in page and "https://" not in page


def test_the_french_page_says_the_replay_in_french_only(tmp_path, capsys):
    page = checked_page(tmp_path / "out", "jeux", "ids_largeur.py", "q7")
    assert "Votre recherche rejouée à côté de l&#39;algorithme demandé" in page
    assert "votre code (parcours en largeur)" in page and "parcours m = 2" in page
    assert english_in(page) == []
