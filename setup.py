"""setuptools' build hook (the project's metadata is in pyproject.toml): a built distribution holds no
model answer.

What `pip install taquin-grader` (a wheel, or an sdist built into one) gives a student must not hand out
the solutions. The rule is stated by packages: grader/ and reports/ ship whole; of reference/, only the
package's own modules ship, the support the grader runs on (the puzzle models, graphs, the cache, Korf's
convention, the count of DFS*'s calls, q11's large pairs of game (1)), and none of its subpackages does:
- reference/answers/: the model answers (jeux.py, taquin.py, recherche.py, that of any family added
  later) and what answers a question without being one (replays.py runs the model answers for the search
  replays, jeu1.py computes game (1)'s exact distance, an admissible h;
  taquin_challenge.py every dfs call on q18's challenge, its solution last);
- reference/solver/: optimal solutions of the exam's and the documents' puzzles, its tables: pasted behind
  x2's or x3's function it earned full marks, and the kit's checks judge on optimal lengths, which need no
  solver (docs/student-kit.md);
- any package added to reference/ later, until this rule says otherwise.
No list names what stays out, so forgetting one can only leave a module out, never ship an answer. What
could still ship one is a module answering a question put beside the support instead of in
reference/answers/: tests/unit/test_layers.py names the support's modules one by one (a new module of
reference/'s top level fails it until it is placed), and tests/test_kit.py grades every function of the
built wheel as an answer to every question it fits (none earns a point) and looks for solvers in it
(tests/solver_finder.py). The sample students (exercises/) are never packaged. A teacher's installation
is the repository itself (`pip install -e .` runs from the sources, model answers and sample class
included). Without the model answers, expectations come from oracles: see grader/judge/expectations.py.
"""

from setuptools import setup
from setuptools.command.build_py import build_py

KEPT_OUT = "reference."  # the subpackages of reference/: never shipped


def shipped(package: str) -> bool:
    """Whether the modules of `package` ship: all but those of reference/'s subpackages."""
    return not package.startswith(KEPT_OUT)


class BuildWithoutAnswers(build_py):
    def find_package_modules(self, package, package_dir):
        return super().find_package_modules(package, package_dir) if shipped(package) else []


setup(cmdclass={"build_py": BuildWithoutAnswers})
