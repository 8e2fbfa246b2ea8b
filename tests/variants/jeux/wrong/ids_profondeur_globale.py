"""ids that keeps the depth in a global, raised when going down and never lowered when a subtree
fails: after the first child's subtree, every later sibling is believed deeper than it is and cut.

Wrong: q7
Smallest failing case: e0 -> [a, f], F = {f}: with m = 1, a's subtree raises the depth to 2 and f is
cut; f is found with m = 2, returned instead of 1.
"""
initial = suivants = final = None
profondeur = 0


def dfs(m, e):
    global profondeur
    if profondeur > m:
        return False
    if final(e):
        return True
    profondeur += 1
    for x in suivants(e):
        if dfs(m, x):
            return True
    return False


def ids():
    global profondeur
    m = 0
    while True:
        profondeur = 0
        if dfs(m, initial):
            return m
        m += 1
