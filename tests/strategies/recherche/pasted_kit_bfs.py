# ruff: noqa
"""x3 `bfs_taquin` (and x2 `astar`) pasted from the student kit's wheel as it was (red team 4): the breadth-first
`distances(sources, neighbours)` of reference/graphs.py, verbatim, stopped by an exception from
`neighbours` once the goal is generated: x3 2/2 under every seed. A working BFS, so it keeps earning;
what changed is that the wheel no longer holds one (tests/test_kit.py: tests/solver_finder.py finds it
here and nothing in the wheel)."""

from collections import deque

MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def apply_move(state, n, move):
    blank = state.index(0)
    di, dj = MOVES[move]
    i, j = blank // n + di, blank % n + dj
    if not (0 <= i < n and 0 <= j < n):
        return None
    cells = list(state)
    cells[blank], cells[i * n + j] = cells[i * n + j], 0
    return tuple(cells)


def distances(sources, neighbours):
    distance = dict.fromkeys(sources, 0)
    queue = deque(distance)
    while queue:
        state = queue.popleft()
        for there in neighbours(state):
            if there not in distance:
                distance[there] = distance[state] + 1
                queue.append(there)
    return distance


class _Found(Exception):
    pass


def bfs_taquin(matrice):
    n = len(matrice)
    start = tuple(v for row in matrice for v in row)
    goal = tuple(range(1, n * n)) + (0,)
    seen = {}

    def neighbours(s):  # the kit's BFS, stopped once the goal is met; `seen` is its distance table
        out = [t for m in MOVES if (t := apply_move(s, n, m)) is not None]
        seen[s] = out
        if goal in out:
            raise _Found
        return out

    def run():
        nonlocal table
        table = None
        try:
            distances([start], neighbours)
        except _Found:
            pass

    table = None
    # distances' own dict is lost on the exception: read the depth from the expanded states' lists instead
    run()
    depth = {start: 0}
    for s, out in seen.items():  # expanded in BFS order
        for t in out:
            depth.setdefault(t, depth[s] + 1)
    moves, state = [], goal
    path = [goal]
    while state != start:
        state = next(s for s in seen if state in seen[s] and depth[s] == depth[state] - 1)
        path.append(state)
    path.reverse()
    return [next(m for m in MOVES if apply_move(a, n, m) == b) for a, b in zip(path, path[1:])]


astar = bfs_taquin
