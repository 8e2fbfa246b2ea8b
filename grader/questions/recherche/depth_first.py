"""x1: whether a trace walks the tree of paths from the start depth first, as every IDA* does whatever the
order it reads successors in (grader/questions/recherche/replay.py's `unobserved` cuts the trace and asks;
docs/judging.md, x1). States are the graph's indices, `succ` each one's successors as the student's code
gets them (repeats kept)."""

from __future__ import annotations

# A depth-first walk of the tree of paths from the start, as the parent can follow it: the current path, each
# of its states with the successors the walk entered from it (`entered`) and the heuristic calls on its
# successors made while it was on the path and not yet used by an entry (`asked`), both sorted
# (state, count) pairs, so that walks compare and deduplicate.
Node = tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def strayed(succ: list[list[int]], start: int, calls: list[tuple[str, int]], cached: bool) -> int | None:
    """Where (an index in `calls`: each call's function and the state it is about) no depth-first walk of
    the tree of paths from the start explains the call, or None. The walk keeps the current path: a call
    is on the start (a pass begins) or on a successor of a state on the path, the path popped down to
    that state; a next_states call enters its state, which goes on the path. Every walk the calls leave
    open is followed (on a graph a state may be the successor of several states on the path).

    Counted (`cached` False: one pass, each expansion seen): the first expansion is the start's, and a
    state enters from the same state of the path at most as many times as it is listed among its
    successors: once left, a branch is never entered again. Cached: the whole trace, in which a state
    whose successors were served before may also enter from the cache, without a call, from a state of
    the path that asked heuristic on it since it came on the path, once per such call (an IDA* asks h on
    each state it enters, or on each successor it generates); a best-first or breadth-first search, which
    asks h on a state once, cannot come back to a branch it left without calls of its own."""
    walks: set[tuple[Node, ...]] = set()
    served: set[int] = set()
    for k, (name, x) in enumerate(calls):
        if name == "heuristic" and not cached:
            continue
        after: set[tuple[Node, ...]] = set()
        if x == start and (cached or not walks):
            after.add(((start, (), ()),))  # a pass begins (or, with heuristic, the start asked on a cycle)
        for path in walks:
            after.update(_next_walks(succ, path, name, x, served if cached else set(), counted=not cached))
        if not after:
            return k
        walks = _merged(after)
        if name == "next_states":
            served.add(x)
    return None


def _next_walks(succ: list[list[int]], path: tuple[Node, ...], name: str, x: int, served: set[int], counted: bool):
    """The walks `path` may become with a call `name` on x: popped to a state of the path that lists x, or
    to one that lists a state entered there from the cache (`served`: its successors known) that lists x;
    then a heuristic call is noted on that state, a next_states call enters x below it."""
    for i, (state, entered, asked) in enumerate(path):
        below = path[:i]
        yield from _call(succ, below, path[i], name, x, counted)
        for silent, _ in asked:
            if silent in served and x in succ[silent] and all(silent != node[0] for node in path[: i + 1]):
                inside = (*below, (state, _plus(entered, silent), _plus(asked, silent, -1)))
                yield from _call(succ, inside, (silent, (), ()), name, x, counted)
        if state == x and name == "next_states":
            return  # a simple path: x is on the path from here down


def _call(succ: list[list[int]], below: tuple[Node, ...], parent: Node, name: str, x: int, counted: bool):
    """The call on x with `parent` on top of the path (`below` under it), if x is among its successors."""
    state, entered, asked = parent
    if x not in succ[state]:
        return
    if name == "heuristic":
        # No more calls pending than the state lists x: those a pass made on the start's successors it
        # pruned do not stand for the next pass's entries (the start never leaves the path).
        if dict(asked).get(x, 0) < succ[state].count(x):
            asked = _plus(asked, x)
        yield (*below, (state, entered, asked))
        return
    if x == state or any(x == node[0] for node in below):
        return
    if counted and dict(entered).get(x, 0) >= succ[state].count(x):
        return
    used = -1 if dict(asked).get(x, 0) else 0  # the heuristic call made when it was generated, if any
    yield (*below, (state, _plus(entered, x), _plus(asked, x, used)), (x, (), ()))


def _merged(walks: set[tuple[Node, ...]]) -> set[tuple[Node, ...]]:
    """One walk per path: each state of it with the fewest entries and the most heuristic calls the walks
    on that path hold. It allows what any of them allows (a correct search is never failed for it), and
    keeps the walks as few as the paths: following every one grew exponentially with the calls on a graph
    with cycles (seconds for 20 calls)."""
    by_path: dict[tuple[int, ...], list[tuple[Node, ...]]] = {}
    for walk in walks:
        by_path.setdefault(tuple(node[0] for node in walk), []).append(walk)
    return {
        tuple(
            (state, _combined(min, [w[i][1] for w in same]), _combined(max, [w[i][2] for w in same]))
            for i, state in enumerate(path)
        )
        for path, same in by_path.items()
    }


def _combined(pick, tables: list[tuple[tuple[int, int], ...]]) -> tuple[tuple[int, int], ...]:
    """The counts of several sorted (state, count) tables, state by state, by `pick` (a missing count is 0)."""
    read = [dict(table) for table in tables]
    keys = sorted({state for table in read for state in table})
    return tuple((x, n) for x in keys if (n := pick(table.get(x, 0) for table in read)))


def _plus(counts: tuple[tuple[int, int], ...], x: int, by: int = 1) -> tuple[tuple[int, int], ...]:
    """Sorted (state, count) pairs with x's count moved by `by` (dropped at 0)."""
    table = dict(counts)
    table[x] = table.get(x, 0) + by
    return tuple(sorted((state, count) for state, count in table.items() if count))
