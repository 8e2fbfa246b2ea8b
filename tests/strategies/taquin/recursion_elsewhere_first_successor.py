"""Appended to the model answer (reference/answers/taquin.py), whose dfs this replaces: the recursion in a function
of another name (a closure), which the grader sees through the grid's arrangements, following only the
first successor of each state, and the next bound guessed by parity (the grader's own attack on its
evidence of search seen on the grid, issue 32). DFS* tries every move within the bound: 0 on q17.
"""
# ruff: noqa: F821 - the model answer this is appended to defines h, solution, minimum, ESSAIS...


def dfs(m, p):
    global minimum

    def suite(p):
        global minimum
        if p + h > m:
            minimum = min(minimum, p + h)
            return False
        if h == 0:
            return True
        for essai, annule in ESSAIS:
            if essai():
                if suite(p + 1):
                    return True
                annule()
                solution.pop()
                break
        return False

    trouve = suite(p)
    if not trouve:
        minimum = m + 1 if (m + 1 - p - h) % 2 == 0 else m + 2
    return trouve
