"""The notebook form of the self-check (grader/notebookcheck.py), run here in CPython: the teacher's cell
checking what the kernel ran (in JupyterLite itself: tests/test_notebook_jupyterlite.py). (A notebook file is read by the intake's one reader, which needs only
the standard library: tests/unit/test_intake.py.)"""

from __future__ import annotations

from pathlib import Path

from grader.notebookcheck import check, notebook_code

ALICE = Path(__file__).resolve().parents[2] / "exercises" / "exemples" / "alice" / "jeux.py"


def cells() -> list[str]:
    source = ALICE.read_text(encoding="utf-8")
    middle = source.index("\ndef ", len(source) // 2)
    return ["%matplotlib inline\n" + source[:middle], source[middle:], "!ls\nprint('fin')"]


TEACHER = "import micropip\nawait micropip.install('x.whl')\nfrom grader.notebookcheck import check\ncheck(globals())"


def test_the_notebook_cell_checks_what_the_kernel_ran():
    # run once before, after part of the cells: that earlier run (its `await` compiles in no module) is left out too
    history = ["", cells()[0], TEACHER, *cells()[1:], TEACHER]
    assert "notebookcheck" not in notebook_code({"In": history}) and "def bfs(" in notebook_code({"In": history})
    checked = check({"In": history}, ["q1", "q4"], seed=2017)
    assert "Q1" in checked.text and "Q4" in checked.text and "--seed 2017" in checked.text
    assert checked.text.count("réussi") == 2, checked.text
    # the student's code shares this process and could change the verdict: said beside it, and on the page
    assert "pas une note" in checked.text and "pas une note" in checked.html
    assert "peut donc falsifier ce résultat" in checked.text  # the notebook's code shares the judge's Python
    assert "<iframe" in checked._repr_html_() and "bfs" in checked.html


def test_without_a_history_the_functions_defined_are_checked():
    namespace: dict = {"__name__": "__main__"}
    exec(compile(ALICE.read_text(encoding="utf-8"), str(ALICE), "exec"), namespace)
    code = notebook_code(namespace)
    assert "def bfs(" in code and "def solution_42(" in code
