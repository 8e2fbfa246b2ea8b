"""The bundled sample class, graded as README's first command does: every verdict it was built for."""

import json
import subprocess
import sys

import pytest

from grader.registry import all_questions
from tests.importers import spreadsheet_table
from tests.rerecord import RECORDED, ROOT, verdicts

# The exam's automatic questions, as the registry lists them, and their default points.
POINTS = {q.id: q.points for q in all_questions() if not q.manual}
EXAM = list(POINTS)
JEUX = [q.id for q in all_questions() if not q.manual and q.module == "jeux"]  # parts I-III, the student's jeux.py
# What each student was written to show (exercises/exemples/): status per question, "missing" for every
# question not named (a student who never wrote its function, or its module).
WRITTEN = {
    "alice": dict.fromkeys(EXAM, "passed"),
    "bruno": {
        "q1": "failed",
        "q4": "passed",
        "q7": "not_implemented",
        "q10": "not_implemented",
        "q11": "not_implemented",
    },
    "chloe": {
        "q1": "failed",
        # Her bfs is a depth-first search with a set of seen states: a state first met by the longer path
        # hides the shorter one (one of petits_jeux's fixed games), and her h (t - n) is not admissible.
        "q4": "failed",
        "q7": "partial",
        "q10": "failed",
        "q11": "failed",
        "q15": "partial",
        "q16": "partial",
    },
    # q18 is judged with the model answer's dfs: david's taquin itself is right
    "david": {"q15": "passed", "q16": "passed", "q17": "failed", "q18": "passed"},
    "emma": {"q1": "passed", "q4": "passed", "q7": "passed", "q10": "passed", "q11": "passed"},
    # His jeux.py fails on import: every question of parts I-III is an error, one added there too.
    "farid": {**dict.fromkeys(JEUX, "error"), "q15": "timeout", "q18": "timeout"},
    "gaspard": {"q1": "failed", "q4": "passed"},
}
EXPECTED = {student: {**dict.fromkeys(EXAM, "missing"), **statuses} for student, statuses in WRITTEN.items()}

pytestmark = pytest.mark.slow  # the whole class, the q18 challenge included


def test_every_student_gets_the_verdicts_they_were_written_for(graded_sample_class):
    results = json.loads((graded_sample_class / "results.json").read_text())
    got = {s["id"]: {q["id"]: q["status"] for q in s["questions"]} for s in results["submissions"]}
    assert got == EXPECTED


def test_full_marks_and_gradebook_agree(graded_sample_class):
    results = json.loads((graded_sample_class / "results.json").read_text())
    by_id = {s["id"]: s for s in results["submissions"]}
    # The totals follow the registry's points: a question added changes neither line.
    assert by_id["alice"]["total"] == by_id["alice"]["max"] == sum(POINTS.values())
    emma = sum(POINTS[qid] for qid, status in WRITTEN["emma"].items() if status == "passed")
    assert by_id["emma"]["total"] == emma  # the questions of parts I-III she answered, read from a CP1252 zip
    rows = spreadsheet_table(graded_sample_class / "grades.csv", "Identifiant")
    for student, submission in by_id.items():
        assert rows[student]["Total"] == pytest.approx(submission["total"], abs=0.01)


def test_the_noisy_students_output_is_kept_capped_and_his_html_is_inert(graded_sample_class):
    results = json.loads((graded_sample_class / "results.json").read_text())
    gaspard = next(s for s in results["submissions"] if s["id"] == "gaspard")
    q1 = gaspard["questions"][0]
    assert q1["checks"][0]["got"] == "<img src=x onerror=alert(1)>"
    page = next(graded_sample_class.glob("gaspard*.html")).read_text()
    assert "<img src=x onerror" not in page and "&lt;img src=x onerror" in page


def test_the_verdicts_are_those_recorded(graded_sample_class):
    # A change of verdict must be deliberate, and shows here first: `python -m tests.rerecord` then
    # records it (docs/adding-a-question.md).
    recorded = json.loads(RECORDED.read_text("utf-8"))
    assert verdicts(json.loads((graded_sample_class / "results.json").read_text("utf-8"))) == recorded


def test_the_rerecording_script_writes_the_recorded_file(graded_sample_class, tmp_path):
    """On a tree whose verdicts have not changed, re-recording from the same grading gives the recorded
    file to the byte (a diff after an intended change shows only what changed)."""
    written = tmp_path / "verdicts.json"
    command = [sys.executable, "-m", "tests.rerecord", "--results", str(graded_sample_class / "results.json")]
    done = subprocess.run([*command, "--out", str(written)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert written.read_bytes() == RECORDED.read_bytes()
    refused = subprocess.run([*command[:-1], str(tmp_path / "none.json")], cwd=ROOT, capture_output=True, text=True)
    assert refused.returncode == 2 and "none.json" in refused.stderr and "Traceback" not in refused.stderr
