"""What a student reads from `grader check`: said once, in their language, in Python's syntax.

Every test runs the real command (`grader.cli.main`) on real submission files and reads its output.
"""

import json
import re
import shutil
import subprocess
import sys
import traceback
import zipfile
from pathlib import Path

import pytest

from grader.cli import main
from grader.text.i18n import t
from grader.intake.modules import decode

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"
STUBS = ROOT / "exercises"


def check(capsys, *argv) -> tuple[int, str, str]:
    status = main(["check", *map(str, argv)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def question_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if re.match(r"q\d+ ", line)]


@pytest.mark.parametrize("lang, words", [("fr", "encore NotImplementedError"), ("en", "still raise")])
def test_the_stubs_are_one_line_per_question(capsys, lang, words):
    status, out, _ = check(
        capsys, STUBS / "taquin.py", "-q", "q15", "-q", "q16", "-q", "q17", "-q", "q18", "--lang", lang
    )
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 5 and lines[-1].startswith("Total")  # four questions, then the total
    assert all("NotImplementedError" in line for line in lines[:4])
    assert words in lines[1]  # q16: four stubs, plural
    assert "tente_gauche, tente_bas, tente_droite, tente_haut" in lines[1]
    assert "contre-exemple" not in out and "counterexample" not in out


def test_a_stub_is_not_attempted_and_builds_nothing(capsys, tmp_path, monkeypatch):
    # An empty cache: were the checks run, q17's cases would need the solver's pattern databases.
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path / "cache"))
    status, out, err = check(capsys, STUBS / "taquin.py", "-q", "q17", "--json")
    (q17,) = json.loads(out)["questions"]
    assert q17["status"] == "not_implemented"
    assert not list((tmp_path / "cache").glob("pdb-*"))


def test_an_import_error_is_said_once_with_its_caret_under_the_code(capsys):
    source = (SAMPLE / "farid" / "jeux.py").read_text(encoding="utf-8")
    try:
        compile(source, "jeux.py", "exec")
    except SyntaxError as error:
        python_says = traceback.format_exception_only(type(error), error)
    code, caret = [line for line in "".join(python_says).splitlines() if line.strip()][1:3]
    status, out, _ = check(capsys, SAMPLE / "farid", "-q", "q1", "-q", "q4", "-q", "q7")
    assert out.count("le chargement de jeux.py a échoué") == 3
    assert out.count("SyntaxError") == 1 and out.count("def solution_42()") == 1
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "def solution_42()" in line)
    # Both lines carry the same indent: the caret points where Python points.
    assert lines[at].index("def") - lines[at + 1].index("^") == code.index("def") - caret.index("^")
    assert re.search(r"^q4 .*erreur : le chargement de jeux.py a échoué \(voir q1\)$", out, re.MULTILINE)
    assert len(lines) == 1 + 4 + 2 + 1  # q1 and its traceback, q4, q7, the total


def test_missing_functions_are_said_once_with_the_right_plural(capsys):
    status, out, _ = check(capsys, SAMPLE / "farid", "-q", "q16", "-q", "q17")
    q16, q17 = question_lines(out)
    assert "absent : fonctions non définies : tente_gauche, tente_bas, tente_droite, tente_haut" in q16
    assert q17.endswith("absent : fonction non définie : dfs")
    assert len(out.splitlines()) == 3


def test_a_missing_module_is_said_once_per_question(capsys):
    status, out, _ = check(capsys, SAMPLE / "gaspard", "-q", "q15", "-q", "q16")
    assert out.count("la soumission ne contient pas de fichier taquin.py") == 2
    assert len(out.splitlines()) == 3


def test_values_are_in_python_syntax_and_grids_are_drawn(capsys):
    status, out, _ = check(capsys, SAMPLE / "chloe", "-q", "q16")
    assert "attendu : False" in out and "obtenu : True" in out
    assert re.search(r"solution = \['(Gauche|Bas|Droite|Haut)'(, '(Gauche|Bas|Droite|Haut)')*\]", out)
    assert ">>> tente_gauche()" in out
    for json_only in ("true", "false", "null", '"Droite"'):
        assert not re.search(rf"(?<![\w']){json_only}(?![\w'])", out), json_only
    grids = re.findall(r"┌─+┐\n((?:\s+│.*│\n){4})", out)
    assert grids
    for grid in grids:
        numbers = sorted(int(n) for n in re.findall(r"-?\d+", grid))
        assert numbers == list(range(15))  # the blank cell shows nothing, whatever value it holds


def test_the_blank_is_blank_whatever_value_it_holds(capsys, tmp_path):
    # Every move of this move() is wrong on the grid: the counterexample's grid shows its blank cell.
    (tmp_path / "taquin.py").write_text(
        "grid = []\nh = li = lj = 0\nsolution = []\ndef move(i, j):\n    global li, lj\n    li, lj = i, j\n",
        encoding="utf-8",
    )
    status, out, _ = check(capsys, tmp_path, "-q", "q15", "--seed", "3")
    drawn = re.findall(r"┌─+┐\n((?:\s+│.*│\n){4})", out)
    assert drawn
    for grid in drawn:
        cells = [line.strip().strip("│") for line in grid.splitlines()]
        assert sorted(int(n) for row in cells for n in row.split()) == list(range(15))


def test_french_by_default_english_on_request_argparse_included(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["check", "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage : grader check") and "afficher cette aide et quitter" in out
    assert "arguments positionnels" in out and "ne corriger que cette question" in out
    with pytest.raises(SystemExit):
        main(["check", "--help", "--lang", "en"])
    out = capsys.readouterr().out
    assert out.startswith("usage: grader check") and "show this help message and exit" in out
    assert "grade only this question" in out


@pytest.mark.parametrize(
    "argv, french, english",
    [
        (["check"], "arguments obligatoires manquants : CHEMIN", "the following arguments are required: PATH"),
        (
            ["check", "x", "--seed", "a"],
            "argument --seed : valeur invalide pour int : 'a'",
            "argument --seed: invalid int value: 'a'",
        ),
        (["nope"], "argument COMMANDE : choix invalide : 'nope'", "argument COMMAND: invalid choice: 'nope'"),
    ],
)
def test_usage_errors_in_both_languages(capsys, argv, french, english):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capsys.readouterr().err
    assert exited.value.code == 2 and "usage : grader" in err and "erreur : " + french in err, err
    with pytest.raises(SystemExit) as exited:
        main(argv + ["--lang", "en"])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and "usage: grader" in err and "error: " + english in err, err


def test_a_missing_path_is_an_error_with_exit_status_2(capsys, tmp_path):
    status, out, err = check(capsys, tmp_path / "absent")
    assert status == 2 and out == ""
    assert err.strip() == f"grader : erreur : {tmp_path / 'absent'} n'existe pas"
    status, out, err = check(capsys, tmp_path / "absent", "--lang", "en")
    assert status == 2 and "does not exist" in err


def test_an_unknown_question_is_said_in_french(capsys):
    status, out, err = check(capsys, SAMPLE / "alice", "-q", "q99", "-q", "q98")
    assert status == 2 and "questions inconnues : q99, q98" in err and err.startswith("grader : erreur : ")


def test_a_folder_checked_as_dot_is_named_after_the_folder(tmp_path):
    folder = tmp_path / "zoé"
    shutil.copytree(SAMPLE / "bruno", folder)
    done = subprocess.run(
        [sys.executable, "-m", "grader.cli", "check", ".", "-q", "q1", "--json"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    result = json.loads(done.stdout)
    assert result["name"] == "zoé"  # the id: the name's file-safe form and a digest of the name itself
    assert re.fullmatch(r"zoe-[0-9a-f]{10}", result["id"])


def test_the_encoding_advice_works_both_ways(capsys, tmp_path):
    with zipfile.ZipFile(SAMPLE / "emma.zip") as archive:
        name = next(n for n in archive.namelist() if n.endswith(".py"))
        data = archive.read(name)
    status, out, _ = check(capsys, SAMPLE / "emma.zip", "-q", "q1")
    (warning,) = [line for line in out.splitlines() if line.startswith("! ")]
    assert "UTF-8" in warning and "# -*- coding: cp1252 -*-" in warning
    # Advice 1: declare the real encoding. Python then reads the file as the grader did.
    declared = b"# -*- coding: cp1252 -*-\n" + data
    compile(declared, "jeux.py", "exec")
    assert decode(declared)[0].splitlines()[1:] == decode(data)[0].splitlines()
    (tmp_path / "jeux.py").write_bytes(declared)
    status, out, _ = check(capsys, tmp_path / "jeux.py", "-q", "q1")
    assert status == 0 and "!" not in out
    # Advice 2: re-save as UTF-8.
    (tmp_path / "jeux.py").write_text(decode(data)[0], encoding="utf-8")
    status, out, _ = check(capsys, tmp_path / "jeux.py", "-q", "q1")
    assert status == 0 and "!" not in out


def test_no_warning_and_no_failure_mark_on_a_perfect_answer(capsys, tmp_path):
    status, out, _ = check(capsys, SAMPLE / "alice", "-q", "q15", "-q", "q16", "-q", "q17", "--html", tmp_path)
    assert status == 0
    assert not [line for line in out.splitlines() if line.lstrip().startswith("!")]
    # The weightless check that says which functions counted: the student's own, passed, said beside it.
    assert "✗" not in out and re.search(r"^     ✓ .*tente_\*.*noté avec vos propres fonctions", out, re.MULTILINE), out
    page = "".join(p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.html"))
    assert 'class="ko"' not in page and "noté avec vos propres fonctions" in page


@pytest.mark.parametrize(
    "n, fr, en", [(0, "0 état ;", "0 states;"), (1, "1 état ;", "1 state;"), (2, "2 états ;", "2 states;")]
)
def test_plurals(n, fr, en):
    assert t("report.game_legend", "fr", n=n).startswith(fr)
    assert t("report.game_legend", "en", n=n).startswith(en)
