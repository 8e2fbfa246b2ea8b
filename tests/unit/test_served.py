"""A run's handler (grader/sandbox/calls.py's Served) must answer: a handler without `__call__` cannot be made."""

from __future__ import annotations

import pytest

from grader.sandbox import calls


def test_a_handler_that_does_not_answer_cannot_be_made():
    class Silent(calls.Served):
        names = frozenset({"oracle"})

    with pytest.raises(TypeError, match="__call__"):
        Silent()
    with pytest.raises(TypeError):
        calls.Served()


def test_a_handler_answers_the_names_it_serves_only():
    class Doubling(calls.Served):
        names = frozenset({"oracle"})

        def __call__(self, name, args):
            return 2 * args

    assert calls.answer(Doubling(), "oracle", 21) == 42
    with pytest.raises(calls.Violation):
        calls.answer(Doubling(), "other", 21)
