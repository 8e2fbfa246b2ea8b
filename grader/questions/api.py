"""The authoring namespace: every name question code needs, and the only grader module it imports
(as pytest's public namespace stands over _pytest). A question family imports from here, never from
the engine, the results or the sandbox directly, so that those can move without touching a question.

    from grader.questions.api import Failure, Group, Kind, Outcome, Question, probe

Names load lazily, on first use: a probe module, which the confined child imports, takes `probe`, `ask`,
`protocol` and `shapes` from here and loads only those (standard library and grader.sandbox's calls and
protocol, already in the child), never the engine, the catalogue or Hypothesis.

- A question: `Question` (id, module, functions, points, groups, options, run), `Group` (name, weight,
  and, declared as data, its `cases` and `judge`: then the question's `run` is the generic one), `Drawn`
  (cases Hypothesis draws for a group), `Option`,
  `Outcome`, `Failure`, `Inconclusive`, `Kind`, `earned`, `Context` (what `run(ctx)` drives), `Reply`,
  `manual_question`, `scored` (the points outcomes earn under the run's barème).
- Its probes, run in the child: `probe`, `ask` (a parent-served call), `protocol` (`plain`, `Missing`,
  the reply statuses), `shapes` (a reply's shape, checked before a judge reads it), `states` (states on
  the wire of parent-served calls, both ends).
- Its search replays (a failed search check shown beside the requested algorithm): `replays` (the sides'
  format and cut, the reference's recorder, the student's successor order).
- Its expectations without the model answer: `oracle`, `CHEAP`, `calibration`, `has_model_answer`;
  parent-served calls: `Served`, `Stop`, `Violation`, `ROUND_TRIP_SECONDS` (what a student's call may cost on top of the model answer's); the model answer's timing cache: `timing`.
- Its process-wide caches, cleared with every other (grader/caches.py): `cached` (a functools cache),
  `register_cache` (a module-level dict).
- What a student's source names, read by a scan of its text, never parsed in the parent: `names_used`.
- Its messages: `Message` (a catalogue key and its parameters, said late), `python_source`, `python_text` (values shown as
  Python); `GraderBug` for a judge that finds the grader itself wrong; `strategies` (Hypothesis's, for
  `ctx.check`: imported by the question's `run`, never at import).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

    from grader.caches import cached, register as register_cache

    from hypothesis import strategies
    from grader.judge import calibration, timing
    from grader.text.display import python_source, python_text
    from grader.judge.context import Context
    from grader.errors import GraderBug
    from grader.judge.expectations import has_model_answer
    from grader.text.message import Message
    from grader.questions import replays, shapes, states
    from grader.judge.question import (
        CHEAP,
        Drawn,
        Failure,
        Group,
        Inconclusive,
        Option,
        Outcome,
        Question,
        earned,
        manual_question,
        oracle,
    )
    from grader.results.records import Kind
    from grader.sandbox import protocol
    from grader.sandbox.calls import ROUND_TRIP_SECONDS, Served, Stop, Violation, ask, probe
    from grader.sandbox.limits import Reply
    from grader.intake.modules import names_used

# Where each name lives (one line to change when a module moves).
_HOMES = {
    "grader.judge.question": (
        "CHEAP",
        "Drawn",
        "Failure",
        "Group",
        "Inconclusive",
        "Option",
        "Outcome",
        "Question",
        "earned",
        "manual_question",
        "oracle",
    ),
    "grader.sandbox.calls": ("ROUND_TRIP_SECONDS", "Served", "Stop", "Violation", "ask", "probe"),
    "grader.caches": ("cached",),
    "grader.results.records": ("Kind",),
    "grader.text.message": ("Message",),
    "grader.judge.context": ("Context",),
    "grader.sandbox.limits": ("Reply",),
    "grader.errors": ("GraderBug",),
    "grader.judge.expectations": ("has_model_answer",),
    "grader.text.display": ("python_source", "python_text"),
    "grader.intake.modules": ("names_used",),
}
_MODULES = {
    "shapes": "grader.questions.shapes",
    "states": "grader.questions.states",
    "replays": "grader.questions.replays",
    "protocol": "grader.sandbox.protocol",
    "calibration": "grader.judge.calibration",
    "timing": "grader.judge.timing",
    "strategies": "hypothesis.strategies",
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
_ALIASES = {"register_cache": ("grader.caches", "register")}  # a name of its home's, said more precisely

__all__ = [
    "CHEAP",
    "ROUND_TRIP_SECONDS",
    "Context",
    "Drawn",
    "Failure",
    "GraderBug",
    "Group",
    "Inconclusive",
    "Kind",
    "Message",
    "Option",
    "Outcome",
    "Question",
    "Reply",
    "Served",
    "Stop",
    "Violation",
    "ask",
    "cached",
    "calibration",
    "earned",
    "has_model_answer",
    "manual_question",
    "names_used",
    "oracle",
    "probe",
    "protocol",
    "python_source",
    "python_text",
    "register_cache",
    "scored",
    "replays",
    "shapes",
    "states",
    "strategies",
    "timing",
]


def __getattr__(name: str):
    if name in _MODULES:
        value = importlib.import_module(_MODULES[name])
    elif name in _HOME:
        value = getattr(importlib.import_module(_HOME[name]), name)
    elif name in _ALIASES:
        home, attribute = _ALIASES[name]
        value = getattr(importlib.import_module(home), attribute)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return __all__


def scored(ctx: Context, question: Question, outcomes: list[Outcome]) -> Fraction:
    """The points `outcomes` earn under the run's barème (exact): what a question comparing two judgements
    of its own needs (grader/questions/taquin/chain.py)."""
    from fractions import Fraction

    records, scoring = (
        importlib.import_module("grader.results.records"),
        importlib.import_module("grader.results.scoring"),
    )
    return Fraction(scoring.question_result(question, ctx.settings.scheme, outcomes, records.Output()).score)
