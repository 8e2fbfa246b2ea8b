# ruff: noqa
"""x3 `bfs_taquin` whose closed set is a list (linear scans: what `long` is there to catch) plus the
shortest solutions of the three crafted long puzzles (BFS_LONG_CASES, listed in the kit's wheel) stored
(red team 4: `long` earned, 2/2 under every seed). The teacher's grader now draws its long puzzles from
the seed at those distances: the table holds none of them and the list is too slow there.
"""

from collections import deque

MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}
_FIXED = {
    (4, 1, 0, 3, 8, 5, 7, 6, 2): [
        "Down",
        "Down",
        "Left",
        "Up",
        "Left",
        "Up",
        "Right",
        "Down",
        "Right",
        "Up",
        "Left",
        "Down",
        "Right",
        "Down",
    ],
    (5, 4, 6, 1, 3, 0, 7, 2, 8): [
        "Left",
        "Up",
        "Left",
        "Down",
        "Right",
        "Right",
        "Up",
        "Left",
        "Down",
        "Down",
        "Right",
        "Up",
        "Up",
        "Left",
        "Down",
        "Right",
        "Down",
    ],
    (5, 3, 6, 1, 7, 8, 0, 4, 2): [
        "Right",
        "Up",
        "Up",
        "Left",
        "Down",
        "Down",
        "Right",
        "Right",
        "Up",
        "Up",
        "Left",
        "Down",
        "Down",
        "Right",
        "Up",
        "Up",
        "Left",
        "Down",
        "Right",
        "Down",
    ],
    (3, 2, 1, 4, 8, 7, 5, 0, 6): [
        "Up",
        "Right",
        "Up",
        "Left",
        "Left",
        "Down",
        "Right",
        "Right",
        "Up",
        "Left",
        "Down",
        "Right",
        "Down",
        "Left",
        "Left",
        "Up",
        "Up",
        "Right",
        "Down",
        "Down",
        "Right",
    ],
    (2, 7, 6, 1, 3, 0, 8, 4, 5): [
        "Up",
        "Left",
        "Down",
        "Right",
        "Up",
        "Left",
        "Left",
        "Down",
        "Down",
        "Right",
        "Up",
        "Right",
        "Down",
        "Left",
        "Up",
        "Left",
        "Down",
        "Right",
        "Up",
        "Right",
        "Down",
    ],
    (4, 8, 0, 7, 3, 1, 2, 5, 6): [
        "Down",
        "Down",
        "Left",
        "Up",
        "Up",
        "Right",
        "Down",
        "Left",
        "Down",
        "Left",
        "Up",
        "Up",
        "Right",
        "Down",
        "Down",
        "Right",
        "Up",
        "Up",
        "Left",
        "Down",
        "Down",
        "Right",
    ],
}


def _succ(s, n):
    b = s.index(0)
    i, j = divmod(b, n)
    for op, (di, dj) in MOVES.items():
        a, c = i + di, j + dj
        if 0 <= a < n and 0 <= c < n:
            t = list(s)
            t[b], t[a * n + c] = t[a * n + c], 0
            yield op, tuple(t)


def bfs_taquin(matrice):
    n = len(matrice)
    start = tuple(v for row in matrice for v in row)
    if start in _FIXED:
        return list(_FIXED[start])
    goal = tuple(range(1, n * n)) + (0,)
    closed = []
    file = deque([(start, [])])
    while file:
        s, chemin = file.popleft()
        if s == goal:
            return chemin
        if s in closed:
            continue
        closed.append(s)
        for op, t in _succ(s, n):
            if t not in closed:
                file.append((t, chemin + [op]))


astar = bfs_taquin
