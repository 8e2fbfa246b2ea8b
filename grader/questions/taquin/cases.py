"""The taquin's cases: the payloads the probes install, the states each question draws from the class
seed, and what is known of them (optimal solutions, detours, the traps and deep instances of q18)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from grader.questions.api import cached, calibration, drawing, shapes
from grader.questions.taquin.probes import BLANK, FIRST, LAST, MOVE_NAMES, exam_grid
from reference import graphs
from reference.puzzle import (
    EXAM_EXAMPLE,
    GOAL,
    MOVES,
    apply,
    legal_moves,
    manhattan,
    neighbours,
    scramble,
)
from reference.dfs_tree import counted_length, dfs_calls
from reference.korf import from_korf

if TYPE_CHECKING:
    from grader.questions.api import Reply

# Values written in the blank cell: it is not significant, so any value (a real tile's included) is fair.
BLANK_VALUES = (-1, 0, 15, 7, 14, 99)
MAX_WALK_Q17 = 24  # dfs is judged on shallow instances: the reference answers in milliseconds
MAX_WALK_Q18 = 24
# Optimum range -> number of q18 instances drawn in it (the many-rounds states below need more passes).
DEEP_BANDS = {(26, 29): 1, (30, 32): 2}
CLIMBS = 2  # q18 states 40 to 48 moves away whose optimum is known without search
# q18 draws one of ROUNDS for each of these detours (optimum - h): a bound skipped in the 7th to 9th round.
# (A detour of 18, the 10th round, would cost the model answer 0.1 s more on every check.)
ROUND_DETOURS = (12, 14, 16)
MAX_DETOUR = 10
DEEP_COUNT = sum(DEEP_BANDS.values()) + len(ROUND_DETOURS) + CLIMBS  # deep_instances' length, whatever the seed


# --- Parent side: cases, and how a snapshot is judged -----------------------------------------------
def reordered(moves, convention):
    """Moves in the order played <-> in `solution`'s order under `convention` (both ways: a reversal)."""
    return list(reversed(moves)) if convention == FIRST else list(moves)


def case_payload(state, blank_value=0, history=(), convention=LAST, **extra):
    """What the probes install: `history` is in the order played, `solution` in the student's order."""
    return {
        "state": list(state),
        "blank_value": blank_value,
        "h": manhattan(state),
        "solution": reordered(history, convention),
        **extra,
    }


def shown_case(payload, call):
    """A counterexample as the student would write it: the globals before the call, and the call."""
    li, lj = divmod(payload["state"].index(BLANK), 4)
    return {
        "grid": exam_grid(payload),
        "li": li,
        "lj": lj,
        "h": payload["h"],
        "solution": payload["solution"],
        "appel": call,
    }


def walk_state(walk):
    """The state a walk from the goal that never undoes its previous move reaches (reference.graphs.walk)."""
    return graphs.walk(GOAL, neighbours, walk)


def arrangements():
    """Any arrangement of the 16 cells (move and tente do not need a solvable state)."""
    from hypothesis import strategies as st  # Hypothesis: never for q17 (imported ahead)

    return st.permutations(list(range(16))).map(tuple)


@dataclass(frozen=True)
class Instance:
    """A state taquin() is asked to solve (q18): the blank's value written in its cell, and its optimum when
    known without the solver (None: the oracle's, optimum_length)."""

    state: tuple
    blank_value: int
    optimum: int | None = None

    def payload(self) -> dict:
        """What probe_taquin installs."""
        return case_payload(self.state, self.blank_value)


@dataclass(frozen=True)
class Call:
    """A call dfs(m, p) written out (q17): the state, the moves before it (in the order played), m, p, the
    blank's value."""

    state: tuple
    history: tuple
    m: int
    p: int
    blank_value: int

    @property
    def previous(self) -> str | None:
        """The move played last before the call, which dfs must not undo first."""
        return self.history[-1] if self.history else None

    def payload(self, convention: str = LAST) -> dict:
        """What probe_dfs installs, `solution` written in `convention`'s order."""
        return case_payload(self.state, self.blank_value, self.history, convention, m=self.m, p=self.p)


# --- q17 and q18: the search ----------------------------------------------------------------------
def installed_solver():
    """The optimal solver (reference.solver), in the teacher's installation; None in the student kit, which
    ships no solver (docs/student-kit.md): there optimal lengths come from counts of DFS*
    (reference.dfs_tree), and no optimal solution is shown."""
    try:
        import reference.solver as solver  # loads no database: only a deep state's search does
    except ModuleNotFoundError:
        return None
    return solver


# The exam's example's optimum (50; h = 34): what the kit, without the solver, judges q18's challenge on.
EXAM_EXAMPLE_OPTIMUM = 50
# The calls of DFS* the kit's count spends on a q17 state at most, like the Manhattan IDA*'s budget there.
COUNTED_MOST = 40_000


@cached(maxsize=4096)
def optimal_solution(state) -> tuple | None:
    """An optimal solution from `state` (the oracle: IDA* with pattern databases), for the reports; None
    in the student kit."""
    solver = installed_solver()
    return tuple(solver.solve(state)) if solver is not None else None


@cached(maxsize=4096)
def optimum_length(state) -> int:
    """The length of an optimal solution from `state` (a state q18 judges without a known optimum: near the
    goal, or the exam's example)."""
    if installed_solver() is not None:
        return len(optimal_solution(state) or ())
    if tuple(state) == EXAM_EXAMPLE:
        return EXAM_EXAMPLE_OPTIMUM
    length = counted_length(state)
    assert length is not None  # without a limit it always ends
    return length


def near_length(state, previous: str | None = None, budgeted: bool = True) -> int | None:
    """The length of a shortest solution from `state` that does not start by undoing `previous`, by the
    Manhattan IDA* (the teacher's) or counts of DFS* (the kit's); with `budgeted`, None past their budget."""
    solver = installed_solver()
    if solver is None:
        return counted_length(state, previous, COUNTED_MOST if budgeted else None)
    moves = solver.solve_near(state, previous=previous) if budgeted else solver.solve_near(state, None, previous)
    return None if moves is None else len(moves)


@cached(maxsize=4096)  # every student's q17 draws the same walks
def with_detour(state) -> bool:
    """Whether the Manhattan sum underestimates the state's distance: only then does dfs have to
    backtrack, and has a threshold between h and the optimum to be judged on. Only states the search
    solves within its usual budget are kept (`constrained_optimum` then stays cheap on them)."""
    length = near_length(state)
    return length is not None and length > manhattan(state)


@cached(maxsize=4096)  # every student's q17 meets the same cases
def order_spread(state, previous: str | None, budget: int) -> float:
    """How many times more calls than the model answer's dfs (its moves in MOVES' order) a correct dfs
    can make from `state` with `budget` = m − p and the move `previous` just played, whatever order it
    tries the moves in (an upper bound: the whole search tree's calls). 1 when no solution is within the
    budget: every order explores it all."""
    return dfs_calls(state, previous, budget) / dfs_calls(state, previous, budget, MOVES)


@cached(maxsize=4096)  # every student's q17 meets the same cases
def constrained_optimum(state, previous: str | None) -> int:
    """The length of a shortest solution from `state` that never undoes a move, the move `previous` just
    played included: what dfs can find, tente_* refusing an undo. By the Manhattan IDA* alone: q17's
    states never need the pattern databases (nothing heavy built for a student's check)."""
    length = near_length(state, previous, budgeted=False)
    assert length is not None  # without a budget it always ends
    return length


def climb(rng, length: int, budget: int = 20_000):
    """A state `length` moves from the goal, known without search: a walk from the goal in which every
    move takes a tile one step further from its home, so that h = length; as h <= optimum <= length,
    the optimum is h, and Manhattan IDA* needs one pass. Depth-first, moves in random order; None when
    the budget of tries runs out (such walks stop existing past about 50 moves)."""
    tries = [budget]

    def extend(state, depth):
        if depth == length:
            return state
        tries[0] -= 1
        if tries[0] < 0:
            return None
        h = manhattan(state)
        moves = [m for m in legal_moves(state) if manhattan(apply(state, m)) == h + 1]
        rng.shuffle(moves)
        for move in moves:
            found = extend(apply(state, move), depth + 1)
            if found is not None:
                return found
        return None

    return extend(GOAL, 0)


def challenge_instance(which: str) -> Instance:
    """The challenge: Korf's instance CHALLENGE_KORF or the exam's example."""
    if which == "enonce":
        return Instance(EXAM_EXAMPLE, BLANK_VALUES[0])
    numbers, optimum = KORF[CHALLENGE_KORF - 1]
    return Instance(from_korf(numbers), BLANK_VALUES[0], optimum)


# The model answer's time on each challenge, measured once and shipped (benchmarks/bench_costs.py): no grading
# runs its hardest search again, best of 3 on a cold machine, for a limit. Names of costs in
# grader/data/costs.json, not of messages (q18's message keys are read from literals: these are built).
CHALLENGE_COSTS = {"korf": "challenge", "enonce": "exam_example"}


def challenge_limit(which: str, factor: float, floor: float) -> float:
    """The challenge's time limit on this machine: `factor` times the model answer's shipped time on it, scaled
    to the machine (grader/judge/calibration.py); at least `floor`."""
    return max(floor, factor * calibration.seconds(calibration.cost("q18." + CHALLENGE_COSTS[which])))


def _data_rows(name: str) -> list[tuple[int, ...]]:
    """The rows of numbers of grader/data/`name` (lines starting with # are comments)."""
    lines = (Path(__file__).resolve().parents[2] / "data" / name).read_text().splitlines()
    return [tuple(int(v) for v in line.split()) for line in lines if line.strip() and not line.startswith("#")]


# Korf's 100 instances (grader/data/korf100.txt): 16 numbers in his convention and the optimum.
KORF = [(numbers[:16], numbers[16]) for numbers in _data_rows("korf100.txt")]
CHALLENGE_KORF = 48  # optimum 49, Manhattan 39: about 1.5 s of the model answer's CPU


# States whose optimum is h + 12 to h + 16 (grader/data/q18_rounds.txt): (state, optimum).
ROUNDS = [(row[:16], row[16]) for row in _data_rows("q18_rounds.txt")]


def transposed(state: tuple) -> tuple:
    """The state reflected in its main diagonal, tiles renamed likewise (the goal is its own reflection):
    the same distance and the same search, every move mirrored (Gauche and Haut, Droite and Bas)."""
    return tuple(4 * (state[4 * (c % 4) + c // 4] % 4) + state[4 * (c % 4) + c // 4] // 4 for c in range(16))


@dataclass(frozen=True)
class Trap:
    """A state whose optimum is above 60 moves while the Manhattan IDA* exhausts its bounds up to `bound`
    in milliseconds (grader/data/q18_traps.txt): a taquin() capped below the optimum gives up at once,
    a correct one cannot end within the trap's limit. `cost`: calibration's name of the model answer's
    time to exhaust those bounds (benchmarks/bench_costs.py)."""

    state: tuple
    optimum: int
    bound: int
    cost: str


TRAPS = [Trap(row[:16], row[16], row[17], f"q18.trap.{i}") for i, row in enumerate(_data_rows("q18_traps.txt"))]
# A trap's limit: TRAP_SLACK times the model answer's time to exhaust the bounds up to the trap's, at least
# TRAP_FLOOR. A correct answer always spends the whole limit (about 0.2 s of CPU), so it is short; it can only
# let a capped search through, never fail a correct one (its timeout is inconclusive), so it needs no
# scheme floor: a capped search up to TRAP_SLACK times slower than the model answer is still caught.
TRAP_SLACK = 20.0
TRAP_FLOOR = 0.1


@dataclass(frozen=True)
class TrapCase:
    """A q18 case on a trap: the trap, and the blank's value drawn from the class seed."""

    trap: Trap
    blank_value: int

    def payload(self) -> dict:
        """What probe_taquin installs."""
        return case_payload(self.trap.state, self.blank_value)

    def instance(self) -> Instance:
        """The trap as any state taquin() solves, judged so once it ends."""
        return Instance(self.trap.state, self.blank_value, self.trap.optimum)


def trap_limit(trap: Trap) -> float:
    """The trap's time limit on this machine, in seconds."""
    return max(TRAP_FLOOR, TRAP_SLACK * calibration.seconds(calibration.cost(trap.cost)))


def asked_instance(settings) -> Instance | None:
    """The deep instance whose passes were asked for (`--replay N`: the N-th, smallest first), or None."""
    return deep_instances(settings.seed)[settings.replay - 1] if settings.replay else None


def trap_cases(seed: int) -> list[TrapCase]:
    """Each trap, the blank's value from the class seed."""
    rng = random.Random(f"q18.trap:{seed}")
    return [TrapCase(trap, rng.choice(BLANK_VALUES)) for trap in TRAPS]


@cached(maxsize=8)  # the same for every student of a run
def deep_instances(seed: int) -> tuple[Instance, ...]:
    """`_deep_instances(seed)`, found by one worker of a class run and read by the others (grader/judge/
    drawing.py: the solver's searches and the climbs cost each worker a fifth of a second), shared as the
    plain rows (state, blank value, optimum or None) that drawing stores."""
    rows = drawing.cases(("q18", "deep_instances", seed), lambda: list(_deep_instances(seed)))
    return tuple(Instance(tuple(state), blank_value, optimum) for state, blank_value, optimum in rows)


def _deep_instances(seed: int) -> tuple[tuple, ...]:
    """(state, blank value, optimum or None) from the class seed: states whose optimum lies in each band of
    DEEP_BANDS and exceeds the Manhattan sum by at most MAX_DETOUR (several IDA* passes, each a fraction
    of a second for the model answer), one of ROUNDS for each detour of ROUND_DETOURS (7 to 9 passes),
    then CLIMBS states 40 to 48 moves away, known without search. The student kit, without the solver to
    find the bands' optima, has climbs in their place."""
    rng = random.Random(f"q18:{seed}")
    wanted = dict(DEEP_BANDS) if installed_solver() is not None else {}
    found: list[tuple[int, tuple, int, int | None]] = []
    while any(wanted.values()):
        from reference.solver.search import search  # loads numpy (0.1 s): only for q18's deep states

        state = scramble(rng, rng.randint(36, 50))
        # The databases' search straight away: most of the states drawn are far from the goal, where the
        # Manhattan search that `optimal_solution` tries first spends its whole budget for nothing.
        length = len(search(state)[0])
        band = next((b for b, count in wanted.items() if count and b[0] <= length <= b[1]), None)
        if band and length - manhattan(state) <= MAX_DETOUR:
            wanted[band] -= 1
            found.append((length, state, rng.choice(BLANK_VALUES), None))
    for detour in ROUND_DETOURS:
        state, optimum = rng.choice([(s, o) for s, o in ROUNDS if o - manhattan(s) == detour])
        state = transposed(state) if rng.random() < 0.5 else state
        found.append((optimum, state, rng.choice(BLANK_VALUES), optimum))
    while len(found) < DEEP_COUNT:
        length = rng.randint(40, 48)
        state = climb(rng, length)
        if state is not None:
            if manhattan(state) != length:
                raise AssertionError(f"climb: h = {manhattan(state)} after {length} moves")
            found.append((length, state, rng.choice(BLANK_VALUES), length))
    return tuple(case[1:] for case in sorted(found, key=lambda case: case[0]))


# q18's small states whose optimum exceeds h by 2, 4 and 6 (2 to 4 IDA* passes; optimum 12, 14, 17), judged
# under every seed: Hypothesis's walks are mostly a few moves from the goal, where the optimum is h.
SMALL_DETOURS = (
    (5, 1, 15, 2, 0, 4, 6, 3, 8, 9, 11, 7, 12, 13, 10, 14),
    (1, 2, 5, 3, 0, 4, 7, 11, 8, 9, 10, 6, 12, 13, 14, 15),
    (0, 15, 1, 2, 4, 5, 6, 3, 8, 12, 9, 7, 13, 14, 10, 11),
)
SEEDED_WALKS = 6  # q18's walks of 12 to 20 moves drawn from the seed, beside Hypothesis's


def small_instances(seed: int) -> list[Instance]:
    """q18's small states judged beside Hypothesis's walks (their optimum the oracle's): SMALL_DETOURS, then
    SEEDED_WALKS walks of 12 to 20 moves from the seed (too many such states for a table of answers)."""
    rng = random.Random(f"q18:small:{seed}")
    walks = [walk_state([rng.randrange(3) for _ in range(rng.randint(12, 20))]) for _ in range(SEEDED_WALKS)]
    return [Instance(state, rng.choice(BLANK_VALUES)) for state in (*SMALL_DETOURS, *walks)]


@cached(maxsize=8)  # the same for every student of a run
def beyond_tables(seed: int) -> frozenset:
    """q18's states drawn from the seed that no table of answers holds: the walks of 12 to 20 moves of
    small_instances and the deep states but those of ROUNDS (a file every seed draws from)."""
    fixed = {state for state, _ in ROUNDS} | {transposed(state) for state, _ in ROUNDS} | set(SMALL_DETOURS)
    drawn = [case.state for case in (*small_instances(seed), *deep_instances(seed))]
    return frozenset(state for state in drawn if state not in fixed)


@dataclass(frozen=True)
class DfsCall:
    """One call of the student's dfs(m, p), as q17's judges read it."""

    call: Call
    optimum: int  # the least number of moves to the goal that never undoes the previous move
    expected: dict  # the model answer's reply (its fields)
    shown: dict  # the counterexample, as the student would write it
    reply: Reply  # the student's


def is_int(value) -> bool:
    return type(value) is int


LENIENT, STRICT = "souple", "strict"  # the scheme's `noms` policy for how moves may be written


_MOVE_NAME_SET = frozenset(MOVE_NAMES)


def read_moves(value, policy=LENIENT, notes=None):
    """The moves in `value` as the exam's names, or None when it is not a list of moves. Under the
    lenient policy a name in another case ("haut", "HAUT") is read as the move it names unambiguously,
    and `notes` (a set) gets "casse" so that the question warns."""
    if not shapes.list_of(value, str):
        return None
    if _MOVE_NAME_SET.issuperset(value):
        return value
    canonical = {name.lower(): name for name in MOVE_NAMES}
    if policy == STRICT or not all(m.lower() in canonical for m in value):
        return None
    if notes is not None:
        notes.add("casse")
    return [canonical[m.lower()] for m in value]
