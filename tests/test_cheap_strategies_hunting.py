"""No child holds a model answer of a question it grades, nor one its code could use to earn points
elsewhere: a student who writes none of the graded functions and hunts for the grader's code instead
(tests/hunting/hunter.py: sys.modules, every object of the heap with the fork server's thawed, the frames
above it and their locals, the strings in memory) earns 0 on every question, and finds nothing of a model
answer, in the three configurations the grader runs in (root; an ordinary teacher with user namespaces;
one without them).

The scene (tests/hunting/scene.py, run as tests/test_attacks.py runs its scenes) grades an honest student
first, on every question, so that the fork server has loaded every family's probes before the hunter's
children are forked from it; then the hunter, on every question; then a red team's submission that takes
q15's and q16's answers from the exam's functions in sys.modules (THIEF), on those two; then a copycat that
runs as its own code whatever model source the hunter printed into its reports (red team 7: q17's children
were sent the exam's move and tente_* as text, which a dfs printed), on those two. What a child may hold:
the sandbox's modules, the probe modules, the puzzle model of the extension exercises (reference/sliding.py,
no answer of any question) and the trampoline its redirected functions run (`<served>`): q17's too, whose
model judgement has the model answer's move and tente_* served by the parent (docs/judging.md).
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hunting.scene import THIEF
from tests.test_attacks import scene_as_root, scene_as_teacher, as_root

ROOT = Path(__file__).resolve().parent.parent
SCENE = Path("tests") / "hunting" / "scene.py"
# The files whose code a child may hold, relative to the checkout: the sandbox's, the probe modules (the
# stub check every child runs, grader/judge/stubs.py, included) and what they import; "<served>" is the redirection's trampoline (grader/questions/taquin/probes.py),
# "<string>" the standard library's generated code (namedtuple's).
CHILD_FILES = {
    *(f"grader/sandbox/{path.name}" for path in (ROOT / "grader" / "sandbox").glob("*.py")),
    "grader/caches.py",
    "grader/judge/stubs.py",
    "grader/questions/child_api.py",
    "grader/questions/shapes.py",
    "grader/questions/states.py",
    "grader/questions/jeux/probes.py",
    "grader/questions/recherche/probes.py",
    "grader/questions/taquin/arrangements.py",
    "grader/questions/taquin/probes.py",
    "grader/text/terminal.py",
    "reference/sliding.py",
    "<served>",
    "<string>",
}
CHILD_MODULES = {
    *(f"grader.sandbox.{path.stem}" for path in (ROOT / "grader" / "sandbox").glob("*.py")),
    "grader",
    "grader.sandbox",
    "grader.caches",
    "grader.judge",
    "grader.judge.stubs",
    "grader.questions",
    "grader.questions.child_api",
    "grader.questions.jeux",  # a family's package: a docstring, imported on the way to its probes
    "grader.questions.jeux.probes",
    "grader.questions.recherche",
    "grader.questions.recherche.probes",
    "grader.questions.shapes",
    "grader.questions.states",
    "grader.questions.taquin",
    "grader.questions.taquin.arrangements",
    "grader.questions.taquin.probes",
    "grader.text",
    "grader.text.terminal",
    "reference",
    "reference.sliding",
}


def check(report: dict) -> None:
    """Every question 0 for the hunter (full marks for the honest student: the grading ran), nothing in any
    child but what CHILD_FILES and CHILD_MODULES list, no line of a model answer in any child's memory, and
    nothing the copycat can paste."""
    assert all(score == most for score, most in report["honest"].values()), report["honest"]
    assert report["scores"] and all(score == 0 for score in report["scores"].values()), report["scores"]
    assert report["thief"] == {"q15": 0, "q16": 0}, report["thief"]
    assert report["copycat"] == {"q15": 0, "q16": 0}, report["copycat"]
    assert not any(report["dropped"].values()), report["dropped"]  # every report read whole
    checkout = report["checkout"] + "/"
    for qid, seen in report["reports"].items():
        assert any(kind == "frame" for kind, _ in seen), qid  # the hunt ran in this question's child
        modules = {value for kind, value in seen if kind == "module"}
        assert modules <= CHILD_MODULES, (qid, modules - CHILD_MODULES)
        files = {value.removeprefix(checkout) for kind, value in seen if kind == "code"}
        assert files <= CHILD_FILES, (qid, files - CHILD_FILES)
        assert not [value for kind, value in seen if kind in ("text", "source")], qid


@pytest.mark.slow
@as_root
def test_a_hunt_for_the_model_code_finds_nothing_and_earns_nothing_as_root():
    report = scene_as_root(SCENE)
    assert report["user"] == 0 and any("isolation.uid" in layer for layer in report["isolation"])
    check(report)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_a_hunt_for_the_model_code_finds_nothing_and_earns_nothing_as_a_teacher(teacher_python, user_namespaces):
    report = scene_as_teacher(teacher_python, user_namespaces, SCENE)
    assert report["user"] == teacher_python[0]
    assert any("isolation.private_root" in layer for layer in report["isolation"]) == user_namespaces
    check(report)


def test_the_exams_functions_taken_from_sys_modules_earn_nothing_through_grader_grade(tmp_path):
    """The red team's submission (findings/model-answer-in-child, tests/submissions/taquin/modele_emprunte.py):
    move and tente_* that call the exam's own, looked for in sys.modules, got q15 2/2 and q16 2/2 beside the
    sample student alice; `grader grade` now gives it 0 on both, alice full marks."""
    klass, out = tmp_path / "class", tmp_path / "out"
    (klass / "thief").mkdir(parents=True)
    (klass / "thief" / "taquin.py").write_bytes((ROOT / THIEF).read_bytes())
    shutil.copytree(ROOT / "exercises" / "exemples" / "alice", klass / "alice")
    command = [sys.executable, "-m", "grader", "grade", str(klass), "--out", str(out), "-q", "q15", "-q", "q16"]
    done = subprocess.run([*command, "--seed", "1"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = {
        row["Nom"]: row
        for row in csv.DictReader(io.StringIO((out / "grades.csv").read_text("utf-8-sig")), delimiter=";")
    }
    assert (rows["thief"]["q15"], rows["thief"]["q16"]) == ("0", "0"), rows["thief"]
    assert (rows["alice"]["q15"], rows["alice"]["q16"]) == ("2", "2"), rows["alice"]


def test_the_child_of_an_extension_question_loads_its_probes_and_nothing_of_the_parent_side():
    """x1-x4's child imports grader/questions/recherche/probes.py alone of the family and the puzzle model it
    plays the puzzles with (reference/sliding.py): not the exact optima, the graphs' server, the replays
    or reference/graphs.py, which the whole family module brought into the fork server, hence every child."""
    from grader.questions.recherche.probes import PROBES
    from grader.sandbox.runner import Child, Limits

    student = (
        "import sys\n"
        "def bfs_taquin(matrix):\n"
        "    return sorted(m for m in sys.modules if m.startswith(('grader.questions', 'reference')))\n"
    )
    child = Child({"recherche": student}, "recherche", list(PROBES), Limits(fork_server=False))
    try:
        assert child.start().ok
        payload = {"function": "bfs_taquin", "matrix": [[1, 2, 3], [4, 5, 6], [7, 8, 0]]}
        loaded = child.call(f"{PROBES[0]}:probe_taquin", payload, 10).value
    finally:
        child.close()
    assert loaded == [
        "grader.questions",
        "grader.questions.child_api",
        "grader.questions.recherche",  # the family's package: a docstring, imported on the way to its probes
        "grader.questions.recherche.probes",
        "grader.questions.shapes",
        "grader.questions.states",
        "reference",
        "reference.sliding",
    ]
