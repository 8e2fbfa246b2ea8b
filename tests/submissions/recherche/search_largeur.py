"""Not the search asked for: a breadth-first search with a closed set. It returns shortest paths on the
graphs (x1 judges the path returned there: it keeps that group) and never calls the heuristic, so a
4×4 puzzle 36 moves away is out of its reach."""

from collections import deque


def search(start, goal, next_states, heuristic):
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            path = []
            while state is not None:
                path.append(state)
                state = parent[state]
            return path[::-1]
        for ns in next_states(state):
            if ns not in parent:
                parent[ns] = state
                queue.append(ns)
    return None
