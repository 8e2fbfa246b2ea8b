"""The family's questions, in order: what grader/registry.py reads (one line a question)."""

from grader.questions.recherche.moves import X2, X3, X4
from grader.questions.recherche.search import X1

QUESTIONS = [X1(), X2(), X3(), X4()]
