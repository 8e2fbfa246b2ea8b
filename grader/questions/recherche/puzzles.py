"""The companion documents' puzzles on the grader's side, shared by x1 (its puzzle cases) and x2–x4: exact
optima (the 3×3 table; 4×4 walks by IDA* or, in the student kit, counts of DFS*), the strategies drawing
puzzles, and the step-through the reports show. Parent only.

The 3×3 table is found by a breadth-first search, which is x3's answer: the search is the teacher's
(reference.solver, never shipped). The student kit judges 3×3 puzzles on the states whose distances the
teacher's installation wrote (KIT_LENGTHS, `kit_lengths`): its cases are drawn among those states
(docs/student-kit.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from grader.questions.api import Failure, Kind, cached, protocol
from reference.cache import cache_dir, pinned_bytes
from reference.dfs_tree import counted_length
from reference.graphs import walk
from reference.sliding import goal_state, successors

SHOWN_MOVES = 200  # a DFS may return tens of thousands of operations: keep results.json readable


# --- Exact optima ----------------------------------------------------------------------------------
def neighbours(n: int):
    return lambda state: [t for _, t in successors(state, n)]


STATES_3 = 181_440  # the solvable 3×3 states
# The kit's 3×3 states and their distances (moves.kit_data writes them): this many states of each
# distance, drawn once, every state of the distances with fewer.
KIT_LENGTHS = Path(__file__).resolve().parents[2] / "data" / "kit_lengths3.json"
KIT_SAMPLE = 24
# The cached table: every state's 9 cells in the order a BFS from the goal meets them, then each one's
# distance, a byte each. Its sha256, pinned: the cache is trusted only with these very bytes.
TABLE_3 = "distances3-v1.bin"
TABLE_3_SHA256 = "ed258429540c9733430ebfe161c56b8b7af6326b7ba5094dc13795f794ac55f9"


def teachers_searches():
    """reference.solver.sliding (the documents' puzzles solved, their 3×3 distances searched), in the
    teacher's installation; None in the student kit, which ships no search."""
    try:
        from reference.solver import sliding
    except ModuleNotFoundError:
        return None
    return sliding


@cached(maxsize=1)
def distances_3() -> dict:
    """Distance to the goal of the 3×3 states the grader judges on. The teacher's installation: every
    solvable state, in the order a BFS from the goal meets them, the search once per machine (0.9 s), then
    the table read from the cache (0.1 s). The student kit: the states of its data (KIT_LENGTHS)."""
    searches = teachers_searches()
    if searches is None:
        data = json.loads(KIT_LENGTHS.read_text(encoding="utf-8"))
        return {tuple(state): distance for state, distance in zip(data["states"], data["distances"])}
    table = pinned_bytes(
        cache_dir() / TABLE_3, 10 * STATES_3, TABLE_3_SHA256, lambda: _searched_distances_3(searches), TABLE_3
    )
    cells = 9 * STATES_3
    return dict(zip((tuple(table[i : i + 9]) for i in range(0, cells, 9)), table[cells:]))


def _searched_distances_3(searches):
    found = searches.distances_from_goal(3)
    table = bytes(cell for state in found for cell in state) + bytes(found.values())
    return table, lambda f: f.write(table)


def kit_lengths(crafted) -> dict:
    """What the kit's data holds (the teacher's installation writes it): KIT_SAMPLE states of each distance
    (all of a distance with fewer), drawn once, and the `crafted` states, each with its distance."""
    rng = random.Random("kit")
    chosen = set(crafted)
    for level in states_by_distance_3():
        chosen.update(level if len(level) <= KIT_SAMPLE else rng.sample(level, KIT_SAMPLE))
    table = distances_3()
    ordered = sorted(chosen, key=lambda state: (table[state], state))
    return {"states": [list(state) for state in ordered], "distances": [table[state] for state in ordered]}


def solvable(start: tuple, n: int) -> bool:
    """Whether the goal can be reached from `start`: the parity of its inversions (the blank left out),
    with the blank's row when n is even."""
    tiles = [v for v in start if v]
    inversions = sum(a > b for k, a in enumerate(tiles) for b in tiles[k + 1 :])
    if n % 2:
        return inversions % 2 == 0
    return (inversions + start.index(0) // n) % 2 == (n - 1) % 2


@cached(maxsize=512)
def optimal_moves(start: tuple, n: int) -> tuple[str, ...] | None:
    """A shortest list of operations from `start` to the goal (3×3: down the table; 4×4: IDA*), for the
    reports and the oracles; None in the student kit, which ships no solver (docs/student-kit.md)."""
    searches = teachers_searches()
    if searches is None:
        return None
    return searches.descent(start, n, distances_3()) if n == 3 else searches.deepening(start, n)


@cached(maxsize=512)
def optimal_length(start: tuple, n: int) -> int:
    """The length of a shortest list of operations from `start` (solvable) to the goal: what judging needs,
    in every installation. A 4×4 puzzle without the solver: the same puzzle in the exam's convention (tile
    v - 1 for v, the blank 15 for 0: the goals match), its length from counts of DFS* (reference.dfs_tree)."""
    if n == 3:
        return distances_3()[start]
    moves = optimal_moves(start, n)
    if moves is not None:
        return len(moves)
    length = counted_length(tuple(15 if v == 0 else v - 1 for v in start))
    assert length is not None  # without a limit it always ends
    return length


# --- Strategies (Hypothesis is imported only here, in the parent) -----------------------------------
def walks(n: int, max_length: int):
    """Puzzles at most `max_length` moves from the goal: random walks of the blank that never undo
    the previous move. They shrink towards shorter walks. The student kit draws its 3×3 ones among the
    states it knows the distance of (`near_3`)."""
    from hypothesis import strategies as st

    if n == 3 and teachers_searches() is None:
        return near_3(max_length)

    return st.lists(st.integers(0, 3), max_size=max_length).map(
        lambda choices: walk(goal_state(n), neighbours(n), choices)
    )


@cached(maxsize=1)
def states_by_distance_3() -> list[list[tuple]]:
    by_distance: list[list[tuple]] = [[] for _ in range(max(distances_3().values()) + 1)]
    for state, distance in distances_3().items():
        by_distance[distance].append(state)
    return by_distance


def near_3(max_distance: int):
    """3×3 puzzles at most `max_distance` moves from the goal, every distance equally likely (random
    walks mostly stay close to the goal). They shrink towards the goal."""
    from hypothesis import strategies as st

    by_distance = states_by_distance_3()
    return st.integers(0, max_distance).flatmap(lambda k: st.sampled_from(by_distance[k]))


# --- Judging ----------------------------------------------------------------------------------------
def shown(moves) -> list:
    return moves if len(moves) <= SHOWN_MOVES else moves[:SHOWN_MOVES] + ["…"]


def puzzle_visual(start: tuple, n: int, moves: list, optimal=None) -> dict:
    """A step-through for the reports: the documents' convention (0 = blank, moves of the blank)."""
    visual = {"type": "puzzle", "size": n, "start": list(start), "moves": shown(moves), "length": len(moves)}
    if optimal is not None:
        visual["optimal"] = list(optimal)
    return visual


def timeout_failure(ctx, reply, key: str, limit: float) -> Failure:
    """A timeout on a case where the reference is fast: say what usually causes it."""
    if reply.status == protocol.TIMEOUT and not reply.import_decided:
        return Failure(Kind.TIMEOUT, key, {"limit": f"{limit:.1f}"})
    return ctx.failure(reply)
