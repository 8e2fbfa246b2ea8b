"""Algorithms recognised by their defining property, on the trace the parent itself observed.

The trace is GameServer.events: every call of the student's code to `final`, `suivants` and `h`, in
order, as answered by the parent. The crafted games are trees (or, for q4, DAGs) whose initial state
has no predecessor; each criterion below is a property of every correct variant (successors in any
order, goal tested on entry or at generation, duplicates kept or removed, root handled before the
loop, bound or depth returned), and each returns None or (message key, parameters) naming what was
seen.

BFS (q4): states are tested level by level and a finished level is never visited again.
  1. In the order of their first `final` test, states have nondecreasing distance from e0 (a DFS goes
     down before finishing a level: the crafted trees put the final state in a middle branch).
  2. For a state x whose every path from e0 has the same length d (on a DAG with cycles, the others are
     skipped), no call on x comes after a call on a state at distance >= d + 2. A BFS is working on
     levels d and d + 1 at most (goal tests at generation reach one level ahead); a search that
     restarts from e0, or from its successors, for each depth (IDS, memoised or not) comes back.

Depth-first passes (q7, q10). The trace is cut into passes: a pass ends when a (function, state) call
repeats one made earlier in the same pass (not right before it: `h` twice in a row is not a restart).
Within a pass, each state the code touches must be the initial state or a successor of a state on the
current path (the states expanded and not yet left): the path is popped until the state's predecessor
is on top, and a `suivants` call pushes its state. That is what a depth-first search with memory
linear in the depth does; a BFS or an A* jumps between branches.

IDS (q7): depth-first passes whose deepest state is at distance m = 0, 1, 2, … (the first pass may
reach depth 1: e0 tested and expanded once before the loop, or the loop starting at m = 1).

IDA* (q10): `h` is called; depth-first passes, as many as figure 3 makes (a single sweep, as an A*
does, is not IDA*); pass k expands (calls `suivants` on) exactly the states of figure 3 with bound m_k
— m_0 = h(e0), then the smallest p + h(e) that exceeded the previous bound — and the last pass at most
those of its bound.
"""

from __future__ import annotations

from typing import cast

from grader.questions.jeux_games import distances, idastar_passes, optimum


def _depths(succ: list[list[int]], root: int) -> list[int]:
    """Each state's distance from the root. A trace holds reached states only (the judge refused a run
    that touched another before looking at its trace), so no depth read here is None."""
    return cast(list[int], distances(succ, [root]))


def _graded_depths(game: dict) -> list[int | None]:
    """For each state, its distance from e0 if every path from e0 to it has that length, else None."""
    succ, root = game["succ"], game["initial"]
    shortest = distances(succ, [root])
    graded = [d is not None for d in shortest]
    # A state is graded when all its reachable predecessors are graded at distance d - 1.
    changed = True
    while changed:
        changed = False
        for x, row in enumerate(succ):
            for y in row:
                if graded[y] and shortest[x] is not None and (not graded[x] or shortest[x] != shortest[y] - 1):
                    graded[y] = False
                    changed = True
    return [shortest[i] if graded[i] else None for i in range(len(succ))]


def bfs(game: dict, events: list[tuple[str, int]], labels: list):
    depth = _depths(game["succ"], game["initial"])
    deepest = None
    for i in _first_tests(events):
        if deepest is not None and depth[i] < depth[deepest]:
            return "q4.not_level_order", {
                "state": labels[i],
                "depth": depth[i],
                "previous": labels[deepest],
                "previous_depth": depth[deepest],
            }
        if deepest is None or depth[i] > depth[deepest]:
            deepest = i
    graded = _graded_depths(game)
    farthest = None  # the deepest state touched so far
    for name, i in events:
        level = graded[i]
        if level is not None and farthest is not None and depth[farthest] >= level + 2:
            return "q4.restarts", {
                "state": labels[i],
                "depth": level,
                "call": name,
                "later": labels[farthest],
                "later_depth": depth[farthest],
            }
        if farthest is None or depth[i] > depth[farthest]:
            farthest = i
    return None


def _first_tests(events):
    """States in the order of their first `final` test."""
    seen = set()
    for name, i in events:
        if name == "final" and i not in seen:
            seen.add(i)
            yield i


def passes(events: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The trace cut into depth-first passes (see the module's docstring). Only `final` and `suivants`
    calls cut: `h` may be called on a child when it is generated and again when it is entered."""
    cut: list[list[tuple[str, int]]] = []
    seen: set = set()
    previous = None
    for event in events:
        if event[0] != "h":
            if not cut or (event in seen and event != previous):
                cut.append([])
                seen = set()
            seen.add(event)
        elif not cut:
            cut.append([])
        cut[-1].append(event)
        previous = event
    return cut


def depth_first(game: dict, one_pass: list[tuple[str, int]], labels: list):
    """None if the pass is a depth-first search from e0, else what broke it."""
    succ, root = game["succ"], game["initial"]
    depth = _depths(succ, root)
    path = [root]
    for name, x in one_pass:
        if x != root:
            while path and path[-1] != x and x not in succ[path[-1]]:
                path.pop()
            if not path:
                parent = min(
                    (y for y in range(len(succ)) if x in succ[y] and depth[y] is not None), key=lambda y: depth[y]
                )
                return "jeux.not_depth_first", {"state": labels[x], "call": name, "parent": labels[parent]}
        else:
            path = [root]
        if name == "suivants" and path[-1] != x:
            path.append(x)
    return None


def _reach(game: dict, one_pass) -> int:
    depth = _depths(game["succ"], game["initial"])
    return max(depth[x] for _, x in one_pass)


def ids(game: dict, events: list[tuple[str, int]], labels: list):
    cut = passes(events)
    root = game["initial"]
    if len(cut) <= 1:
        return "q7.no_restart", {
            "tests": sum(1 for f, s in events if f == "final" and s == root),
            "expansions": sum(1 for f, s in events if f == "suivants" and s == root),
            "depth": optimum(game),
        }
    for one_pass in cut:
        failure = depth_first(game, one_pass, labels)
        if failure:
            return failure
    reach = [_reach(game, one_pass) for one_pass in cut]
    if reach[0] > 1 or any(b != a + 1 for a, b in zip(reach, reach[1:])):
        return "q7.bounds", {"reach": ", ".join(map(str, reach))}
    return None


def idastar(game: dict, events: list[tuple[str, int]], labels: list):
    if not any(f == "h" for f, _ in events):
        return "q10.no_h", {}
    cut = passes(events)
    for one_pass in cut:
        failure = depth_first(game, one_pass, labels)
        if failure:
            return failure
    expected = idastar_passes(game)
    depth = _depths(game["succ"], game["initial"])
    h = game["h"]
    bounds = ", ".join(str(p["bound"]) for p in expected)
    if len(cut) == 1 < len(expected):
        return "q10.single_pass", {"expected": len(expected), "bounds": bounds}
    for k, one_pass in enumerate(cut):
        expanded = {x for f, x in one_pass if f == "suivants"}
        if k >= len(expected):
            return "q10.extra_pass", {"count": len(cut), "expected": len(expected), "bounds": bounds}
        bound, allowed = expected[k]["bound"], expected[k]["expanded"]

        def at(x, k=k, bound=bound):
            """A message's parameters about state x of pass k."""
            p = depth[x]
            return {
                "pass": k + 1,
                "state": labels[x],
                "p": p,
                "h": h[x],
                "f": p + h[x],
                "bound": bound,
                "bounds": bounds,
            }

        beyond = sorted(expanded - allowed, key=lambda x: depth[x])
        if beyond:
            return "q10.not_pruned", at(beyond[0])
        last = k == len(expected) - 1
        missing = sorted(allowed - expanded, key=lambda x: depth[x])
        if missing and not last:
            return "q10.not_expanded", at(missing[0])
    if len(cut) < len(expected):
        return "q10.missing_passes", {"count": len(cut), "expected": len(expected), "bounds": bounds}
    return None
