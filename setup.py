"""setuptools' build hook (the project's metadata is in pyproject.toml): a built distribution holds no
model answer.

What `pip install taquin-grader` (a wheel, or an sdist built into one) gives a student must not hand out
the solutions. The top-level modules of reference/ ship only when they are the support the grader runs on
(SUPPORT: the puzzle models, graphs, the cache, Korf's convention, the count of DFS*'s calls, q11's large
pairs of game (1)); the solver
package (reference/solver/: optimal solutions of the exam's and the documents' puzzles, its tables) never
ships: pasted behind x2's or x3's function it earned full marks, and the kit's checks judge on optimal
lengths, which need no solver (docs/student-kit.md). Every other top-level module, that is
reference/answers/jeux.py, taquin.py, recherche.py, the model answer of any family added later, and what answers
a question without being a model answer (replays.py runs the model answers for the search replays,
jeu1.py computes game (1)'s exact distance, an admissible h), is left out of every build without being listed anywhere, so that forgetting a list can only leave a
module out (the grader's tests from the wheel say so), never ship an answer. tests/test_kit.py grades
every function of the built wheel as an answer to every question it fits: none earns a point. The sample students (exercises/) are never
packaged. A teacher's installation is the repository itself (`pip install -e .` runs from the sources,
model answers and sample class included). Without the model answers, expectations come from oracles: see
grader/judge/expectations.py.
"""

from setuptools import setup
from setuptools.command.build_py import build_py

SUPPORT = {
    "__init__",
    "cache",
    "dfs_tree",
    "graphs",
    "jeu1_pairs",
    "korf",
    "puzzle",
    "sliding",
}  # reference/'s modules that are no answer
SOLVER = "reference.solver"  # never shipped, with its tables


def shipped(package: str, module: str) -> bool:
    """Whether a module of the distribution ships: any but the solver's and a top-level module of reference/
    not in SUPPORT."""
    if package == SOLVER or package.startswith(SOLVER + "."):
        return False
    return package != "reference" or module in SUPPORT


class BuildWithoutAnswers(build_py):
    def find_package_modules(self, package, package_dir):
        return [
            (pkg, module, path)
            for pkg, module, path in super().find_package_modules(package, package_dir)
            if shipped(pkg, module)
        ]


setup(cmdclass={"build_py": BuildWithoutAnswers})
