"""Typical mistake: `search` never calls the heuristic (iterative deepening on the path length alone).
It returns shortest paths, but is blind: on a puzzle 36 moves away it cannot end in any time limit."""


def search(start, goal, next_states, heuristic):
    limit = 0
    while True:
        path = dl_search([start], goal, next_states, limit)
        if path is not None:
            return path
        limit += 1


def dl_search(path, goal, next_states, limit):
    state = path[-1]
    if state == goal:
        return path
    if len(path) - 1 == limit:
        return None
    for ns in next_states(state):
        if ns not in path:
            found = dl_search(path + [ns], goal, next_states, limit)
            if found is not None:
                return found
    return None
