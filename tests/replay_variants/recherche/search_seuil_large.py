"""Mistake: the notebook's IDA* that cuts a path when g + h reaches the horizon (>=) rather than when it
exceeds it; the start is always explored and the horizon grows by one at least, so that it ends."""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(path, list):
            return path
        limit = max(path, limit + 1)


def dl_search(path, goal, next_states, limit, heuristic):
    state = path[-1]
    total = len(path) - 1 + heuristic(state, goal)
    if len(path) > 1 and total >= limit:
        return total
    if state == goal:
        return path
    smallest = float("inf")
    for ns in next_states(state):
        if ns not in path:
            solution = dl_search(path + [ns], goal, next_states, limit, heuristic)
            if isinstance(solution, list):
                return solution
            smallest = min(smallest, solution)
    return smallest
