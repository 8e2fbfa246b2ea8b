"""The model-hunting scene: `python tests/hunting/scene.py BASE REPORT.json` grades an honest student, then the
hunter (tests/hunting/hunter.py), on every question, the red team's thief (THIEF) on q15 and q16, and a copycat
whose taquin.py runs whatever model source the hunter printed (COPYCAT, red team 7's next submission) on q15
and q16, in one process, and writes each question's score and
what the hunter reported (tests/test_cheap_strategies_hunting.py runs it as root and as an ordinary teacher,
as tests/test_attacks.py runs its scenes; standard library and the grader only: the teacher's venv has no
pytest)."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODEL_FILES = ("jeux.py", "taquin.py", "recherche.py")
# A red team's submission: q15's and q16's answers taken from the exam's functions in sys.modules.
THIEF = Path("tests") / "submissions" / "taquin" / "modele_emprunte.py"
# A student who pastes into their next submission the model source their hunt printed into its report
# (red team 7: q17's children were sent the exam's move and tente_* as text): each text run as the module's
# own code, and the exam's functions made from it as q17's probe once made them.
COPYCAT = """import enum, math, sys
grid = [[4 * i + j for j in range(4)] for i in range(4)]
h, li, lj, solution, minimum = 0, 3, 3, [], math.inf
Deplacement = enum.Enum("Deplacement", {name: name for name in ("Gauche", "Bas", "Droite", "Haut")})
for _text in SOURCES:
    try:
        exec(_text, globals())
    except Exception:
        pass
if callable(globals().get("exam_functions")):
    _values = {member.name: member for member in Deplacement}
    globals().update(exam_functions(sys.modules[__name__], False, _values, lambda value: getattr(value, "name", None)))
"""


def markers(files=MODEL_FILES) -> list[str]:
    """A line of each function of the model answers: what their text in a child's memory would show."""
    found = []
    for name in files:
        for line in (ROOT / "reference" / "answers" / name).read_text(encoding="utf-8").splitlines():
            if line.startswith(("def ", "    def ")):
                found.append(line.strip())
    return found


def hunter(module: str, functions: list[str]) -> str:
    source = (ROOT / "tests" / "hunting" / "hunter.py").read_text(encoding="utf-8")
    hexed = [marker.encode().hex() for marker in markers()]
    source = source.replace("MARKERS: list = []", f"MARKERS: list = {hexed!r}", 1)
    return source.replace("FUNCTIONS: list = []", f"FUNCTIONS: list = {functions!r}", 1)


def scene() -> None:
    """`python tests/hunting/scene.py BASE REPORT.json`: grade the honest student and the
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
            text = (
                (ROOT / "reference" / "answers" / f"{module}.py").read_text()
                if student == "honest"
                else hunter(module, names)
            )
            (students / student / f"{module}.py").write_text(text, encoding="utf-8")
    (students / "thief").mkdir()
    (students / "thief" / "taquin.py").write_bytes((ROOT / THIEF).read_bytes())
    honest = grade_submission(load_submission(students / "honest"), questions, settings)
    hunted = grade_submission(load_submission(students / "hunter"), questions, settings)
    thief = [q for q in questions if q.id in ("q15", "q16")]  # it writes no dfs nor taquin
    stolen = grade_submission(load_submission(students / "thief"), thief, settings)
    reports: dict[str, list] = {}
    for result in hunted.questions:
        lines = [line[5:] for line in result.output.stdout.splitlines() if line.startswith("HUNT ")]
        reports[result.id] = [json.loads(line) for line in lines]
    sources = sorted({value for seen in reports.values() for kind, value in seen if kind == "source"})
    (students / "copycat").mkdir()
    (students / "copycat" / "taquin.py").write_text(f"SOURCES = {sources!r}\n{COPYCAT}", encoding="utf-8")
    copied = grade_submission(load_submission(students / "copycat"), thief, settings)
    json.dump(
        {
            "user": os.geteuid(),
            "isolation": [str(layer) for layer in isolation(settings.limits)["layers"]],
            "honest": {q.id: [q.score, q.max] for q in honest.questions},
            "scores": {q.id: q.score for q in hunted.questions},
            "thief": {q.id: q.score for q in stolen.questions},
            "copycat": {q.id: q.score for q in copied.questions},
            "dropped": {q.id: q.output.dropped for q in hunted.questions},
            "reports": reports,
            "checkout": str(ROOT),
        },
        report.open("w"),
    )


if __name__ == "__main__":
    scene()
