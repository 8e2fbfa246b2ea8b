"""x1 `search` as an A* with a heap and a closed set, not the notebook's IDA* (red team 12: 3/3 under
seeds 1, 7 and 2017, since x1 read only the paths returned). Its paths are shortest, but it explores
everything in one sweep by p + h: on a crafted graph the parent sees it expand a state above the first
bound h(start), so no group counts.
"""

import heapq
import itertools


def search(start, goal, next_states, heuristic):
    tie = itertools.count()
    g = {start: 0}
    parent = {start: None}
    heap = [(heuristic(start, goal), 0, next(tie), start)]
    closed = set()
    while heap:
        _, _, _, s = heapq.heappop(heap)
        if s in closed:
            continue
        if s == goal:
            path = []
            while s is not None:
                path.append(s)
                s = parent[s]
            return path[::-1]
        closed.add(s)
        for t in next_states(s):
            gt = g[s] + 1
            if t not in g or gt < g[t]:
                g[t] = gt
                parent[t] = s
                heapq.heappush(heap, (gt + heuristic(t, goal), -gt, next(tie), t))
