"""x1 `search` as a breadth-first search with a table of parents, the heuristic never called (red team
12: 2/3, the graphs' shortest paths counted). The parent sees no call to heuristic: no group counts, and
the puzzles are not even run.
"""

from collections import deque


def search(start, goal, next_states, heuristic):
    parent = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            path = []
            while s is not None:
                path.append(s)
                s = parent[s]
            return path[::-1]
        for t in next_states(s):
            if t not in parent:
                parent[t] = s
                queue.append(t)
