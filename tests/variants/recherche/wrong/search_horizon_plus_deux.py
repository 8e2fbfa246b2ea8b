"""search whose limit grows by 2 after each failed pass instead of becoming the smallest total cut: it
can jump over the optimum and return a longer path.

Wrong: x1
Smallest failing case: s -> [a, g], a -> [g], goal g, heuristic 0, next_states a list: limits 0, then 2,
where s, a, g (2 steps) is found before s, g (1 step).
"""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(path, list):
            return path
        limit += 2


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
