"""search whose dl_search returns the total of the LAST successor cut (`smallest = Solution`), not the
smallest one: the next limit may jump over the optimum.

Wrong: x1
Smallest failing case: s -> [b, a, x], b -> [c], c -> [g], a -> [g], goal g, heuristic 0 but
heuristic(x, g) = 9 (x reaches nothing), next_states a list: limit 0 cuts b and a (total 1), then x
(10); the next limit is 10, where s, b, c, g (3 steps) is found before s, a, g (2 steps).
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
    total = len(Path) - 1 + heuristic(state, goal)
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
            smallest = Solution
    return smallest
