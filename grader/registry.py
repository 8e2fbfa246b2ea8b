"""The question registry: every family of grader/questions/, by module name, in one place (adding a family
is one line here, or one call of `register`). A family is imported only when its questions are asked for,
by name: the registry sits below everything that asks (a barème checks what it names against it, the
catalogue finds the family's messages through it) and above nothing.

A family is a package (grader/questions/jeux/, taquin/, recherche/): its `questions` module lists its
questions, its `messages` module says them; the package itself stays light, as the sandbox's child imports
its probes module through it."""

from __future__ import annotations

import importlib

FAMILIES = ("grader.questions.jeux", "grader.questions.taquin", "grader.questions.manual")
# The companion exercises: graded only when asked for, outside the exam's barème.
EXTENSION_FAMILIES = ("grader.questions.recherche",)
_registered: list[tuple[str, bool]] = []  # families added by `register`, each with whether it is an extension


def register(family: str, extension: bool = False) -> None:
    """Add a family by its module's name, in this process (a family of one's own, outside this package)."""
    if family not in families(extensions=True):
        _registered.append((family, extension))


def families(extensions: bool = False) -> tuple[str, ...]:
    """The families' module names: the exam's, then, with `extensions`, the companion exercises'."""
    exam = FAMILIES + tuple(name for name, extension in _registered if not extension)
    if not extensions:
        return exam
    return exam + EXTENSION_FAMILIES + tuple(name for name, extension in _registered if extension)


def questions_module(family: str) -> str:
    """The module whose `QUESTIONS` lists the family's questions."""
    return f"{family}.questions"


def messages_module(family: str) -> str:
    """The module whose `MESSAGES` says the family's messages, in French and English."""
    return f"{family}.messages"


def _number(question) -> tuple[str, int]:
    return (question.id[0], int(question.id[1:]))


def all_questions(extensions: bool = False) -> list:
    """Every question, in the exam's order (then the extensions, x1, x2, ...)."""
    questions = []
    for family in families(extensions):
        questions.extend(importlib.import_module(questions_module(family)).QUESTIONS)
    return sorted(questions, key=_number)
