"""Exports of classes graded for real (`grader grade`, in the sandbox), each read back the way its target
tool reads it; the unit layer's tests/unit/test_exports.py reads back exports of runs built in memory."""

from __future__ import annotations

import csv
import io
import shutil
import stat

import pytest

from grader.cli import main
from grader.results.marks import apply_marks
from grader.results.records import load_run
from reports.exports import merged_run
from tests.importers import CanvasStudent, canvas_gradebook_import, spreadsheet_table
from tests.unit.test_exports import SAMPLE_CLASS, run_export, grades_by_id, marks_file, moodle_import


@pytest.mark.slow
def test_every_export_of_a_really_graded_class_reads_back(graded_sample_class, tmp_path):
    """The sample class graded by `grader grade`, then every export with hand marks: each file reads
    back as its target tool reads it, with the grades of the run."""
    out = tmp_path / "rapport"
    shutil.copytree(graded_sample_class, out)
    scheme = marks_file(tmp_path, "[questions.q13]\npoints = 2\n", "bareme.toml")
    marks = marks_file(tmp_path, "etudiant;q13;q13 commentaire\nalice;2;Très clair\nchloe;0,5;\n")
    assert run_export(out, "--scheme", str(scheme), "--marks", str(marks), "--site-lang", "en") == 0
    run = merged_run(out, marks, scheme)
    exports = out / "exports"
    by_id = {s.id: s for s in run.submissions}
    rows = spreadsheet_table(exports / "notes-tableur.csv", "Identifiant")
    assert set(rows) == set(by_id) and "q13" in rows["alice"]
    students = [CanvasStudent(str(n), s.name or s.id, s.name or s.id) for n, s in enumerate(run.submissions)]
    imported = canvas_gradebook_import(exports / "canvas-gradebook.csv", students)
    for student, sub in zip(students, run.submissions):
        if sub.id in ("alice", "chloe"):  # marked: a grade
            assert float(imported.grades[student.id]["Taquin X-ENS 2017"]) == pytest.approx(
                round(sub.total / sub.max * 20, 2)
            )
        else:  # q13 not marked yet: no score, never a 0
            assert imported.grades[student.id] == {} and sub.unmarked == ["q13"]
    assert (exports / "retours" / "retours-classe.pdf").exists()
    assert rows["alice"]["q13"] == 2


def test_grade_merges_marks_and_refuses_a_bad_file_after_grading(tmp_path, capsys):
    """`grader grade --marks`: the marks are in the first reports; a bad file costs no grading (the
    run is saved, `grader export` merges a corrected file)."""
    classe = tmp_path / "classe"
    shutil.copytree(SAMPLE_CLASS / "alice", classe / "alice")
    scheme = marks_file(tmp_path, "[questions.q13]\npoints = 2\n", "bareme.toml")
    out = tmp_path / "rapport"
    good = marks_file(tmp_path, "etudiant;q13;q13 commentaire\nalice;1,5;Presque\n")
    assert (
        main(["grade", str(classe), "--out", str(out), "-q", "q1", "--scheme", str(scheme), "--marks", str(good)]) == 0
    )
    rows = grades_by_id(out)
    assert rows["alice"]["q13"] == 1.5 and rows["alice"]["Total"] == pytest.approx(1 + 1.5)
    # The folder the grader made holds students' names, work and grades: its account's alone.
    assert stat.S_IMODE(out.stat().st_mode) == 0o700
    assert "Presque" in (out / "alice.html").read_text(encoding="utf-8")
    assert run_export(out, "--format", "stats", "--to", str(tmp_path / "envoi" / "lms")) == 0
    assert stat.S_IMODE((tmp_path / "envoi" / "lms").stat().st_mode) == 0o700
    bad = marks_file(tmp_path, "etudiant;q13\nalice;3\n", "mauvais.csv")
    assert (
        main(
            [
                "grade",
                str(classe),
                "--out",
                str(tmp_path / "r2"),
                "-q",
                "q1",
                "--scheme",
                str(scheme),
                "--marks",
                str(bad),
            ]
        )
        == 2
    )
    assert "dépasse 2 points" in capsys.readouterr().err
    assert (tmp_path / "r2" / "results.json").exists()  # graded and saved all the same


def test_a_moodle_shaped_class_goes_back_to_moodle(tmp_path):
    """The done-when path: a class shaped like Moodle's download (tests/test_lms_classes.py) graded,
    then exported: the worksheet and the feedback zip read back under each Moodle participant, the
    student who handed nothing in said so, Pronote's names as Pronote writes them."""
    from tests.test_exports_feedback import moodle_feedback_import
    from tests.test_lms_classes import QUESTIONS, write_zip, moodle_download

    klass = write_zip(tmp_path / "MP2I-TP taquin-4242.zip", moodle_download())
    out = tmp_path / "rapport"
    assert main(["grade", str(klass), "--out", str(out), *QUESTIONS, "--workers", "2"]) == 0
    assert run_export(out) == 0
    run = apply_marks(load_run(out / "results.json"))
    participants = {s.participant: s for s in run.submissions}
    assert set(participants) == {"1001", "1002", "1003", "1004", "1005", "1006"}
    imported = moodle_import(out / "exports" / "moodle-feuille-de-notes.csv", "fr")
    for number, sub in participants.items():
        if number != "1004":
            assert imported[number]["grade"] == pytest.approx(round(sub.total / sub.max * 20, 2))
    assert "1004" not in imported  # not submitted: left blank, which Moodle skips
    assert imported["1001"]["grade"] == 20 and imported["1005"]["grade"] < 20  # Léa's q1 is wrong
    rows = list(csv.reader(io.StringIO((out / "exports" / "moodle-feuille-de-notes.csv").read_text("utf-8"))))
    status = {r[0]: r[3] for r in rows[1:]}
    assert status["Participant1004"] == "Aucun travail remis" and status["Participant1001"] != status["Participant1004"]
    filed = moodle_feedback_import(out / "exports" / "retours" / "feedback-moodle.zip", set(participants))
    assert set(filed) == set(participants) - {"1004"}  # nothing handed in, nothing to give back
    pronote = (out / "exports" / "pronote.csv").read_bytes().decode("utf-8-sig")
    assert "LEFÈVRE Élodie" in pronote and "N'DIAYE Zoé" in pronote


def test_grade_without_marks_says_who_waits_for_a_written_mark(tmp_path, capsys):
    """`grader grade` with a written question worth points and no `--marks`: the teacher is told that
    the grade is left blank until the marks come, and who waits for what (no grade guessed as 0)."""
    classe = tmp_path / "classe"
    shutil.copytree(SAMPLE_CLASS / "alice", classe / "alice")
    scheme = marks_file(tmp_path, "[questions.q13]\npoints = 2\n", "bareme.toml")
    out = tmp_path / "rapport"
    assert main(["grade", str(classe), "--out", str(out), "-q", "q1", "-q", "q13", "--scheme", str(scheme)]) == 0
    said = capsys.readouterr().err
    assert "1 élève attend une note de question rédigée" in said and "q13 : alice" in said, said
    assert grades_by_id(out)["alice"]["Total"] in ("", None), grades_by_id(out)["alice"]
