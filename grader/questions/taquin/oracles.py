"""Oracles: what the taquin's probes return on a correct answer, without the model answer
(grader/judge/expectations.py). Imported by questions.py, which registers them on the probes."""

from __future__ import annotations

import time

from grader.questions.api import CHEAP, calibration, oracle
from grader.questions.taquin.cases import optimal_solution, installed_solver
from grader.questions.taquin.probes import BLANK, exam_grid, probe_dfs, probe_move, probe_taquin, probe_tente
from reference.puzzle import BLANK_STEP, EXAM_EXAMPLE, GOAL, MOVES, OPPOSITE, apply, legal_moves, manhattan
from reference.dfs_tree import counted_length, dfs_calls, dfs_count


# --- Oracles: what the probes return on a correct answer, without the model answer (grader/judge/expectations.py)
def _expected_snapshot(payload, state, solution):
    """A correct answer's globals after a call, from the puzzle model (blank cell: the payload's value)."""
    li, lj = divmod(state.index(BLANK), 4)
    return {
        "grid": exam_grid({**payload, "state": list(state)}),
        "h": manhattan(state),
        "li": li,
        "lj": lj,
        "solution": list(solution),
        "minimum": "inf",
    }


@oracle(probe_move)
def _move_expected(payload):
    i, j = divmod(payload["state"].index(BLANK), 4)
    move = next(m for m, (di, dj) in BLANK_STEP.items() if [i + di, j + dj] == list(payload["cell"]))
    return _expected_snapshot(payload, apply(tuple(payload["state"]), move), payload["solution"]), CHEAP


@oracle(probe_tente)
def _tente_expected(payload):
    """A move is made when the blank can go that way and the last move (most recent last) is not its
    opposite."""
    state, direction, solution = tuple(payload["state"]), payload["direction"], payload["solution"]
    accepted = direction in legal_moves(state) and solution[-1:] != [OPPOSITE[direction]]
    if accepted:
        state, solution = apply(state, direction), solution + [direction]
    return {"accepted": accepted, **_expected_snapshot(payload, state, solution)}, CHEAP


@oracle(probe_dfs)
def _dfs_expected(payload):
    """DFS* from the payload's state at depth p with bound m, tente_* refusing to undo the last move, from
    counts of its calls alone (reference/dfs_tree.py: no move is recorded, so that no search that returns
    moves ships in the kit): a pass that stops at the goal makes fewer calls than one that goes on exactly
    when it finds. On a success the goal, and `solution` None (which moves a correct dfs finds is not
    judged: a solution of at most m - p moves after the earlier ones); else the state as it was and the
    least p + h above m cut (the next bound). The cost is its calls times the model answer's time per call."""
    history = payload["solution"]
    state = tuple(payload["state"])
    previous, budget = (history[-1] if history else None), payload["m"] - payload["p"]
    whole, excess = dfs_count(state, previous, budget)
    stopping = dfs_calls(state, previous, budget, MOVES)
    found = stopping < whole
    snapshot = _expected_snapshot(payload, GOAL if found else state, history)
    minimum = "inf" if found or excess is None else payload["m"] + excess
    value = {**snapshot, "found": found, "solution": None if found else list(history), "minimum": minimum}
    return value, (stopping if found else whole) * calibration.cost("q17.dfs_call")


@oracle(probe_taquin)
def _taquin_expected(payload, served=None):
    """An optimal solution (None in the student kit, which has no solver: only the cost serves there); the
    cost is the exam's example's shipped one, else the time of the oracle's own Manhattan IDA* (the model
    answer's algorithm) on this very state, in cost-machine seconds, times how much slower the model answer
    was there (both shipped: benchmarks/bench_costs.py). The kit times its count of DFS*'s passes instead,
    which is slower: a looser limit, never a tighter one. `served`, the model answer's dfs that the
    student's run gets (Chain.run), is not needed: the oracle searches alone."""
    state = tuple(payload["state"])
    if state == EXAM_EXAMPLE:
        return {"moves": _listed(optimal_solution(state))}, calibration.cost("q18.exam_example")
    solver = installed_solver()
    started = time.process_time()
    # q18's other cases are near: the model answer's own premise.
    if solver is not None:
        moves = solver.solve_near(state, budget=None)
    else:
        moves = None
        counted_length(state)  # timed: the kit's search for the same optimum
    here = time.process_time() - started
    return {"moves": moves}, here / calibration.machine_factor() * calibration.cost("q18.model_over_near")


def _listed(moves) -> list | None:
    return list(moves) if moves is not None else None
