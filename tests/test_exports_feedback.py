"""Feedback back to students: per-student folders and Moodle's feedback zip, read back the way Moodle's
importer reads it; PDF sheets read back with pypdf (one page per student, the student's own scores)
and a page rendered with pdftoppm to be looked at (tests/artifacts/)."""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from grader.cli import main
from grader.results.marks import apply_marks
from grader.text.message import Message
from grader.results.records import Check, QuestionResult, load_run, write_json
from reports.exports.feedback import folder_name
from tests.importers import moodle_feedback_zip_import
from tests.report_fixtures import build_run

ARTIFACTS = Path(__file__).parent / "artifacts"
NAMES = {
    "alice": ("Alice Martin", "1001"),
    "bob": ("Jean_Pierre Lefèvre", "1002"),
    "chloé durand": ("Chloé DURAND", "1003"),
    "dylan": ("Dylan Roux", "1004"),
}


def _run():
    run = build_run("fr")
    for sub in run.submissions:
        sub.name, sub.participant = NAMES.get(sub.id, ("", ""))
    # A student whose every check failed with long messages: the sheet must still fit one page.
    verbose = run.submissions[3]
    verbose.questions = [
        QuestionResult(
            f"q{n}",
            f"Question {n} au titre assez long pour occuper deux lignes du tableau",
            0,
            2,
            "failed",
            [
                Check(
                    "petits_cas",
                    "q4.petits_jeux",
                    False,
                    0,
                    2,
                    Message(
                        "engine.reply.error", {"detail": ("Renvoyé [" + ", ".join(map(str, range(120))) + "] ") * 3}
                    ),
                    "wrong",
                )
            ],
        )
        for n in range(1, 31)
    ]
    return run


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("feedback") / "rapport"
    out.mkdir()
    write_json(out / "results.json", _run())
    assert main(["export", str(out), "--format", "feedback"]) == 0
    return out


def moodle_feedback_import(archive: Path, participants: set[str]) -> dict[str, list[str]]:
    """The feedback files Moodle files from `archive`, by participant: the same for Moodle 3.11/4.0's
    importer and 4.1+'s (tests/importers.py), which is asserted here; every file of the zip filed."""
    old = moodle_feedback_zip_import(archive, participants, "4.0")
    new = moodle_feedback_zip_import(archive, participants, "4.1")
    assert old == new, f"Moodle <= 4.0 files {old}, Moodle >= 4.1 files {new}"
    with zipfile.ZipFile(archive) as zf:
        assert sum(map(len, new.values())) == len([i for i in zf.infolist() if not i.is_dir()])
    return {number: [name.lstrip("/") for name in names] for number, names in new.items()}


@pytest.mark.parametrize("version", ["4.0", "4.1"])
def test_moodle_of_every_version_files_the_feedback(exported, version):
    """Moodle 3.11 and 4.0 (one importer), 4.1 to 4.5 (the other): each student's two files under
    their participant, at the top of their feedback area."""
    run = load_run(exported / "results.json")
    participants = {s.participant for s in run.submissions if s.participant}
    filed = moodle_feedback_zip_import(exported / "exports" / "retours" / "feedback-moodle.zip", participants, version)
    assert set(filed) == participants
    assert all(sorted(files) == ["/rapport.html", "/retour.pdf"] for files in filed.values())


def test_the_folder_names_moodle_41_writes_would_be_lost_on_moodle_40(tmp_path):
    """Why the trailing "_": Moodle 4.1's own folder form ("<name>_<id>_assignfeedback_file/") is
    four fields for 4.1's importer, fewer than five for 4.0's whole-path split: nothing imported."""
    archive = tmp_path / "moodle41.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("Alice Martin_1001_assignfeedback_file/retour.pdf", b"%PDF")
    assert moodle_feedback_zip_import(archive, {"1001"}, "4.1") == {"1001": ["/retour.pdf"]}
    assert moodle_feedback_zip_import(archive, {"1001"}, "4.0") == {}
    assert folder_name("Alice Martin", "1001", "alice") == "Alice Martin_1001_assignfeedback_file_"


def test_a_name_with_underscores_keeps_the_participant_in_place(exported):
    # "_" in a name would shift the participant id: replaced by a space.
    assert (exported / "exports" / "retours" / "Jean Pierre Lefèvre_1002_assignfeedback_file_").is_dir()


def test_students_without_participant_get_a_folder_but_not_a_zip_entry(exported):
    folders = [p.name for p in (exported / "exports" / "retours").iterdir() if p.is_dir()]
    assert any(name.startswith("index-") for name in folders)  # "index" has no participant id
    with zipfile.ZipFile(exported / "exports" / "retours" / "feedback-moodle.zip") as zf:
        assert not any(n.startswith("index") for n in zf.namelist())
    assert folder_name("a/b\\c:d", "7", "x") == "a b c d_7_assignfeedback_file_"
    assert folder_name("Zoé", "", "zoe-1234") == "zoe-1234"


def test_each_student_gets_a_one_page_sheet_with_their_own_scores(exported):
    run = apply_marks(load_run(exported / "results.json"))
    root = exported / "exports" / "retours"
    for sub in (s for s in run.submissions if s.participant):
        pdfs = [p for p in root.glob("*/retour.pdf") if p.parent.name.split("_")[1:2] == [sub.participant]]
        assert len(pdfs) == 1, sub.id
        reader = PdfReader(pdfs[0])
        assert len(reader.pages) == 1  # never a near-empty second page
        text = reader.pages[0].extract_text()
        assert sub.name.split()[0].replace("_", " ") in text.replace("_", " ")
        total = f"{sub.total:.2f}".rstrip("0").rstrip(".").replace(".", ",")
        assert f"Total : {total}/" in text
        for q in sub.questions[:5]:
            assert q.id in text


def test_the_class_pdf_has_one_page_per_student(exported):
    run = load_run(exported / "results.json")
    reader = PdfReader(exported / "exports" / "retours" / "retours-classe.pdf")
    assert len(reader.pages) == len(run.submissions)
    for page in reader.pages:
        text = page.extract_text()
        assert "Total :" in text and len(text) > 200  # a full sheet, not a spill-over
    # The verbose student's sheet was shortened to fit, and says where the details are.
    verbose = reader.pages[3].extract_text()
    assert "q30" in verbose and "rapport.html" in verbose
    # A submission's text is drawn as text: the payload is there, inert.
    assert "window.__pwned" in reader.pages[5].extract_text().replace("\n", "")  # the hostile student


def test_a_sheet_looks_right_when_rendered(exported):
    if not shutil.which("pdftoppm"):
        if os.environ.get("CI") == "true":
            pytest.fail("pdftoppm must be installed in CI (.ci/run installs poppler-utils)")
        pytest.skip("pdftoppm (Debian poppler-utils) is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = exported / "exports" / "retours" / "retours-classe.pdf"
    for page in (2, 4):
        prefix = ARTIFACTS / f"feedback-sheet-{page}"
        subprocess.run(
            ["pdftoppm", "-r", "70", "-png", "-singlefile", "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
            check=True,
        )
        png = prefix.with_suffix(".png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
