"""q18's bound update judged where only `minimum` can tell the next bound.

With the exam's Manhattan h every move changes p + h by 0 or 2, so the least p + h a failed pass cuts is
always m + 2 (passes.least_cut): a taquin() that steps its bound by 2 and never reads `minimum` asks the
same bounds as figure 3's. No consistent heuristic makes the cut jump further (moves are reversible, so h
changes by at most 1 a move: the least cut is m + 1 or m + 2), and Manhattan plus twice the linear
conflicts keeps Manhattan's parity, hence the same m + 2. A heuristic that counts each tile a linear
conflict forces out of its line once (Manhattan plus half the linear-conflict term) breaks the parity: a
move into a conflict leaves h as it was, so the least cut is m + 1 after some passes and m + 2 after
others. It is admissible (at most Manhattan plus linear conflicts) and consistent (a move changes it by at
most 1: the tile joins or leaves its goal line, where the tiles to remove change by at most one).

The served dfs of these cases (ConflictServer) searches with that heuristic and the global `h` starts at its
value at the root: a taquin() passes only when each bound it asks is the `minimum` the previous pass left
(docs/judging.md, "The bound update where only minimum tells it"). Its DFS* is figure 3's, the exam's
order of moves and last-move rule included, on the grader's own copy of the state.
"""

from __future__ import annotations

from grader.questions.api import cached
import math

from grader.questions.taquin.cases import SMALL_DETOURS
from grader.questions.taquin.probes import BLANK
from grader.questions.taquin.serving import ModelServer
from reference.puzzle import BLANK_STEP, MOVES, OPPOSITE, manhattan

# Fixed states (the same under every seed) whose passes with conflict_h cut both m + 2 and m + 1: the
# first 14 -> 16 -> 17 -> ... (554 nodes in all), the second 15 -> 17 -> 19 -> 20 -> ... (about 19,000):
# a bound raised by 2 or by 1 each time fails on both (tests/test_q18_bound.py measures them).
CONFLICT_CASES = (
    SMALL_DETOURS[2],
    (0, 1, 2, 10, 4, 5, 6, 9, 8, 15, 3, 11, 12, 7, 13, 14),
)


@cached  # a few hundred lines in all
def _to_remove(homes: tuple) -> int:
    """How many of a line's tiles must leave it so that the others stand in their goal order (`homes`: the
    goal position along the line of the tiles whose goal line this is, in their order on it): the line's
    length less its longest increasing run."""
    longest: list[int] = []
    for k, home in enumerate(homes):
        longest.append(1 + max((longest[i] for i in range(k) if homes[i] < home), default=0))
    return len(homes) - max(longest, default=0)


def conflict_h(cells) -> int:
    """Manhattan's sum plus, in each row and column, the tiles a linear conflict forces out of it (once each)."""
    extra = 0
    for line in range(4):
        row = [cells[4 * line + k] for k in range(4)]
        column = [cells[4 * k + line] for k in range(4)]
        extra += _to_remove(tuple(t % 4 for t in row if t != BLANK and t // 4 == line))
        extra += _to_remove(tuple(t // 4 for t in column if t != BLANK and t % 4 == line))
    return manhattan(tuple(cells)) + extra


class ConflictServer(ModelServer):
    """The served dfs of CONFLICT_CASES: figure 3's DFS* searching with conflict_h, whose value the global
    `h` of each call must hold (StateServer's check), `minimum` reset when called from the start. Its answers
    are kept apart from the model answer's."""

    heuristic_name = "conflicts"

    def heuristic(self, cells: list) -> int:
        return conflict_h(cells)

    def _answer(self, name, arguments: list, state: dict, played: list, meter=None) -> tuple[dict, int]:
        m, p = arguments
        li, lj = state["li"], state["lj"]
        blank_value = state["grid"][li][lj]
        cells = [*state["grid"][0], *state["grid"][1], *state["grid"][2], *state["grid"][3]]
        cells[4 * li + lj] = BLANK
        solution = list(played)
        # Reset from the start (p = 0): whether taquin or its dfs resets `minimum` is a division of labour
        # (chain.best_judgement), and the bound must be read from it either way.
        minimum = math.inf if p == 0 or state["minimum"] == "inf" else state["minimum"]
        nodes = 0
        charge = meter or (lambda: None)

        def dfs(depth: int) -> bool:
            nonlocal minimum, nodes
            nodes += 1
            charge()
            h = conflict_h(cells)
            if depth + h > m:
                minimum = min(minimum, depth + h)
                return False
            if h == 0:
                return True
            blank = cells.index(BLANK)
            i, j = divmod(blank, 4)
            for move in MOVES:
                ti, tj = i + BLANK_STEP[move][0], j + BLANK_STEP[move][1]
                if not (0 <= ti < 4 and 0 <= tj < 4) or (solution and solution[-1] == OPPOSITE[move]):
                    continue
                target = 4 * ti + tj
                cells[blank], cells[target] = cells[target], BLANK
                solution.append(move)
                if dfs(depth + 1):
                    return True
                cells[target], cells[blank] = cells[blank], BLANK
                solution.pop()
            return False

        result = dfs(p)
        blank = cells.index(BLANK)
        grid = [[blank_value if 4 * i + j == blank else cells[4 * i + j] for j in range(4)] for i in range(4)]
        after = {
            "grid": grid,
            "li": blank // 4,
            "lj": blank % 4,
            "h": conflict_h(cells),
            "solution": solution,
            "minimum": "inf" if minimum == math.inf else minimum,
        }
        return {"result": result, "state": after}, nodes
