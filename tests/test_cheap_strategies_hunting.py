"""No child holds a model answer of a question it grades, nor one its code could use to earn points
elsewhere: a student who writes none of the graded functions and hunts for the grader's code instead
(tests/hunting/hunter.py: sys.modules, every object of the heap with the fork server's thawed, the frames
above it and their locals, the strings in memory) earns 0 on every question, and finds nothing of a model
answer, in the three configurations the grader runs in (root; an ordinary teacher with user namespaces;
one without them).

The scene (this file run as a script, as tests/test_attacks.py runs its scenes) grades an honest student
first, on every question, so that the fork server has loaded every family's probes before the hunter's
children are forked from it; then the hunter, on every question. What a child may hold: the sandbox's
modules, the probe modules, the puzzle model of the extension exercises (reference/sliding.py, no answer
of any question) and the trampoline its redirected functions run (`<served>`); and in q17's children
only, the exam's move and tente_* (`<exam>`): they answer q15 and q16, which other children grade, and
no point of q17 comes from them (docs/judging.md).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
from pathlib import Path

import pytest

from tests.test_attacks import _as_root, _as_teacher, as_root, teacher_python  # noqa: F401 - a fixture

ROOT = Path(__file__).resolve().parent.parent
SCENE = Path("tests") / "test_cheap_strategies_hunting.py"
MODEL_FILES = ("jeux.py", "taquin.py", "recherche.py", "taquin_moves.py")
# The files whose code a child may hold, relative to the checkout: the sandbox's, the probe modules and
# what they import; "<served>" is the redirection's trampoline (grader/questions/taquin/probes.py),
# "<string>" the standard library's generated code (namedtuple's).
CHILD_FILES = {
    *(f"grader/sandbox/{path.name}" for path in (ROOT / "grader" / "sandbox").glob("*.py")),
    "grader/caches.py",
    "grader/questions/api.py",
    "grader/questions/shapes.py",
    "grader/questions/states.py",
    "grader/questions/jeux_probes.py",
    "grader/questions/recherche_probes.py",
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
    "grader.questions",
    "grader.questions.api",
    "grader.questions.jeux_probes",
    "grader.questions.recherche_probes",
    "grader.questions.shapes",
    "grader.questions.states",
    "grader.questions.taquin",
    "grader.questions.taquin.probes",
    "grader.text",
    "grader.text.terminal",
    "reference",
    "reference.sliding",
}
EXAM_ONLY = "q17"  # the only question whose children may hold the exam's move and tente_* ("<exam>")


def markers(files=MODEL_FILES) -> list[str]:
    """A line of each function of the model answers: what their text in a child's memory would show."""
    found = []
    for name in files:
        for line in (ROOT / "reference" / name).read_text(encoding="utf-8").splitlines():
            if line.startswith(("def ", "    def ")):
                found.append(line.strip())
    return found


def hunter(module: str, functions: list[str]) -> str:
    source = (ROOT / "tests" / "hunting" / "hunter.py").read_text(encoding="utf-8")
    hexed = [marker.encode().hex() for marker in markers()]
    source = source.replace("MARKERS: list = []", f"MARKERS: list = {hexed!r}", 1)
    return source.replace("FUNCTIONS: list = []", f"FUNCTIONS: list = {functions!r}", 1)


def scene() -> None:
    """`python tests/test_cheap_strategies_hunting.py BASE REPORT.json`: grade the honest student and the
    hunter, write each question's score and what the hunter reported."""
    sys.path.insert(0, str(ROOT))
    base, report = Path(sys.argv[1]), Path(sys.argv[2])
    cache, students, tmp = (base / name for name in ("cache", "class", "tmp"))
    for folder in (cache, students, tmp):
        folder.mkdir(parents=True)
    tmp.chmod(0o711)  # as root, each child's uid passes through to its own folder
    os.environ.update(TAQUIN_GRADER_CACHE=str(cache))
    tempfile.tempdir = str(tmp)

    from grader.intake import load_submission
    from grader.judge.engine import grade_submission
    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.results.scoring import Scheme
    from grader.sandbox.runner import isolation

    questions = [q for q in all_questions(extensions=True) if not q.manual]
    settings = Settings(seed=11, examples=10, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
    # Every report read whole: what the hunter says of each child is not cut at the usual 64 KiB.
    settings = dataclasses.replace(settings, limits=dataclasses.replace(settings.limits, output_bytes=1 << 24))
    functions: dict[str, list[str]] = {}
    for question in questions:
        functions.setdefault(question.module, []).extend(question.functions)
    for student in ("honest", "hunter"):
        (students / student).mkdir()
        for module, names in functions.items():
            text = (ROOT / "reference" / f"{module}.py").read_text() if student == "honest" else hunter(module, names)
            (students / student / f"{module}.py").write_text(text, encoding="utf-8")
    honest = grade_submission(load_submission(students / "honest"), questions, settings)
    hunted = grade_submission(load_submission(students / "hunter"), questions, settings)
    reports: dict[str, list] = {}
    for result in hunted.questions:
        lines = [line[5:] for line in result.output.stdout.splitlines() if line.startswith("HUNT ")]
        reports[result.id] = [json.loads(line) for line in lines]
    json.dump(
        {
            "user": os.geteuid(),
            "isolation": [str(layer) for layer in isolation(settings.limits)["layers"]],
            "honest": {q.id: [q.score, q.max] for q in honest.questions},
            "scores": {q.id: q.score for q in hunted.questions},
            "dropped": {q.id: q.output.dropped for q in hunted.questions},
            "reports": reports,
            "checkout": str(ROOT),
        },
        report.open("w"),
    )


def check(report: dict) -> None:
    """Every question 0 for the hunter (full marks for the honest student: the grading ran), and nothing
    in any child but what CHILD_FILES and CHILD_MODULES list (and the exam's functions in q17's)."""
    assert all(score == most for score, most in report["honest"].values()), report["honest"]
    assert report["scores"] and all(score == 0 for score in report["scores"].values()), report["scores"]
    assert not any(report["dropped"].values()), report["dropped"]  # every report read whole
    checkout = report["checkout"] + "/"
    for qid, seen in report["reports"].items():
        assert any(kind == "frame" for kind, _ in seen), qid  # the hunt ran in this question's child
        modules = {value for kind, value in seen if kind == "module"}
        assert modules <= CHILD_MODULES, (qid, modules - CHILD_MODULES)
        files = {value.removeprefix(checkout) for kind, value in seen if kind == "code"}
        allowed = CHILD_FILES | ({"<exam>"} if qid == EXAM_ONLY else set())
        assert files <= allowed, (qid, files - allowed)
        texts = {value for kind, value in seen if kind == "text"}
        exam_lines = set(markers(("taquin_moves.py",)))
        assert texts <= (exam_lines if qid == EXAM_ONLY else set()), (qid, texts)


@pytest.mark.slow
@as_root
def test_a_hunt_for_the_model_code_finds_nothing_and_earns_nothing_as_root():
    report = _as_root(SCENE)
    assert report["user"] == 0
    check(report)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_a_hunt_for_the_model_code_finds_nothing_and_earns_nothing_as_a_teacher(teacher_python, user_namespaces):  # noqa: F811
    report = _as_teacher(teacher_python, user_namespaces, SCENE)
    assert report["user"] == teacher_python[0]
    check(report)


if __name__ == "__main__":
    scene()
