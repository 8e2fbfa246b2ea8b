"""The taquin project's searches returning moves (module recherche.py): x2 `astar`, x3 `bfs_taquin`,
x4 `dfs_taquin` (the notebook's x1 `search`, returning the path, is search.py's).

Puzzles here follow the documents' convention, not the exam's: an n×n matrix with 0 for the blank,
goal 1 … n²−1 row-major with the blank last, operations named by the direction the BLANK moves.
Probes call the student's function and return what it returned; judges replay paths and operation
lists on the grader's own copy and compare lengths with exact optima computed here.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from grader.questions.api import CHEAP, Failure, Group, Inconclusive, Kind, Message, Outcome, Question, earned
from grader.questions.api import oracle, shapes
from grader.questions.recherche.puzzles import near_3, optimal_length, optimal_moves, puzzle_visual, shown, solvable
from grader.questions.recherche.probes import PROBES, probe_taquin
from grader.questions.recherche.puzzles import KIT_LENGTHS, kit_lengths, states_by_distance_3, timeout_failure
from grader.questions.recherche.puzzles import walks
from reference.sliding import MOVES, TILE_READING, apply_move, goal_state, matrix, replay


# Crafted 3×3 instances (blank = 0) for the long BFS cases' distances and timing: 14, 17, 28 moves. The
# deepest is there for every seed: a table of moves built from the goal within the first case's time floor
# holds the states up to 20-odd moves (tests/strategies/recherche/table_20_moves.py), and one that holds a
# 28-move state is the whole puzzle's, more than that floor (tables_at_import.py). x2's fixed ones (its
# closed set, its hard cases) are the teacher's only: `astar_cases`.
BFS_LONG_CASES = ((4, 1, 0, 3, 8, 5, 7, 6, 2), (5, 4, 6, 1, 3, 0, 7, 2, 8), (7, 8, 6, 4, 1, 5, 2, 3, 0))
# x3's `long` and x4's `limits` and `profondeur` are judged on states drawn from the seed (fixed puzzles,
# listed in the kit, were answered from a table of their solutions: red team 4) at fixed distances:
# BFS_LONG_CASES' (each drawn state timed on the crafted one of its distance: a state of the same distance
# costs the model answer at most DRAWN_ALLOWANCE times as much, measured on 15 of each) and these, far
# enough from the goal that a DFS's path usually runs to tens of thousands of operations (thousands of
# states at each: no table holds their DFS paths). The kit draws among the states of its data.
DFS_LONG_DISTANCES = (22, 25, 28)
DRAWN_ALLOWANCE = 2.0
# Below this many operations a solution that is no DFS's is told to be a breadth-first search's (x4.shallow).
DFS_MIN_MOVES = 1000
# Two tiles swapped: not reachable, so a DFS with a closed set explores its whole half of the 3×3
# puzzle (181,440 states). The reference's time on it bounds what any order of exploration needs.
UNSOLVABLE_3 = (2, 1, 3, 4, 5, 6, 7, 8, 0)
# A correct A* written with plain lists (linear scans of open and closed, as the description reads)
# is up to ~60× slower than the reference on x2's closed-set cases, one without closed set ~1000×: the
# limit there is time_factor × this × the reference's time.
ASTAR_CLOSED_ALLOWANCE = 20


@dataclass(frozen=True)
class AstarPuzzles:
    """x2's fixed 3×3 puzzles (blank = 0): the closed set's (`closed`) and the hard ones of `optimal3`."""

    closed: tuple[tuple[int, ...], ...] = ()
    hard: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class LongPuzzle:
    """A case of x3's `long`: `start`, drawn from the seed, timed on `timed_on`, the crafted case of its
    distance (BFS_LONG_CASES)."""

    start: tuple[int, ...]
    timed_on: tuple[int, ...]

    @property
    def allowance(self) -> float:
        """How many times the model answer's time on `timed_on` a correct answer may take on `start`."""
        return 1.0 if self.start == self.timed_on else DRAWN_ALLOWANCE


def astar_cases() -> AstarPuzzles:
    """x2's fixed puzzles, from reference.solver.crafted in the teacher's installation; none in the student
    kit, where a table of their solutions would pass them."""
    try:
        from reference.solver.crafted import ASTAR_CLOSED_CASES, ASTAR_HARD_CASES
    except ModuleNotFoundError:
        return AstarPuzzles()
    return AstarPuzzles(ASTAR_CLOSED_CASES, ASTAR_HARD_CASES)


def costed_cases() -> dict[str, dict]:
    """name -> probe_taquin payload: the crafted cases whose model-answer time is shipped
    (grader/data/costs.json, benchmarks/bench_costs.py): the limits of x2's closed set, x3's long BFS and
    x4's whole exploration are multiples of it. The other cases cost the model answer milliseconds."""
    cases = {}
    # Names of costs, not of messages: built from their parts (the message registry reads "x4.…" literals).
    for question, label, function, starts in (
        ("x2", "closed", "astar", astar_cases().closed),
        ("x3", "long", "bfs_taquin", BFS_LONG_CASES),
        ("x4", "exploration", "dfs_taquin", (UNSOLVABLE_3,)),
    ):
        cases.update(
            {f"{question}.{label}.{i}": {"function": function, "matrix": matrix(s, 3)} for i, s in enumerate(starts)}
        )
    return cases


# --- Oracles: what the probes return on a correct answer, without the model answer (grader/judge/expectations.py)
@oracle(probe_taquin)
def _taquin_expected(payload):
    """A shortest list of operations (None when the goal cannot be reached); the crafted cases' cost is
    the model answer's, shipped; the others are cheap."""
    from grader.questions.api import calibration

    n = len(payload["matrix"])
    start = tuple(v for row in payload["matrix"] for v in row)
    name = next((name for name, case in costed_cases().items() if case == payload), None)
    cost = calibration.cost(name) if name else CHEAP
    if not solvable(start, n):
        return None, cost
    moves = optimal_moves(start, n)  # None in the student kit: only the cost serves there
    return (list(moves) if moves is not None else None), cost


# --- Judging ----------------------------------------------------------------------------------------
def judge_moves(function: str, start: tuple, n: int, got, optimal: bool) -> Failure | None:
    """Replay `got` from `start`; it must reach the goal, in the fewest moves when `optimal`."""
    if not shapes.list_of(got, str):
        return Failure(Kind.WRONG, "recherche.not_a_list", {"function": function}, got=got)
    visual = puzzle_visual(start, n, got, optimal_moves(start, n) if optimal else None)
    unknown = next(((index, move) for index, move in enumerate(got, 1) if move not in MOVES), None)
    if unknown is not None:
        return Failure(
            Kind.WRONG,
            "recherche.unknown_move",
            {"index": unknown[0], "move": unknown[1]},
            got=shown(got),
            visual=visual,
        )
    goal = goal_state(n)
    reached, impossible = replay(start, n, got)
    if reached != goal:
        if replay(start, n, got, TILE_READING)[0] == goal:
            return Failure(Kind.WRONG, "recherche.tile_convention", got=shown(got), visual=visual)
        if reached is None:
            return Failure(
                Kind.WRONG,
                "recherche.illegal_move",
                {"index": impossible, "move": got[impossible - 1]},
                got=shown(got),
                visual=visual,
            )
        return Failure(Kind.WRONG, "recherche.not_solved", got=shown(got), visual=visual)
    if optimal and len(got) != (optimum := optimal_length(start, n)):
        return Failure(
            Kind.WRONG,
            "recherche.not_optimal",
            {"moves": len(got), "optimum": optimum},
            expected=optimum,
            got=len(got),
            visual=visual,
        )
    return None


class TaquinQuestion(Question):
    """x2–x4: the student's function on a matrix, judged by replaying the operations it returns.

    Each has a group of puzzles drawn from the seed and groups of crafted ones: x2's closed set (fixed
    puzzles, the teacher's grader's only: `astar_cases`), x3's long BFS and x4's long DFS (puzzles of fixed
    distances, drawn from the seed in the teacher's grader: a table of the fixed ones' solutions passed them). Those count only when the drawn
    group shows the function solving puzzles (`solving`)."""

    module = "recherche"
    probe_modules = PROBES
    extension = True
    optimal: bool  # must the solution be a shortest one?

    @property
    def function(self) -> str:
        return self.functions[0]

    def solving(self, drawn: Outcome, fixed: Outcome, unearned_key: str = "recherche.fixed_unearned") -> Outcome:
        """`fixed`, counted only when the group of drawn puzzles `drawn` passed, or failed on a solution's
        length alone: a valid solution of a puzzle the seed drew, which only a search finds."""
        solves = drawn.failure is None or drawn.failure.message == "recherche.not_optimal"
        unearned = Failure(Kind.WRONG, unearned_key, {"function": self.function, "group": drawn.group})
        return earned(fixed, Fraction(solves), unearned)

    def judge(
        self,
        ctx,
        start: tuple,
        limit_key: str | None = None,
        allowance: float = 1.0,
        timed_on: dict | None = None,
        solved: dict | None = None,
    ) -> Failure | None:
        """`allowance`: how many times slower than the reference a correct answer may be; `timed_on`: the
        case whose reference time sets the limit, when not this one; `solved`, when given, gets each valid
        solution (its operations), by start."""
        n = round(len(start) ** 0.5)
        payload = {"function": self.function, "matrix": matrix(start, n)}
        reply = ctx.run(probe_taquin, payload, timed_on=timed_on, slower=allowance)
        if not reply.ok:
            failure = timeout_failure(ctx, reply, limit_key, reply.limit) if limit_key else ctx.failure(reply)
            failure.counterexample = matrix(start, n)
            return failure
        failure = judge_moves(self.function, start, n, reply.value, self.optimal)
        if failure is not None:
            failure.counterexample = matrix(start, n)
        elif solved is not None:
            solved[start] = reply.value
        return failure


class X2(TaquinQuestion):
    id = "x2"
    functions = ("astar",)
    optimal = True
    points = 3.0
    groups = (Group("optimal3", 2.0), Group("optimal4", 1.0), Group("closed", 1.0))

    def run(self, ctx):
        judge = functools.partial(self.judge, ctx)
        fixed = astar_cases()
        drawn = optimal3 = ctx.check("optimal3", near_3(14), judge)
        if optimal3.failure is None and not fixed.hard:  # the student kit
            optimal3 = replace(optimal3, note=Message("x2.hard_teacher_only"))
        elif optimal3.failure is None:
            # As slow as the closed set's cases: a correct A* with plain lists is allowed as much; one
            # slower still on every hard case passes on the drawn ones, and `closed` judges its time.
            optimal3 = ctx.check_cases(
                "optimal3", fixed.hard, functools.partial(self.judge_hard, ctx), extends=optimal3
            )
        if fixed.closed:
            closed = ctx.check_cases(
                "closed",
                fixed.closed,
                functools.partial(judge, limit_key="x2.too_slow", allowance=ASTAR_CLOSED_ALLOWANCE),
            )
        else:
            closed = Outcome("closed", skipped="x2.closed_teacher_only")
        # The 4×4 puzzles count with the 3×3 ones solved: a 4×4 solver found elsewhere (the kit's optimal
        # lengths walked down, an IDA* of q17's) glued behind astar shows no A* (red team 3).
        optimal4 = self.solving(drawn, ctx.check("optimal4", walks(4, 16), judge), "x2.optimal4_unearned")
        return [optimal3, optimal4, self.solving(drawn, closed)]

    def judge_hard(self, ctx, start: tuple) -> Failure | Inconclusive | None:
        """Optimality on a hard instance; a timeout there is the `closed` group's to judge (an A* without
        closed set), not a wrong length."""
        failure = self.judge(ctx, start, allowance=ASTAR_CLOSED_ALLOWANCE)
        if failure is not None and failure.kind == Kind.TIMEOUT:
            return Inconclusive("x2.hard_timeout", {"distance": optimal_length(start, 3)})
        return failure


class X3(TaquinQuestion):
    id = "x3"
    functions = ("bfs_taquin",)
    optimal = True
    points = 2.0
    groups = (Group("short", 2.0), Group("long", 1.0))
    # Its limits stop a BFS without closed, which grows without end (tests/submissions/recherche/bfs_pile.py:
    # 3.8 times the limit before it ran out of 3 GiB); a correct one, closed in a list, takes a third of it:
    # one timing suffices (benchmarks/results/firstrun.md).
    limits_separate_algorithms = False

    def run(self, ctx):
        short = ctx.check("short", near_3(10), functools.partial(self.judge, ctx))
        long = ctx.check_cases("long", bfs_long_cases(ctx.settings.seed), functools.partial(self.judge_long, ctx))
        return [short, self.solving(short, long)]

    def judge_long(self, ctx, case: LongPuzzle) -> Failure | None:
        """A drawn state, timed on the crafted one of its distance."""
        timed_on = {"function": self.function, "matrix": matrix(case.timed_on, 3)}
        return self.judge(ctx, case.start, limit_key="x3.too_slow", allowance=case.allowance, timed_on=timed_on)


class X4(TaquinQuestion):
    id = "x4"
    functions = ("dfs_taquin",)
    optimal = False
    points = 2.0
    # A breadth-first search (or an A*) answers right but is not the search asked for: it keeps the
    # validity groups and loses `profondeur`, 60 % of the exercise, as another algorithm with the right
    # values keeps 40 % of q4, q7 and q10 (red team 5 found a BFS kept 75 % here).
    groups = (Group("valid", 1.0), Group("limits", 1.0), Group("profondeur", 3.0))
    # Its limit, ten whole explorations of the puzzle, stops a DFS without closed, which loops: one timing
    # suffices (benchmarks/results/firstrun.md).
    limits_separate_algorithms = False

    def run(self, ctx):
        # However lucky or unlucky its order, a DFS with a closed set explores at most the whole
        # component: the reference's time to explore it all is every case's basis.
        exploration = {"function": "dfs_taquin", "matrix": matrix(UNSOLVABLE_3, 3)}
        judge = functools.partial(self.judge, ctx, limit_key="x4.too_slow", timed_on=exploration)
        examples = min(10, ctx.settings.examples)  # each case may explore most of the puzzle
        solved: dict[tuple, list[str]] = {}
        valid = ctx.check("valid", near_3(10), judge, max_examples=examples)
        limits = ctx.check_cases("limits", dfs_long_cases(ctx.settings.seed), functools.partial(judge, solved=solved))
        return [valid, self.solving(valid, limits), self.solving(valid, self.depth_first(solved))]

    @staticmethod
    def depth_first(solved: dict[tuple, list[str]]) -> Outcome:
        """`profondeur`, from the solutions of the long cases. The document's DFS (a stack, a closed set)
        returns a path of its search tree, no state twice, and goes deep before it goes wide: on the puzzles
        20 to 31 moves away measured, hundreds to 113,606 operations, in each of the 96 ways to write it
        (the 24 orders of the operations, the goal tested when selected or when generated, closed filled at
        selection or at push). A breadth-first search returns the shortest; one with a detour added revisits a state or
        stays short. And the path must be the very one one of these DFS returns (reference/solver/depth.py):
        a long path that never comes back found otherwise (a self-avoiding random walk, then a
        breadth-first search home) is not. Telling that runs the DFS: the teacher's grader only, the kit
        says so."""
        try:
            from reference.solver.depth import searched_depth_first
        except ModuleNotFoundError:
            return Outcome("profondeur", skipped="x4.depth_teacher_only")
        if not solved:
            return Outcome("profondeur", Failure(Kind.WRONG, "x4.depth_unobserved"))
        for start, moves in solved.items():
            states = [start]
            for move in moves:
                moved = apply_move(states[-1], 3, move)
                assert moved is not None  # judge_moves replayed every move to the goal
                states.append(moved)
            optimum = optimal_length(start, 3)
            if len(set(states)) < len(states):
                again = next(k for k, state in enumerate(states) if state in states[:k])
                params = {"optimum": optimum, "moves": len(moves), "index": again}
                return Outcome(
                    "profondeur", Failure(Kind.WRONG, "x4.revisits", params, counterexample=matrix(start, 3))
                )
            if not searched_depth_first(start, moves):
                params = {"optimum": optimum, "moves": len(moves)}
                key = "x4.not_searched"
                if len(moves) < DFS_MIN_MOVES:
                    key, params["least"] = "x4.shallow", DFS_MIN_MOVES
                return Outcome("profondeur", Failure(Kind.WRONG, key, params, counterexample=matrix(start, 3)))
        return Outcome("profondeur")


def bfs_long_cases(seed: int) -> list[LongPuzzle]:
    """x3's long cases: a state drawn from the seed at each crafted case's distance, timed on that case."""
    rng = random.Random(f"x3:long:{seed}")
    by_distance = states_by_distance_3()
    return [LongPuzzle(rng.choice(by_distance[optimal_length(crafted, 3)]), crafted) for crafted in BFS_LONG_CASES]


def dfs_long_cases(seed: int) -> list[tuple]:
    """x4's long cases: a state drawn from the seed at each of DFS_LONG_DISTANCES."""
    rng = random.Random(f"x4:long:{seed}")
    return [rng.choice(states_by_distance_3()[distance]) for distance in DFS_LONG_DISTANCES]


def kit_data() -> dict:
    """The 3×3 distances the student kit judges on (KIT_LENGTHS, which every build of the wheel ships): a
    sample of every distance and x3's crafted long cases (x2's fixed ones, teacher-only, are not there). Written by the teacher's installation:
    `python -m grader.questions.recherche.moves`; tests/unit/test_kit_lengths.py checks the file."""
    return kit_lengths(BFS_LONG_CASES)


if __name__ == "__main__":
    KIT_LENGTHS.write_text(json.dumps(kit_data(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(KIT_LENGTHS)
