"""q17's diagnosis: where the student's dfs went another way than DFS*, from the walk the parent watched.

In q17's judgement the student's dfs runs in the child with its own tente_* and move, or the model
answer's served by the parent: the parent records none of its nodes. After judging, each failed group's
case (the smallest that failed) is run once more over the model answer's served move and tente_* and the
student's dfs watched as q17's evidence of search watches it (`watched`: each call of dfs at its entry
and return, and the grid's arrangements while a call runs whose recursion does not go through dfs,
walk.DfsWatcher), within a budget of calls and the run's deadline. The walk is checked step by step (walk.walk) and the first place
where it left DFS* is drawn: whatever slides the tiles (move, a helper of the student's own, a slide
written inline), only what the parent saw is said; where it saw nothing apart, the record says so.

The diagnosis runs after the grade is decided and only fills the failure's drawing (`visual["dfs"]`):
whatever the student's code does on the channel (a lie, a violation, a search that never ends) changes
that drawing and nothing else (tests/test_taquin_diagnosis_graded.py grades with it and without it).
"""

from __future__ import annotations

from grader.questions.api import Kind, has_model_answer
from grader.questions.taquin import walk
from grader.questions.taquin.cases import Call
from grader.questions.taquin.chain import OWN_CHAIN
from grader.questions.taquin.probes import probe_dfs
from grader.questions.taquin.serving import SERVED, Chain, ModelServer
from reference.puzzle import MOVES
from reference.dfs_tree import dfs_calls

SECONDS = 2.0  # a diagnosis run's time: the cases that fail first are the smallest
# The failures worth a diagnosis: a wrong reply, or a run that raised or was stopped (its calls so far say
# where it went).
DIAGNOSED = {Kind.WRONG, Kind.ERROR, Kind.TIMEOUT, Kind.CRASHED}


class ServedWatcher(walk.DfsWatcher, ModelServer):
    """The student's dfs watched (walk.DfsWatcher) over the model answer's `served` functions, answered by
    ModelServer: one server for the run, so that a call either refuses refuses the run's later calls."""

    def __init__(self, convention, served: tuple):
        super().__init__(convention)
        self.served = frozenset(served)
        self.names = self.names | self.served

    def serve(self, name, args):
        if name in self.served:
            return ModelServer.serve(self, name, args)
        return walk.DfsWatcher.serve(self, name, args)


def watched(ctx, convention, served: tuple, call: Call, limit, **limits) -> tuple[walk.Walk, dict, bool]:
    """dfs(m, p) of `call` run over the model
    answer's `served` functions (none: the student's own) and the student's dfs watched (walk.DfsWatcher):
    the walk the parent saw, checked (walk.walk), the payload, and whether the run was stopped (time,
    budget, a refused call). `limit` and `limits`: grader.judge.context.Context.run's."""
    watcher = ServedWatcher(convention, served) if served else walk.DfsWatcher(convention)
    chain = Chain(served, watcher, watched=("dfs",))
    payload = call.payload(watcher.convention)
    reply = chain.run(ctx, probe_dfs, payload, timed_on=call.payload(), limit=limit, **limits)
    checked = walk.walk(call.state, call.previous, call.m, call.p, watcher.walked())
    return checked, payload, not reply.ok


def model_nodes(start: tuple, history: list, m: int, p0: int) -> int:
    """The states the model answer's dfs(m, p0) visits from `start`: its calls, trying the moves in the
    exam's order and stopping at the goal (counted by the solver's DFS*, no model answer needed)."""
    return dfs_calls(tuple(start), history[-1] if history else None, m - p0, MOVES)


def diagnose(ctx, convention, call: Call) -> dict:
    """dfs(m, p) of `call` watched over the model answer's move and tente_* (`watched`), and the drawing of
    its walk (walk.record)."""
    checked, _, stopped = watched(ctx, convention, SERVED["q17"], call, SECONDS, timeout_inconclusive=True)
    record = walk.record(checked, call.state, call.m, call.p, stopped)
    record["model_nodes"] = model_nodes(call.state, list(call.history), call.m, call.p)
    return record


def attach(ctx, convention, outcomes: list, calls: dict) -> None:
    """Each failed group's diagnosis in its failure's drawing (`visual["dfs"]`): `calls` holds the dfs call
    each counterexample shows (by the id of the counterexample, which the failure holds, with the
    counterexample itself: kept alive, no other object takes its id). The served tente_* are a model
    answer: only a teacher's installation has them."""
    if not has_model_answer("taquin"):
        return
    for outcome in outcomes:
        failure = outcome.failure
        shown, call = calls.get(id(failure.counterexample), (None, None)) if failure is not None else (None, None)
        call = call if shown is not None and shown is failure.counterexample else None
        # chaine_eleve's failure repeats a group's: its drawing would be the same run again.
        if call is not None and failure.kind in DIAGNOSED and outcome.group != OWN_CHAIN:
            failure.visual = {**(failure.visual or {}), "dfs": diagnose(ctx, convention, call)}
