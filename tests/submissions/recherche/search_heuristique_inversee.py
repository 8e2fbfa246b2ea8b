"""Typical mistake: the notebook's IDA* calling heuristic(goal, state) instead of heuristic(state, goal).
On a directed graph the estimate from the goal to a state says nothing of the way back: the bound is
led astray and a longer path comes first; on the puzzles the swapped call is 0 (no guidance)."""


def search(start, goal, next_states, heuristic):
    limit = heuristic(goal, start)
    while True:
        path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(path, list):
            return path
        limit = path


def dl_search(path, goal, next_states, limit, heuristic):
    state = path[-1]
    total = len(path) - 1 + heuristic(goal, state)
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
