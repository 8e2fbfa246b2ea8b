"""search with an explicit stack of paths for each limit (no recursion): a path is pushed for each
successor not already on it, in reverse so that they are explored in next_states' order.

Correct: x1
"""
import math


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        smallest = math.inf
        stack = [[start]]
        while stack:
            path = stack.pop()
            state = path[-1]
            total = len(path) - 1 + heuristic(state, goal)
            if total > limit:
                smallest = min(smallest, total)
                continue
            if state == goal:
                return path
            for ns in reversed(list(next_states(state))):
                if ns not in path:
                    stack.append(path + [ns])
        limit = smallest
