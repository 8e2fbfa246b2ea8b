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

from collections.abc import Callable

from grader.questions.taquin.cases import near_length
from grader.questions.taquin.probes import BLANK, LAST
from grader.questions.api import cached
from grader.questions.taquin.serving import Chain, DfsAnswered, ModelServer
from reference.puzzle import manhattan
from reference.dfs_tree import dfs_calls

MAX_PASSES = 40


def student_passes(calls: list[DfsAnswered]) -> list[list[int]]:
    """[m, nodes] for each served dfs(m, p) call from the start (p = 0)."""
    return [[call.m, call.nodes] for call in calls if call.p == 0]


def deduced_from_dfs(state, chain: Chain) -> bool | None:
    """Whether taquin()'s run on `state` was seen making IDA*'s passes through the served dfs: dfs(m, 0)
    calls, the first bound at most h(e0), each next bound the minimum the previous call left, every call but
    the last failing and the last finding (none at all only from the goal, which a taquin may answer at
    once); None when the chain
    serves no dfs (the student's own: see `search_share`)."""
    server = chain.server
    if not isinstance(server, ModelServer) or "dfs" not in server.names:
        return None
    return are_ida_passes(server.dfs_calls, manhattan(tuple(state)))


def are_ida_passes(calls: list[DfsAnswered], h: int) -> bool:
    """Whether served dfs calls are IDA*'s passes from a state whose h is `h` (see deduced_from_dfs). The
    first bound is checked too: one call at the optimum, known from elsewhere, is no deepening."""
    if not calls:
        return h == 0
    bounds_follow = calls[0].m <= h and all(later.m == earlier.minimum for earlier, later in zip(calls, calls[1:]))
    found = [call.found for call in calls]
    return bounds_follow and all(call.p == 0 for call in calls) and found[-1] and not any(found[:-1])


def model_passes(h: int, search: Callable[[int], tuple[bool, int | None, int]]) -> list[list[int]]:
    """The model answer's passes: [m, nodes] from m = h on; `search(m)` runs its dfs(m, 0) from the start
    with `minimum` reset, giving (found, the minimum it left or None for infinity, nodes searched)."""
    passes: list[list[int]] = []
    m: int | None = h
    while m is not None and len(passes) < MAX_PASSES:
        found, minimum, nodes = search(m)
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
    if not isinstance(server, ModelServer) or not server.dfs_calls:
        return {}
    return {"passes": passes_data(student_passes(server.dfs_calls), figure_passes(tuple(state)))}


@cached(maxsize=64)  # the same states for every student of a run
def figure_passes(state: tuple) -> list[list[int]]:
    """The model answer's passes on `state` (model_passes), its dfs served as to a student."""
    li, lj = divmod(state.index(BLANK), 4)
    grid = [list(state[4 * i : 4 * i + 4]) for i in range(4)]
    h = manhattan(state)
    model = ModelServer(LAST, ("dfs",))

    def search(m: int) -> tuple[bool, int | None, int]:
        start = {"grid": grid, "li": li, "lj": lj, "h": h, "minimum": "inf"}
        answer, nodes = model._answer("dfs", [m, 0], start, [])
        minimum = answer["state"]["minimum"]
        return answer["result"] is True, None if minimum == "inf" else minimum, nodes

    return model_passes(h, search)


@cached(maxsize=16)
def ida_calls(state: tuple) -> int:
    """The calls of dfs IDA*'s passes make from `state` at most, from the kit's oracles alone (no model
    answer: a student's check has none), for the time limit of a watched run: a failed pass of DFS* explores
    its whole tree, whatever the order of moves (`dfs_calls` without an order); the bounds go up by exactly
    2 from h (a child's p + h is its parent's or 2 more, so the least cut above m is m + 2); the last pass,
    at the optimum, at most its whole tree."""
    optimum = near_length(state, budgeted=False) or 0
    return sum(dfs_calls(state, None, m) for m in range(manhattan(state), optimum + 1, 2))
