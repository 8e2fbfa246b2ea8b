"""q17's and q18's evidence of search: the student's own dfs watched where the state lives.

Each call of the student's dfs runs its own code in the child; the parent is told the call (m, p) and the
globals at its entry, and at its return what it returned and the globals then (probes: WATCHED names,
served by DfsWatcher). Whatever moves the tiles (`move`, the exam's tente_*, a helper of the student's
own), the parent sees which states the search entered. `walk` then checks, step by step with the puzzle's
rules and h alone, that one call's tree of calls is DFS*'s at its bound: the root entered at the call's
state, each other call entered from its parent's state by one legal move that does not undo the move that
led to the parent, with p one more and the same m; only from a state with p + h <= m that is not the goal;
every move to a child within the bound tried once (a child past it may be cut without a call), none twice;
True returned only with the board at the goal, by the goal itself or a parent whose child found it, and
nothing tried after; the goal within the bound never left with False. `minimum` at the root's failed
return must be the least p + h the walk cut. `ida_passes` checks that taquin()'s calls are IDA*'s passes:
each a walk from the start at p = 0, the first bound at most h, each next one the least p + h the previous
walk cut (what the student's `minimum` held is the dfs's business: q17), all failing but the last, which
finds; a next bound above the previous one but short of that least cut (`m += 1`) is told apart (`short`):
it repeats a pass and skips no optimum, and only the group that judges the bound update refuses it.

A verifier of what was observed: it searches nothing and answers nothing (a glued answer cannot use it),
and a search made elsewhere, replayed or announced, shows no such walk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from grader.questions.api import Message, Violation
from grader.questions.taquin.arrangements import WATCHED_STATE
from grader.questions.taquin.probes import BLANK, WATCHED_RETURN
from grader.questions.taquin.serving import StateServer, grid_arrangement
from reference.puzzle import BLANK_STEP, GOAL, OPPOSITE, apply, legal_moves, manhattan

MAX_CALLS = 10_000  # the dfs calls a watched run may make (two round trips each: 0.17 ms, docs/reports.md)
STEP_MOVE = {step: move for move, step in BLANK_STEP.items()}


class Seen(NamedTuple):
    """An entry of the watched dfs (`found` unused) or its return (`m`, `p` unused): the state, the
    globals' `minimum` (None for infinity); `by_grid`: made up from the grid's arrangements (`walked`)."""

    entry: bool
    m: int
    p: int
    state: tuple
    minimum: int | None
    found: bool | None
    by_grid: bool = False


class DfsWatcher(StateServer):
    """The watched dfs's entries and returns, each checked as StateServer checks a served call (a taquin
    state, dfs's arguments within the interface), kept in `seen`; and the grid's arrangements the child
    saw during a root call until a nested one (probes' arrangements.Watched), kept in `states` with the
    number of calls seen before each. One unit of work each: two a call, or a state's visit."""

    tellable = frozenset({"dfs", WATCHED_RETURN, WATCHED_STATE})  # told in batches: they answer nothing

    def __init__(self, convention):
        super().__init__(convention, self.tellable)
        self.budget = 2 * MAX_CALLS
        self.seen: list[Seen] = []
        self.states: list[tuple[int, tuple]] = []

    def reset(self) -> None:
        super().reset()
        self.seen, self.states = [], []

    def serve(self, name, args):
        if name == WATCHED_STATE:
            self.charge()
            self.states.append((len(self.seen), _arrangement(args)))
            return None
        arguments, state, _ = self._checked(name, args)
        self.charge()
        arrangement = grid_arrangement(state["grid"], state["li"], state["lj"])
        assert arrangement is not None  # _checked refused any other grid
        minimum = None if state["minimum"] == "inf" else int(state["minimum"])
        if name == WATCHED_RETURN:
            self.seen.append(Seen(False, 0, 0, tuple(arrangement), minimum, arguments[0]))
        else:
            self.seen.append(Seen(True, arguments[0], arguments[1], tuple(arrangement), minimum, None))
        return None

    def walked(self) -> list[Seen]:
        """`seen`, each root call whose recursion did not go through the watched dfs (no nested call: a
        helper, a closure, a loop over a stack) told instead by the grid's arrangements seen during it
        (`by_grid`): a move to a state next to the top of the path is a call entered there, a move back to
        a state on the path the returns up to it, the root's return that of every call still open."""
        walked: list[Seen] = []
        start = depth = 0
        for at, event in enumerate(self.seen):
            depth = max(0, depth + (1 if event.entry else -1))
            if depth and at < len(self.seen) - 1:
                continue
            calls = _unwrapped(self.seen[start : at + 1])
            if sum(seen.entry for seen in calls) > 1:
                walked += calls
            else:  # its states came after its entry, and before its return if it returned
                last = at if depth == 0 else at + 1
                walked += _by_grid(calls, [state for position, state in self.states if start < position <= last])
            start = at + 1
        return walked


def _unwrapped(calls: list[Seen]) -> list[Seen]:
    """`calls` without each call that only hands itself on to dfs: entered at once by a call at the same
    state, m and p, whose return its own follows at once (a dfs that resets `minimum`, then calls itself
    with a flag, say). The outer call's entry and return stay."""
    dropped: set[int] = set()
    opened: list[int] = []
    for at, event in enumerate(calls):
        if event.entry:
            opened.append(at)
            continue
        inner = opened.pop() if opened else None
        outer = opened[-1] if opened else None
        if inner is None or outer is None or inner != outer + 1 or at + 1 >= len(calls) or calls[at + 1].entry:
            continue
        if calls[inner][1:4] == calls[outer][1:4]:  # m, p and the state
            dropped |= {inner, at}
    return [event for at, event in enumerate(calls) if at not in dropped]


def _arrangement(args) -> tuple:
    """The arrangement a WATCHED_STATE call carries (16 cells, each of 0..15 once); a Violation otherwise
    (the child's probes send no other)."""
    cells = args.get("state") if type(args) is dict and args.keys() == {"state"} else None
    if type(cells) is not list or len(cells) != 16 or [type(c) for c in cells] != [int] * 16:
        raise Violation("taquin.served_shape", name=WATCHED_STATE)
    if sorted(cells) != list(range(16)):
        raise Violation("taquin.served_shape", name=WATCHED_STATE)
    return tuple(cells)


def _by_grid(calls: list[Seen], states: list[tuple]) -> list[Seen]:
    """A root call without nested calls (`calls`: its entry, and its return when it returned) as the
    calls the grid's arrangements `states` stand for (see DfsWatcher.walked)."""
    root, path = calls[0], [calls[0].state]
    made = [root]
    for state in states:
        back = len(path) > 1 and state == path[-2]
        if not back and _move(path[-1], state) is None and state in path:  # restored without moves
            back = True
        if back:
            while path[-1] != state:
                path.pop()
                made.append(Seen(False, 0, 0, path[-1], None, False, True))
        else:
            path.append(state)
            made.append(Seen(True, root.m, root.p + len(path) - 1, state, None, None, True))
    if len(calls) > 1:
        end = calls[-1]
        made += [Seen(False, 0, 0, end.state, None, end.found, True) for _ in path[1:]]
        made.append(end._replace(by_grid=True))
    return made


@dataclass
class _Node:
    state: tuple
    came_by: str | None  # the move that led here (the root: the last move before the call)
    p: int
    tried: set[str] = field(default_factory=set)
    child_found: bool = False


@dataclass
class Walk:
    """What `walk` made of a call: `why` (q17.search_same, or where it left DFS*), the path of moves from
    the root to the state shown, the calls seen, whether the root returned and what, the least p + h cut."""

    why: Message
    path: list[str]
    nodes: int
    returned: bool = False
    found: bool | None = None
    least: float = math.inf
    number: int = 0  # q18: the pass (from 1) this walk is, its bound `bound`
    bound: int = 0
    short: dict = field(default_factory=dict)  # q18: the first bound raised short of the least cut, said

    @property
    def same(self) -> bool:
        return self.why.key == "q17.search_same"

    @property
    def explored(self) -> bool:
        """DFS*'s states, whatever `minimum` was left (the next bound's group judges it)."""
        return self.same or self.why.key == "q17.walk_minimum"


def _move(before: tuple, after: tuple) -> str | None:
    """The legal move from `before` to `after`, None when one move does not lead there."""
    blank, new_blank = before.index(BLANK), after.index(BLANK)
    move = STEP_MOVE.get((new_blank // 4 - blank // 4, new_blank % 4 - blank % 4))
    return move if move in legal_moves(before) and apply(before, move) == after else None


def walk(start: tuple, previous: str | None, m: int, p0: int, seen: list[Seen], initial=math.inf) -> Walk:
    """The check of one call dfs(m, p0) from `start` (`previous`: the last move before it) on the events
    `seen` (see the module's docstring); `initial`: `minimum` before the call."""
    return _Walker(start, previous, m, p0, initial).walk(seen)


@dataclass
class _Walker:
    """`walk`'s state: the calls open from the root down (`stack`), the least p + h cut so far, the calls
    seen. Each step reads one event and says where it left DFS* (a Walk), or None to read the next."""

    start: tuple
    previous: str | None
    m: int
    p0: int
    initial: float
    stack: list[_Node] = field(default_factory=list)
    least: float = math.inf
    nodes: int = 0

    def walk(self, seen: list[Seen]) -> Walk:
        for event in seen:
            if not self.stack and self.nodes:
                return self.stop("q17.walk_root")
            left = self.entered(event) if event.entry else self.returned(event)
            if left is not None:
                return left
        if not self.stack and self.nodes:
            return Walk(Message("q17.search_stopped", {"n": self.nodes}), [], self.nodes)
        return self.stop("q17.search_stopped", n=self.nodes) if self.stack else self.stop("q17.walk_no_call")

    def stop(self, key: str, **said) -> Walk:
        """Where the walk left DFS*: `key`, said with the numbers of the call on top, and the path to it."""
        top = self.stack[-1] if self.stack else _Node(self.start, self.previous, self.p0)
        h = manhattan(top.state)
        numbers = {"p": top.p, "h": h, "f": top.p + h, "m": self.m}
        path = [str(entry.came_by) for entry in self.stack[1:]]
        return Walk(Message(key, {**numbers, **said}), path, self.nodes)

    def push(self, node: _Node) -> None:
        self.stack.append(node)
        self.nodes += 1

    # --- A call entered --------------------------------------------------------------------------------
    def entered(self, event: Seen) -> Walk | None:
        if event.m != self.m:
            return self.stop("q17.walk_bound", got=event.m)
        if not self.stack:
            if event.p != self.p0 or event.state != self.start:
                return self.stop("q17.walk_root")
            self.push(_Node(self.start, self.previous, self.p0))
            return None
        parent = self.stack[-1]
        refused = self.expansion_refused(parent)
        if refused is not None:
            return self.stop(refused)
        move = _move(parent.state, event.state)
        if move is None:
            return self.stop("q17.walk_jumped" if event.by_grid else "q17.walk_not_child")
        if parent.came_by is not None and move == OPPOSITE[parent.came_by]:
            return self.stop("q17.search_undoes_previous", move=move)
        if move in parent.tried:
            return self.stop("q17.walk_twice", move=move)
        if event.p != parent.p + 1:
            return self.stop("q17.walk_depth", got=event.p)
        parent.tried.add(move)
        self.push(_Node(event.state, move, event.p))
        return None

    def expansion_refused(self, parent: _Node) -> str | None:
        """Why DFS* would call nothing from `parent`: it found the goal below, it is past the bound, or
        it is the goal."""
        h = manhattan(parent.state)
        if parent.child_found:
            return "q17.walk_after_found"
        if parent.p + h > self.m:
            return "q17.search_pruned"
        return "q17.search_goal_expanded" if h == 0 else None

    # --- A call returned -------------------------------------------------------------------------------
    def returned(self, event: Seen) -> Walk | None:
        if not self.stack:
            return self.stop("q17.walk_root")
        top = self.stack[-1]
        left = self.found_refused(top, event) if event.found is True else self.failure_refused(top)
        if left is not None:
            return left
        self.stack.pop()
        if self.stack:
            self.stack[-1].child_found = self.stack[-1].child_found or event.found is True
            return None
        return self.root_returned(event)

    def found_refused(self, top: _Node, event: Seen) -> Walk | None:
        """True returned by `top`: only within the bound, at the goal or above a child that found it."""
        h = manhattan(top.state)
        if top.p + h > self.m:
            return self.stop("q17.search_true_too_deep")
        if h and not top.child_found:
            return self.stop("q17.search_true_not_goal")
        return self.stop("q17.walk_board_not_goal") if event.state != GOAL else None

    def failure_refused(self, top: _Node) -> Walk | None:
        """Anything but True returned by `top`: a cut past the bound (its p + h counted in `least`), or a
        call within it that is not the goal, tried every child within the bound and none found."""
        h = manhattan(top.state)
        if top.p + h > self.m:
            self.least = min(self.least, top.p + h)
            return None
        if h == 0:
            return self.stop("q17.search_goal_left")
        if top.child_found:
            return self.stop("q17.walk_found_dropped")
        return self.children_refused(top)

    def children_refused(self, top: _Node) -> Walk | None:
        """Every child of `top` within the bound tried (the others' p + h counted in `least`)."""
        cut = {}
        for move in legal_moves(top.state):
            if top.came_by is None or move != OPPOSITE[top.came_by]:
                cut[move] = top.p + 1 + manhattan(apply(top.state, move))
        missing = [move for move in cut if cut[move] <= self.m and move not in top.tried]
        if missing and top.tried:
            return self.stop("q17.search_skipped", missing=", ".join(missing))
        if missing:
            return self.stop("q17.search_not_expanded" if len(self.stack) > 1 else "q17.search_root_not_expanded")
        self.least = min([self.least, *(f for move, f in cut.items() if move not in top.tried)])
        return None

    def root_returned(self, event: Seen) -> Walk:
        """The root's return: a boolean, and after a failed search the least p + h cut in `minimum`."""
        if event.found is None:
            return self.stop("q17.walk_not_bool")
        # `minimum` kept from before the call, or reset by the dfs at its root: either is DFS*'s.
        expected = min(self.least, self.initial)
        allowed = {None if value == math.inf else value for value in (expected, self.least)}
        if event.found is False and event.minimum not in allowed:
            said = {"expected": _shown(expected), "got": _shown(event.minimum)}
            return Walk(Message("q17.walk_minimum", said), [], self.nodes, True, False, self.least)
        return Walk(Message("q17.search_same", {"n": self.nodes}), [], self.nodes, True, event.found, self.least)


def _shown(value) -> str:
    return "inf" if value is None or value == math.inf else str(int(value))


def ida_passes(start: tuple, seen: list[Seen]) -> Walk:
    """taquin()'s calls of dfs as IDA*'s passes from `start` (see the module's docstring): the first walk
    that is not, or the last pass's (whose `same` says they all are)."""
    passes = _passes(seen)
    h = manhattan(start)
    if not passes:  # a taquin may answer the goal at once
        key = "q17.search_same" if h == 0 else "q18.no_pass"
        return Walk(Message(key, {"h": h, "n": 0}), [], 0, h == 0, h == 0)
    bound: float = h
    checked = Walk(Message("q18.no_pass", {"h": h}), [], 0)
    short: dict = {}
    for number, events in enumerate(passes, 1):
        m = events[0].m
        if (number == 1 and m > h) or (number > 1 and not checked.bound < m <= bound):
            expected = f"≤ {h}" if number == 1 else _shown(bound)
            return Walk(Message("q18.pass_bound", {"n": number, "m": m, "expected": expected}), [], checked.nodes)
        if number > 1 and m < bound and not short:  # a pass repeated (m + 1): no optimum skipped
            short = {"n": number, "previous": checked.bound, "m": m, "expected": _shown(bound)}
        checked = walk(start, None, m, 0, events, initial=math.inf if events[0].minimum is None else events[0].minimum)
        checked.number, checked.bound = number, m
        if not checked.explored:  # `minimum` aside: the next bound is checked against the walk's own cut
            return checked
        if checked.found and number < len(passes):
            return Walk(Message("q18.pass_after_found", {"n": number}), [], checked.nodes)
        bound = checked.least
    if not checked.found:
        return Walk(Message("q18.pass_not_found", {"n": len(passes)}), [], checked.nodes)
    same = Message("q17.search_same", {"n": checked.nodes})
    return Walk(same, [], checked.nodes, True, True, checked.least, short=short)


def _passes(seen: list[Seen]) -> list[list[Seen]]:
    """`seen` cut into taquin()'s calls of dfs: each root call's events, from its entry to its return."""
    passes: list[list[Seen]] = []
    depth = 0
    for event in seen:
        if event.entry and depth == 0:
            passes.append([])
        if passes:
            passes[-1].append(event)
        depth += 1 if event.entry else -1
    return passes


def record(checked: Walk, start: tuple, m: int, p0: int, stopped: bool) -> dict:
    """`checked` as q17's search drawing reads it (reports/replay.py's search_view): the sentence, the calls
    seen, and the state on the path where the walk left DFS*."""
    state = start
    for move in checked.path:
        state = apply(state, move)
    said = {"p": p0 + len(checked.path), "h": manhattan(state), "moves": checked.path, "length": len(checked.path)}
    why = checked.why.to_dict()
    return {"start": list(start), "m": m, "p0": p0, "stopped": stopped, "nodes": checked.nodes, "trail": []} | {
        "trail_length": 0,
        "why": why,
        "state": list(state),
        **said,
    }
