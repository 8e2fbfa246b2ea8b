"""The oracle (reference.solver): optimal, agreeing with the exam's own IDA* and with Korf's 100.

The pattern databases are built on first use into the cache (TAQUIN_GRADER_CACHE or the user cache
folder), about 1 minute of CPU on a fresh machine (58 s measured), then loaded in 0.2 s; the
session fixture makes that one build happen once, up front.
"""

import functools
import hashlib
import os
import random
from pathlib import Path

import numpy as np
import pytest

from reference import puzzle
from reference.answers import taquin
from reference.solver import from_korf, optimal_length, solve, to_korf
from reference.solver import pdb
from reference.korf import korf_moves
from reference.solver.search import search

KORF100 = Path(__file__).resolve().parents[1] / "grader" / "data" / "korf100.txt"
# The easiest of Korf's instances for this solver (numbered from 1), well under a second together.
KORF_SAMPLE = (9, 42, 47, 55, 94, 97)
# The exam's example after its first move (12 slides left): "49 more moves", as the exam says.
EXAM_AFTER_FIRST_MOVE = puzzle.apply(puzzle.EXAM_EXAMPLE, "Gauche")


def korf_instances():
    """(number, Korf-convention state, published optimal length) for each of Korf's 100."""
    lines = [line.split() for line in KORF100.read_text().splitlines() if line.strip() and line[0] != "#"]
    return [(k, tuple(map(int, words[:16])), int(words[16])) for k, words in enumerate(lines, 1)]


@pytest.fixture(scope="session", autouse=True)
def oracle():
    """Builds or loads the pattern databases once for the session."""
    solve(puzzle.GOAL)


def exam_reference(state) -> list[str]:
    """The exam-faithful answer (reference/answers/taquin.py), driven through its module globals."""
    taquin.grid = puzzle.to_grid(state)
    taquin.h = puzzle.manhattan(state)
    taquin.li, taquin.lj = puzzle.blank_position(state)
    return [move.value for move in taquin.taquin()]


def test_agrees_with_the_exam_reference_on_random_scrambles():
    rng = random.Random(2017)
    for _ in range(25):
        state = puzzle.scramble(rng, rng.randrange(5, 31))
        moves = solve(state)
        assert puzzle.replay(state, moves) == puzzle.GOAL
        assert len(moves) == len(exam_reference(state)), state


def test_goal_and_one_move_away():
    assert solve(puzzle.GOAL) == [] and solve(np.arange(16)) == []
    for move in puzzle.legal_moves(puzzle.GOAL):
        state = puzzle.apply(puzzle.GOAL, move)
        assert solve(state) == [puzzle.OPPOSITE[move]]


def test_exam_example():
    # The exam's 49 counts the moves after the one it shows, so the initial state itself needs 50.
    moves = solve(EXAM_AFTER_FIRST_MOVE)
    assert len(moves) == 49 and puzzle.replay(EXAM_AFTER_FIRST_MOVE, moves) == puzzle.GOAL
    assert optimal_length(puzzle.EXAM_EXAMPLE) == 50


def check_korf(instances):
    for number, numbers, length in instances:
        state = from_korf(numbers)
        moves = solve(state)
        assert len(moves) == length, f"Korf instance {number}"
        assert puzzle.replay(state, moves) == puzzle.GOAL


def test_korf_sample():
    check_korf([instance for instance in korf_instances() if instance[0] in KORF_SAMPLE])


@pytest.mark.slow
def test_all_of_korf_100():
    instances = korf_instances()
    assert len(instances) == 100 and sum(length for _, _, length in instances) == 5305
    check_korf(instances)


def test_conventions_round_trip_and_map_goal_to_goal():
    korf_goal = tuple(range(16))
    assert from_korf(korf_goal) == puzzle.GOAL and to_korf(puzzle.GOAL) == korf_goal
    rng = random.Random(15)
    for _ in range(50):
        state = puzzle.random_solvable(rng)
        assert from_korf(to_korf(state)) == state and to_korf(from_korf(state)) == state


def korf_replay(numbers, blank_moves):
    """Plays Korf-convention moves, named by where the blank goes, on a Korf board."""
    board = list(numbers)
    step = {"Up": -4, "Down": 4, "Left": -1, "Right": 1}
    for move in blank_moves:
        blank = board.index(0)
        target = blank + step[move]
        assert 0 <= target < 16 and (move in ("Up", "Down") or target // 4 == blank // 4), move
        board[blank], board[target] = board[target], 0
    return tuple(board)


def test_korf_moves_solve_korf_boards():
    rng = random.Random(100)
    for _ in range(20):
        state = puzzle.scramble(rng, 30)
        assert korf_replay(to_korf(state), korf_moves(solve(state))) == tuple(range(16))


@pytest.mark.parametrize(
    "state",
    [
        puzzle.GOAL[:15],
        tuple(range(1, 17)),
        (0,) * 16,
        puzzle.GOAL[:13] + (14, 13, 15),  # Sam Loyd's 14-15 puzzle
        (1, 0) + puzzle.GOAL[2:],
        (0.0,) + puzzle.GOAL[1:],
    ],
)
def test_invalid_or_unsolvable_states_raise(state):
    with pytest.raises(ValueError):
        solve(state)


def test_nodes_are_counted():
    moves, nodes = search(EXAM_AFTER_FIRST_MOVE)
    assert len(moves) == 49 and nodes > 49


def test_small_table():
    table = pdb.build_table((1, 2, 3), progress=False)
    assert (table != pdb.UNSEEN).sum() == 16 * 15 * 14  # every placement of 3 tiles, and only those
    assert table[1 + 2 * 16 + 3 * 256] == 0
    assert table[5 + 2 * 16 + 3 * 256] == 1  # tile 1 one cell below home
    assert table[2 + 1 * 16 + 3 * 256] == 4  # tiles 1 and 2 swapped: one goes around the other


def test_damaged_or_tampered_cache_files_are_rebuilt_from_the_digests_pinned_in_the_package(tmp_path, monkeypatch):
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    tiles = (1, 2, 3)
    expected = pdb.load_table(tiles, progress=False)
    path = pdb.table_path(tiles)
    assert path.parent == tmp_path and path.exists()
    assert not list(tmp_path.glob("*.sha256"))  # no checksum beside the data: it would be rewritten with it

    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # a flipped byte in the table
    path.write_bytes(bytes(data))
    assert pdb.load_table(tiles, progress=False) == expected
    assert path.read_bytes() != bytes(data)

    path.write_bytes(path.read_bytes()[:100])  # truncated
    assert pdb.load_table(tiles, progress=False) == expected

    # A well-formed table of zeros (an admissible but useless heuristic, or any forged one) with a
    # matching checksum beside it, as the cache once kept them: the pinned digest refuses it.
    forged = np.zeros(len(expected), dtype=np.uint8)
    np.save(path, forged)
    sidecar = path.with_name(path.name + ".sha256")
    sidecar.write_text(hashlib.sha256(path.read_bytes()).hexdigest() + "  " + path.name + "\n")
    assert pdb.load_table(tiles, progress=False) == expected
    assert np.load(path).tobytes() == expected  # and the cache file is rewritten

    path.unlink()
    assert pdb.load_table(tiles, progress=False) == expected and path.exists()


def test_a_fresh_cache_takes_the_tables_the_package_ships_without_building_them(tmp_path, monkeypatch):
    """A fresh installation (a student's first check of q18) decompresses the shipped tables instead of
    building them for a minute; a shipped file that is missing or damaged is built instead, and either
    way only the pinned bytes are kept."""
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(pdb, "build_table", lambda tiles, progress=True: pytest.fail(f"built {tiles}"))
    for tiles, digest in pdb.PINNED.items():
        assert pdb.shipped_path(tiles).stat().st_size < 2**20  # compressed: well under a MiB each
        assert hashlib.sha256(pdb.load_table(tiles, progress=False)).hexdigest() == digest
        assert pdb.table_path(tiles).exists()
    monkeypatch.undo()
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path / "other"))
    monkeypatch.setattr(pdb, "SHIPPED", tmp_path / "shipped")
    (tmp_path / "shipped").mkdir()
    pdb.shipped_path((1, 2, 3)).write_bytes(b"\xfd7zXZ\x00 damaged")
    built = []
    real_build = pdb.build_table
    monkeypatch.setattr(
        pdb, "build_table", lambda tiles, progress=True: built.append(tiles) or real_build(tiles, False)
    )
    assert hashlib.sha256(pdb.load_table((1, 2, 3), progress=False)).hexdigest() == pdb.PINNED[(1, 2, 3)]
    assert built == [(1, 2, 3)]


def test_a_cached_table_is_read_without_importing_numpy(tmp_path):
    """numpy's import costs about what reading the tables does: a search that finds them cached never
    imports it (only building them does: here a table the package does not ship, which is unpacked without
    numpy)."""
    import subprocess
    import sys

    script = "import pathlib, sys\nfrom reference.solver import pdb\npdb.SHIPPED = pathlib.Path('/nonexistent')\n"
    script += "assert pdb.load_table((1, 2, 3), progress=False)\n"
    script += "print('numpy' in sys.modules)"
    environment = {**os.environ, "TAQUIN_GRADER_CACHE": str(tmp_path)}
    run = functools.partial(
        subprocess.run, [sys.executable, "-c", script], capture_output=True, text=True, env=environment
    )
    built, read = run(), run()
    assert (built.stdout, read.stdout) == ("True\n", "False\n"), built.stderr + read.stderr


def test_a_pattern_without_a_pinned_digest_is_refused_and_a_build_must_match_its_digest(tmp_path, monkeypatch):
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    with pytest.raises(ValueError, match="no pinned digest"):
        pdb.load_table((1, 2), progress=False)
    monkeypatch.setitem(pdb.PINNED, (1, 2, 3), "0" * 64)  # as if the construction had changed
    with pytest.raises(RuntimeError, match="differs from its pinned digest"):
        pdb.load_table((1, 2, 3), progress=False)
    assert not pdb.table_path((1, 2, 3)).exists()
