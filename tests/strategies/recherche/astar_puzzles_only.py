"""x1 with no search on the graphs (heuristic asked once, the start returned as the path) and an A* with
a closed set on the puzzles (red team 14: 1/3, more than an A* searching the graphs too, 0/3). A trace with
h asked and nothing expanded showed nothing beyond a bound, so the graphs counted as "IDA* seen" for the
puzzles. IDA* is now seen only on a graph where the search returned a path to the goal.
"""

import heapq


def search(start, goal, next_states, heuristic):
    if type(start) is not tuple:  # a graph, served by the parent; the puzzles are tuples
        heuristic(start, goal)
        return [start]
    heap, parent, closed = [(heuristic(start, goal), 0, start)], {start: None}, set()
    while heap:
        _, g, s = heapq.heappop(heap)
        if s == goal:
            path = [s]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
        if s not in closed:
            closed.add(s)
            for t in next_states(s):
                if t not in parent:
                    parent[t] = s
                    heapq.heappush(heap, (g + 1 + heuristic(t, goal), g + 1, t))
