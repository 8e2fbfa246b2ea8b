"""An attack on the served channel: a call to a name x1 does not serve (the jeux games' `final`)."""

import sys

ask = sys.modules["grader.sandbox.calls"].ask


def search(start, goal, next_states, heuristic):
    ask("final", start)
    return [start]
