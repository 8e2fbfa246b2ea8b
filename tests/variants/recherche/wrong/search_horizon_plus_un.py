"""search whose next limit is the smallest total cut plus one ("strictly beyond what failed"): a pass may
then accept a path one step longer than the optimum, met before the shortest one.

Wrong: x1
Smallest failing case: s -> [a, g], a -> [g], goal g, heuristic 0, next_states a list: limit 0 cuts a
and g (total 1); the next limit is 2, where s, a, g (2 steps) is found before s, g (1 step).
"""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        Path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(Path, list):
            return Path
        limit = Path + 1


def dl_search(Path, goal, next_states, limit, heuristic):
    state = Path[-1]
    total = len(Path) - 1 + heuristic(state, goal)
    if total > limit:
        return total
    if state == goal:
        return Path
    smallest = float("inf")
    for ns in next_states(state):
        if ns not in Path:
            Solution = dl_search(Path + [ns], goal, next_states, limit, heuristic)
            if isinstance(Solution, list):
                return Solution
            smallest = min(smallest, Solution)
    return smallest
