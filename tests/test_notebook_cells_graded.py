"""Notebooks whose test cells hold lines only IPython runs, graded as a teacher and a student would (`grader
grade`, `grader check`, the in-process child the browser's self-check uses, the kit): each earns what the
same code handed in as a .py earns; a cell that fails costs only what it defines, and is said (red team 5,
notebook-ipython-lines-zero-module; docs/intake.md, step 4)."""

import json
from pathlib import Path

import pytest

from grader.cli import main
from grader.sandbox import protocol

ROOT = Path(__file__).resolve().parents[1]
ALICE = (ROOT / "exercises" / "exemples" / "alice" / "jeux.py").read_text(encoding="utf-8")
QUESTIONS = ["-q", "q1", "-q", "q4", "--seed", "2017"]
# Alice's jeux.py, then the test cells of a student's notebook that ran in Jupyter.
CASES = {
    "display": ["initial, suivants, final = 1, (lambda n: [2 * n, n + 1]), (lambda n: n == 42)\ndisplay(bfs())"],
    "help": ["bfs?"],
    "indented_magic": ["for _ in range(2):\n    %time solution_42()"],
    "get_ipython": ['get_ipython().run_line_magic("load_ext", "autoreload")'],
    "time_assignment": ["%time chemin = solution_42()", "print(len(chemin))"],
    "ipython_display_import": ["from IPython.display import display"],
}
# The cells that stop where they fail (cell, line in it, what is said); the others run whole.
FAILED = {
    "display": ("cellule 2, ligne 2 : NameError: name 'display' is not defined"),
    "get_ipython": ("cellule 2, ligne 1 : NameError: name 'get_ipython' is not defined"),
    "ipython_display_import": ("cellule 2, ligne 1 : ModuleNotFoundError: No module named 'IPython'"),
}


def notebook(*cells: str) -> str:
    code = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c} for c in cells]
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": code})


def scores(out: Path) -> dict[str, dict[str, tuple[float, str]]]:
    results = json.loads((out / "results.json").read_text())["submissions"]
    return {s["id"]: {q["id"]: (q["score"], q["status"]) for q in s["questions"]} for s in results}


def graded(tmp_path: Path, *cells: str) -> dict:
    """One student's notebook of `cells`, graded by `grader grade`: their result."""
    (tmp_path / "classe" / "lea").mkdir(parents=True)
    (tmp_path / "classe" / "lea" / "TP.ipynb").write_text(notebook(*cells))
    out = tmp_path / "out"
    assert main(["grade", str(tmp_path / "classe"), "--out", str(out), *QUESTIONS]) == 0
    return json.loads((out / "students" / "lea.json").read_text())


def six_notebooks(klass: Path) -> Path:
    for name, cells in CASES.items():
        (klass / name).mkdir(parents=True)
        (klass / name / "TP.ipynb").write_text(notebook(ALICE, *cells))
    (klass / "py").mkdir()
    (klass / "py" / "jeux.py").write_text(ALICE)
    return klass


def test_six_ipython_test_cells_keep_alices_marks_in_grade(tmp_path, capsys):
    klass, out = six_notebooks(tmp_path / "classe"), tmp_path / "out"
    assert main(["grade", str(klass), "--out", str(out), *QUESTIONS, "--workers", "1"]) == 0
    capsys.readouterr()
    full = {"q1": (1.0, "passed"), "q4": (2.0, "passed")}
    assert scores(out) == dict.fromkeys([*CASES, "py"], full)
    for name in CASES:
        page = (out / f"{name}.html").read_text().replace("&#39;", "'")
        if name in FAILED:
            assert f"TP.ipynb, {FAILED[name]}. À l'import, cette cellule s'est arrêtée là" in page
        else:
            assert "cellule 2, ligne" not in page
    said = json.loads((out / "students" / "time_assignment.json").read_text())
    assert said["questions"][0]["output"]["stdout"] == "8\n"  # `%time chemin = …` bound chemin, used by cell 3


@pytest.mark.parametrize("child", ["confined", "in_process"])
def test_grader_check_of_each_notebook_says_the_failed_cell_in_english(tmp_path, capsys, request, child):
    """`grader check` as a student runs it, on the confined child and on the in-process one (the browser's)."""
    if child == "in_process":
        request.getfixturevalue("in_process")
    six_notebooks(tmp_path)
    for name in CASES:
        assert main(["check", str(tmp_path / name / "TP.ipynb"), *QUESTIONS, "--lang", "en"]) == 0
        said = capsys.readouterr().out
        assert "Total: 3/3" in said, (name, said)
        if name == "display":
            assert "TP.ipynb, cell 2, line 2: NameError: name 'display' is not defined. At import, this cell " in said


def test_a_broken_definition_cell_loses_what_it_defines_and_no_more(tmp_path, capsys):
    """solution_42's cell does not parse: q1 lacks it (0); bfs, defined in a cell that fails after it, keeps
    q4's points; a traceback of the student's code shows the line of their cell."""
    solution_42 = "def solution_42():\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n"
    bfs = ALICE[ALICE.index("def bfs():") : ALICE.index("def dfs_limite")]
    rest = ALICE.replace(solution_42, "").replace(bfs, "")
    result = graded(tmp_path, rest, "def solution_42(:\n    return []", bfs + "\n\n1 / 0", "bfs_kept = bfs")
    by_id = {q["id"]: q for q in result["questions"]}
    assert (by_id["q1"]["score"], by_id["q1"]["status"]) == (0.0, "missing")
    assert (by_id["q4"]["score"], by_id["q4"]["status"]) == (2.0, "passed")
    warnings = [(w["key"], w["params"]) for w in by_id["q4"]["warnings"]]
    assert (
        "engine.cell_failed",
        {"file": "TP.ipynb", "cell": 2, "line": 1, "error": "SyntaxError: invalid syntax"},
    ) in warnings
    assert (
        "engine.cell_failed",
        {"file": "TP.ipynb", "cell": 3, "line": bfs.count("\n") + 3, "error": "ZeroDivisionError: division by zero"},
    ) in warnings
    capsys.readouterr()
    # An error in cell 2's bfs (its line 2): its traceback shows the line, found in the module's file.
    path = tmp_path / "TP.ipynb"
    path.write_text(notebook(rest, "def bfs():\n    return 1 / 0"))
    assert main(["check", str(path), "-q", "q4", "--seed", "2017", "--lang", "en"]) == 1
    said = capsys.readouterr().out
    assert "return 1 / 0" in said and "ZeroDivisionError" in said, said


def test_a_hostile_exception_in_a_cell_is_said_bounded_and_graded(tmp_path, capsys):
    """A cell raising an exception whose __str__ loops, one whose message is ten megabytes, and a thousand
    failing cells: the module is graded (full marks), the warnings bounded, never a grader's error."""
    cells = [
        ALICE,
        "class Boucle(Exception):\n    def __str__(self):\n        while True:\n            pass\n\n\nraise Boucle()",
        "raise ValueError('x' * 10_000_000)",
        *["raise KeyError('encore')"] * 1000,
    ]
    result = graded(tmp_path, *cells)
    capsys.readouterr()
    assert {q["id"]: (q["score"], q["status"]) for q in result["questions"]} == {
        "q1": (1.0, "passed"),
        "q4": (2.0, "passed"),
    }
    said = [w["params"] for w in result["questions"][0]["warnings"]]
    assert len(said) == protocol.FAILED_CELLS
    assert said[0] == {"file": "TP.ipynb", "cell": 2, "line": 7, "error": "Boucle"}
    assert said[1]["error"] == "ValueError: " + "x" * protocol.MESSAGE_CHARS


@pytest.mark.slow
def test_the_kits_check_grades_the_display_notebook_as_the_teachers_grader(tmp_path, unpacked):
    from tests.test_kit import kit_check

    (tmp_path / "eleve").mkdir()
    (tmp_path / "eleve" / "TP.ipynb").write_text(notebook(ALICE, *CASES["display"]))
    said = kit_check(unpacked, tmp_path / "eleve", ("q1", "q4"), 2017)
    assert "Total : 3/3" in said and f"TP.ipynb, {FAILED['display']}" in said, said
