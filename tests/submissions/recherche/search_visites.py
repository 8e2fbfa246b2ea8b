"""Typical mistake: an IDA* that never visits a state twice in one iteration (a global visited set
instead of the current path): a state first reached by a longer path blocks the shorter one."""


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
