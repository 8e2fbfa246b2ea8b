"""search as the IDA* notebook writes it (dl_search returns the path, or the smallest total beyond the
limit), with the notebook's print of each limit left out.

Correct: x1
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
    distance = len(Path) - 1
    total = distance + heuristic(state, goal)
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
