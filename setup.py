"""setuptools' build hook (the project's metadata is in pyproject.toml): a built distribution holds no
model answer.

What `pip install taquin-grader` (a wheel, or an sdist built into one) gives a student must not hand out
the solutions: the model answers reference/jeux.py, reference/taquin.py and reference/recherche.py are left
out of every build, and the sample students (exercises/) are never packaged. A teacher's installation is
the repository itself (`pip install -e .` runs from the sources, model answers and sample class
included). Without the model answers, expectations come from oracles: see grader/judge/expectations.py.
"""

from setuptools import setup
from setuptools.command.build_py import build_py

MODEL_ANSWERS = {
    ("reference", "jeux"),
    ("reference", "taquin"),
    ("reference", "taquin_moves"),
    ("reference", "recherche"),
}


class BuildWithoutAnswers(build_py):
    def find_package_modules(self, package, package_dir):
        return [
            (pkg, module, path)
            for pkg, module, path in super().find_package_modules(package, package_dir)
            if (pkg, module) not in MODEL_ANSWERS
        ]


setup(cmdclass={"build_py": BuildWithoutAnswers})
