"""`grader solve`, through the command line's main(argv) and as a separate process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader import cli
from reference import puzzle

ROOT = Path(__file__).resolve().parents[1]
KORF100 = ROOT / "grader" / "data" / "korf100.txt"
EXAM_AFTER_FIRST_MOVE = puzzle.apply(puzzle.EXAM_EXAMPLE, "Gauche")


def main(argv):
    return cli.main(["solve", *argv])


def words(state):
    return [str(v) for v in state]


def test_exam_state_on_the_command_line(capsys):
    assert main(words(EXAM_AFTER_FIRST_MOVE)) == 0
    length, *moves = capsys.readouterr().out.split()
    assert int(length) == len(moves) == 49
    assert puzzle.replay(EXAM_AFTER_FIRST_MOVE, moves) == puzzle.GOAL


def test_korf_file_with_comments_blank_lines_and_extra_columns(tmp_path, capsys):
    lines = KORF100.read_text().splitlines()
    instances = [line for line in lines if line.strip() and not line.startswith("#")]
    easy = [instances[8], instances[18]]  # Korf's 9 and 19, both 46 moves
    source = tmp_path / "states.txt"
    source.write_text("# two of Korf's\n\n" + "\n".join(easy) + "   # trailing comment\n")
    assert main(["--convention", "korf", str(source)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == ["46", "46"]
    assert set(" ".join(out).split()[1:]) <= {"46", "Up", "Down", "Left", "Right"}


@pytest.mark.parametrize(
    "argv, french, english",
    [
        (words(puzzle.GOAL[:15]), "c'est 16 nombres ; 15 donnés", "16 numbers"),
        (words(puzzle.GOAL[:14] + (14, 14)), "chacun une fois", "each once"),
        (words(puzzle.GOAL[:13] + (14, 13, 15)), "insoluble", "unsolvable"),
        (["--convention", "korf"] + words(range(1, 17)), "chacun une fois", "each once"),
        (["/no/such/file"], "impossible de lire /no/such/file", "cannot read /no/such/file"),
    ],
)
def test_invalid_input_exits_2_in_french_or_english(argv, french, english, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("grader : erreur : ") and french in captured.err and captured.out == ""
    assert main(["--lang", "en", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("grader: error: ") and english in captured.err and captured.out == ""


def test_help_in_french_by_default(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage : grader solve") and "case libre" in out and "blank" not in out


def test_is_a_sub_command_of_grader(capsys):
    """Listed by `grader --help`, with its own usage errors (argparse's, exit 2) like any other command."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "solve" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["--convention", "nope", "1"])
    assert exit_.value.code == 2 and "--convention" in capsys.readouterr().err


def test_an_invalid_line_is_reported_before_anything_is_solved(tmp_path, capsys):
    source = tmp_path / "states.txt"
    source.write_text(" ".join(words(EXAM_AFTER_FIRST_MOVE)) + "\n1 2 3\n")
    assert main([str(source)]) == 2
    captured = capsys.readouterr()
    assert "ligne 2" in captured.err and captured.out == ""


def test_as_a_process_reading_stdin():
    state = puzzle.apply(puzzle.apply(puzzle.GOAL, "Bas"), "Droite")
    result = subprocess.run(
        [sys.executable, "-m", "grader", "solve", "-"],
        input=" ".join(words(state)),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=os.environ,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["2", "Gauche", "Haut"]


def test_as_a_process_with_an_unsolvable_state():
    result = subprocess.run(
        [sys.executable, "-m", "grader", "solve", *words((1, 0) + puzzle.GOAL[2:])],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 2 and "insoluble" in result.stderr
