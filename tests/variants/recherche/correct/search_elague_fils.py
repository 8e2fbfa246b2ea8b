"""search pruning successors as they are generated: a successor is entered only when its g + h is within
the limit, otherwise that value feeds the next limit (the start itself is within h(start)).

Correct: x1
"""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        found = deepen([start], goal, next_states, limit, heuristic)
        if isinstance(found, list):
            return found
        limit = found


def deepen(path, goal, next_states, limit, heuristic):
    state = path[-1]
    if state == goal:
        return path
    smallest = float("inf")
    for ns in next_states(state):
        if ns in path:
            continue
        total = len(path) + heuristic(ns, goal)
        if total > limit:
            smallest = min(smallest, total)
            continue
        found = deepen(path + [ns], goal, next_states, limit, heuristic)
        if isinstance(found, list):
            return found
        smallest = min(smallest, found)
    return smallest
