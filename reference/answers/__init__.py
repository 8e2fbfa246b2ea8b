"""The model answers, and what answers a question without being one: never shipped.

`jeux.py`, `taquin.py`, `recherche.py`: the model answer of each family (the module a question names,
loaded by name where it is installed: grader/judge/expectations.py); `replays.py`: the requested
algorithms' runs for the search replays (grader/questions/replays.py); `jeu1.py`: game (1)'s exact
distance, an admissible h, which writes grader/data/jeu1.json; `taquin_challenge.py`: every dfs call the model answer's taquin
makes on q18's challenge, its solution last (written by benchmarks/bench_costs.py --searches). setup.py
ships no subpackage of reference/: no built distribution holds this one, and a teacher's installation is
the checkout itself (`pip install -e .`).
"""
