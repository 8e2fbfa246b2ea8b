"""ids straight from figure 2 (recursive dfs(m, e, p)), with the successors tried last to first and the
depth loop written with itertools.count.

Correct: q7
"""
import itertools

initial = suivants = final = None


def dfs(m, e, p):
    if p > m:
        return False
    if final(e):
        return True
    for x in reversed(suivants(e)):
        if dfs(m, x, p + 1):
            return True
    return False


def ids():
    for m in itertools.count():
        if dfs(m, initial, 0):
            return m
