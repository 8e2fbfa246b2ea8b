"""x4's `profondeur`: the solution must be the path one of the document's DFS returns
(reference/solver/depth.py). DFS written here independently, each its own way (a stack of
states with parents overwritten at push, of nodes, states closed at push, a recursion, the goal tested
when generated), in several orders of the operations: each is recognised. Long self-avoiding paths that
no DFS returns are not. Slow (seconds of searching each), though no process is started."""

from __future__ import annotations

import random
import sys
from collections import deque

import pytest

from reference.solver.depth import searched_depth_first
from reference.sliding import apply_move, goal_state

pytestmark = pytest.mark.slow
GOAL = goal_state(3)
START = (4, 1, 8, 2, 0, 5, 3, 7, 6)  # 20 moves from the goal
ORDERS = (("Up", "Down", "Left", "Right"), ("Right", "Left", "Down", "Up"))


def children(state, order):
    return [(m, t) for m in order if (t := apply_move(state, 3, m)) is not None]


def back(parents, state):
    moves = []
    while parents[state] is not None:
        state, move = parents[state]
        moves.append(move)
    return moves[::-1]


def stack_overwritten(start, order):
    parents, stack, closed = {start: None}, [start], set()
    while stack:
        state = stack.pop()
        if state in closed:
            continue
        closed.add(state)
        if state == GOAL:
            return back(parents, state)
        for move, t in children(state, order):
            if t not in closed:
                parents[t] = (state, move)
                stack.append(t)


def stack_of_nodes(start, order):
    """Each node its state and the node it came from (a path copied into each would be quadratic)."""
    stack, closed = [(start, None)], set()
    while stack:
        node = stack.pop()
        state = node[0]
        if state in closed:
            continue
        closed.add(state)
        if state == GOAL:
            moves = []
            while node[1] is not None:
                node, move = node[1]
                moves.append(move)
            return moves[::-1]
        stack.extend((t, (node, move)) for move, t in children(state, order) if t not in closed)


def closed_at_push(start, order):
    parents, stack = {start: None}, [start]
    while stack:
        state = stack.pop()
        if state == GOAL:
            return back(parents, state)
        for move, t in children(state, order):
            if t not in parents:
                parents[t] = (state, move)
                stack.append(t)


def recursive_goal_generated(start, order):
    closed, path = {start}, []

    def visit(state):
        for move, t in children(state, order):
            if t in closed:
                continue
            path.append(move)
            if t == GOAL:
                return True
            closed.add(t)
            if visit(t):
                return True
            path.pop()
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200_000)
    try:
        visit(start)
    finally:
        sys.setrecursionlimit(limit)
    return path


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("dfs", [stack_overwritten, stack_of_nodes, closed_at_push])
def test_every_way_of_writing_the_documents_dfs_is_recognised(dfs, order):
    path = dfs(START, order)
    assert len(path) > 1000 and searched_depth_first(START, path)


def test_a_recursive_dfs_testing_the_goal_when_generated_is_recognised():
    path = recursive_goal_generated(START, ORDERS[1])
    assert searched_depth_first(START, path)


def _replayed(start, moves):
    states = [start]
    for move in moves:
        states.append(apply_move(states[-1], 3, move))
    return states


def test_a_self_avoiding_walk_then_a_breadth_first_search_home_is_no_dfs():
    rng = random.Random(7)
    walk, state = [], START
    seen = {START}
    while len(walk) < 1200 and (options := [(m, t) for m, t in children(state, ORDERS[0]) if t not in seen]):
        move, state = rng.choice(options)
        walk.append(move)
        seen.add(state)
    parents, queue = {state: None}, deque([state])
    while GOAL not in parents:
        here = queue.popleft()
        for move, t in children(here, ORDERS[0]):
            if t not in parents and t not in seen:
                parents[t] = (here, move)
                queue.append(t)
    path = walk + back(parents, GOAL)
    states = _replayed(START, path)
    assert states[-1] == GOAL and len(set(states)) == len(states) > 1000  # valid, long, never coming back
    assert not searched_depth_first(START, path)


def test_a_breadth_first_solution_is_no_dfs():
    parents, queue = {START: None}, deque([START])
    while GOAL not in parents:
        here = queue.popleft()
        for move, t in children(here, ORDERS[0]):
            if t not in parents:
                parents[t] = (here, move)
                queue.append(t)
    assert len(back(parents, GOAL)) == 20 and not searched_depth_first(START, back(parents, GOAL))
