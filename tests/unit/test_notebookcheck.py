"""The notebook form of the self-check (grader/notebookcheck.py), run here in CPython: the teacher's cell
checking what the kernel ran (in JupyterLite itself: tests/test_notebook_jupyterlite.py; in Basthon's kernel: tests/test_notebook_basthon.py). (A notebook file is read by the intake's one reader, which needs only
the standard library: tests/unit/test_intake.py.)"""

from __future__ import annotations

import time
from pathlib import Path

from grader.notebookcheck import process_time_ticking, check, notebook_code

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


def test_a_process_clock_that_never_moves_is_read_from_the_wall_clock(monkeypatch):
    # Basthon's Pyodide (Capytale) reads the process's time with times(), always 0: the grader's every
    # CPU time was 0, the machine's speed calibrated to 0, each question an internal error there
    # (tests/test_notebook_basthon.py). Inside the check the clock moves; after it, it is the kernel's again.
    monkeypatch.setattr(time, "process_time", lambda: 0.0)
    stuck = time.process_time
    with process_time_ticking():
        started = time.process_time()
        time.sleep(0.01)
        assert time.process_time() > started
    assert time.process_time is stuck
    monkeypatch.undo()
    ticking = time.process_time
    with process_time_ticking():
        assert time.process_time is ticking  # a clock that moves is left as it is
