"""x1 with no IDA* anywhere (red team 16: 1/3): on the graphs an iterative deepening that asks h and
ignores it, which has the parent stop the run (a call on no state) as soon as h is not 0; on the graph
where h is 0 everywhere its calls are IDA*'s, so IDA* counted as seen there; an A* with a closed set on
the puzzles. A graph run that does not end now keeps the puzzles from counting.
"""

import heapq


def search(start, goal, next_states, heuristic):
    if type(start) is tuple:
        return astar(start, goal, next_states, heuristic)
    depth = 0
    while True:
        found = down([start], goal, next_states, heuristic, depth)
        if found:
            return found
        depth += 1


def down(path, goal, next_states, heuristic, depth):
    if heuristic(path[-1], goal) != 0:
        next_states(None)  # stopped by the parent
    if path[-1] == goal:
        return path
    if len(path) - 1 == depth:
        return None
    for ns in next_states(path[-1]):
        if ns not in path:
            found = down(path + [ns], goal, next_states, heuristic, depth)
            if found:
                return found
    return None


def astar(start, goal, next_states, heuristic):
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
