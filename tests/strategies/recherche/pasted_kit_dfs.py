# ruff: noqa
"""x4 `dfs_taquin` pasted from the student kit's wheel as it was (red team 4): x4's DFS verifier
(grader/questions/recherche/depth.py's depth_first_search, the comparisons with a given path removed, the
path read back from `parent`) and the puzzle's apply_move: 2/2 under every seed, in the kit and the
teacher's grader. It is a working DFS, so it keeps earning; what changed is that the wheel no longer
holds it (tests/test_kit.py: tests/solver_finder.py finds it here and nothing in the wheel)."""

# --- reference/sliding.py (kit), verbatim
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


# --- grader/questions/recherche/depth.py (kit), verbatim but for the path comparison
def _children(state, order):
    return [(move, t) for move in order if (t := apply_move(state, 3, move)) is not None]


def depth_first_search(start, order, mark, goal_test, goal):
    parent = {start: None}
    stack = [(start, None)]
    closed = {start} if mark == "pushed" else set()
    reached = False
    while stack and not reached:
        state, by = stack.pop()
        if mark == "popped":
            if state in closed:
                continue
            closed.add(state)
            parent[state] = by
        if goal_test == "selected" and state == goal:
            reached = True
            break
        for _, child in _children(state, order):
            if child in closed:
                continue
            if mark == "pushed":
                closed.add(child)
                parent[child] = state
            if goal_test == "generated" and child == goal:
                parent[child], reached = state, True
                break
            stack.append((child, state))
    found = [goal]
    while (up := parent.get(found[-1])) is not None:
        found.append(up)
    return found[::-1]


# --- glue
def dfs_taquin(matrice):
    start = tuple(v for row in matrice for v in row)
    states = depth_first_search(start, tuple(MOVES), "popped", "selected", tuple(range(1, 9)) + (0,))
    return [next(m for m in MOVES if apply_move(a, 3, m) == b) for a, b in zip(states, states[1:])]
