"""A run's handler (grader/sandbox/calls.py's Served) must answer: a handler without `__call__` cannot be made.
What a served call sends is copied as plain data (protocol.plain) with the same bounds, whether its lists
are walked item by item or taken whole (rows of ints, moves as strings)."""

from __future__ import annotations

import enum

import pytest

from grader.sandbox import calls, protocol


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


def nested(depth: int, inner):
    value = inner
    for _ in range(depth):
        value = [value]
    return value


class Move(enum.Enum):
    Haut = "H"


@pytest.mark.parametrize(
    "value, kept",
    [
        ((["Haut", "Bas"], [True, None, "x"]), [["Haut", "Bas"], [True, None, "x"]]),
        ([[1, 2, 3, 4], [2**256 - 1, -(2**256 - 1)]], [[1, 2, 3, 4], [2**256 - 1, -(2**256 - 1)]]),
        ([1, True, 2.5, "s", Move.Haut], [1, True, 2.5, "s", "Haut"]),  # mixed: walked, the member named
        (nested(protocol.MAX_DEPTH - 1, [1, 2]), nested(protocol.MAX_DEPTH - 1, [1, 2])),
    ],
)
def test_plain_keeps_lists_of_plain_scalars(value, kept):
    assert protocol.plain(value) == kept
    assert [type(item) for item in protocol.plain(value)] == [type(item) for item in kept]


@pytest.mark.parametrize(
    "value, reason",
    [
        ([1, 2, 2**256], "integer too large"),
        ([[0] * 4, [1, -(2**300)]], "integer too large"),
        (nested(protocol.MAX_DEPTH, [1, 2]), "nested too deeply"),
        (nested(protocol.MAX_DEPTH, ["a"]), "nested too deeply"),
        (["Haut"] * protocol.MAX_ITEMS, "too many items"),  # the list itself is the first item
        ([1, float("nan")], "non-finite"),
    ],
)
def test_plain_refuses_lists_beyond_its_bounds(value, reason):
    with pytest.raises(protocol.InvalidValue, match=reason):
        protocol.plain(value)
