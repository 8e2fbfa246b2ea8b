"""The browser's self-check, Python's side (grader/webcheck.py), run here in CPython: a notebook read
without nbformat (Pyodide has none) as with it, and the notebook form's cell checking what the kernel ran."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

from grader.intake.modules import notebook_source
from grader.webcheck import check_notebook, notebook_code

ALICE = Path(__file__).resolve().parents[2] / "exercises" / "exemples" / "alice" / "jeux.py"


def cells() -> list[str]:
    source = ALICE.read_text(encoding="utf-8")
    middle = source.index("\ndef ", len(source) // 2)
    return ["%matplotlib inline\n" + source[:middle], source[middle:], "!ls\nprint('fin')"]


def test_a_notebook_reads_without_nbformat_as_with_it(monkeypatch):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells()])
    notebook.cells.insert(1, nbformat.v4.new_markdown_cell("# pas du code"))
    data = nbformat.writes(notebook).encode("utf-8")
    with_nbformat = notebook_source(data)
    monkeypatch.setitem(sys.modules, "nbformat", None)  # `import nbformat` now fails, as in Pyodide
    assert notebook_source(data) == with_nbformat and with_nbformat[1] == [1, 3]
    with pytest.raises(ValueError):
        notebook_source(b'{"nbformat": 3, "worksheets": []}')


def test_the_notebook_cell_checks_what_the_kernel_ran():
    history = ["", *cells(), "from grader.webcheck import check_notebook\ncheck_notebook(['q1', 'q4'])"]
    assert "check_notebook" not in notebook_code({"In": history})  # the cell that checks is left out
    checked = check_notebook(["q1", "q4"], seed=2017, namespace={"In": history})
    assert "Q1" in checked.text and "Q4" in checked.text and "--seed 2017" in checked.text
    assert checked.text.count("réussi") == 2, checked.text
    assert "<iframe" in checked._repr_html_() and "bfs" in checked.html


def test_without_a_history_the_functions_defined_are_checked():
    namespace: dict = {"__name__": "__main__"}
    exec(compile(ALICE.read_text(encoding="utf-8"), str(ALICE), "exec"), namespace)
    code = notebook_code(namespace)
    assert "def bfs(" in code and "def solution_42(" in code
