"""x4's evidence of a depth-first search, from the solution alone: the teacher's grader only.

It runs the document's DFS, so it is an answer to x4 (a red team pasted it from the student kit, the
expected path replaced by the goal, and got x4 2/2): like the solver, it never ships, and the kit leaves
`profondeur` to the teacher (docs/student-kit.md).

`dfs_taquin(matrice)` is given no function to call: the grader cannot watch which states it develops. But
the document's DFS (a stack, a closed set) is deterministic once three choices are fixed: the order in
which the children of a state are pushed (24 orders of the operations), when a state becomes closed (when
popped, a popped state already closed being skipped; or as soon as pushed, never pushed again) and when
the goal is tested (when selected, or when generated). Its solution is the path of its search tree to the
goal, which nothing short of running that search computes. So `profondeur` asks that the operations
returned be exactly what one of these 96 searches returns; a recursive DFS is the first kind with the
children in the other order. A long self-avoiding path found otherwise (a random walk, then a
breadth-first search home) is none of them.

Trying the 96 searches on each puzzle costs the grader about 0.1 s each: each is stopped as soon as it
closes a state of the solution under another parent (its path there can no longer be the solution's),
and only those whose first step is the solution's are tried (the child popped first holds every other
state in its subtree, the 3×3 puzzle less one state being connected), the ones whose first descent
(always the first child not yet closed, as a DFS goes before it ever backtracks) follows the solution
longest first.
"""

from __future__ import annotations

import itertools

from reference.sliding import MOVES, apply_move

MARKS = ("popped", "pushed")  # when a state becomes closed
GOAL_TESTS = ("selected", "generated")


def _children(state: tuple, order: tuple[str, ...]) -> list[tuple[str, tuple]]:
    return [(move, t) for move in order if (t := apply_move(state, 3, move)) is not None]


def _descent(start: tuple, moves: list[str], order: tuple[str, ...], mark: str) -> int:
    """How many operations of `moves` a DFS's first descent makes too: from each state, the child popped
    first (pushed last) that is not closed yet."""
    closed, state = {start}, start
    for k, move in enumerate(moves):
        children = [(m, t) for m, t in _children(state, order) if t not in closed]
        if not children:
            return k
        if mark == "pushed":
            closed.update(t for _, t in children)
        chosen, state = children[-1]
        closed.add(state)
        if chosen != move:
            return k
    return len(moves)


def depth_first_search(start: tuple, order: tuple[str, ...], mark: str, goal_test: str, path: list[str]) -> bool:
    """Whether this DFS's solution is `path` (valid: replayed by the judge first): run it, stopped as soon
    as it cannot be."""
    states = [start]
    for move in path:
        moved = apply_move(states[-1], 3, move)
        assert moved is not None  # a valid solution
        states.append(moved)
    on_path = {state: k for k, state in enumerate(states)}  # a DFS's solution never comes back
    goal = states[-1]
    parent: dict[tuple, tuple | None] = {start: None}
    stack: list[tuple[tuple, tuple | None]] = [(start, None)]
    closed = {start} if mark == "pushed" else set()

    def settled(state: tuple, by: tuple | None) -> bool:
        """`state`'s parent is fixed: is it the solution's?"""
        k = on_path.get(state)
        return k is None or (states[k - 1] if k else None) == by

    reached = False
    while stack and not reached:
        state, by = stack.pop()
        if mark == "popped":
            if state in closed:
                continue
            closed.add(state)
            if not settled(state, by):
                return False
            parent[state] = by
        if goal_test == "selected" and state == goal:
            reached = True
            break
        for _, child in _children(state, order):
            if child in closed:
                continue
            if mark == "pushed":
                closed.add(child)
                if not settled(child, state):
                    return False
                parent[child] = state
            if goal_test == "generated" and child == goal:
                parent[child], reached = state, True
                break
            stack.append((child, state))
    if not reached:
        return False
    found = [goal]
    while (up := parent.get(found[-1])) is not None:
        found.append(up)
    return found[::-1] == states


def searched_depth_first(start: tuple, path: list[str]) -> bool:
    """Whether one of the document's DFS returns `path` (a valid solution) from `start`."""
    candidates = [
        (order, mark, goal_test)
        for order in itertools.permutations(MOVES)
        if not path or _children(start, order)[-1][0] == path[0]
        for mark in MARKS
        for goal_test in GOAL_TESTS
    ]
    agreement = {(order, mark): _descent(start, path, order, mark) for order, mark, _ in candidates}
    candidates.sort(key=lambda c: -agreement[c[0], c[1]])
    return any(depth_first_search(start, *candidate, path) for candidate in candidates)
