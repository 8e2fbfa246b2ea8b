"""search whose dl_search cuts at total >= limit (a strict horizon) and whose next limit is one more than
the smallest total cut: the first limit, h(start), cuts the start itself and the next is h(start) + 1,
so each pass explores exactly the totals up to the smallest one cut before, as the notebook's does.

Correct: x1
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
    if total >= limit:
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
