"""search that never enters a state twice in one pass (a set of visited states, emptied at each limit,
instead of the current path): a state first reached by a longer path is not entered again from a
shorter one.

Wrong: x1
Smallest failing case: 0 -> [1, 2], 1 -> [2], 2 -> [3], goal 3, heuristic 0, next_states a list: with
limit 2, 2 is visited through 1 (total 2) and cut below; it is then skipped as a successor of 0; the
next pass returns 0, 1, 2, 3 (3 steps) instead of 0, 2, 3.
"""


def search(start, goal, next_states, heuristic):
    limit = heuristic(start, goal)
    while True:
        visited = set()

        def dl(path):
            state = path[-1]
            total = len(path) - 1 + heuristic(state, goal)
            if total > limit:
                return total
            if state == goal:
                return path
            visited.add(state)
            smallest = float("inf")
            for ns in next_states(state):
                if ns not in visited:
                    result = dl(path + [ns])
                    if isinstance(result, list):
                        return result
                    smallest = min(smallest, result)
            return smallest

        result = dl([start])
        if isinstance(result, list):
            return result
        limit = result
