"""Mistake: the notebook's IDA* whose next horizon is the smallest p + h that exceeded it plus one: a
pass then lets in states one more than IDA* would, and can take the goal a pass early by a longer path."""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(path, list):
            return path
        limit = path + 1


def dl_search(path, goal, next_states, limit, heuristic):
    state = path[-1]
    total = len(path) - 1 + heuristic(state, goal)
    if total > limit:
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
