"""A student's check does nothing heavy it does not need, and says so when it has to wait."""

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grader.text import i18n
from grader.cli import main
from grader.questions.taquin.cases import walk_state
from reference import puzzle
from reference.solver import pdb, shallow
from reference.solver.search import search

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice"


def test_states_near_the_goal_are_solved_optimally_without_the_databases():
    rng = random.Random(2017)
    for _ in range(60):
        state = walk_state([rng.randint(0, 2) for _ in range(rng.randint(0, 24))])
        moves = shallow.solve_near(state)
        assert moves is not None and puzzle.replay(state, moves) == puzzle.GOAL
        assert len(moves) == len(search(state)[0])
    assert shallow.solve_near(puzzle.EXAM_EXAMPLE) is None  # 50 moves: past the budget, the databases' job


def test_a_correct_q17_builds_no_pattern_database(tmp_path):
    env = {**os.environ, "TAQUIN_GRADER_CACHE": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "grader.cli", "check", str(ALICE), "-q", "q17"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert not list(tmp_path.glob("pdb-*")) and "Construction des tables" not in done.stderr


@pytest.mark.parametrize(
    "lang, words",
    [("fr", "Construction des tables du solveur optimal"), ("en", "Building the optimal solver's tables")],
)
def test_building_the_databases_says_so_in_the_user_s_language(capsys, lang, words):
    i18n.use(lang)
    try:
        pdb.build_table((1, 2, 3))
    finally:
        i18n.use("fr")
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(words in line and "1-2-3" in line for line in lines)
    assert lines[-1].endswith(("100 %", "100%"))


def test_a_call_longer_than_two_seconds_shows_a_progress_line(capsys, tmp_path):
    (tmp_path / "jeux.py").write_text(
        "import time\n\ndef solution_42():\n    time.sleep(3)\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n",
        encoding="utf-8",
    )
    (tmp_path / "bareme.toml").write_text("time_floor = 8\n")
    assert main(["check", str(tmp_path / "jeux.py"), "-q", "q1", "--scheme", str(tmp_path / "bareme.toml")]) == 0
    err = capsys.readouterr().err
    # The question, the check under way (q1's one group) and the time spent.
    assert re.search(r"^q1 \(.+\) : vérification en cours… 2 s", err, re.MULTILINE), err
