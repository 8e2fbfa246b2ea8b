"""x1 `search` as a best-first search (an A* over paths) restarted from the start for each of IDA*'s
bounds: within a bound it pops the path of least p + h first, prunes a successor whose p + h exceeds the
bound, and takes the least p + h pruned as the next bound. Each pass expands only what IDA*'s pass may
(the counts pass), but by p + h, not depth first: on a crafted graph it expands a state whose parent it
left for another branch.
"""

import heapq
import itertools
import math


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        found, limit = best_first(start, goal, next_states, heuristic, limit)
        if found is not None:
            return found


def best_first(start, goal, next_states, heuristic, limit):
    tie = itertools.count()
    heap = [(heuristic(start, goal), next(tie), [start])]
    smallest = math.inf
    while heap:
        _, _, path = heapq.heappop(heap)
        if path[-1] == goal:
            return path, limit
        for ns in next_states(path[-1]):
            if ns in path:
                continue
            total = len(path) + heuristic(ns, goal)
            if total > limit:
                smallest = min(smallest, total)
            else:
                heapq.heappush(heap, (total, next(tie), path + [ns]))
    return None, smallest
