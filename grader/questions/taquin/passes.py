"""q18's IDA* passes as the parent sees them, beside the model answer's on the same state.

With the default `dependances` ("corrige"), the student's taquin() runs on the model answer's dfs, served:
each call dfs(m, 0) it makes is a pass from the start with bound m, and the model answer's dfs counts the
nodes it searches there. The model answer's own taquin on the same state makes the passes of figure 3:
m = h(e0), then the least p + h that exceeded m, which its dfs leaves in `minimum`. Side by side, the
first pass whose bound differs says where the student's bound went another way (a bound raised by one,
one taken from the last p + h seen, a minimum not reset). Plain data for results, each side cut at
MAX_PASSES passes with its length said.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from grader.questions.taquin.cases import near_length
from grader.questions.taquin.probes import BLANK, LAST
from grader.questions.api import Exhausted, cached
from grader.questions.taquin.serving import Chain, DfsAnswered, ModelServer
from reference.puzzle import manhattan
from reference.dfs_tree import dfs_calls

MAX_PASSES = 40


def student_passes(calls: list[DfsAnswered]) -> list[list[int]]:
    """[m, nodes] for each served dfs(m, p) call from the start (p = 0)."""
    return [[call.m, call.nodes] for call in calls if call.p == 0]


class Deduction(enum.Enum):
    """How taquin()'s calls of the served dfs stand to IDA*'s passes (see deduced_from_dfs)."""

    IDA = "ida"  # each next bound the minimum the previous call left
    DEEPENING = "deepening"  # passes of dfs that skip no least cut, a next bound raised short of it
    NOT = "not"  # no deepening over dfs: one call at a bound learnt elsewhere, a bound skipped, no call


def deduced_from_dfs(state, chain: Chain) -> Deduction | None:
    """How taquin()'s run on `state` was seen using the served dfs: IDA*'s passes (dfs(m, 0) calls, the
    first bound at most h(e0), each next bound the minimum the previous call left, every call but the last
    failing and the last finding; none at all only from the goal, which a taquin may answer at once), a
    deepening over dfs whose bounds skip no least cut but rise by less (are_deepening_passes), or neither;
    None when the chain serves no dfs (the student's own: see `search_share`)."""
    server = chain.server
    if not isinstance(server, ModelServer) or "dfs" not in server.names:
        return None
    h = server.heuristic(list(state))  # the served dfs's own h (conflicts.ConflictServer's on its cases)
    if are_ida_passes(server.dfs_calls, h):
        return Deduction.IDA
    return Deduction.DEEPENING if are_deepening_passes(server.dfs_calls, h) else Deduction.NOT


def are_ida_passes(calls: list[DfsAnswered], h: int) -> bool:
    """Whether served dfs calls are IDA*'s passes from a state whose h is `h` (see deduced_from_dfs). The
    first bound is checked too: one call at the optimum, known from elsewhere, is no deepening."""
    if not calls:
        return h == 0
    bounds_follow = calls[0].m <= h and all(later.m == earlier.minimum for earlier, later in zip(calls, calls[1:]))
    return bounds_follow and _one_search(calls)


def are_deepening_passes(calls: list[DfsAnswered], h: int) -> bool:
    """Whether served dfs calls deepen a search from the start that never skips the least p + h the previous
    pass cut: the first bound at most h, each next one above the previous and at most that least cut
    (least_cut), the last call the only one that finds. A bound raised short of it (`m += 1`) only repeats
    the previous pass, and reaches every optimum in turn; one raised past it may miss the optimum."""
    if not calls:
        return h == 0
    rising = all(earlier.m < later.m <= least_cut(earlier.m, h) for earlier, later in zip(calls, calls[1:]))
    return calls[0].m <= h and rising and _one_search(calls)


def first_short(chain: Chain, h: int) -> dict:
    """Where the served dfs's passes of a deepening (are_deepening_passes) first left IDA*'s: the pass
    (from 1), the previous bound, the bound taken and the minimum the previous call left."""
    calls = chain.server.dfs_calls if isinstance(chain.server, ModelServer) else []
    for number, (earlier, later) in enumerate(zip(calls, calls[1:]), 2):
        if later.m != earlier.minimum:
            shown = least_cut(earlier.m, h) if earlier.minimum is None else earlier.minimum
            return {"n": number, "previous": earlier.m, "m": later.m, "expected": str(shown)}
    raise AssertionError("a deepening that is not IDA*'s has a bound that is not the minimum left")


def _one_search(calls: list[DfsAnswered]) -> bool:
    """Every call from the start, every one failing but the last, which finds."""
    found = [call.found for call in calls]
    return all(call.p == 0 for call in calls) and found[-1] and not any(found[:-1])


def least_cut(m: int, h: int) -> int:
    """The least p + h a failed pass of DFS* at bound m cuts from a state whose h is `h`: h itself below
    it (the root is cut), else the least value above m with the parity of h (each move changes p + h by 0
    or 2, so a node within the bound has a child at most 2 above it)."""
    return h if m < h else m + 1 + (m + 1 - h) % 2


def model_passes(h: int, search: Callable[[int], tuple[bool, int | None, int]]) -> list[list[int]]:
    """The model answer's passes: [m, nodes] from m = h on; `search(m)` runs its dfs(m, 0) from the start
    with `minimum` reset, giving (found, the minimum it left or None for infinity, nodes searched). A pass
    stopped by its budget (Exhausted) is left out, with those after it."""
    passes: list[list[int]] = []
    m: int | None = h
    while m is not None and len(passes) < MAX_PASSES:
        try:
            found, minimum, nodes = search(m)
        except Exhausted:
            break
        passes.append([m, nodes])
        if found:
            break
        m = minimum
    return passes


def passes_data(student: list[list[int]], expected: list[list[int]]) -> dict:
    """Both sides as results keep them, and `first`: the index of the first pass whose bound differs
    (where one side stops before the other, the shorter one's length), None when the bounds agree."""
    first = next((k for k, (a, b) in enumerate(zip(student, expected)) if a[0] != b[0]), None)
    if first is None and len(student) != len(expected):
        first = min(len(student), len(expected))
    return {
        "student": student[:MAX_PASSES],
        "student_length": len(student),
        "expected": expected[:MAX_PASSES],
        "first": first,
    }


def passes(state, chain: Chain) -> dict:
    """The student's passes beside the model answer's on `state` ({"passes": passes_data(...)}), when the
    student's taquin ran on the served dfs; {} otherwise."""
    server = chain.server
    # figure_passes are the model answer's, with Manhattan's h: none to show beside another heuristic's.
    if (
        not isinstance(server, ModelServer)
        or not server.dfs_calls
        or server.heuristic_name != ModelServer.heuristic_name
    ):
        return {}
    student = student_passes(server.dfs_calls)
    # The model's passes may search what the student's served passes searched, on the student's run: a
    # search stopped short of the optimum (a cap, a time limit) on a 78-move trap once made the grader
    # search to the end on its own, for hours. Their first difference lies within that work.
    budget = sum(nodes for _, nodes in student) + FIGURE_SLACK
    return {"passes": passes_data(student, figure_passes(tuple(state), budget))}


# The nodes the model's passes may always search beyond the student's: a student's pass cut short at its
# first node still has the model's next pass shown where it is small (a few milliseconds).
FIGURE_SLACK = 20_000


@cached(maxsize=64)  # the same states (and the same budgets, for the same runs) for every student of a run
def figure_passes(state: tuple, budget: int) -> list[list[int]]:
    """The model answer's passes on `state` (model_passes), its dfs served as to a student, those that end
    within `budget` nodes in all."""
    li, lj = divmod(state.index(BLANK), 4)
    grid = [list(state[4 * i : 4 * i + 4]) for i in range(4)]
    h = manhattan(state)
    model = ModelServer(LAST, ("dfs",))
    spent = 0

    def meter() -> None:
        nonlocal spent
        spent += 1
        if spent > budget:
            raise Exhausted("the model's passes for the view searched their budget")

    def search(m: int) -> tuple[bool, int | None, int]:
        start = {"grid": grid, "li": li, "lj": lj, "h": h, "minimum": "inf"}
        answer, nodes = model._answer("dfs", [m, 0], start, [], meter)
        minimum = answer["state"]["minimum"]
        return answer["result"] is True, None if minimum == "inf" else minimum, nodes

    return model_passes(h, search)


@cached(maxsize=16)
def ida_calls(state: tuple) -> int:
    """The calls of dfs a deepening that skips no least cut makes from `state` at most, from the kit's
    oracles alone (no model answer: a student's check has none), for the time limit of a watched run: a
    failed pass of DFS* explores its whole tree, whatever the order of moves (`dfs_calls` without an order);
    IDA*'s bounds go up by exactly 2 from h (least_cut), a deepening by one repeats each pass once more
    (are_deepening_passes: its passes are judged too); the last pass, at the optimum, at most its whole tree."""
    optimum = near_length(state, budgeted=False) or 0
    return sum(dfs_calls(state, None, m) for m in range(manhattan(state), optimum + 1))
