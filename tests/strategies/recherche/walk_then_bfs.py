"""x4 `dfs_taquin` with no depth-first search: 1,200 random moves that never come back to a state, then a
breadth-first search home that avoids the walk (red team 3: `profondeur` 2/2 under every seed, since it
read only the length of the path and that no state comes twice). A DFS's solution is the path of its
search tree, fixed by the order of the operations: this long self-avoiding path is none of them.
"""

import random
from collections import deque

STEPS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def _next(state, n):
    blank = state.index(0)
    i, j = divmod(blank, n)
    for move, (di, dj) in STEPS.items():
        if 0 <= i + di < n and 0 <= j + dj < n:
            cells = list(state)
            there = (i + di) * n + j + dj
            cells[blank], cells[there] = cells[there], 0
            yield move, tuple(cells)


def dfs_taquin(matrice):
    n = len(matrice)
    start = tuple(v for row in matrice for v in row)
    goal = tuple(range(1, n * n)) + (0,)
    rng = random.Random(7)
    walk, seen, state = [], {start}, start
    while len(walk) < 1200 and state != goal:
        options = [(m, t) for m, t in _next(state, n) if t not in seen]
        if not options:
            break
        move, state = rng.choice(options)
        walk.append(move)
        seen.add(state)
    parent = {state: None}
    queue = deque([state])
    while queue and goal not in parent:
        here = queue.popleft()
        for move, there in _next(here, n):
            if there not in parent and there not in seen:
                parent[there] = (here, move)
                queue.append(there)
    if goal not in parent:
        return walk
    home = []
    while parent[goal] is not None:
        goal, move = parent[goal]
        home.append(move)
    return walk + home[::-1]
