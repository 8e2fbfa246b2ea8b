"""The taquin's cases are typed (docs/adding-a-question.md): each kind a frozen dataclass whose fields are
named, never a positional tuple read by unpacking, and whose `payload()` is what the probe reads, plain
data that crosses to the child as a JSON frame unchanged."""

from __future__ import annotations

import dataclasses
import functools
import json

import pytest

from grader.questions.taquin import cases
from grader.questions.taquin.dfs import EVIDENCE_CALLS, ROOT_PAST_BOUND, Q17, DrawnCall
from grader.questions.taquin.probes import FIRST
from grader.questions.taquin.tente import Q16, Attempt

SEED = 2017
KINDS = ("q16", "q17 drawn", "q17 calls", "q18 small", "q18 traps")


@functools.cache
def typed_cases() -> dict[str, list]:
    """A few cases of each kind, as the questions make them from the seed."""
    drawn = Q17().cases(SEED, "succes", 2)
    return {
        "q16": Q16().cases(SEED, "refus_oppose")[:3],
        "q17 drawn": drawn,
        "q17 calls": [ROOT_PAST_BOUND, *EVIDENCE_CALLS, *(Q17().call_on(case, True)[0] for case in drawn)],
        "q18 small": cases.small_instances(SEED),
        "q18 traps": cases.trap_cases(SEED),
    }


def _is_plain(payload: dict) -> bool:
    return json.loads(json.dumps(payload)) == payload  # no tuple, no object: what the frame carries


@pytest.mark.parametrize("kind", KINDS)
def test_every_case_is_a_frozen_dataclass_whose_payload_is_plain_data(kind):
    found = typed_cases()[kind]
    assert found
    for case in found:
        assert dataclasses.is_dataclass(case) and not isinstance(case, tuple), case
        field = dataclasses.fields(case)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(case, field, None)
        if not isinstance(case, DrawnCall):  # a drawn call is judged as the call it stands for
            assert _is_plain(case.payload()), case


def test_a_payload_writes_solution_in_the_order_asked_for():
    """`solution` in the order played by default, most recent first for the Caml reading; the case itself
    keeps the order played."""
    attempt = next(a for a in Q16().cases(SEED, "refus_oppose") if len(a.history) >= 2)
    assert isinstance(attempt, Attempt)
    assert attempt.payload()["solution"] == list(attempt.history)
    assert attempt.payload(FIRST)["solution"] == list(reversed(attempt.history))
    assert ROOT_PAST_BOUND.payload(FIRST)["solution"] == ["Bas", "Gauche"] and ROOT_PAST_BOUND.previous == "Bas"
    assert (ROOT_PAST_BOUND.payload()["m"], ROOT_PAST_BOUND.payload()["p"]) == (5, 2)


def test_a_trap_is_judged_as_the_state_it_holds_once_it_ends():
    trap_case = cases.trap_cases(SEED)[0]
    instance = trap_case.instance()
    assert (instance.state, instance.optimum) == (trap_case.trap.state, trap_case.trap.optimum)
    assert instance.payload() == trap_case.payload()
