"""What a question is: its id, module, functions, check groups, and how it judges.

A question module (one per family: jeux.py, taquin.py, ...) defines:
- probes: functions `probe(module, payload) -> plain data`, marked with `@probe`, that run in the
  child on the student's module (and in the parent on the reference module, for expected values and
  timing). They only use the standard library at import time: the child must start fast and never
  imports Hypothesis or the reference. A question may keep its probes in modules of their own
  (`probe_modules`); probes may make parent-served calls (grader/sandbox/calls.py).
- questions: subclasses of `Question` whose `run(ctx)` drives the checks through the `Context` of
  grader/judge/context.py and returns one `Outcome` per check group. They are listed in the module's
  `QUESTIONS` and collected by grader/registry.py.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from grader.text.message import Message
from grader.results.records import Kind
from grader.sandbox.calls import probe  # noqa: F401 - the marker, re-exported for question modules


CHEAP = 0.0  # an oracle's cost when the model answer takes milliseconds: the scheme's time floor is the limit


def oracle(probe_function):
    """Register the decorated `f(payload) -> (value, cost)` as the probe's oracle: the value the probe
    returns on a correct answer, computed independently, and the model answer's cost (see
    grader/judge/expectations.py). Used where the model answers are not installed."""

    def register(function):
        probe_function.oracle = function
        return function

    return register


def probe_name(function) -> str:
    return f"{function.__module__}:{function.__name__}"


@dataclass(frozen=True)
class Drawn:
    """A group's cases drawn with Hypothesis from the run's seed (`Context.check`): `strategy(question)`,
    at most `max_examples` of them (the run's setting when None)."""

    strategy: Callable[[Any], Any]
    max_examples: int | None = None


@dataclass(frozen=True)
class Group:
    """A check group: its label key in the catalogue (grader/text/i18n/) and its share of the question's
    points; declared as data, also what it is judged on. `cases`: its stages, in order, each a sequence
    of cases, a function of the question giving one, or `Drawn`; a stage runs only when the ones before
    it passed (fixed cases first: a failure there is the counterexample shown, before any draw). `judge`:
    `judge(question, ctx, case) -> Failure | Inconclusive | None`, or the name of the question's method
    `judge(ctx, case)` (a subclass may then judge otherwise). A question whose groups all declare both
    needs no `run` of its own."""

    name: str
    weight: float
    cases: tuple = ()
    judge: Callable[..., Any] | str | None = None

    def check(self, question: Question, ctx) -> Outcome:
        """The group's outcome: its stages judged in order, stopped at the first that fails, their time
        summed."""
        if self.judge is None or not self.cases:
            raise TypeError(f"{question.id}'s group {self.name} declares no cases or no judge")
        if isinstance(self.judge, str):
            judge = functools.partial(getattr(question, self.judge), ctx)
        else:
            judge = functools.partial(self.judge, question, ctx)
        seconds = 0.0
        for stage in self.cases:
            if isinstance(stage, Drawn):
                outcome = ctx.check(self.name, stage.strategy(question), judge, max_examples=stage.max_examples)
            else:
                outcome = ctx.check_cases(self.name, stage(question) if callable(stage) else stage, judge)
            outcome.seconds += seconds
            seconds = outcome.seconds
            if outcome.failure is not None:
                break
        return outcome


@dataclass(frozen=True)
class Option:
    """A setting of a question that a grading scheme may change: its default, and the values it
    accepts (one of `choices`, or a number in [`low`, `high`] when `choices` is empty)."""

    default: Any
    choices: tuple = ()
    low: float = 0.0
    high: float = float("inf")

    def accepts(self, value) -> bool:
        if self.choices:
            return value in self.choices
        return type(value) in (int, float) and self.low <= value <= self.high and value < float("inf")


@dataclass
class Failure:
    """Why a check group failed, on which case. `message` is a catalogue key, `params` its fields."""

    kind: Kind  # what was found: a judge's `wrong` or `invalid`, or the reply's status (timeout, crashed...)
    message: str
    params: dict = field(default_factory=dict)
    counterexample: Any = None
    expected: Any = None
    got: Any = None
    visual: dict | None = None

    def __post_init__(self):
        self.kind = Kind(self.kind)  # a misspelt kind fails where it is written, not when results are saved


@dataclass
class Inconclusive:
    """A case that decided nothing: a trap whose limit a correct answer cannot meet either, so that only a
    wrong answer's quick reply is judged (a timeout there is no failure). Neither a failure nor, by
    itself, a pass: its group's other cases decide, and the group says what was not decided (`message`,
    a catalogue key, and its `params`). Only `Context.check_cases` takes it from a judge."""

    message: str
    params: dict = field(default_factory=dict)


@dataclass
class Outcome:
    """The result of one check group: None for `failure` when it passed; `skipped` (a catalogue key
    saying why) when it was not run: it then earns nothing and does not count in the status. `note`:
    what a group that passed left undecided (an Inconclusive case), or why it earns only part of its
    points (`credit`, see `earned`), said beside it. `parts_passed`: with `Context.check_cases(part=)`,
    the parts (say, which of four functions) that passed all their cases; `kept`: the share of its points
    a failed group still earns for them, when its parts are judged each on its own. `visual`: what a group that
    passed shows on request (Settings.replay: a replay of one of its cases); a failed group shows its
    failure's."""

    group: str
    failure: Failure | None = None
    seconds: float = 0.0
    warnings: list[Message] = field(default_factory=list)  # said once for the question
    skipped: str | None = None
    note: Message | None = None
    credit: Fraction = Fraction(1)  # the share of its points a passed group earns
    parts_passed: frozenset = frozenset()
    kept: Fraction = Fraction(0)  # the share of its points a failed group earns (its parts that passed)
    visual: dict | None = None


def earned(outcome: Outcome, credit: Fraction, unearned: Failure, partly: Message | None = None) -> Outcome:
    """A passed group that code doing nothing passes too (a refusal, a state left as it was, a bound kept),
    counted in proportion to `credit`: the share of the evidence, observed on the same function, that the
    code acts (the moves it makes, the solutions it finds). Without any, it is the failure `unearned`;
    with part of it, it earns that part, `partly` said beside it. A failed group stays as it is."""
    if outcome.failure is not None or outcome.skipped is not None or credit >= 1:
        return outcome
    if credit <= 0:
        return replace(outcome, failure=unearned, note=None)
    return replace(outcome, credit=Fraction(credit), note=partly)


class Question:
    id: ClassVar[str]
    module: ClassVar[str]  # the student's module: "jeux", "taquin", "recherche"
    functions: ClassVar[tuple[str, ...]] = ()  # names the student must define
    # Modules whose probes the child loads (standard library only); by default the question's own.
    probe_modules: ClassVar[tuple[str, ...]] = ()
    points: ClassVar[float] = 1.0  # default barème
    groups: ClassVar[tuple[Group, ...]] = ()
    options: ClassVar[dict[str, Option]] = {}  # scheme settings of its own (grader/results/scoring.py)
    manual: ClassVar[bool] = False  # graded by hand
    extension: ClassVar[bool] = False  # outside the exam's barème
    # Whether a time limit tells algorithms apart (a wrong answer may fail by time alone, a few times slower
    # than a right one): the model answer's costly cases are then timed best of timing.RUNS; else once, which
    # can only make a limit more lenient, by one run's noise (up to a third under load: it then only stops
    # searches that never end, or grow without end; benchmarks/results/firstrun.md).
    limits_separate_algorithms: ClassVar[bool] = True
    # Whether it draws cases with Hypothesis (`ctx.check`): then imported ahead, while the first child starts.
    draws_with_hypothesis: ClassVar[bool] = True

    def run(self, ctx) -> list[Outcome]:
        """Drive the checks through `ctx` (grader.judge.context.Context); one Outcome per group. This one
        judges each group on the cases it declares (`Group.check`); a question whose groups depend on
        each other says how in a `run` of its own."""
        return [group.check(self, ctx) for group in self.groups]

    def replay_games(self) -> int:
        """How many games a replay can be asked for (`--replay N`, Settings.replay): 0 for a question
        that replays none."""
        return 0


class ManualQuestion(Question):
    """A written question of the exam, graded by hand: listed so that a full barème can be expressed."""

    module = ""
    manual = True
    points = 0.0  # set by the teacher's grading scheme

    def run(self, ctx) -> list[Outcome]:
        return []


def manual_question(number: int) -> type[Question]:
    return type(f"Q{number}", (ManualQuestion,), {"id": f"q{number}"})
