"""Exports never guess a written mark: a class of 7 whose barème gives q2 and q13 points, 3 students
marked by hand. Through `grader export`, every file is read back by the importer of the system it goes
to (tests/importers.py): the 4 students still waiting for a mark get no grade anywhere (a blank, which
each importer skips), never a 0, and the teacher is told who waits for which question, in French and
English; `--unmarked zero` counts those questions 0. The class page, the statistics spreadsheet and the
histogram say the same figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grader.cli import main
from grader.results.records import QuestionResult, Run, SubmissionResult, write_json
from tests.importers import (
    CanvasStudent,
    canvas_gradebook_import,
    moodle_worksheet_import,
    prairielearn_scores_import,
    spreadsheet,
    spreadsheet_table,
)
from tests.report_fixtures import LIMITS

AUTOMATIC = {"q1": 1.0, "q4": 2.0, "q7": 2.0, "q10": 3.0, "q18": 4.0}
WRITTEN = {"q2": 5.0, "q13": 6.0}  # 12 automatic points and 11 written ones: a class "sur 23"
# id, name, participant, the share of each automatic question earned
STUDENTS = [
    ("alice", "Alice Martin", "1001", 1.0),
    ("bruno", "Bruno Petit", "1002", 0.5),
    ("chloe", "Chloé Durand", "1003", 1.0),
    ("david", "David Roux", "1004", 0.0),
    ("elise", "Élise Dupré", "1005", 0.5),
    ("farid", "Farid Benali", "1006", 1.0),
    ("gaspard", "Gaspard Noël", "1007", 0.5),
]
MARKED = "etudiant;q2;q13\nalice;5;6\nbruno;5;3\nchloe;2,5;6\n"  # q2: 2 full marks out of 3 marked
WAITING = ["david", "elise", "farid", "gaspard"]


def _run() -> Run:
    submissions = []
    for sid, name, participant, share in STUDENTS:
        questions = [
            QuestionResult(qid, f"{qid}.title", points * share, points, "passed" if share == 1 else "partial")
            if share
            else QuestionResult(qid, f"{qid}.title", 0.0, points, "failed")
            for qid, points in AUTOMATIC.items()
        ]
        total = sum(q.score for q in questions)
        submissions.append(
            SubmissionResult(sid, total, 12.0, questions, name=name, participant=participant, email=f"{sid}@lycee.fr")
        )
    scheme = {
        "time_factor": 10.0,
        "time_floor": 1.0,
        "questions": {
            **{q: {"points": p, "groups": {}, "manual": False, "extension": False} for q, p in AUTOMATIC.items()},
            **{q: {"points": p, "groups": {}, "manual": True, "extension": False} for q, p in WRITTEN.items()},
        },
    }
    return Run("test", 1, "fr", "2025-06-01T10:00:00+00:00", scheme, dict(LIMITS), submissions)


@pytest.fixture
def graded(tmp_path) -> Path:
    out = tmp_path / "rapport"
    out.mkdir()
    write_json(out / "results.json", _run())
    (tmp_path / "notes.csv").write_text(MARKED, encoding="utf-8")
    return out


def _export(graded: Path, *args: str) -> int:
    return main(["export", str(graded), "--marks", str(graded.parent / "notes.csv"), *args])


def _participants(ids) -> set[str]:
    return {p for sid, _, p, _ in STUDENTS if sid in ids}


def test_students_waiting_for_a_written_mark_get_no_grade_in_any_export(graded, capsys):
    grade_files = ("moodle", "canvas", "prairielearn", "pronote", "csv-fr")  # what an LMS or a spreadsheet reads
    assert _export(graded, *(a for f in grade_files for a in ("--format", f))) == 0
    err = capsys.readouterr().err
    # Who waits for which question, every one named.
    assert "4 élèves attendent une note de question rédigée" in err and "--unmarked zero" in err
    assert "q2, q13 : David Roux, Élise Dupré, Farid Benali, Gaspard Noël" in err
    exports = graded / "exports"
    marked = {"alice", "bruno", "chloe"}

    moodle = moodle_worksheet_import(
        exports / "moodle-feuille-de-notes.csv", "fr", _participants(marked | set(WAITING)), 20
    )
    assert set(moodle) == _participants(marked)  # the 4 others: a blank grade, which Moodle skips
    assert moodle["1001"].grade == 20 and moodle["1002"].grade == pytest.approx(round(14 / 23 * 20, 2))

    canvas_students = [CanvasStudent(p, name, ", ".join(name.split()[::-1])) for _, name, p, _ in STUDENTS]
    canvas = canvas_gradebook_import(exports / "canvas-gradebook.csv", canvas_students)
    scored = {sid for sid, grades in canvas.grades.items() if grades}
    assert scored == _participants(marked)  # a blank cell is "no score" for Canvas, never a 0

    prairielearn = prairielearn_scores_import(exports / "prairielearn-scores.csv")
    assert {s.uid for s in prairielearn} == {f"{sid}@lycee.fr" for sid in marked}

    pronote = dict(spreadsheet(exports / "pronote.csv")[1:])
    assert pronote["MARTIN Alice"] == 20 and pronote["NOËL Gaspard"] == "" and pronote["ROUX David"] == ""

    for table in (graded / "grades.csv", exports / "notes-tableur.csv"):
        rows = spreadsheet_table(table, "Identifiant")
        for sid in WAITING:
            assert rows[sid]["Total"] == rows[sid]["Note sur 20"] == "" and rows[sid]["q2"] == ""
            assert rows[sid]["Statut"] == "à noter : q2, q13"
        assert rows["alice"]["Note sur 20"] == 20 and rows["alice"]["Statut"] == "corrigé"

    assert main(["export", str(graded), "--lang", "en", "--format", "stats"]) == 0  # no marks: all 7 wait
    err = capsys.readouterr().err
    assert "7 students wait for a written question's mark" in err and "--unmarked zero" in err


def test_unmarked_zero_counts_the_unmarked_questions_as_0(graded, capsys):
    assert _export(graded, "--unmarked", "zero", "--format", "moodle") == 0
    assert "attend" not in capsys.readouterr().err  # nothing waits: nothing to say
    exports = graded / "exports"
    moodle = moodle_worksheet_import(exports / "moodle-feuille-de-notes.csv", "fr", _participants(WAITING), 20)
    # Farid got every automatic point (12) and 0 for the 11 written ones: 12/23 on 20.
    assert moodle["1006"].grade == pytest.approx(round(12 / 23 * 20, 2)) and moodle["1004"].grade == 0
    rows = spreadsheet_table(graded / "grades.csv", "Identifiant")
    assert rows["farid"]["q13"] == 0 and rows["farid"]["Total"] == 12 and rows["farid"]["Statut"] == "corrigé"
    with pytest.raises(SystemExit) as refused:  # argparse's own refusal, in French
        main(["export", str(graded), "--unmarked", "nothing"])
    assert refused.value.code == 2 and "--unmarked" in capsys.readouterr().err


def test_class_page_statistics_and_histogram_say_the_same_figures(graded):
    assert _export(graded, "--format", "stats") == 0
    stats = spreadsheet_table(graded / "exports" / "statistiques-questions.csv", "Question")
    # q2: 3 copies marked, 2 with full marks; the 4 waiting are not counted (not as 0).
    assert stats["q2"]["Copies comptées"] == 3 and stats["q2"]["Taux de réussite (%)"] == pytest.approx(66.67)
    assert stats["q4"]["Copies comptées"] == 7
    page = (graded / "index.html").read_text(encoding="utf-8")
    rates = dict(
        re.findall(
            r'<text x="56" y="\d+" text-anchor="end" font-size="13">(q\d+)<title>.*?</title></text>'
            r'.*?<text x="400" y="\d+" font-size="12">([^<]*)</text>',
            page,
            re.S,
        )
    )
    assert rates["q2"] == "67 % réussi · 4 à noter" and rates["q13"] == "67 % réussi · 4 à noter"
    assert rates["q4"] == f"{round(float(stats['q4']['Taux de réussite (%)']))} % réussi"
    # The histogram: the 3 final totals, on the class's maximum (23, not a rounded 24), the others apart.
    assert "total (sur 23)" in page and "sur 24" not in page
    bars = re.findall(r'<rect class="fill-bar"[^>]*><title>de ([\d,]+) à ([\d,]+) : (\d+) élèves?</title>', page)
    assert sum(int(n) for *_, n in bars) == 3 and bars[-1][1] == "23"
    assert "4 copies dont une question rédigée reste à noter" in page and "7 élèves · 4 à noter ·" in page
