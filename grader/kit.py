"""`grader kit --out DIR`: what a teacher hands out to students, built from the teacher's checkout.

    DIR/taquin_grader-<version>-py3-none-any.whl   the grader, without any model answer nor the solver
                                                   (setup.py ships no subpackage of reference/)
    DIR/exercices/jeux.py, taquin.py, recherche.py the stubs students start from
    DIR/LISEZMOI.md                                the conventions and how to check (exercises/README.md)
    DIR/INSTALLER.md                               installing on Windows, macOS and Linux, the wheel named

The wheel is built from a copy of the grader's packages (the checkout stays as it is), with setuptools'
own build when this environment has setuptools (no network needed), else in pip's isolated build
environment. It is then read back: a file of a subpackage of reference/, which setup.py never ships (a
model answer, the replays' runs of them, game (1)'s exact distance, any file of the solver), refuses the kit.
The kit's checks judge on optimal lengths, never on a solver's solutions: pasted behind a student's
function, a solver is an answer (docs/student-kit.md). 4×4 lengths come from counts of DFS*
(reference/dfs_tree.py); 3×3 ones from data the teacher's installation wrote (grader/data/
kit_lengths3.json: the distances of a sample of states and of x3's crafted long cases, found by the
teacher's breadth-first search, which stays out with the solver): the kit ships no search of the puzzles'
optimal solutions. It does ship q18's conflict server (grader/questions/taquin/conflicts.py), a DFS* of
figure 3 on the grader's own copy of the state with another heuristic: q17's algorithm as the exam states
it; pasted, it earns little (q17 and q18 judge the passes watched over the module's globals; red team
11). Nor does it
list x2's fixed puzzles (reference/solver/crafted.py): a table of their solutions would pass them, so the
kit says the teacher checks them.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from grader.errors import GraderBug, UsageError

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
STUBS = tuple(sorted(stub.name for stub in EXERCISES.glob("*.py")))  # every family's, from the checkout
WHEEL_PLACEHOLDER = "{wheel}"  # INSTALLER.md names the wheel, whose name holds the version


def build_kit(out: Path) -> dict[str, Path]:
    """Write the kit into `out` (a new or empty folder); return what was written, by role."""
    missing = [p for p in (ROOT / "setup.py", EXERCISES / "README.md", EXERCISES / "INSTALLER.md") if not p.exists()]
    missing += [EXERCISES / stub for stub in STUBS if not (EXERCISES / stub).exists()]
    if missing:  # an installed wheel has neither the stubs nor setup.py: the kit is made from the checkout
        raise UsageError("kit.no_checkout", path=missing[0])
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError("kit.out_not_empty", path=out)
    with tempfile.TemporaryDirectory(prefix="grader-kit-") as tmp:
        wheel = _checked(_build_wheel(Path(tmp)))
        out.mkdir(parents=True, exist_ok=True)
        written = {"wheel": Path(shutil.copy2(wheel, out / wheel.name))}
    (out / "exercices").mkdir()
    for stub in STUBS:
        written[stub] = Path(shutil.copy2(EXERCISES / stub, out / "exercices" / stub))
    written["readme"] = Path(shutil.copy2(EXERCISES / "README.md", out / "LISEZMOI.md"))
    install = (EXERCISES / "INSTALLER.md").read_text(encoding="utf-8").replace(WHEEL_PLACEHOLDER, wheel.name)
    written["install"] = out / "INSTALLER.md"
    written["install"].write_text(install, encoding="utf-8")
    return written


def _build_wheel(work: Path) -> Path:
    from reports.exports.gradescope import grader_sources

    source = work / "src"
    grader_sources(source)  # the packages, pyproject.toml and README.md
    for name in ("setup.py", "MANIFEST.in"):  # setup.py's build leaves the model answers out
        shutil.copy2(ROOT / name, source / name)
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(source)]
    # This environment's setuptools first (no network); pip's isolated build when it cannot (no
    # setuptools, as in Python >= 3.12's venvs, or one too old to build a wheel without `wheel`).
    attempts = [["--no-build-isolation"], []] if importlib.util.find_spec("setuptools") else [[]]
    for options in attempts:
        done = subprocess.run(command + options, capture_output=True, text=True, timeout=900)
        if done.returncode == 0:
            break
    wheels = sorted((work / "dist").glob("taquin_grader-*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        raise UsageError("kit.build_failed", detail=(done.stdout + done.stderr).strip()[-2000:])
    return wheels[0]


def answers_in(names: set[str]) -> list[str]:
    """The files of a wheel that hold answers: those of reference/'s subpackages (the model answers and
    what answers a question, in reference/answers/; the solver and its tables), which setup.py never
    ships."""
    return sorted(n for n in names if n.startswith("reference/") and n.count("/") > 1)


def _checked(wheel: Path) -> Path:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    answers = answers_in(names)
    if answers:  # setup.py's build did not leave them out: never handed out
        raise GraderBug("kit.answers_inside", files=", ".join(answers))
    return wheel
