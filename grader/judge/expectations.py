"""Where the judge's expectations come from: the model answer, or independent oracles.

A question asks its Context, `ctx.reference(probe, payload) -> (value, seconds)`: the value the probe
returns on a correct answer for that very case, and the seconds a correct answer takes on it (a call's
time limit is a multiple of them). Two providers answer:

- `ModelAnswer`, on a teacher's installation (a checkout installed with `pip install -e .`): the probe
  runs on the model answer reference/<module>.py in the grader's process, timed.
- `Oracles`, on a student's installation (the wheel `pip install` builds holds no model answer, see
  setup.py): the probe's oracle computes the value independently (exact search over the explicit game,
  the optimal solver reference.solver, the puzzle model reference.puzzle) and says what the model answer
  costs on that case, in seconds of the machine costs were measured on; grader/judge/calibration.py scales
  that to this machine.

`Settings.reference` chooses ("auto": the model answer when it is installed, else the oracles); the
class grading of a teacher can use the oracles too (`--reference oracles`), which is how they are tested.

Plugging a probe in: beside it, in the question's module (`oracle` and `CHEAP` come from
grader/judge/question.py, which the sandbox's child imports too: nothing heavy there),

    @oracle(probe_x)
    def _probe_x_expected(payload):
        return <the value probe_x returns on a correct answer for payload>, <the cost>

where the cost is CHEAP (the model answer takes milliseconds: the scheme's floor is the limit), a
number of seconds on the cost machine, or `calibration.cost("name")` for a case timed once and shipped
in grader/data/costs.json (benchmarks/bench_costs.py measures them). A question whose probes have no
oracle cannot be checked on a student's installation: it says so, as the grader's fault.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import time
from pathlib import Path

from grader.caches import cached, register
from grader.judge import calibration, timing
from grader.errors import GraderBug
from grader.judge.question import Question, probe_name
from grader.judge.settings import Settings
from grader.sandbox import calls, protocol

# This thread's CPU clock; Pyodide has none, and no other thread: the process's.
_thread_time = getattr(time, "thread_time", time.process_time)
# Expected results, shared by every student a process grades: the cases are the same for all.
_expected_cache: dict[str, tuple[object, float, object]] = register(f"{__name__}._expected_cache", {})

MODES = ("auto", "model", "oracles")


class ModelAnswerNeeded(GraderBug):
    """A probe without an oracle, on an installation without the model answer: the question cannot be
    judged here (never a verdict against the student)."""


def has_model_answer(module: str) -> bool:
    try:
        return importlib.util.find_spec(f"reference.answers.{module}") is not None
    except ImportError:
        return False


class ModelAnswer:
    """The probe run on the model answer in this process, timed."""

    kind = "model"

    def __init__(self, module: str, runs: int = timing.RUNS):
        self.module, self.runs = module, runs

    def run(self, probe, payload: dict, serve=None) -> tuple[object, float, object]:
        module = importlib.import_module(f"reference.answers.{self.module}")
        handler = serve() if serve is not None else None
        if handler is None:  # CPU time, best of several and cached per machine (grader/judge/timing.py)
            key = json.dumps([_source_digest(module), probe.__module__, probe.__name__, payload], sort_keys=True)
            value, seconds = timing.measured(key, lambda: protocol.plain(probe(module, payload)), self.runs)
            return value, seconds, None
        with calls.serving(handler):  # the handler records the run: one run, its CPU time
            started = time.process_time()
            value = protocol.plain(probe(module, payload))
            seconds = time.process_time() - started
        # A handler that serves the model answer's own functions from a store knows what they cost it; read
        # from the store, they cost nothing here (taquin.ModelServer).
        return value, getattr(handler, "model_seconds", seconds), handler


@cached
def _source_digest(module) -> str:
    """The model answer's source, hashed: an edited model answer is timed anew."""
    return hashlib.sha256(Path(module.__file__).read_bytes()).hexdigest()


class Oracles:
    """The probe's oracle: its value, and its cost scaled to this machine."""

    kind = "oracles"

    def __init__(self, module: str):
        self.module = module

    def run(self, probe, payload: dict, serve=None) -> tuple[object, float, object]:
        function = getattr(probe, "oracle", None)
        if function is None:
            raise ModelAnswerNeeded("error.no_oracle", probe=probe.__name__, module=self.module)
        # A probe with parent-served calls: its oracle gets the handler too (it holds the case).
        handler = serve() if serve is not None else None
        value, cost = function(payload) if handler is None else function(payload, handler)
        return protocol.plain(value), calibration.seconds(cost), handler


@cached
def answers(module: str, functions: tuple[str, ...]) -> bool:
    """Whether the installed model answer defines `functions`: a question added to a family (its oracles
    written) is judged by them until the model answer answers it too."""
    model = importlib.import_module(f"reference.answers.{module}")
    return all(hasattr(model, function) for function in functions)


def provider(module: str, mode: str = "auto", runs: int = timing.RUNS, functions: tuple[str, ...] = ()):
    """Where expected values come from, for a question on `functions`; `runs`: how many times the model
    answer's costly cases are timed."""
    if mode == "model" or mode == "auto" and has_model_answer(module) and answers(module, functions):
        return ModelAnswer(module, runs)
    return Oracles(module)


class Expectations:
    """A question's expected results, cached per case for every student the process grades, and the CPU
    this question spent computing them."""

    def __init__(self, question: Question, settings: Settings, progress):
        self.question, self.settings = question, settings
        self.progress = progress  # the progress line around one computation (a context manager's maker)
        self.seconds = 0.0

    def served(self, probe, payload: dict, serve=None, case=None) -> tuple[object, float, object]:
        """The probe's value on a correct answer, its seconds, and the handler `serve()` made to answer its
        parent-served calls (with what it recorded), cached with the run. `case` is what the handler
        answers from and the payload does not hold (part of the cache key)."""
        runs = timing.RUNS if self.question.limits_separate_algorithms else 1
        source = provider(self.question.module, self.settings.reference, runs, self.question.functions)
        key = json.dumps([source.kind, probe_name(probe), payload, case], sort_keys=True)
        if key not in _expected_cache:
            started = _thread_time()
            with self.progress():
                value, seconds, handler = source.run(probe, payload, serve)
            # The CPU spent here: a time read from the machine's cache (grader/judge/timing.py) cost nothing.
            self.seconds += _thread_time() - started
            _expected_cache[key] = (value, seconds, handler)
        return _expected_cache[key]
