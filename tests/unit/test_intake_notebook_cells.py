"""A notebook as one module, its cells run one by one (docs/intake.md, step 4): how the intake turns
IPython-only lines into Python line for line, how the child runs the cells (`child.load_student`, the code
the confined and the in-process children share) and what the parent keeps of what the child says of its
failed cells (`protocol.imported`). Graded end to end in tests/test_notebook_cells_graded.py."""

import json
import sys
import traceback

import pytest

from grader.intake.modules import notebook_source
from grader.sandbox import child, protocol
from grader.sandbox.protocol import FailedCell


def notebook(*cells: str) -> bytes:
    code = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c} for c in cells]
    markdown = {"cell_type": "markdown", "metadata": {}, "source": "# TP"}
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [markdown, *code]}).encode()


def cell_lines(module, number: int) -> list[str]:
    """A cell's lines in the module's text, as the cells' starts say (without its marker)."""
    lines = module.text.split("\n")
    starts = dict(module.cells)
    following = [start for n, start in module.cells if n > number]
    end = following[0] - 2 if following else len(lines) - 1
    return lines[starts[number] : end]


def test_ipython_lines_become_python_line_for_line():
    module = notebook_source(
        notebook(
            "import math",
            "for _ in range(2):\n    %time f()\nprint(1)\nif x:\n    !ls",
            "%time chemin = f()\n%timeit -n 10 -r 3 -q g(1)\n%timeit -n10 -o h()",
            "bfs?\n?bfs\nmath.sqrt??\nx.y?",
            "x = !ls\n!pip install numpy\n%matplotlib inline",
            "%%bash\nls",
            "%%time\ndef ids():\n    return 0",
        )
    )
    assert cell_lines(module, 2) == ["for _ in range(2):", "    f()", "print(1)", "if x:", "    pass"]
    assert cell_lines(module, 3) == ["chemin = f()", "g(1)", "h()"]
    assert cell_lines(module, 4) == ["pass", "pass", "pass", "pass"]
    assert cell_lines(module, 5) == ["pass", "pass", "pass"]
    assert cell_lines(module, 7) == ["pass", "def ids():", "    return 0"]
    assert [n for n, _ in module.cells] == [1, 2, 3, 4, 5, 7]  # the %%bash cell is not Python
    assert module.touched == [2, 3, 4, 5, 6, 7]
    lines = module.text.split("\n")
    assert all(lines[start - 1] == f"# --- cellule {n} ---" for n, start in module.cells)
    compile(module.text, "TP.py", "exec")


def test_python_that_looks_like_ipython_is_kept():
    """Only a line that starts a statement can be IPython's: not one inside a string spanning lines, inside
    brackets or after a backslash."""
    cells = (
        "x = a % b\nprint(x != 2)\ny = [v for v in z if v]\ntime = 3",
        'def f():\n    """Pourquoi?\n    %d états\n    !important\n    """\n    return 1',
        "msg = (\"%d états\"\n       % n)\ns = '''a\nb?''' ; t = (1,\n%2)\nu = 1 + \\\n    %3",
    )
    module = notebook_source(notebook(*cells))
    for number, cell in enumerate(cells, start=1):
        assert cell_lines(module, number) == cell.split("\n")
    assert module.touched == []
    after = notebook_source(notebook("!echo it's\nbfs?", "# a ( left open\nbfs?\nx = '('\n%time f()"))
    assert cell_lines(after, 1) == ["pass", "pass"] and cell_lines(after, 2) == [
        "# a ( left open",
        "pass",
        "x = '('",
        "f()",
    ]


def load(tmp_path, *cells: str):
    """The notebook's module run as the child runs it; the module's file and what the child said."""
    module = notebook_source(notebook(*cells))
    path = tmp_path / "jeux_cells.py"
    path.write_text(module.text, encoding="utf-8")
    try:
        loaded, failed = child.load_student(str(path), "jeux_cells", module.cells)
    finally:
        sys.modules.pop("jeux_cells", None)
    return loaded, failed, path


def test_a_failing_cell_keeps_what_it_defined_before_and_the_next_cells_run(tmp_path):
    loaded, failed, _ = load(
        tmp_path,
        "def bfs():\n    return 1",
        "def ids():\n    return 2\ndisplay(bfs())\ndef lost():\n    pass",
        "def solution_42(:\n    pass",
        "def idastar():\n    return 3",
    )
    assert loaded.bfs() == 1 and loaded.ids() == 2 and loaded.idastar() == 3
    assert not hasattr(loaded, "lost") and not hasattr(loaded, "solution_42")
    assert failed == [
        [2, 3, "NameError", "name 'display' is not defined"],
        [3, 1, "SyntaxError", "invalid syntax"],
    ]
    assert protocol.imported(child.imported(loaded, failed))[1] == [
        FailedCell(2, 3, "NameError", "name 'display' is not defined"),
        FailedCell(3, 1, "SyntaxError", "invalid syntax"),
    ]


def test_a_traceback_points_at_the_cells_line_in_the_modules_file(tmp_path):
    loaded, failed, path = load(tmp_path, "import math", "x = 1\n\ndef bfs():\n    y = 2\n    return 1 / 0")
    assert failed == []
    with pytest.raises(ZeroDivisionError) as raised:
        loaded.bfs()
    frame = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert frame.filename == str(path) and frame.line == "return 1 / 0"


def test_a_future_import_holds_for_the_cells_after_it(tmp_path):
    loaded, failed, _ = load(tmp_path, "from __future__ import annotations", "def bfs(e: Etat) -> Etat:\n    return e")
    assert failed == [] and loaded.bfs.__annotations__ == {"e": "Etat", "return": "Etat"}


def test_what_is_said_of_a_hostile_exception_runs_none_of_its_code(tmp_path):
    """Its __str__, __repr__, args and class name are the student's: none is called, the message is cut."""
    loaded, failed, _ = load(
        tmp_path,
        "class Loop(Exception):\n"
        "    def __str__(self):\n        while True: pass\n"
        "    __repr__ = __str__\n"
        "    args = property(lambda self: 1 / 0)\n"
        "raise Loop('hidden')",
        "raise ValueError('x' * 10_000_000)",
        "class Named(type):\n    __name__ = property(lambda cls: 1 / 0)\n"
        "class Odd(Exception, metaclass=Named):\n    pass\n"
        "raise Odd(['not', 'a', 'str'])",
        *["raise KeyError('again')"] * 30,
        "def bfs():\n    return 1",
    )
    assert loaded.bfs() == 1
    assert failed[:3] == [[1, 6, "Loop", "hidden"], [2, 1, "ValueError", "x" * 200], [3, 5, "Odd", ""]]
    assert len(failed) == protocol.FAILED_CELLS


@pytest.mark.parametrize(
    "value",
    [
        None,
        ["bfs"],
        {"names": "bfs", "failed_cells": "cell 2"},
        {"names": ["bfs", 3, None], "failed_cells": [[2, 1, "NameError"], [True, 1, "E", ""], [0, 1, "E", ""]]},
        {"names": ["bfs"], "failed_cells": [[2, -1, "E", ""], [2, 1, 7, ""], {"cell": 2}, [2.0, 1, "E", ""]]},
    ],
)
def test_the_parent_keeps_only_well_formed_failed_cells(value):
    names, failed = protocol.imported(value)
    assert names in ([], ["bfs"]) and failed == []


def test_the_parent_bounds_what_the_child_says_of_its_cells():
    long_kind, long_message = "E" * 10_000, "m" * 10_000
    told = {"names": ["bfs"], "failed_cells": [[k + 1, 2, long_kind, long_message] for k in range(1000)]}
    names, failed = protocol.imported(told)
    assert names == ["bfs"] and len(failed) == protocol.FAILED_CELLS
    assert failed[0] == FailedCell(1, 2, "E" * protocol.KIND_CHARS, "m" * protocol.MESSAGE_CHARS)
