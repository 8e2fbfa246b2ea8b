"""What the child imports for a student before their file (red team 5): their own helper named like a
standard-library module is the one they get, as in plain Python; a program of the standard library named
in their file (even in a docstring) never runs before the confinement."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from grader.cli import main

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice" / "jeux.py"
# A first-in first-out queue of the student's own, named like the standard library's (which the child
# preloads): a `File` class the standard library's queue does not have.
OWN_QUEUE = """class File:
    def __init__(self, items):
        self.entree, self.sortie = list(items), []

    def vide(self):
        return not (self.entree or self.sortie)

    def retire(self):
        if not self.sortie:
            self.entree, self.sortie = [], self.entree[::-1]
        return self.sortie.pop()

    def ajoute(self, item):
        self.entree.append(item)
"""
OWN_BFS = """

def bfs():
    from queue import File

    file = File([(initial, 0)])
    while not file.vide():
        e, p = file.retire()
        if final(e):
            return p
        for x in suivants(e):
            file.ajoute((x, p + 1))
"""


def _check(capsys, folder: Path, *questions: str) -> dict:
    selected = [arg for q in questions for arg in ("-q", q)]
    status = main(["check", str(folder), *selected, "--json", "--seed", "2017"])
    assert status == 0
    return json.loads(capsys.readouterr().out)


def _points(result: dict) -> dict:
    return {q["id"]: (q["score"], q["max"]) for q in result["questions"]}


@pytest.mark.slow
def test_a_helper_named_like_the_standard_librarys_queue_is_the_students(tmp_path, capsys):
    copy = tmp_path / "copie"
    copy.mkdir()
    (copy / "jeux.py").write_text(ALICE.read_text(encoding="utf-8") + OWN_BFS, encoding="utf-8")
    (copy / "queue.py").write_text(OWN_QUEUE, encoding="utf-8")
    assert _points(_check(capsys, copy, "q1", "q4")) == {"q1": (1, 1), "q4": (2, 2)}


@pytest.mark.slow
@pytest.mark.parametrize("program", ["unittest.__main__", "lib2to3.__main__", "ctypes.test.__main__"])
def test_a_standard_library_program_named_in_a_docstring_never_runs(tmp_path, capsys, program):
    copy = tmp_path / "copie"
    copy.mkdir()
    source = ALICE.read_text(encoding="utf-8")
    (copy / "jeux.py").write_text(f'"""Notes :\nimport {program}\n"""\n' + source, encoding="utf-8")
    started = time.monotonic()
    result = _check(capsys, copy, "q1")
    # lib2to3's refactoring of the standard library ran for the parent's whole 60 s start deadline.
    assert time.monotonic() - started < 30
    assert _points(result) == {"q1": (1, 1)}, result
