"""What the search replays share (q4, q7, q10's grader/questions/jeux_replay.py; x1's
grader/questions/recherche_replay.py): where the requested algorithm's side comes from, a side as
results keep it, cut at SHOWN_CALLS calls with its length said, the order in which the student's code
first touched each state's successors, and the first call of the algorithm's side that the student's
calls do not cover (what their code should have done at the divergence).

The requested algorithm's side is a run of the model answers (reference/replays.py): only where they are
installed, a teacher's checkout or the service. The student kit does not ship them (setup.py), so a
check failed there carries no replay (docs/student-kit.md).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections import Counter
from collections.abc import Sequence
from types import ModuleType

SHOWN_CALLS = 60


def algorithms() -> ModuleType | None:
    """reference/replays.py, the requested algorithms' runs, where the model answers are installed."""
    try:
        installed = importlib.util.find_spec("reference.replays") is not None
    except ImportError:  # no reference package at all
        installed = False
    return importlib.import_module("reference.replays") if installed else None


def student_order(game: dict, events: list[tuple]) -> list[list[int]]:
    """Each state's successors in the order the student's code first touched them (the others after,
    in the game's order): the requested algorithm's side takes them in that order."""
    first: dict[int, int] = {}
    for k, (_, x, *_) in enumerate(events):
        first.setdefault(x, k)
    never = len(events)
    return [sorted(row, key=lambda y: first.get(y, never)) for row in game["succ"]]


def first_uncovered(
    calls: list[tuple], start: int, end: int, done: list[tuple], again: set[str], before: Sequence[tuple] = ()
) -> int | None:
    """The first of the algorithm's calls[start:end] that the student's calls `done` (up to where their
    search went another way) do not cover: what their code should have done there. A call of a function
    in `again` (one that expands a state) is covered only by as many of the student's, counting those of
    the algorithm's calls `before` it (its own, since the pass began); another (a test, an estimate: its
    answer does not change) by one of theirs anywhere before. None when all are."""
    had = Counter(done)
    used: Counter = Counter(call for call in before if call[0] in again)
    for k in range(start, end):
        call = calls[k]
        if call[0] in again:
            used[call] += 1
            if used[call] > had[call]:
                return k
        elif not had[call]:
            return k
    return None


def side(calls: list[tuple], groups: list[tuple[int, dict]], labels: list) -> dict:
    """A side as results keep it: its groups, each with what it says of itself (its level or bound, or what
    its pass was seen to reach: see reports/replay.py) and its first SHOWN_CALLS calls overall as
    [letter, state, …] (the function's initial, then its arguments); `length` counts all the calls."""
    shown = []
    bounds = [*(start for start, _ in groups[1:]), len(calls)]
    for (start, said), end in zip(groups, bounds):
        if start >= SHOWN_CALLS:
            break
        steps = [[name[0], *(labels[x] for x in args)] for name, *args in calls[start : min(end, SHOWN_CALLS)]]
        shown.append({**said, "calls": steps})
    return {"groups": shown, "length": len(calls), "group_count": len(groups)}
