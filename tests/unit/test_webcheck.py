"""The browser's self-check, Python's side (grader/webcheck.py), run here in CPython: the notebook form's
cell checking what the kernel ran. (A notebook file is read by the intake's one reader, which needs only
the standard library: tests/unit/test_intake.py.)"""

from __future__ import annotations

from pathlib import Path

from grader.webcheck import check_notebook, notebook_code

ALICE = Path(__file__).resolve().parents[2] / "exercises" / "exemples" / "alice" / "jeux.py"


def cells() -> list[str]:
    source = ALICE.read_text(encoding="utf-8")
    middle = source.index("\ndef ", len(source) // 2)
    return ["%matplotlib inline\n" + source[:middle], source[middle:], "!ls\nprint('fin')"]


def test_the_notebook_cell_checks_what_the_kernel_ran():
    history = ["", *cells(), "from grader.webcheck import check_notebook\ncheck_notebook(['q1', 'q4'])"]
    assert "check_notebook" not in notebook_code({"In": history})  # the cell that checks is left out
    checked = check_notebook(["q1", "q4"], seed=2017, namespace={"In": history})
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
