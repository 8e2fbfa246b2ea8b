"""How judged values read for a person, shared by the terminal and the HTML reports.

Students write Python: values are shown in Python's syntax (`True`, `None`, `'a'`), never as JSON; a
taquin's `grid` is drawn as a grid, its blank cell left blank whatever value the cell holds.
"""

from __future__ import annotations

SIDE = 4  # the exam's taquin
TILES = range(SIDE * SIDE - 1)  # 0..14: a blank cell may hold any other value (or one of these)


PYTHON = "__python__"  # {PYTHON: text}: a value whose Python text the judge wrote (JSON cannot hold it)


def python_source(text: str) -> dict:
    """A value shown as the Python `text` (a float or bool the child sent by its repr, a game's
    successors keyed by its states, a bound `≤ 2`): plain data that survives results.json."""
    return {PYTHON: text}


def python_text(value) -> str:
    """A plain-data value as Python writes it (strings keep their quotes, so 1 and '1' differ)."""
    try:
        return _python_text(value)
    except (RecursionError, ValueError):  # too deep to print (plain data is bounded, but be safe)
        return object.__repr__(value)


def _python_text(value) -> str:
    if type(value) is dict:
        if len(value) == 1 and type(value.get(PYTHON)) is str:
            return value[PYTHON]
        return "{" + ", ".join(f"{_python_text(k)}: {_python_text(v)}" for k, v in value.items()) + "}"
    if type(value) is list:
        return "[" + ", ".join(map(_python_text, value)) + "]"
    return repr(value)


def is_grid(value) -> bool:
    return type(value) is list and len(value) == SIDE and all(type(row) is list and len(row) == SIDE for row in value)


def grid_lines(grid, blank: tuple[int, int] | None = None, blank_value=None) -> list[str]:
    """A 4×4 grid in a box: the cell at `blank`, the cells holding None and, when `blank_value` is not a
    tile's number, the cells holding it are left blank."""
    width = max(
        2,
        *(
            len(python_text(grid[i][j]))
            for i in range(SIDE)
            for j in range(SIDE)
            if not blank_cell(grid, i, j, blank, blank_value)
        ),
    )

    def cell(i, j):
        return " " * width if blank_cell(grid, i, j, blank, blank_value) else python_text(grid[i][j]).rjust(width)

    rows = ["│ " + " ".join(cell(i, j) for j in range(SIDE)) + " │" for i in range(SIDE)]
    line = "─" * (len(rows[0]) - 2)
    return ["┌" + line + "┐", *rows, "└" + line + "┘"]


def blank_cell(grid, i: int, j: int, blank: tuple[int, int] | None, blank_value=None) -> bool:
    """Whether cell (i, j) is drawn blank: it is `blank`, holds None, or holds `blank_value` when that
    is no tile's number (a value the probes wrote in the blank cell, found where the blank went)."""
    v = grid[i][j]
    return (
        (i, j) == blank
        or v is None
        or (blank_value is not None and blank_value not in TILES and type(v) is type(blank_value) and v == blank_value)
    )


def taquin_case(value) -> tuple[list, tuple[int, int] | None] | None:
    """(grid, blank cell) when `value` is a taquin case shown as the exam's globals (grid, li, lj...)."""
    if type(value) is not dict or not is_grid(value.get("grid")):
        return None
    li, lj = value.get("li"), value.get("lj")
    if type(li) is int and type(lj) is int and 0 <= li < SIDE and 0 <= lj < SIDE:
        return value["grid"], (li, lj)
    return value["grid"], None


def value_grid(value, case) -> tuple[list, tuple[int, int] | None, object] | None:
    """(grid, blank cell, blank value) to draw `value` with, when it is a taquin case itself, or a bare
    4×4 grid (an expected or returned `grid`) of a check whose counterexample is a taquin case; None
    for any other value (a companion exercise's n×n `matrice` is not the exam's grid)."""
    found = taquin_case(value)
    if found is not None:
        return found[0], found[1], None
    found = taquin_case(case)
    if found is None or not is_grid(value):
        return None
    grid, blank = found
    return value, None, None if blank is None else grid[blank[0]][blank[1]]


def shared_failure(checks):
    """The one message (a grader.text.message.Message) every check failed with, when none has anything of its
    own to show (a missing module or function, a stub, an import that failed): said once rather than
    once per check. None otherwise."""
    if not checks or any(
        c.passed or c.counterexample is not None or c.expected is not None or c.got is not None or c.visual
        for c in checks
    ):
        return None
    messages = {c.message for c in checks}
    return messages.pop() if len(messages) == 1 else None
