"""search that is a breadth-first search over paths (a queue, states already seen skipped), ignoring the
heuristic: shortest paths, but it cannot end on a puzzle far from the goal.

Wrong: x1
Smallest failing case: a 4×4 puzzle 30 moves away: the search meets millions of states.
"""
from collections import deque


def search(start, goal, next_states, heuristic):
    queue = deque([[start]])
    seen = {start}
    while queue:
        path = queue.popleft()
        if path[-1] == goal:
            return path
        for ns in next_states(path[-1]):
            if ns not in seen:
                seen.add(ns)
                queue.append(path + [ns])
    return None
