"""The extensions x1-x4: red teams 3's, 4's and 12's ways of earning points without the search asked for
(tests/strategies/recherche/), each earning nothing on the groups it aimed at, under seeds 2017, 1 and 2,
in the teacher's grader and in the student kit's; a correct answer keeps every point under those seeds.

x1 judges the search on the trace the parent served on the graphs (grader/questions/recherche/replay.py,
`unobserved`), the crafted graphs first, the same under every seed: a strategy that fails on one of them
(asserted) fails under every seed, and is graded once, under SEED (the puzzles count only with IDA* seen
on the graphs).

- `astar_closed.py`: x1 an A* with a heap and a closed set (3/3 before): shortest paths, but not IDA*; it
  expands a state beyond the first bound h(start). Red team 12's BFS with a table of parents (2/3) is
  tests/submissions/recherche/search_largeur.py (tests/test_questions_recherche.py): it never calls h.
- `idastar_next_plus_one.py`: x1 the notebook's IDA* whose next bound is the smallest p + h cut plus one
  (1/3 before, half the BFS's): its second pass expands a state beyond IDA*'s bound. It earns what doing
  nothing earns (tests/test_do_nothing.py), no less, and no longer less than the A* or the BFS.
- `astar_per_bound.py`, `bfs_per_bound.py`: x1 a best-first and a breadth-first search over paths,
  restarted from the start for each of IDA*'s bounds (3/3 before, under seeds 2017, 1, 2 and 7): each pass
  expands only what IDA*'s may, so the counts passed; the passes are now walked depth first
  (grader/questions/recherche/depth_first.py), and each jumps to a branch it left on the seventh graph.
- `astar_start_again.py`: x1 the A* with a closed set asking heuristic(start) once more before returning
  (3/3 before, under the same seeds): back at the start without expanding a state twice, it passed for an
  IDA* whose next_states is cached, which was not judged. A cached trace is now walked depth first too,
  a state entered again from the cache needing a call on it: the A* comes back to a branch without one.
- `astar_lone_passes.py`: x1 an A* with no bound cutting its own passes (the start alone 30 times, then a
  pass per state taken: its ancestors, then it; red teams 14 and 15: 3/3, every pass after the notebook's
  judged by its last bound): a search now makes no more passes than IDA*'s bounds (plus at most h(start)
  below the first), and a pass another follows expands every path within its bound.
- `ids_stopped_on_h.py`: x1 an iterative deepening ignoring h on the graphs, stopped by the parent where h
  is not 0, and an A* on the puzzles (red team 16: 1/3, IDA* counted as seen on the graph whose h is 0):
  a graph run that does not end now keeps the puzzles from counting.
- `astar_puzzles_only.py`: x1 no search on the graphs (h asked once, the start returned) and an A* on the
  puzzles (red team 14: 1/3, where searching the graphs with the A* earned 0): the puzzles now count only
  after a graph whose search returned a path to the goal showed IDA*.

- `tables_at_import.py`: the whole 3×3 puzzle searched when the module is imported, each call walking
  down the table (x2 and x3: 5/5 before, the import outside any limit). The import's CPU time now counts
  in the first case a child runs (grader/judge/session.py): built at import or in the first call, the
  table costs the same, and the first case is out of time.
- `walk_then_bfs.py`: a self-avoiding random walk of 1,200 moves, then a BFS home (x4 `profondeur`: 2/2
  before). Its solutions stay valid (`valid`, `limits`); `profondeur` asks for the path one of the
  document's DFS returns (reference/solver/depth.py), which it is not.
- `table_behind_bfs.py`: x4 a BFS, but the stored DFS paths of the three fixed long puzzles the kit's
  wheel listed (red team 4: `profondeur` 2/2 under every seed). The long puzzles are now drawn from the
  seed at fixed distances (22, 25, 28 moves: thousands of states each), so the table holds none of them.
- `list_closed_table.py`: x3 a BFS whose closed set is a list, plus the stored solutions of the three
  fixed long puzzles (red team 4: `long` 2/2 under every seed). The long puzzles are drawn at their
  distances (14, 17, 28): the list is too slow there.
- `table_20_moves.py`: x3 a table of the states within 20 moves of the goal, built breadth first from the
  goal in the first call (54,802 states: within the first case's time floor), walked down in each call
  (`long` 2/2 under every seed while its puzzles were 14, 17 and 20 moves away). `long` holds a puzzle 28
  moves away under every seed (the crafted case's distance, not a draw's luck): outside such a table.

The kit judges x4's `profondeur` nowhere (telling a DFS's path takes running a DFS, which the kit does not
ship: it says the teacher's grader judges it), and draws its long puzzles among the states whose distances
the teacher's installation wrote into the wheel: a table of the fixed puzzles holds none of them either.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from grading import SEED, say
from test_kit import kit_check

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.registry import all_questions

ROOT = Path(__file__).resolve().parents[1]
STRATEGIES = ROOT / "tests" / "strategies" / "recherche"
QUESTIONS = {q.id: q for q in all_questions(extensions=True) if q.module == "recherche"}
SEEDS = (2017, 1, 2)
# strategy -> question -> the groups it aimed at (None: the whole question)
AIMED = {
    "astar_closed.py": {"x1": None},
    "idastar_next_plus_one.py": {"x1": None},
    "astar_per_bound.py": {"x1": None},
    "bfs_per_bound.py": {"x1": None},
    "astar_start_again.py": {"x1": None},
    "astar_puzzles_only.py": {"x1": None},
    "astar_lone_passes.py": {"x1": None},
    "ids_stopped_on_h.py": {"x1": None},
    "tables_at_import.py": {"x2": None, "x3": None},
    "walk_then_bfs.py": {"x4": ("profondeur",)},
    "table_behind_bfs.py": {"x4": ("profondeur",)},
    "list_closed_table.py": {"x3": ("long",)},
    "table_20_moves.py": {"x3": ("long",)},
}
# What each earns in the kit, and what the kit says of the groups it aimed at. table_20_moves.py is left out
# (26 s): the kit's `long` draws at the same fixed distances from its data, which holds the 28-move crafted
# case and states of that distance (tests/unit/test_kit_lengths.py).
IN_THE_KIT = {
    "tables_at_import.py": ("Total : 0/5", "temps limite dépassé"),
    "walk_then_bfs.py": ("Total : 0,8/2", "jugé par le correcteur de l'enseignant"),
    "table_behind_bfs.py": ("Total : 0,8/2", "jugé par le correcteur de l'enseignant"),
    "list_closed_table.py": ("Total : 1,33/2", "closed dans une liste"),
}
MODEL = ROOT / "reference" / "answers" / "recherche.py"


def _folder(tmp_path: Path, name: str, source: str | None = None) -> Path:
    folder = tmp_path / name.removesuffix(".py")
    folder.mkdir()
    (folder / "recherche.py").write_text(source or (STRATEGIES / name).read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def _earning(result) -> list:
    return [(c.name, c.points, say(c.message)) for c in result.checks if c.points]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "seed"), [(name, seed) for name in sorted(AIMED) for seed in ((SEED,) if "x1" in AIMED[name] else SEEDS)]
)
def test_a_red_team_strategy_earns_nothing_on_its_groups_in_the_teachers_grader(tmp_path, name, seed):
    folder = _folder(tmp_path, name)
    for qid, groups in AIMED[name].items():
        result = grade_question(QUESTIONS[qid], load_submission(folder), Settings(seed=seed))
        if qid == "x1":  # on a crafted graph, judged before any drawn from the seed: the same under every seed
            assert "game" in next(c for c in result.checks if c.name == "graphs").visual["replay"], _earning(result)
        if groups is None:
            assert result.score == 0, _earning(result)
        else:
            aimed = [c for c in result.checks if c.name in groups]
            assert aimed and all(not c.passed and c.points == 0 for c in aimed), _earning(result)
            kept = sum(c.points for c in result.checks if c.name not in groups)
            assert result.score == pytest.approx(kept) and kept > 0  # its valid solutions keep their groups


@pytest.mark.slow
def test_a_table_built_at_import_is_told_so_and_gains_nothing_over_one_built_in_the_first_call(tmp_path):
    """The import's CPU time is counted in the first case: the failure says so; the same table built in the
    first call instead earns the same (nothing): precomputing at import is no longer a free lunch."""
    source = (STRATEGIES / "tables_at_import.py").read_text(encoding="utf-8")
    lazy = source.replace("TOWARD = _table()  # at import", "TOWARD = {}").replace(
        "    if len(matrice) != 3:", "    if not TOWARD:\n        TOWARD.update(_table())\n    if len(matrice) != 3:"
    )
    assert lazy != source
    question = QUESTIONS["x3"]
    at_import = grade_question(question, load_submission(_folder(tmp_path, "import", source)), Settings(seed=2017))
    in_call = grade_question(question, load_submission(_folder(tmp_path, "call", lazy)), Settings(seed=2017))
    assert at_import.score == in_call.score == 0
    said = say(at_import.checks[0].message)
    assert "le chargement de recherche.py a pris à lui seul" in said and "comptées dans ce premier cas" in said, said


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(IN_THE_KIT))
def test_a_red_team_strategy_earns_nothing_on_its_groups_in_the_kit(unpacked, tmp_path, name):  # noqa: F811
    folder = _folder(tmp_path, name)
    questions = tuple(AIMED[name])
    total, why = IN_THE_KIT[name]
    for seed in SEEDS:
        said = kit_check(unpacked, folder, questions, seed)
        assert total in said and why in said, said


@pytest.mark.slow
@pytest.mark.parametrize("seed", [seed for seed in SEEDS if seed != SEED])
def test_a_correct_answer_keeps_every_point_on_the_drawn_long_puzzles(tmp_path, seed):
    """The long puzzles drawn from the seed are no harder for a correct answer than the fixed ones were (under
    SEED, tests/test_questions_recherche.py grades the model answer on every question already)."""
    folder = _folder(tmp_path, "model", MODEL.read_text(encoding="utf-8"))
    for qid in ("x3", "x4"):
        result = grade_question(QUESTIONS[qid], load_submission(folder), Settings(seed=seed))
        assert result.score == QUESTIONS[qid].points, _earning(result)
