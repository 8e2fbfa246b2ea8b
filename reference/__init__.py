"""The puzzles' rules and what the grader computes on them, the solver, and the model answers.

Its own modules are the support the grader runs on, and the only ones any build ships (setup.py): the
puzzle models (puzzle.py, sliding.py), graphs.py, dfs_tree.py, korf.py, jeu1_pairs.py, cache.py. Its
subpackages never ship: answers/ (the model answers, and what answers a question) and solver/ (the
optimal solver, its tables).
"""
