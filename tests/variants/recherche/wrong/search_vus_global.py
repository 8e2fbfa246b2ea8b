"""search that keeps one set of the states it has expanded for the whole search (never emptied between
two limits), so that a later pass does not go below what an earlier one expanded.

Wrong: x1
Smallest failing case: s -> a -> g, goal g, heuristic 0: the pass with limit 0 expands s; the next
finds s in the set and stops: no path, the limit infinite.
"""


def search(start, goal, next_states, heuristic):
    expanded = set()

    def dl(path, limit):
        state = path[-1]
        total = len(path) - 1 + heuristic(state, goal)
        if total > limit:
            return total
        if state == goal:
            return path
        if state in expanded:
            return float("inf")
        expanded.add(state)
        smallest = float("inf")
        for ns in next_states(state):
            if ns not in path:
                result = dl(path + [ns], limit)
                if isinstance(result, list):
                    return result
                smallest = min(smallest, result)
        return smallest

    limit = heuristic(start, goal)
    while limit != float("inf"):
        result = dl([start], limit)
        if isinstance(result, list):
            return result
        limit = result
    return None
