"""The question registry: every family of grader/questions/, by module name, in one place (adding a family
is one line here). A family is imported only when its questions are asked for, by name: the registry sits
below everything that asks (a barème checks what it names against it) and above nothing."""

from __future__ import annotations

import importlib

FAMILIES = ("grader.questions.jeux", "grader.questions.taquin.questions", "grader.questions.manual")
# The companion exercises: graded only when asked for, outside the exam's barème.
EXTENSION_FAMILIES = ("grader.questions.recherche",)


def _number(question) -> tuple[str, int]:
    return (question.id[0], int(question.id[1:]))


def all_questions(extensions: bool = False) -> list:
    """Every question, in the exam's order (then the extensions, x1, x2, ...)."""
    questions = []
    for family in FAMILIES + (EXTENSION_FAMILIES if extensions else ()):
        questions.extend(importlib.import_module(family).QUESTIONS)
    return sorted(questions, key=_number)


def select(questions: list, ids: list[str] | None) -> list:
    """The questions named in `ids` (all when None), each once (`-q q1 -q q1` must not count q1 twice);
    unknown ids are an error."""
    from grader.errors import UnknownQuestion  # here: the catalogue imports this package for its messages

    if not ids:
        return questions
    known = {q.id: q for q in questions}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise UnknownQuestion("error.unknown_question", ids=", ".join(unknown), count=len(unknown))
    return [known[i] for i in dict.fromkeys(ids)]
