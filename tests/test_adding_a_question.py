"""Adding a question is one module, its tests and one registry line (docs/adding-a-question.md).

- The toy family tests/toy/cube/ (q19, `double(n)`), built from the authoring namespace grader/questions/api.py
  alone, registered by one call, graded by `grader check` (the confined child included) on a correct and a
  wrong submission.
- For each family of the grader (jeux, taquin, recherche), the guide's checklist followed literally on a copy
  of the tree: the question's module in the family's package (q19.py, x5.py for the companion
  exercises), its line in the family's questions.py, its messages in
  the family's messages.py, its test in the family's test file. No other file is touched, and the copy's
  `grader check` grades the question.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import registry
from grader.cli import main
from grader.text import i18n

TOY = "tests.toy.cube"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def toy_family(monkeypatch):
    """The toy family registered for this test only: the registry and the loaded catalogues as they were
    afterwards."""
    monkeypatch.setattr(registry, "_registered", [])
    monkeypatch.setattr(i18n, "messages", dict(i18n.messages))
    monkeypatch.setattr(i18n, "loaded", set(i18n.loaded))
    registry.register(TOY)


def _check(capsys, folder: Path, body: str, *options: str) -> tuple[int, dict]:
    folder.mkdir()
    (folder / "cube.py").write_text(f"def double(n):\n    return {body}\n", encoding="utf-8")
    status = main(["check", str(folder), "-q", "q19", "--json", "--seed", "2017", *options])
    return status, json.loads(capsys.readouterr().out)


def test_the_toy_family_takes_every_grader_name_from_the_authoring_namespace():
    for path in (ROOT / "tests" / "toy").rglob("*.py"):
        imported = {
            node.module
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grader")
        }
        assert imported <= {"grader.questions.api", "grader.questions.child_api"}, path


def test_a_registered_toy_question_is_graded_like_any_other(toy_family, tmp_path, capsys):
    assert "q19" in [q.id for q in registry.all_questions()]
    status, right = _check(capsys, tmp_path / "right", "n + n")
    ((q19,),) = [right["questions"]]
    assert (status, q19["id"], q19["score"], q19["max"], q19["status"]) == (0, "q19", 1.0, 1.0, "passed")

    status, wrong = _check(capsys, tmp_path / "wrong", "n * n")
    ((q19,),) = [wrong["questions"]]
    (check,) = q19["checks"]
    assert (status, q19["score"], q19["status"]) == (1, 0.0, "failed")
    assert check["message"] == {"key": "q19.wrong", "params": {"n": 1}}  # the smallest case where it fails
    assert (check["expected"], check["got"]) == (2, 1)
    # Its messages are said in both languages, found through the registry.
    assert i18n.t("q19.wrong", "en", n=1) == "double(1) does not return twice 1"
    assert i18n.t("q19.title", "fr") == "Q19 — double"


def test_a_question_missing_from_the_registry_is_unknown(tmp_path, capsys):
    """Without its registry line, no q19: the line is what adds it."""
    assert main(["check", str(tmp_path), "-q", "q19"]) == 2
    assert "q19" in capsys.readouterr().err


# --- A new question in each family of the grader, by the guide ---------------------------------------------
TOY_SOURCE = ROOT / "tests" / "toy" / "cube" / "questions.py"


def _question_source(qid: str, module: str, extension: bool) -> str:
    """The guide's worked example (the toy's q19, its probe in its own module: it imports nothing but the
    authoring namespace, which loads lazily in the child), as the family's question `qid`."""
    source = TOY_SOURCE.read_text(encoding="utf-8")
    source = source[: source.index("QUESTIONS = [")].replace('"q19', f'"{qid}').replace("class Q19(", "class Double(")
    return source.replace('module = "cube"', f'module = "{module}"\n    extension = {extension}')


MESSAGES = """    "{qid}.title": {{"fr": "{title} — double", "en": "{title} — double"}},
    "{qid}.double": {{"fr": "double(n) renvoie 2n", "en": "double(n) returns 2n"}},
    "{qid}.wrong": {{"fr": "double({{n}}) ne renvoie pas le double de {{n}}", "en": "double({{n}}) does not return twice {{n}}"}},
}}
"""
TEST = """

def test_{qid}_doubles():
    assert check("{qid}", "def double(n):\\n    return n + n\\n")["status"] == "passed"
"""
COPIED = ("grader", "reference", "reports")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc")
MODULES = {"jeux": "jeux", "taquin": "taquin", "recherche": "recherche"}  # the student's file of each family
# The new question's id in each family: the exam's next, or the companion exercises' next.
IDS = {"jeux": "q19", "taquin": "q19", "recherche": "x5"}


def _files(tree: Path) -> dict[str, bytes]:
    return {
        path.relative_to(tree).as_posix(): path.read_bytes()
        for path in tree.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def _add_question(copy: Path, family: str) -> None:
    """The guide's checklist, step by step, on the copy."""
    package = copy / "grader" / "questions" / family
    # 1-3. The question, its probe and its oracle, in a module of its own.
    qid = IDS[family]
    text = _question_source(qid, MODULES[family], extension=family == "recherche")
    (package / f"{qid}.py").write_text(text, encoding="utf-8")
    # 5. Its registry line, in the family's list (and the import that names it).
    listing = package / "questions.py"
    lines = listing.read_text(encoding="utf-8").rstrip("\n").splitlines()
    assert lines[-1].startswith("QUESTIONS = [") and lines[-1].endswith("]")
    lines[-1] = lines[-1][:-1] + ", Double()]"
    last_import = max(k for k, line in enumerate(lines) if line.startswith(("from ", "import ")))
    lines.insert(last_import + 1, f"from grader.questions.{family}.{qid} import Double")
    listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # 4. Its messages, in the family's catalogue.
    messages = package / "messages.py"
    text = messages.read_text(encoding="utf-8").rstrip("\n")
    assert text.endswith("}")
    messages.write_text(text[:-1] + MESSAGES.format(qid=qid, title=qid.upper()), encoding="utf-8")
    # 6. Its test, in the family's test file.
    tests = copy / "tests" / f"test_questions_{family}.py"
    tests.write_text(tests.read_text(encoding="utf-8") + TEST.format(qid=qid), encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("family", ["jeux", "taquin", "recherche"])
def test_a_question_added_by_the_guide_touches_its_module_its_tests_and_one_registry_line(family, tmp_path):
    copy = tmp_path / "tree"
    for top in COPIED:
        shutil.copytree(ROOT / top, copy / top, ignore=IGNORED)
    (copy / "tests").mkdir()
    shutil.copy(ROOT / "tests" / f"test_questions_{family}.py", copy / "tests")
    before = _files(copy)
    _add_question(copy, family)
    after = _files(copy)

    changed = {name for name, data in after.items() if before.get(name) != data}
    outside = changed - {f"grader/questions/{family}/{IDS[family]}.py"}
    assert outside == {
        f"grader/questions/{family}/questions.py",
        f"grader/questions/{family}/messages.py",
        f"tests/test_questions_{family}.py",
    }

    # The copy's `grader check` lists and grades the question (its own grader package first on the path).
    environment = {**os.environ, "PYTHONPATH": str(copy)}
    student = tmp_path / "copie"
    student.mkdir()
    graded = {}
    for body in ("n + n", "n * n"):
        (student / f"{MODULES[family]}.py").write_text(f"def double(n):\n    return {body}\n", encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-m", "grader", "check", str(student), "-q", IDS[family], "--json", "--seed", "2017"],
            cwd=copy,
            env=environment,
            capture_output=True,
            text=True,
            timeout=300,
        )
        ((question,),) = [json.loads(run.stdout)["questions"]]
        graded[body] = (run.returncode, question["id"], question["status"], question["score"])
    qid = IDS[family]
    assert graded == {"n + n": (0, qid, "passed", 1.0), "n * n": (1, qid, "failed", 0.0)}
