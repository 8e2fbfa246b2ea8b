"""Classes shaped like real LMS downloads (Moodle, Capytale), built here, graded by `grader grade`."""

import io
import json
import os
import zipfile
from pathlib import Path

import nbformat
import pytest

from grader.text.i18n import say
from grader.text.message import Message
from grader.cli import main
from tests.unit.test_intake import COLLIDING

ROOT = Path(__file__).resolve().parents[1]
RIGHT_JEUX = (ROOT / "reference" / "answers" / "jeux.py").read_text(encoding="utf-8")
RIGHT_TAQUIN = (ROOT / "reference" / "answers" / "taquin.py").read_text(encoding="utf-8")
WRONG_JEUX = (ROOT / "exercises" / "exemples" / "bruno" / "jeux.py").read_text(encoding="utf-8")  # q1 wrong
QUESTIONS = ["-q", "q1", "-q", "q15"]


def zip_bytes(members: dict) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def notebook(*cells: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("Réponses")] + [nbformat.v4.new_code_cell(c) for c in cells]
    return nbformat.writes(nb)


def moodle_download() -> dict:
    """Members of Moodle's "Télécharger tous les travaux remis" zip (download in folders)."""
    folder = "{}_{}_assignsubmission_{}_/"
    return {
        # Renamed files, one per part.
        folder.format("Élodie Lefèvre", 1001, "file") + "Jeux.py": RIGHT_JEUX,
        folder.format("Élodie Lefèvre", 1001, "file") + "TP_taquin.py": RIGHT_TAQUIN,
        # A zip holding a browser-renamed copy and another zip.
        folder.format("Jean-Noël Dupont", 1002, "file") + "rendu.zip": zip_bytes(
            {
                "dupont/jeux (1).py": RIGHT_JEUX,
                "dupont/anciens.zip": zip_bytes({"taquin.py": RIGHT_TAQUIN}),
            }
        ),
        # A notebook with IPython lines.
        folder.format("Zoé N'Diaye", 1003, "file") + "TP taquin.ipynb": notebook(
            "%load_ext autoreload\n" + RIGHT_JEUX, "!ls\n" + RIGHT_TAQUIN
        ),
        # An empty submission (Moodle keeps the folder).
        folder.format("Hugo Martin", 1004, "file"): b"",
        # Two submission kinds for one student: one row.
        folder.format("Léa Bernard", 1005, "file") + "jeux.py": WRONG_JEUX,
        folder.format("Léa Bernard", 1005, "onlinetext") + "onlinetext.html": "<p>voir fichier</p>",
        # A zip bomb: that student only.
        folder.format("Mallory Kant", 1006, "file") + "tp.zip": zip_bytes({"taquin.py": b"#" * (16 << 20)}),
    }


EXPECTED_MOODLE = {
    # id: (name, participant, status, {question: status})
    "elodie-lefevre_1001": ("Élodie Lefèvre", "1001", "graded", {"q1": "passed", "q15": "passed"}),
    "jean-noel-dupont_1002": ("Jean-Noël Dupont", "1002", "graded", {"q1": "passed", "q15": "passed"}),
    "zoe-n-diaye_1003": ("Zoé N'Diaye", "1003", "graded", {"q1": "passed", "q15": "passed"}),
    "hugo-martin_1004": ("Hugo Martin", "1004", "not_submitted", {"q1": "missing", "q15": "missing"}),
    "lea-bernard_1005": ("Léa Bernard", "1005", "graded", {"q1": "failed", "q15": "missing"}),
    "mallory-kant_1006": ("Mallory Kant", "1006", "unreadable", {"q1": "missing", "q15": "missing"}),
}


def write_zip(path: Path, members: dict) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            if name.endswith("/"):
                archive.writestr(zipfile.ZipInfo(name), b"")
            else:
                archive.writestr(name, content)
    return path


def _unpacked(path: Path, members: dict) -> Path:
    for name, content in members.items():
        target = path / name
        if name.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def _graded(out: Path) -> dict:
    return {s["id"]: s for s in json.loads((out / "results.json").read_text(encoding="utf-8"))["submissions"]}


def _assert_expected(by_id: dict, expected: dict) -> None:
    assert sorted(by_id) == sorted(expected)
    for sid, (name, participant, status, questions) in expected.items():
        row = by_id[sid]
        assert (row["name"], row["participant"], row["status"]) == (name, participant, status), sid
        assert {q["id"]: q["status"] for q in row["questions"]} == questions, sid


@pytest.mark.parametrize("shape", ["zip", "unpacked folder"])
def test_a_moodle_download_is_graded_with_every_student_right(tmp_path, capsys, shape):
    members = moodle_download()
    if shape == "zip":
        klass = write_zip(tmp_path / "MP2I-TP taquin-4242.zip", members)
    else:  # unzipped by the teacher into a folder named after the zip
        klass = _unpacked(tmp_path / "telechargement", {f"MP2I-TP taquin-4242/{k}": v for k, v in members.items()})
    roster = tmp_path / "participants.csv"  # Moodle's participants export, one student never submitted
    roster.write_text(
        "Prénom,Nom,Adresse de courriel,Groupes\n"
        + "".join(
            f"{first},{last},{first[0].lower()}@lycee.fr,MP2I\n"
            for first, last in [
                ("Élodie", "Lefèvre"),
                ("Jean-Noël", "Dupont"),
                ("Zoé", "N'Diaye"),
                ("Hugo", "Martin"),
                ("Léa", "Bernard"),
                ("Mallory", "Kant"),
                ("Paul", "Durand"),
            ]
        ),
        encoding="utf-8-sig",
    )
    out = tmp_path / "rapport"
    assert main(["grade", str(klass), "--out", str(out), *QUESTIONS, "--workers", "2", "--roster", str(roster)]) == 0
    by_id = _graded(out)
    _assert_expected(
        by_id,
        {**EXPECTED_MOODLE, "paul-durand": ("Paul Durand", "", "not_submitted", {"q1": "missing", "q15": "missing"})},
    )
    assert by_id["zoe-n-diaye_1003"]["email"] == "z@lycee.fr" and by_id["paul-durand"]["group"] == "MP2I"

    def said(student):  # the warnings of a student, as the French reports say them
        return " ".join(say(Message.from_dict(w), "fr") for w in by_id[student]["warnings"])

    assert "TP taquin.ipynb" in said("zoe-n-diaye_1003") and "cellules 1, 2" in said("zoe-n-diaye_1003")
    assert "Jeux.py" in said("elodie-lefevre_1001")
    assert "plus de 2 Mio" in said("mallory-kant_1006")
    assert "non rendu" in capsys.readouterr().err


def test_a_moodle_download_not_in_folders_groups_files_by_participant(tmp_path):
    klass = _unpacked(
        tmp_path / "classe",
        {
            "Élodie Lefèvre_1001_assignsubmission_file_Jeux.py": RIGHT_JEUX,
            "Élodie Lefèvre_1001_assignsubmission_file_taquin.py": RIGHT_TAQUIN,
            "Léa Bernard_1005_assignsubmission_file_jeux.py": WRONG_JEUX,
        },
    )
    out = tmp_path / "rapport"
    assert main(["grade", str(klass), "--out", str(out), *QUESTIONS, "--workers", "2"]) == 0
    _assert_expected(_graded(out), {k: v for k, v in EXPECTED_MOODLE.items() if k.endswith(("1001", "1005"))})


def capytale_export() -> dict:
    """Capytale's "télécharger toutes les copies": one file per student named nom_prenom, and a report.

    Assumed shape (no public specification found): flat files `nom_prenom.py` or `.ipynb` at the top
    of the zip, and a summary file beside them."""
    return {
        "lefevre_elodie.ipynb": notebook(RIGHT_JEUX, "%timeit 1 + 1\n" + RIGHT_TAQUIN),
        "dupont_jean_noel.py": RIGHT_JEUX + "\n" + RIGHT_TAQUIN,
        "bernard_lea.py": WRONG_JEUX,
        "martin_hugo.py": "\n\n",  # the copy was opened, nothing written
        "rapport.csv": "nom;prenom;etat\nLefevre;Elodie;rendu\n",
    }


def test_a_capytale_export_is_graded_with_every_student_right(tmp_path, capsys):
    klass = write_zip(tmp_path / "copies.zip", capytale_export())
    out = tmp_path / "rapport"
    assert main(["grade", str(klass), "--out", str(out), *QUESTIONS, "--workers", "2", "--lang", "en"]) == 0
    _assert_expected(
        _graded(out),
        {
            "lefevre_elodie": ("lefevre_elodie", "", "graded", {"q1": "passed", "q15": "passed"}),
            "dupont_jean_noel": ("dupont_jean_noel", "", "graded", {"q1": "passed", "q15": "passed"}),
            "bernard_lea": ("bernard_lea", "", "graded", {"q1": "failed", "q15": "missing"}),
            "martin_hugo": ("martin_hugo", "", "not_submitted", {"q1": "missing", "q15": "missing"}),
        },
    )
    err = capsys.readouterr().err
    assert "rapport.csv ignored" in err
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["notices"] == [{"key": "intake.ignored", "params": {"file": "rapport.csv"}}]
    assert results["format_version"] == 3 and results["python"] and results["hypothesis"]


def test_grader_check_reads_a_notebook(tmp_path, capsys):
    path = tmp_path / "TP.ipynb"
    path.write_text(notebook("%matplotlib inline", RIGHT_JEUX))
    assert main(["check", str(path), "-q", "q1"]) == 0
    assert "Total : 1/1" in capsys.readouterr().out


NOT_UTF8 = b"\xff\xfe"
HONEST = {"Léa Martin", "Zoé", "honest", "alice", "O'Brien", "bob smith"}  # the others hand in a wrong q1


def _named_class(folder: Path, moodle: bool) -> dict[str, str]:
    """The class of COLLIDING (issue 32's names, each one student) and one name that is not UTF-8 (as folders of Moodle's download when `moodle`,
    participants 2001...); returns each display name's expected q1 status."""
    folder.mkdir()
    expected = {}
    for number, name in enumerate([*(n.encode() for n in COLLIDING), NOT_UTF8], start=2001):
        entry = name + f"_{number}_assignsubmission_file_".encode() if moodle else name
        os.mkdir(bytes(folder) + b"/" + entry)
        right = name.decode("utf-8", "backslashreplace") in HONEST
        with open(bytes(folder) + b"/" + entry + b"/jeux.py", "w", encoding="utf-8") as handle:
            handle.write(RIGHT_JEUX if right else WRONG_JEUX)
        expected[name.decode("utf-8", "backslashreplace")] = "passed" if right else "failed"
    return expected


@pytest.mark.slow
def test_every_folder_of_a_class_is_one_student_in_every_page_and_every_export(tmp_path, capsys):
    """Issue 32's acceptance: a Moodle download whose display names fold into one another (accents,
    case, spaces, a BOM, a tab, `+`, a name that is not UTF-8, O'Brien with either apostrophe...) is
    graded with one row, one page and one grade per folder, exit 0; every export reads back, through a
    re-implementation of its importer, with each participant's own grade; `--resume` with a class list
    finds the same ids and grades nobody again; the class list's emails reach PrairieLearn."""
    from tests.importers import (
        CanvasStudent,
        canvas_gradebook_import,
        moodle_worksheet_import,
        prairielearn_scores_import,
        spreadsheet_table,
    )
    from reports.exports.common import split_name
    from tests.test_exports_feedback import moodle_feedback_import

    expected = _named_class(tmp_path / "classe", moodle=True)
    out = tmp_path / "rapport"
    assert main(["grade", str(tmp_path / "classe"), "--out", str(out), "-q", "q1", "--workers", "2"]) == 0
    by_id = _graded(out)
    assert len(by_id) == len(expected) and {row["name"] for row in by_id.values()} == set(expected)
    assert {row["name"]: row["questions"][0]["status"] for row in by_id.values()} == expected
    participants = {row["participant"]: row for row in by_id.values()}
    assert len(participants) == len(expected)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "\u202e" not in page and "\ufeff" not in page and "\\ufeffalice" in page  # shown, escaped
    assert len(list(out.glob("*.html"))) == len(expected) + 2  # a page each, the class's, print-all

    assert main(["export", str(out), "--lang", "en", "--site-lang", "fr"]) == 0
    exports = out / "exports"
    grades = {number: round(row["total"] / row["max"] * 20, 2) for number, row in participants.items()}
    imported = moodle_worksheet_import(exports / "moodle-feuille-de-notes.csv", "fr", set(participants), 20)
    assert {number: grade.grade for number, grade in imported.items()} == grades
    filed = moodle_feedback_import(exports / "retours" / "feedback-moodle.zip", set(participants))
    assert {number: sorted(files) for number, files in filed.items()} == {
        number: ["rapport.html", "retour.pdf"] for number in participants
    }
    with zipfile.ZipFile(exports / "retours" / "feedback-moodle.zip") as archive:
        assert not [n for n in archive.namelist() if any(c in n for c in "\ufeff\u200b\t\u202e")]
    # Canvas by name alone: the three "bob smith" (a tab, edge spaces) make one sortable name, which
    # Canvas would give one student: they get no grade there (said), never one another's.
    students = [CanvasStudent(n, row["name"], ", ".join(split_name(row["name"]))) for n, row in participants.items()]
    canvas = canvas_gradebook_import(exports / "canvas-gradebook.csv", students)
    assert canvas.new_students == []
    got = {n: float(g["Taquin X-ENS 2017"]) for n, g in canvas.grades.items() if g}
    bobs = {n for n, row in participants.items() if " ".join(row["name"].split()) == "bob smith"}
    assert len(bobs) == 3 and got == {n: grade for n, grade in grades.items() if n not in bobs}
    assert "Canvas could not tell apart by name" in capsys.readouterr().err
    rows = spreadsheet_table(exports / "notes-tableur.csv", "Identifiant")
    assert set(rows) == set(by_id)
    pronote = (exports / "pronote.csv").read_bytes().decode("utf-8-sig").splitlines()
    assert len(pronote) == len(expected) + 1

    roster = tmp_path / "liste.csv"
    roster.write_text(
        "nom;prénom;identifiant;email\n" + "".join(f"Élève;{n};{n};e{n}@lycee.fr\n" for n in participants),
        encoding="utf-8",
    )
    capsys.readouterr()
    again = ["grade", str(tmp_path / "classe"), "--out", str(out), "-q", "q1", "--workers", "2", "--resume"]
    assert main([*again, "--roster", str(roster)]) == 0
    assert "[1/" not in capsys.readouterr().err  # nobody graded again
    assert set(_graded(out)) == set(by_id)
    assert main(["export", str(out), "--format", "prairielearn"]) == 0
    scores = {s.uid: s.score_perc for s in prairielearn_scores_import(exports / "prairielearn-scores.csv")}
    assert scores == {f"e{n}@lycee.fr": round(row["total"] / row["max"] * 100, 2) for n, row in participants.items()}


@pytest.mark.slow
def test_a_plain_class_of_folding_names_is_graded_whole_and_resumed_as_it_was(tmp_path, capsys):
    """The same names as plain folders (no LMS ids): `grader grade` exits 0 with one row and one page
    per folder, honest classmates keep their marks, and `--resume` finds every id again."""
    expected = _named_class(tmp_path / "classe", moodle=False)
    out = tmp_path / "rapport"
    command = ["grade", str(tmp_path / "classe"), "--out", str(out), "-q", "q1", "--workers", "2"]
    assert main(command) == 0
    by_id = _graded(out)
    assert {row["name"]: row["questions"][0]["status"] for row in by_id.values()} == expected
    assert all((out / f"{sid}.html").is_file() for sid in by_id)
    capsys.readouterr()
    assert main([*command, "--resume"]) == 0
    assert "[1/" not in capsys.readouterr().err and set(_graded(out)) == set(by_id)
