"""Typical mistake: a search with no bound, going round and round (here it asks the start's successors
forever): the parent stops it after its call budget."""


def search(start, goal, next_states, heuristic):
    while True:
        next_states(start)
