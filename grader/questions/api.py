"""The judge's namespace: every grader name a question's parent side needs (its Question, cases, judges,
oracles and served calls), and with grader/questions/child_api.py (its probes' namespace, run in the
confined child) the only grader module question code imports, as pytest's public namespace stands over
_pytest. A family imports from here, never from the engine, the results or the sandbox directly, so that
those can move without touching a question.

    from grader.questions.api import Failure, Group, Kind, Outcome, Question

- A question: `Question` (id, module, functions, points, groups, options, run), `Group` (name, weight,
  and, declared as data, its `cases` and `judge`: then the question's `run` is the generic one), `Drawn`
  (cases Hypothesis draws for a group), `Option`,
  `Outcome`, `Failure`, `Inconclusive`, `Kind`, `earned`, `Context` (what `run(ctx)` drives), `Reply`,
  `manual_question`, `scored` (the points outcomes earn under the run's barème).
- What its judges read of its probes' replies, as the child's namespace has them: `protocol`, `shapes`,
  `states`; its process-wide caches: `cached`, `register_cache` (grader/caches.py).
- Its search replays (a failed search check shown beside the requested algorithm): `replays` (the sides'
  format and cut, the reference's recorder, the student's successor order).
- Its expectations without the model answer: `oracle`, `CHEAP`, `calibration`, `has_model_answer`;
  parent-served calls: `Served`, `Stop`, `Violation`, `ROUND_TRIP_SECONDS` (what a student's call may cost
  on top of the model answer's), `serving` (a handler answering a probe run in this process); the model
  answer's timing cache: `timing`; what a class run's workers compute once for all (cases and data drawn
  from the seed): `drawing`.
- What a student's source names, read by a scan of its text, never parsed in the parent: `names_used`.
- Its messages: `Message` (a catalogue key and its parameters, said late), `python_source`, `python_text`
  (values shown as Python); `GraderBug` for a judge that finds the grader itself wrong.

Hypothesis's strategies, for `ctx.check`, come from Hypothesis itself (`from hypothesis import strategies`),
imported in the question's `run`: a run of questions that draw nothing never loads it.
"""

from __future__ import annotations

from fractions import Fraction

from grader.errors import GraderBug
from grader.intake.modules import names_used
from grader.judge import calibration, drawing, timing
from grader.judge.context import Context
from grader.judge.expectations import has_model_answer
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
from grader.questions import replays
from grader.questions.child_api import cached, protocol, register_cache, shapes, states
from grader.results import scoring
from grader.results.records import Kind, Output
from grader.sandbox.calls import ROUND_TRIP_SECONDS, Exhausted, Served, Stop, Violation, serving
from grader.sandbox.limits import Reply
from grader.text.display import python_source, python_text
from grader.text.message import Message

__all__ = [
    "CHEAP",
    "ROUND_TRIP_SECONDS",
    "Context",
    "Drawn",
    "Exhausted",
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
    "cached",
    "calibration",
    "drawing",
    "earned",
    "has_model_answer",
    "manual_question",
    "names_used",
    "oracle",
    "protocol",
    "python_source",
    "python_text",
    "register_cache",
    "replays",
    "scored",
    "serving",
    "shapes",
    "states",
    "timing",
]


def scored(ctx: Context, question: Question, outcomes: list[Outcome]) -> Fraction:
    """The points `outcomes` earn under the run's barème (exact): what a question comparing two judgements
    of its own needs (grader/questions/taquin/chain.py)."""
    return Fraction(scoring.question_result(question, ctx.settings.scheme, outcomes, Output()).score)
