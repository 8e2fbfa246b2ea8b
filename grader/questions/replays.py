"""What the search replays share (q4, q7, q10's grader/questions/jeux_replay.py; x1's
grader/questions/recherche_replay.py): a side as results keep it, cut at SHOWN_CALLS calls with its
length said; the recorder of the requested algorithm's calls, stopped at REFERENCE_CALLS; the order in
which the student's code first touched each state's successors, which q4/q7/q10's requested algorithm
follows so that the two sides differ by the algorithm, not by that order (on their trees one order per
state is enough; x1's graphs follow the student state by state). Standard library only."""

from __future__ import annotations

from collections.abc import Callable

SHOWN_CALLS = 60
# The reference side is computed on small crafted or shrunk cases (a few dozen calls): this stops it on
# any other a caller might pass.
REFERENCE_CALLS = 10_000


def student_order(game: dict, events: list[tuple[str, int]]) -> list[list[int]]:
    """Each state's successors in the order the student's code first touched them (the others after,
    in the game's order): the requested algorithm's side takes them in that order."""
    first: dict[int, int] = {}
    for k, (_, x) in enumerate(events):
        first.setdefault(x, k)
    never = len(events)
    return [sorted(row, key=lambda y: first.get(y, never)) for row in game["succ"]]


class Enough(Exception):
    """A reference side stopped at REFERENCE_CALLS calls."""


def recorder(calls: list) -> Callable[..., None]:
    """record(name, *states) appends the call to `calls`, Enough past REFERENCE_CALLS."""

    def record(*call) -> None:
        if len(calls) >= REFERENCE_CALLS:
            raise Enough
        calls.append(call)

    return record


def side(calls: list[tuple], groups: list[tuple[int, int | None]], labels: list) -> dict:
    """A side as results keep it: its groups, each with its reach or bound and its first SHOWN_CALLS
    calls overall as [letter, state, …] (the function's initial, then its arguments); `length` counts
    all the calls."""
    shown = []
    bounds = [*(start for start, _ in groups[1:]), len(calls)]
    for (start, bound), end in zip(groups, bounds):
        if start >= SHOWN_CALLS:
            break
        steps = [[name[0], *(labels[x] for x in args)] for name, *args in calls[start : min(end, SHOWN_CALLS)]]
        shown.append({"bound": bound, "calls": steps})
    return {"groups": shown, "length": len(calls), "group_count": len(groups)}
