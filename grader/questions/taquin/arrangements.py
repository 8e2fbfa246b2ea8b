"""The child's view of the grid while a watched call runs (grader/questions/taquin/probes.py's `_served`):
every new arrangement of the tiles the exam's globals hold, sent to the parent, which checks the walk they
make (grader/questions/taquin/walk.py). Loaded in the child with the probes: the standard library and the
child's namespace only."""

from __future__ import annotations

import os
import sys

from grader.questions.child_api import shapes

BLANK = 15
ALL_CELLS = list(range(16))
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
