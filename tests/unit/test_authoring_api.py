"""grader/questions/api.py is the one namespace question code takes grader names from."""

from __future__ import annotations

import ast
from pathlib import Path

from grader.questions import api

QUESTIONS = Path(__file__).resolve().parents[2] / "grader" / "questions"


def test_every_authoring_name_resolves():
    for name in api.__all__:
        assert getattr(api, name) is not None, name


def test_question_code_imports_grader_names_from_the_authoring_namespace_only():
    """A family imports the api, its own modules and the shapes of replies: never the engine, the results,
    the sandbox or the catalogue directly (they may move; the api follows them)."""
    strays = {}
    for path in QUESTIONS.rglob("*.py"):
        if path.name == "api.py":
            continue
        family = path.relative_to(QUESTIONS).parts[0].removesuffix(".py").split("_")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grader"):
                own = node.module == "grader.questions" or node.module.startswith(f"grader.questions.{family}")
                if not own and node.module != "grader.questions.api":
                    strays.setdefault(str(path.relative_to(QUESTIONS)), []).append(node.module)
    assert strays == {}
