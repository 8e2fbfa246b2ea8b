"""Question code takes grader names from two namespaces only: grader/questions/api.py (the judge's, in the
parent) and grader/questions/child_api.py (its probes', imported by the confined child)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from grader.questions import api, child_api
from grader.registry import all_questions
from tests.parsed import nodes

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ROOT / "grader" / "questions"
NAMESPACES = {"grader.questions.api", "grader.questions.child_api"}


@pytest.mark.parametrize("namespace", [api, child_api])
def test_every_authoring_name_resolves(namespace):
    for name in namespace.__all__:
        assert getattr(namespace, name) is not None, name


def _grader_imports(path: Path) -> list[str]:
    return [
        node.module
        for node in nodes(path)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grader")
    ]


def test_question_code_imports_grader_names_from_the_authoring_namespaces_only():
    """A family imports the namespaces, its own modules and the shapes of replies: never the engine, the
    results, the sandbox or the catalogue directly (they may move; the namespaces follow them)."""
    strays = {}
    for path in QUESTIONS.rglob("*.py"):
        if path.name in ("api.py", "child_api.py"):
            continue
        family = path.relative_to(QUESTIONS).parts[0].removesuffix(".py").split("_")[0]
        for module in _grader_imports(path):
            own = module == "grader.questions" or module.startswith(f"grader.questions.{family}")
            if not own and module not in NAMESPACES:
                strays.setdefault(str(path.relative_to(QUESTIONS)), []).append(module)
    assert strays == {}


def test_probe_modules_take_the_childs_namespace_never_the_judges():
    """What the child imports before the student's code: the child's namespace, so never the engine."""
    probe_modules = {module for question in all_questions(extensions=True) for module in question.probe_modules}
    assert probe_modules
    for module in sorted(probe_modules):
        path = Path(sys.modules[module].__file__ or "")
        assert "grader.questions.api" not in _grader_imports(path), module


def test_the_childs_namespace_loads_no_engine():
    """child_api's imports are the protocol's, the caches' and the replies' shapes and states: light in the child."""
    imported = set(_grader_imports(QUESTIONS / "child_api.py"))
    assert imported == {"grader.caches", "grader.questions", "grader.sandbox", "grader.sandbox.calls"}
