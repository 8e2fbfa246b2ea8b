"""search whose dl_search tests the goal before comparing g + h with the limit ("no need for h at the
goal"): the goal is accepted one step beyond the limit, so a pass may return a path longer than the
optimum when it meets it before the shortest one.

Wrong: x1
Smallest failing case: s -> [x, g], x -> [g], goal g, heuristic h(s) = 1 and 0 elsewhere, next_states a
list: with limit 1, x (total 1) is expanded and g reached through it (2 steps) before s, g (1 step).
"""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        Path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(Path, list):
            return Path
        limit = Path


def dl_search(Path, goal, next_states, limit, heuristic):
    state = Path[-1]
    if state == goal:
        return Path
    total = len(Path) - 1 + heuristic(state, goal)
    if total > limit:
        return total
    smallest = float("Inf")
    for ns in next_states(state):
        if ns not in Path:
            Solution = dl_search(Path + [ns], goal, next_states, limit, heuristic)
            if isinstance(Solution, list):
                return Solution
            smallest = min(smallest, Solution)
    return smallest
