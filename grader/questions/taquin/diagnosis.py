"""q17's diagnosis: where the student's dfs went another way than DFS*, from the moves the parent saw.

In q17's judgement the student's dfs runs in the child with tente_* and move there (theirs or the exam's):
the parent sees none of its nodes. After judging, each failed group's case (the smallest that failed) is
run once more with the exam's tente_* in the child and `move` served by the parent (MoveWatcher: the model
answer's move, each call checked as q16's are, within a budget of calls and the run's deadline). Every
move the student's dfs makes, forward or undoing, is then a call the parent answers: it rebuilds the path
of states from the call's root and finds the first place where the search left figure 3's DFS*
(`analyse`): a state with p + h > m from which the dfs made a further move, the goal left or expanded, a
state with p + h <= m left without trying its moves, `solution` no longer the moves that lead to the
state, the grid changed without move, or a return that does not fit (True away from the goal, False with
moves not undone). Only what the parent saw is said: where it saw nothing apart, the record says so.

The diagnosis runs after the grade is decided and only fills the failure's drawing (`visual["dfs"]`):
whatever the student's code does on the channel (a lie, a violation, a search that never ends) changes
that drawing and nothing else (tests/test_taquin_diagnosis_graded.py grades with it and without it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from grader.questions.api import Kind, Message, has_model_answer
from grader.questions.taquin.cases import case_payload
from grader.questions.taquin.chain import OWN_CHAIN
from grader.questions.taquin.probes import BLANK, probe_dfs
from grader.questions.taquin.serving import EXAM, Chain, StateServer, grid_arrangement
from grader.questions.taquin.verdicts import reply_fields
from reference.puzzle import BLANK_STEP, MOVES, OPPOSITE, legal_moves, manhattan
from reference.dfs_tree import dfs_calls

# The calls a diagnosis run may make (each a round trip: 0.17 ms measured, docs/reports.md) and its time:
# the cases that fail first are the smallest, whose whole search takes at most a few thousand moves.
MAX_MOVES = 10_000
SECONDS = 2.0
MAX_SHOWN = 80  # moves kept from the root to the state shown (the length is said)
TRAIL = 16  # the last moves played before the divergence, shown as they came
# The failures worth a diagnosis: a wrong reply, or a run that raised or was stopped (its moves so far say
# where it went).
DIAGNOSED = {Kind.WRONG, Kind.ERROR, Kind.TIMEOUT, Kind.CRASHED}
TENTES = tuple(name for name in EXAM["q17"] if name != "move")
STEP_MOVE = {step: move for move, step in BLANK_STEP.items()}
WRITTEN_MOVES = 12  # a list of moves in a message: its last ones


def _move(before: tuple, after: tuple) -> str:
    """The exam's name of the move from `before` to `after` (a cell next to the blank: MoveWatcher checked)."""
    blank, new_blank = before.index(BLANK), after.index(BLANK)
    return STEP_MOVE[(new_blank // 4 - blank // 4, new_blank % 4 - blank % 4)]


def _written(moves: list) -> str:
    """Moves as a message shows them: [Haut, Gauche], a long list by its last WRITTEN_MOVES."""
    shown = [str(move) for move in moves[-WRITTEN_MOVES:]]
    return "[" + ", ".join(["…"] * (len(moves) > WRITTEN_MOVES) + shown) + "]"


class MoveWatcher(StateServer):
    """Every move of a run, served: each call's checks are StateServer's (a taquin state, a cell next to
    the blank), then the state it was handed, the state after and `solution` (in the order played) are
    kept in `seen`, and the child gets the globals after the move (the tile slid into the blank; its old
    cell keeps its value, as the exam's move leaves it). No model answer needed. One unit of work a call,
    MAX_MOVES at most."""

    def __init__(self, convention):
        super().__init__(convention, ("move",))
        self.budget = MAX_MOVES
        self.seen: list[tuple[tuple, tuple, list]] = []

    def reset(self) -> None:
        super().reset()
        self.seen = []

    def __call__(self, name, args):
        arguments, state, played = self._checked(name, args)
        self.charge()
        li, lj = state["li"], state["lj"]
        before = grid_arrangement(state["grid"], li, lj)
        assert before is not None  # _checked refused any other grid
        i, j = arguments
        after = list(before)
        after[4 * i + j], after[4 * li + lj] = BLANK, before[4 * i + j]
        self.seen.append((tuple(before), tuple(after), played))
        grid = [list(row) for row in state["grid"]]
        grid[li][lj] = grid[i][j]
        return {"result": None, "state": {**state, "grid": grid, "li": i, "lj": j, "h": manhattan(tuple(after))}}


@dataclass
class _Entry:
    """A state on the path from the root: the move that led there, the moves played from it."""

    state: tuple
    came_by: str | None
    tried: set[str] = field(default_factory=set)


@dataclass
class _Found:
    """Where the search left DFS*: the message, and the path's entries up to the state shown (None: no
    state to show)."""

    message: Message
    path: list[_Entry] | None


class _Walk:
    """The path of states a dfs(m, p0) from `start` went through, rebuilt from the moves seen."""

    def __init__(self, start: tuple, history: list, m: int, p0: int):
        self.history, self.m, self.p0 = history, m, p0
        self.path = [_Entry(start, history[-1] if history else None)]
        self.forward = 0

    def numbers(self, depth: int) -> dict:
        p, h = self.p0 + depth, manhattan(self.path[depth].state)
        return {"p": p, "h": h, "f": p + h, "m": self.m}

    def step(self, n: int, before: tuple, after: tuple, played: list) -> _Found | None:
        """The n-th move seen; what it shows of a divergence, if anything."""
        states = [entry.state for entry in self.path]
        if before != states[-1]:
            if before not in states:  # the grid changed without move to a state off the path
                return _Found(Message("q17.search_jumped", {"n": n}), list(self.path))
            back = len(states) - 1 - states[::-1].index(before)  # restored without move: left as by undoing
            while len(self.path) > back + 1:
                found = self.leave()
                if found:
                    return found
        top, depth = self.path[-1], len(self.path) - 1
        move = _move(before, after)
        expected = [*self.history, *(entry.came_by for entry in self.path[1:])]
        if depth and after == self.path[-2].state:  # undoing the move that led here: taken out before or after
            if played not in (expected[:-1], expected):
                return _Found(self._solution_message(played, expected[:-1], expected), list(self.path))
            return self.leave()
        if played not in (expected, [*expected, move]):  # recorded before or after
            return _Found(self._solution_message(played, expected, expected), list(self.path))
        if top.came_by is not None and move == OPPOSITE[top.came_by]:  # at the start: the move before the call
            return _Found(Message("q17.search_undoes_previous", {"move": move}), list(self.path))
        said = self.numbers(depth)
        if said["f"] > self.m:
            return _Found(Message("q17.search_pruned", said), list(self.path))
        if said["h"] == 0:
            return _Found(Message("q17.search_goal_expanded", said), list(self.path))
        top.tried.add(move)
        self.path.append(_Entry(after, move))
        self.forward += 1
        return None

    def count(self, before: tuple, after: tuple) -> None:
        """A move after the divergence, only counted: one into the state below the top undoes it (a state
        off the path starts it anew)."""
        states = [entry.state for entry in self.path]
        if before in states:
            del self.path[len(states) - states[::-1].index(before) :]
        else:
            self.path = [_Entry(before, None)]
        if len(self.path) > 1 and after == self.path[-2].state:
            self.path.pop()
        else:
            self.path.append(_Entry(after, None))
            self.forward += 1

    @staticmethod
    def _solution_message(played: list, shortest: list, longest: list) -> Message:
        """`solution` is none of the lists it may be at a move (from `shortest` to `longest`: the moves that
        lead to the state from before the call, the move being undone taken out or not): both lists, and
        what it lacks of the one or has more than the other when it is a beginning or an extension."""
        if len(played) < len(shortest) and shortest[: len(played)] == played:
            missing = shortest[len(played) :]
            said = {"recorded": _written(played), "expected": _written(shortest)}
            return Message("q17.search_solution_short", {**said, "missing": _written(missing), "count": len(missing)})
        said = {"recorded": _written(played), "expected": _written(longest)}
        if len(played) > len(longest) and played[: len(longest)] == longest:
            return Message("q17.search_solution_long", {**said, "extra": _written(played[len(longest) :])})
        return Message("q17.search_solution", said)

    def leave(self) -> _Found | None:
        """The dfs leaves the top state (an undoing move, or its return at the root): what DFS* does there
        instead, if anything. A state at p + h <= m is explored: DFS* returns True on the goal, and tries
        elsewhere every move but the one undoing how it came."""
        depth = len(self.path) - 1
        top, said = self.path[-1], self.numbers(depth)
        if said["f"] <= self.m:
            if said["h"] == 0:
                return _Found(Message("q17.search_goal_left", said), list(self.path))
            moves = set(legal_moves(top.state)) - ({OPPOSITE[top.came_by]} if top.came_by else set())
            if moves and not top.tried:
                key = "q17.search_not_expanded" if depth else "q17.search_root_not_expanded"
                return _Found(Message(key, said), list(self.path))
            if moves - top.tried:
                missing = ", ".join(move for move in BLANK_STEP if move in moves - top.tried)
                return _Found(Message("q17.search_skipped", {**said, "missing": missing}), list(self.path))
        if depth:
            self.path.pop()
        return None

    def end(self, found) -> _Found | None:
        """The dfs returned `found` (True, False, or None: not a boolean, or the run was stopped)."""
        depth = len(self.path) - 1
        if found is True:
            said = self.numbers(depth)
            if said["h"]:
                return _Found(Message("q17.search_true_not_goal", said), list(self.path))
            if said["f"] > self.m:
                return _Found(Message("q17.search_true_too_deep", said), list(self.path))
        elif found is False:
            if depth:
                return _Found(Message("q17.search_false_not_back", {"count": depth}), list(self.path))
            return self.leave()
        return None


def analyse(start: tuple, history: list, m: int, p0: int, seen: list, found, stopped: bool) -> dict:
    """The diagnosis of dfs(m, p0) from `start` (`history`: the moves before the call, in the order played)
    from the moves `seen` ((state handed to move, state after, `solution` in the order played) each), how
    it returned (`found`) and whether the run was `stopped` before returning (time, budget, a refused call)."""
    walk = _Walk(tuple(start), list(history), m, p0)
    result, upto = None, len(seen)
    for n, (before, after, played) in enumerate(seen, 1):
        if result is None:
            result = walk.step(n, before, after, played)
            upto = n
        else:  # the states visited are still counted
            walk.count(before, after)
    if result is None:
        result = walk.end(None if stopped else found)
    record: dict = {"start": list(start), "m": m, "p0": p0, "stopped": stopped, "nodes": 1 + walk.forward}
    # The moves played up to where the search left DFS* (all of them without a divergence): their last ones.
    record["trail"] = [_move(before, after) for before, after, _ in seen[max(0, upto - TRAIL) : upto]]
    record["trail_length"] = upto
    if result is None:
        key = "q17.search_stopped" if stopped else "q17.search_same"
        record["why"] = Message(key, {"n": len(seen)}).to_dict()
        return record
    record["why"] = result.message.to_dict()
    if result.path is not None:
        moves = [entry.came_by for entry in result.path[1:]]
        top = result.path[-1].state
        record.update(state=list(top), p=p0 + len(moves), h=manhattan(top), moves=moves[:MAX_SHOWN], length=len(moves))
    return record


def model_nodes(start: tuple, history: list, m: int, p0: int) -> int:
    """The states the model answer's dfs(m, p0) visits from `start`: its calls, trying the moves in the
    exam's order and stopping at the goal (counted by the solver's DFS*, no model answer needed)."""
    return dfs_calls(tuple(start), history[-1] if history else None, m - p0, MOVES)


def diagnose(ctx, convention, call: tuple) -> dict:
    """dfs(m, p) of `call` (state, history in the order played, m, p, blank value) run again with the
    exam's tente_* in the child and move served (MoveWatcher), and its diagnosis (`analyse`)."""
    state, history, m, p, blank_value = call
    watcher = MoveWatcher(convention)
    chain = Chain(("move",), watcher, exam=TENTES, convention=watcher.convention)
    payload = case_payload(state, blank_value, history, watcher.convention, m=m, p=p)
    reply = chain.run(ctx, probe_dfs, payload, limit=SECONDS, timeout_inconclusive=True)
    found = reply_fields(reply.value)["found"] if reply.ok else None
    record = analyse(state, history, m, p, watcher.seen, found if type(found) is bool else None, not reply.ok)
    record["model_nodes"] = model_nodes(state, history, m, p)
    return record


def attach(ctx, convention, outcomes: list, calls: dict) -> None:
    """Each failed group's diagnosis in its failure's drawing (`visual["dfs"]`): `calls` holds the dfs call
    each counterexample shows (by the id of the counterexample, which the failure holds, with the
    counterexample itself: kept alive, no other object takes its id). The exam's tente_* are a model
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
