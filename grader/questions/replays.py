"""What the search replays share (q4, q7, q10's grader/questions/jeux/replay.py; x1's
grader/questions/recherche/replay.py): where the requested algorithm's side comes from, a side as
results keep it, cut at SHOWN_CALLS calls with its length said, the order in which the student's code
took each state's successors, and the first call of the algorithm's side that the student's
calls do not cover (what their code should have done at the divergence).

The requested algorithm's side is a run of the model answers (reference/answers/replays.py): only where they are
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
    """reference/answers/replays.py, the requested algorithms' runs, where the model answers are installed."""
    try:
        installed = importlib.util.find_spec("reference.answers.replays") is not None
    except ImportError:  # no reference.answers package (a built distribution), or no reference at all
        installed = False
    return importlib.import_module("reference.answers.replays") if installed else None


def student_order(game: dict, events: list[tuple], starts: list[int]) -> list[list[int]]:
    """Each state's successors in the order the student's code takes them (the others after, in the
    game's order): the requested algorithm's side takes them in that order. Read in the pass (`starts`:
    each pass's first call) where the code first touched each: where it entered it (its first test or
    expansion there), else where it last estimated it; after all of them when it only estimated it while
    a sibling estimated before waited to be entered (the code estimated all of them first, then took them
    by increasing h, and found a final state before coming back to this one)."""
    spans = list(zip(starts, [*starts[1:], len(events)]))
    touches = [_touches(events[a:b], a) for a, b in spans]
    passed: dict[int, int] = {}
    for k, (first, _, _) in enumerate(touches):
        for y in first:
            passed.setdefault(y, k)

    def rank(row: list[int], y: int) -> tuple[int, int, int]:
        if y not in passed:
            return len(spans), 0, 0
        first, last, entry = touches[passed[y]]
        if y in entry:
            return passed[y], 0, entry[y]
        waiting = any(first[z] < last[y] < entry[z] for z in row if z in entry)
        return passed[y], int(waiting), last[y]

    return [sorted(row, key=lambda y: rank(row, y)) for row in game["succ"]]


def _touches(part: list[tuple], start: int) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Where the calls `part` (from index `start`) first touch each state, last touch it, and enter it
    (test or expand it)."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    entry: dict[int, int] = {}
    for k, (name, y, *_) in enumerate(part, start):
        first.setdefault(y, k)
        last[y] = k
        if name != "h":
            entry.setdefault(y, k)
    return first, last, entry


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
