"""search asking the heuristic for the distance from the goal to the state, heuristic(goal, state),
instead of from the state to the goal: on a directed graph that estimate need not be admissible, and
the search may return a longer path (or none where the goal reaches nothing).

Wrong: x1
Smallest failing case: s -> [a, g], a -> [g], goal g, heuristic(s, g) = 1, heuristic(g, s) = 9, the
rest 0: the start's total is 9 and the first limit 9; with next_states a list, s, a, g is found first.
"""


def search(start, goal, next_states, heuristic):
    limit = heuristic(goal, start)
    while True:
        Path = dl_search([start], goal, next_states, limit, heuristic)
        if isinstance(Path, list):
            return Path
        limit = Path


def dl_search(Path, goal, next_states, limit, heuristic):
    state = Path[-1]
    total = len(Path) - 1 + heuristic(goal, state)
    if total > limit:
        return total
    if state == goal:
        return Path
    smallest = float("Inf")
    for ns in next_states(state):
        if ns not in Path:
            Solution = dl_search(Path + [ns], goal, next_states, limit, heuristic)
            if isinstance(Solution, list):
                return Solution
            smallest = min(smallest, Solution)
    return smallest
