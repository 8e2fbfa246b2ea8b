"""A student's folder holding links, a virtual environment or Python's caches, graded as a teacher would:
`grader grade` on the class, `grader check` on the folder and on its zip. The links are never followed and
are said; the rest of the work keeps its points; nothing of a link's target reaches a report."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice"
MARK = "MARQUE_DE_LA_CIBLE"  # in the links' target only: never in a report
SKIPPED_FR = "aide.py ignoré : un lien symbolique ou physique, que le correcteur ne suit ni ne lit"
SKIPPED_EN = "aide.py ignored: a symbolic or hard link, which the grader neither follows nor reads"
VENV_FR = "venv ignoré : un environnement virtuel de Python"
VENV_EN = "venv ignored: a Python virtual environment"
REFUSED_FR = (
    "taquin.py refusé : un lien symbolique ou physique, que le correcteur ne suit ni ne lit ; aucun fichier taquin"
)
REFUSED_EN = "taquin.py refused: a symbolic or hard link, which the grader neither follows nor reads; no taquin file"


def _class(tmp_path: Path) -> tuple[Path, Path]:
    """lea: alice's correct taquin.py beside a venv, a cache, a link inside and one outside; marc: alice's
    jeux.py and a taquin.py that is a link (to a correct taquin: following it would earn points);
    a venv beside the students. Returns the class and the links' target folder."""
    target = tmp_path / "ailleurs"
    target.mkdir()
    (target / "secret.py").write_text((ALICE / "taquin.py").read_text() + f"\n{MARK} = 1\n")
    klass = tmp_path / "classe"
    lea, marc = klass / "lea", klass / "marc"
    (lea / "venv" / "bin").mkdir(parents=True)
    shutil.copy(ALICE / "taquin.py", lea)
    (lea / "venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (lea / "venv" / "bin" / "python").symlink_to(sys.executable)
    (lea / "__pycache__").mkdir()
    (lea / "__pycache__" / "taquin.cpython-312.pyc").write_bytes(b"\x00" * 16)
    (lea / "copie.txt").symlink_to("taquin.py")
    (lea / "aide.py").symlink_to(target / "secret.py")
    marc.mkdir()
    shutil.copy(ALICE / "jeux.py", marc)
    (marc / "taquin.py").symlink_to(target / "secret.py")
    (klass / "env" / "bin").mkdir(parents=True)
    (klass / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (klass / "env" / "bin" / "python").symlink_to(sys.executable)
    return klass, target


def _nothing_of(target: Path, text: str) -> None:
    assert MARK not in text and str(target) not in text and "ailleurs" not in text


def test_grade_a_class_whose_folders_hold_links_and_a_venv(tmp_path, capsys):
    klass, target = _class(tmp_path)
    out = tmp_path / "out"
    assert (
        main(["grade", str(klass), "--out", str(out), "-q", "q15", "-q", "q1", "--seed", "2017", "--workers", "1"]) == 0
    )
    said = capsys.readouterr()
    results = {s["id"]: s for s in json.loads((out / "results.json").read_text())["submissions"]}
    assert sorted(results) == ["lea", "marc"]  # the class's venv is no student
    scores = {sid: {q["id"]: (q["score"], q["status"]) for q in s["questions"]} for sid, s in results.items()}
    assert results["lea"]["status"] == "graded" and scores["lea"]["q15"] == (2.0, "passed")
    assert results["marc"]["status"] == "graded" and scores["marc"] == {"q1": (1.0, "passed"), "q15": (0.0, "missing")}
    lea_page, marc_page = (out / "lea.html").read_text(), (out / "marc.html").read_text()
    assert SKIPPED_FR in lea_page and VENV_FR in lea_page and "__pycache__ ignoré" in lea_page
    assert "copie.txt ignoré : un lien" in lea_page
    assert REFUSED_FR in marc_page.replace("&#39;", "'")
    assert "env ignoré : un environnement virtuel" in said.out + said.err
    assert "env ignoré : un environnement virtuel" in (out / "index.html").read_text()  # the class page's notices
    for path in out.rglob("*"):
        if path.is_file():
            _nothing_of(target, path.read_text(errors="replace"))
    _nothing_of(target, said.out + said.err)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_check_the_folder_and_its_zip_keeps_the_work_and_says_the_links(tmp_path, capsys, lang):
    klass, target = _class(tmp_path)
    archive = tmp_path / "lea.zip"
    # As a teacher zips it: `-y` stores the links as links.
    subprocess.run(["zip", "-qry", str(archive), "lea"], cwd=klass, check=True)
    for submission in (klass / "lea", archive):
        assert main(["check", str(submission), "-q", "q15", "--seed", "2017", "--lang", lang]) == 0
        said = capsys.readouterr()
        assert ("2/2  réussi" if lang == "fr" else "2/2  passed") in said.out
        assert (SKIPPED_FR if lang == "fr" else SKIPPED_EN) in said.out
        assert (VENV_FR if lang == "fr" else VENV_EN) in said.out
        _nothing_of(target, said.out + said.err)
    assert main(["check", str(klass / "marc"), "-q", "q15", "-q", "q1", "--seed", "2017", "--lang", lang]) == 1
    said = capsys.readouterr()
    assert (REFUSED_FR if lang == "fr" else REFUSED_EN) in said.out
    assert ("1/1  réussi" if lang == "fr" else "1/1  passed") in said.out
    _nothing_of(target, said.out + said.err)


def test_a_zip_whose_only_code_is_a_link_is_unreadable_and_says_why(tmp_path, capsys):
    klass, target = _class(tmp_path)
    (klass / "marc" / "jeux.py").unlink()
    archive = tmp_path / "marc.zip"
    subprocess.run(["zip", "-qry", str(archive), "marc"], cwd=klass, check=True)
    assert main(["check", str(archive), "-q", "q15", "--seed", "2017", "--json"]) == 2  # nothing to grade: a bad input
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "unreadable" and result["questions"][0]["status"] == "missing"
    assert result["warnings"] == [
        {"key": "intake.refused_link", "params": {"name": "marc.zip/marc/taquin.py", "module": "taquin"}}
    ]
    _nothing_of(target, json.dumps(result))
