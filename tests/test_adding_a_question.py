"""Adding a question is one module, its tests and one registry line (docs/adding-a-question.md): the toy
family tests/toy/cube.py (q19, `double(n)`), built from the authoring namespace grader/questions/api.py
alone, registered by one call, graded by `grader check` (the confined child included) on a correct and a
wrong submission."""

from __future__ import annotations

import ast
import json
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
    monkeypatch.setattr(i18n, "_messages", dict(i18n._messages))
    monkeypatch.setattr(i18n, "_loaded", set(i18n._loaded))
    registry.register(TOY)


def _check(capsys, folder: Path, body: str, *options: str) -> tuple[int, dict]:
    folder.mkdir()
    (folder / "cube.py").write_text(f"def double(n):\n    return {body}\n", encoding="utf-8")
    status = main(["check", str(folder), "-q", "q19", "--json", "--seed", "2017", *options])
    return status, json.loads(capsys.readouterr().out)


def test_the_toy_family_takes_every_grader_name_from_the_authoring_namespace():
    for path in (ROOT / "tests" / "toy").glob("*.py"):
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
