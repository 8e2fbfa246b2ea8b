"""x1 `search` as a breadth-first search over paths restarted from the start for each of IDA*'s bounds:
a successor whose p + h exceeds the bound is pruned, the least p + h pruned is the next bound. Each pass
expands only what IDA*'s pass may (the counts pass), level by level: on a crafted graph it expands a
state whose parent it left for another branch.
"""

import math
from collections import deque


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        found, limit = breadth_first(start, goal, next_states, heuristic, limit)
        if found is not None:
            return found


def breadth_first(start, goal, next_states, heuristic, limit):
    queue = deque([[start]])
    smallest = math.inf
    while queue:
        path = queue.popleft()
        if path[-1] == goal:
            return path, limit
        for ns in next_states(path[-1]):
            if ns in path:
                continue
            total = len(path) + heuristic(ns, goal)
            if total > limit:
                smallest = min(smallest, total)
            else:
                queue.append(path + [ns])
    return None, smallest
