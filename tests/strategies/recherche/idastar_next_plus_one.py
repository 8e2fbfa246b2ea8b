"""x1 `search` as the notebook's IDA* with one slip: the next bound is the smallest p + h cut plus one
(red team 12: 1/3, half of what the BFS got). On the crafted graphs a pass then expands a state above the
bound IDA* takes, so the puzzles it solves do not count either: it earns what doing nothing earns, no
less, and no longer less than a BFS or an A*.
"""

import math


def dl_search(path, goal, next_states, limit, heuristic):
    node = path[-1]
    f = len(path) - 1 + heuristic(node, goal)
    if f > limit:
        return f
    if node == goal:
        return True
    least = math.inf
    for s in next_states(node):
        if s not in path:
            path.append(s)
            r = dl_search(path, goal, next_states, limit, heuristic)
            if r is True:
                return True
            least = min(least, r)
            path.pop()
    return least


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    path = [start]
    while True:
        r = dl_search(path, goal, next_states, limit, heuristic)
        if r is True:
            return path
        limit = r + 1
