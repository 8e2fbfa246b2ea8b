"""Classes shaped like real LMS downloads (Moodle, Capytale), built here, graded by `grader grade`."""

import io
import json
import zipfile
from pathlib import Path

import nbformat
import pytest

from grader.text.i18n import say
from grader.text.message import Message
from grader.cli import main

ROOT = Path(__file__).resolve().parents[1]
RIGHT_JEUX = (ROOT / "reference" / "jeux.py").read_text(encoding="utf-8")
RIGHT_TAQUIN = (ROOT / "reference" / "taquin.py").read_text(encoding="utf-8")
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


def _write_zip(path: Path, members: dict) -> Path:
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
        klass = _write_zip(tmp_path / "MP2I-TP taquin-4242.zip", members)
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
    assert "bombe" in said("mallory-kant_1006")
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
    klass = _write_zip(tmp_path / "copies.zip", capytale_export())
    out = tmp_path / "rapport"
    assert main(["grade", str(klass), "--out", str(out), *QUESTIONS, "--workers", "2", "--lang", "en"]) == 0
    _assert_expected(
        _graded(out),
        {
            "lefevre_elodie": ("lefevre elodie", "", "graded", {"q1": "passed", "q15": "passed"}),
            "dupont_jean_noel": ("dupont jean noel", "", "graded", {"q1": "passed", "q15": "passed"}),
            "bernard_lea": ("bernard lea", "", "graded", {"q1": "failed", "q15": "missing"}),
            "martin_hugo": ("martin hugo", "", "not_submitted", {"q1": "missing", "q15": "missing"}),
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
