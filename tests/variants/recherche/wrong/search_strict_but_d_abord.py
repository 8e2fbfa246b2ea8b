"""search cutting at total >= limit with the next limit one more than the smallest total cut (right, as
search_strict_plus_un in correct/), but testing the goal first: the goal is accepted at any total,
one step beyond what the pass explores.

Wrong: x1
Smallest failing case: s -> [x, g], x -> [g], goal g, heuristic h(s) = 1 and 0 elsewhere, next_states a
list: with limit 2 (totals up to 1 explored), x is expanded and g reached through it (2 steps) before
s, g (1 step).
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
    if state == goal:
        return Path
    total = len(Path) - 1 + heuristic(state, goal)
    if total >= limit:
        return total
    smallest = float("inf")
    for ns in next_states(state):
        if ns not in Path:
            Solution = dl_search(Path + [ns], goal, next_states, limit, heuristic)
            if isinstance(Solution, list):
                return Solution
            smallest = min(smallest, Solution)
    return smallest
