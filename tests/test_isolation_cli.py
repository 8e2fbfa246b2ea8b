"""Fail closed: `grader grade` refuses to run students' code that no layer confines to its own files
(unless --unsafe), `grader check` runs and warns; the layers in force are in every report; student text
reaches a terminal with its control characters escaped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from grader import cli
from grader.results.records import isolation_text
from grader.sandbox import confine, host, process, seccomp
from grader.text.terminal import printable

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def unconfined(monkeypatch):
    """A machine without Landlock, where `unshare` does not work (an old kernel, as a plain user)."""
    monkeypatch.setattr(confine, "landlock_abi", lambda: 0)
    monkeypatch.setattr(host, "_namespace_prefix", {True: [], False: []})
    monkeypatch.setattr(process, "VERIFIED", {})


def _one_student(tmp_path: Path) -> Path:
    class_dir = tmp_path / "class"
    (class_dir / "alice").mkdir(parents=True)
    shutil.copy(ROOT / "reference" / "answers" / "jeux.py", class_dir / "alice" / "jeux.py")
    return class_dir


def test_grade_refuses_unconfined_code_with_exit_2_and_says_how(tmp_path, unconfined, capsys):
    out, class_dir = tmp_path / "out", _one_student(tmp_path)
    assert cli.main(["grade", str(class_dir), "--out", str(out), "-q", "q1", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "no layer" in err and "Landlock" in err and "--unsafe" in err and "bubblewrap" in err
    assert not out.exists()
    assert cli.main(["grade", str(class_dir), "--out", str(out), "-q", "q1"]) == 2
    assert "aucune couche" in capsys.readouterr().err


def test_grade_unsafe_runs_and_every_report_says_not_confined(tmp_path, unconfined, capsys):
    out = tmp_path / "out"
    assert (
        cli.main(["grade", str(_one_student(tmp_path)), "--out", str(out), "-q", "q1", "--unsafe", "--workers", "1"])
        == 0
    )
    limits = json.loads((out / "results.json").read_text())["limits"]
    isolation = isolation_text(limits, "en")
    assert "NOT CONFINED" in isolation and "no Landlock" in isolation
    assert "NON CONFINÉ" in capsys.readouterr().out  # the run's language
    pages = list(out.glob("*.html"))
    assert pages and all("NON CONFINÉ" in page.read_text() for page in pages)


def test_check_runs_unconfined_with_a_warning(unconfined, capsys):
    assert cli.main(["check", str(ROOT / "reference" / "answers" / "jeux.py"), "-q", "q1", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert "not confined" in captured.err and "no Landlock" in captured.err
    assert "Total" in captured.out


def test_layers_in_force_are_recorded(tmp_path):
    out = tmp_path / "out"
    assert cli.main(["grade", str(_one_student(tmp_path)), "--out", str(out), "-q", "q1", "--workers", "1"]) == 0
    isolation = isolation_text(json.loads((out / "results.json").read_text())["limits"], "en")
    if confine.landlock_abi():
        assert "Landlock ABI" in isolation and "NOT CONFINED" not in isolation
    if seccomp.available():
        assert "seccomp" in isolation and "no seccomp" not in isolation


@pytest.mark.parametrize(
    "text, shown",
    [
        ("\x1b[2J\x1b[1A réussi", "\\x1b[2J\\x1b[1A réussi"),
        ("a\rb\x07\x9b31m", "a\\x0db\\x07\\x9b31m"),
        ("\u202eevil\u200b", "\\u202eevil\\u200b"),
        ("deux\nlignes\tici", "deux\nlignes\tici"),
    ],
)
def test_control_characters_are_escaped(text, shown):
    assert printable(text) == shown


def test_check_escapes_what_the_students_code_says(tmp_path, capsys):
    source = tmp_path / "jeux.py"
    source.write_text(
        'def solution_42():\n    print("\\x1b]52;c;ZXZpbA==\\x07")\n'
        '    raise ValueError("\\x1b[2K\\r\\u2705 passed")\n',
        encoding="utf-8",
    )
    assert cli.main(["check", str(source), "-q", "q1", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\u2705 passed" in out and "\\x1b[2K" in out
