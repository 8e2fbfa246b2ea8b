"""The child's view of the grid while a watched call runs (grader/questions/taquin/probes.py's `_served`):
every new arrangement of the tiles the exam's globals hold, sent to the parent, which checks the walk they
make (grader/questions/taquin/walk.py); and the answers the parent gave ahead, with the calls told to it
in batches (`Answers`). Loaded in the child with the probes: the standard library and the
child's namespace only."""

from __future__ import annotations

import os
import sys
from typing import Any

from grader.questions.child_api import ask, protocol, shapes

BLANK = 15
ALL_CELLS = list(range(16))
MOVE_NAMES = ("Gauche", "Bas", "Droite", "Haut")
# The calls answered in the child from answers the parent gave ahead (Answers), told to the parent in a
# batch: with the next call's frame ("hits"), or alone under this name (when MAX_HITS wait, and at a run's end).
HITS = "served_hits"
MAX_HITS = 1_000  # the calls one batch tells at most: the parent takes a longer one for a violation
WATCHED_STATE = "dfs_state"  # the call that tells the parent a new arrangement: {"state": 16 cells, BLANK's}


class Watched:
    """The grid's arrangements while a watched root call runs, until a nested call of it: read at each
    line, call and return of the student's code (frames of their module or folder), each new one sent to
    the parent (WATCHED_STATE). A search whose recursion does not go through the watched function (a
    helper, a closure, a loop over a stack) is seen where its state lives. Code that changes the tracer
    hides its own search."""

    def __init__(self, module, tell):
        self.tell = tell  # how each arrangement is told (probes._Answers.tell_later: with the next frame)
        self.own, self.last, self.active, self.before = vars(module), None, False, None
        folder = os.path.dirname(getattr(module, "__file__", None) or "")
        self.folder = folder + os.sep if folder else None

    def start(self) -> None:
        self.last, self.active, self.before = self.read(), True, sys.gettrace()
        sys.settrace(self.enter)

    def stop(self) -> None:
        if self.active and sys.gettrace() == self.enter:
            sys.settrace(self.before)
        self.active = False

    def enter(self, frame, event, arg):
        own = frame.f_globals is self.own or (self.folder and frame.f_code.co_filename.startswith(self.folder))
        return self.line(frame, event, arg) if own else None

    def line(self, frame, event, arg):
        if not self.active:
            return None
        self.look()
        return self.line

    def look(self) -> None:
        now = self.read()
        if now is not None and now != self.last:
            self.last = now
            self.tell(WATCHED_STATE, {"state": list(now)})

    def read(self) -> tuple | None:
        """The arrangement of the tiles the globals hold; None when they hold none (between two steps of
        a slide written inline, say)."""
        grid, li, lj = self.own.get("grid"), self.own.get("li"), self.own.get("lj")
        if not (shapes.grid(grid) and type(li) is type(lj) is int and 0 <= li < 4 and 0 <= lj < 4):
            return None
        cells = [*grid[0], *grid[1], *grid[2], *grid[3]]
        if set(map(type, cells)) != {int}:
            return None
        cells[4 * li + lj] = BLANK
        return tuple(cells) if sorted(cells) == ALL_CELLS else None


class Answers:
    """The parent's answers to calls the run has not made yet (an answer's `more`: the other tente_* of the
    state, the move that undoes each), kept as plain data by the call each answers: its name, arguments and
    the globals the served move and tente_* read (not `minimum`, nor the value in the blank's cell, which
    they pass on as they find them). A call found here is answered here and told to the parent later
    ([the parent's number of the answer, `minimum`, the blank cell's value]), so that the parent knows every
    call and refuses one as it would have refused it sent alone. Only data: the child learns the answers to
    calls it could have made, never the code that computes them. The watched calls, whose answer is none,
    are told later too ([name, what their frame would carry]), in the order made."""

    def __init__(self, spell):
        self.spell = spell  # the exam's names of moves -> as the student's `solution` sends them
        self.known: dict[tuple, tuple[int, Any, dict]] = {}
        self.later: list[list] = []  # told to the parent with the next frame, or alone when MAX_HITS wait
        self.spelled: dict | None = None  # each move's name as this module's `solution` sends it

    @staticmethod
    def key(name: str, args: list, state: dict) -> tuple | None:
        """The call as a key, when every value in it is of the exact type an answer's is (so that equal
        keys are equal calls: 1, 1.0 and True are equal keys); else None."""
        grid, li, lj, h, solution = (state[k] for k in ("grid", "li", "lj", "h", "solution"))
        if not (type(li) is int and type(lj) is int and 0 <= li < 4 and 0 <= lj < 4 and type(h) is int):
            return None
        if not (type(grid) is list and len(grid) == 4 and all(type(row) is list and len(row) == 4 for row in grid)):
            return None
        cells = [*grid[0], *grid[1], *grid[2], *grid[3]]
        cells[4 * li + lj] = None
        if type(solution) is not list or not set(map(type, cells)) <= {int, type(None)}:
            return None
        if not set(map(type, solution)) <= {str} or not set(map(type, args)) <= {int}:
            return None
        return name, *args, *cells, li, lj, h, *solution

    def learn(self, more: dict | None) -> None:
        """Keep the answers given ahead (serving.ModelServer._ahead's `more`), each keyed as this module's
        globals would send the call (moves written the student's way, then read back as the proxies read them)."""
        if more is None:
            return
        if self.spelled is None:
            self.spelled = dict(zip(MOVE_NAMES, self.spell(list(MOVE_NAMES))))
        state = more["state"]
        for index, name, result, after, back in more["tentes"]:
            self.keep(index, name, [], state, result, after or state)
            if back is not None:
                kept, taken_off, grid = back
                for number, solution in ((kept, after["solution"]), (taken_off, state["solution"])):
                    undone = {**state, "grid": grid, "solution": solution}
                    self.keep(number, "move", [state["li"], state["lj"]], {**after, "solution": solution}, None, undone)

    def keep(self, index: int, name: str, args: list, state: dict, result, after: dict) -> None:
        spelled = self.spelled or {}
        key = self.key(name, args, {**state, "solution": [spelled.get(move, move) for move in state["solution"]]})
        if key is not None:
            self.known[key] = index, result, after

    def answer(self, name: str, args: list, state: dict) -> dict | None:
        """The parent's answer to the call, when it gave it ahead (the call then told later); else None."""
        key = self.key(name, args, state)
        kept = self.known.get(key) if key is not None else None
        if kept is None:
            return None
        index, result, after = kept
        li, lj = state["li"], state["lj"]
        blank = state["grid"][li][lj]
        self.tell_later(index, protocol.plain(state["minimum"]), protocol.plain(blank))
        grid = [list(row) for row in after["grid"]]  # fresh: the student's code may keep it and change it
        if (after["li"], after["lj"]) == (li, lj):
            grid[li][lj] = blank
        return {"result": result, "state": {**after, "grid": grid, "minimum": state["minimum"]}}

    def tell_later(self, *call) -> None:
        """Tell the parent a call with the next frame (a hit, or a watched call's [name, args])."""
        if len(self.later) >= MAX_HITS:
            ask(HITS, {"hits": self.told()})
        self.later.append(list(call))

    def told(self) -> list[list]:
        """The calls answered or made here since the last frame, now told."""
        later, self.later = self.later, []
        return later
