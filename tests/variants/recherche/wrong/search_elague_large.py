"""search pruning successors as they are generated with total >= limit (where the notebook cuts above
it), testing the goal when a successor is generated: the limit never lets in a total equal to it, so
the search stops only where the goal is generated first; elsewhere the next limit is the one that
failed, again and again.

Wrong: x1
Smallest failing case: s -> a -> g, goal g, heuristic 0: limit 0 cuts a (total 1); limit 1 cuts a
again, forever.
"""


def search(start, goal, next_states, heuristic):
    if start == goal:
        return [start]
    limit = heuristic(start, goal)
    while True:
        found = deepen([start], goal, next_states, limit, heuristic)
        if isinstance(found, list):
            return found
        limit = found


def deepen(path, goal, next_states, limit, heuristic):
    smallest = float("inf")
    for ns in next_states(path[-1]):
        if ns in path:
            continue
        if ns == goal:
            return path + [ns]
        total = len(path) + heuristic(ns, goal)
        if total >= limit:
            smallest = min(smallest, total)
            continue
        found = deepen(path + [ns], goal, next_states, limit, heuristic)
        if isinstance(found, list):
            return found
        smallest = min(smallest, found)
    return smallest
