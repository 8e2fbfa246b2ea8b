"""What a question's `run(ctx)` sees: `Context`, the authoring API. `call` runs a probe on the student's
module in the child (grader/judge/session.py); `reference` runs the same probe on a correct answer in this
process (expected values, and the time the calibrated limits are a multiple of; cached by
grader/judge/expectations.py); `check` and `check_cases` run a judge over cases (grader/judge/checks.py).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from grader.intake import Submission
from grader.judge import checks
from grader.judge.expectations import Expectations
from grader.judge.question import Failure, Outcome, Question
from grader.judge.session import Session
from grader.judge.settings import Settings
from grader.results.records import Kind
from grader.sandbox import protocol
from grader.sandbox.limits import Reply
from grader.text.message import Message

# The message of each failed reply of the child (a timeout's are said in Context.failure).
REPLY_MESSAGES = {
    protocol.ERROR: "engine.reply.error",
    protocol.MEMORY: "engine.reply.memory",
    protocol.CRASHED: "engine.reply.crashed",
    protocol.MISSING: "engine.reply.missing",
    protocol.INVALID: "engine.reply.invalid",
}


class Context:
    """A question's view of one student: the student's child session, the expected results, its checks."""

    def __init__(self, question: Question, submission: Submission, settings: Settings):
        self.question = question
        self.submission = submission
        self.settings = settings
        self.session = Session(question, submission, settings)
        self.expectations = Expectations(question, settings, self.session.progress)

    # -- the student's side -------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The callables the student's module defines (after importing it)."""
        return self.session.names

    @property
    def import_failure(self) -> Reply | None:
        """The reply of a failed import of the student's module (then every call returns it)."""
        return self.session.import_failure

    def stubs(self) -> set[str]:
        """The functions of the student's module that are still the exercise's stubs."""
        return self.session.stubs()

    def call(self, probe, payload: dict, timeout: float, serve=None, retry: bool = True) -> Reply:
        """Run `probe` on the student's module in the child, under `timeout` (see Session.call)."""
        return self.session.call(probe, payload, timeout, serve=serve, retry=retry)

    # -- the reference's side -----------------------------------------------------------------------
    def reference(self, probe, payload: dict) -> tuple[object, float]:
        """The probe's value on a correct answer, and the seconds it took (cached per case)."""
        value, seconds, _ = self.reference_served(probe, payload)
        return value, seconds

    def reference_served(self, probe, payload: dict, serve=None, case=None) -> tuple[object, float, object]:
        """`reference`, for a probe that makes parent-served calls: `serve()` makes the handler that
        answers them in this process; it is returned too (with what it recorded), cached with the run.
        Where the values come from (the model answer, or oracles) is grader/judge/expectations.py's choice.
        `case` is what the handler answers from and the payload does not hold (part of the cache key)."""
        return self.expectations.served(probe, payload, serve, case)

    def limit(self, reference_seconds: float) -> float:
        """A call's time limit: a multiple of the reference's time on the same case, with a floor."""
        scheme = self.settings.scheme
        return max(scheme.time_floor, scheme.time_factor * reference_seconds)

    def expected(self, probe, payload: dict):
        """The probe's value on a correct answer for this case (cached with its time: see `run`)."""
        return self.reference(probe, payload)[0]

    def run(
        self,
        probe,
        payload: dict,
        *,
        timed_on: dict | None = None,
        slower: float = 1.0,
        limit: float | Callable[[float], float] | None = None,
        serve=None,
        model_serve=None,
        case=None,
        timeout_inconclusive: bool = False,
    ) -> Reply:
        """The student's reply to `probe` on `payload`, under the limit a correct answer's time on the
        same case sets: the scheme's `limit(slower × seconds)`, `slower` being how many times slower than
        the model answer a correct answer may be there. `limit` replaces that rule: seconds, or a function
        of the model answer's seconds. `timed_on` is the case as the model answer takes it when the
        student's payload says it otherwise (its order of moves, the functions served to it); a probe that
        makes parent-served calls has `serve` answer the student's and `model_serve()` make the model
        answer's handler (`case`: see `reference_served`). `timeout_inconclusive`: a timeout of this call
        says nothing of the answer (a trap a correct answer cannot finish either; its judge returns an
        Inconclusive), so it is not run again: the rerun only protects a verdict."""
        if limit is None or callable(limit):
            model_payload = payload if timed_on is None else timed_on
            _, seconds, model = self.reference_served(probe, model_payload, serve=model_serve, case=case)
            limit = self.limit(slower * seconds) if limit is None else limit(seconds)
            if serve is not None and model is not None:
                # The parent's work for the student's run: the multiple of the model answer's that the time
                # limit allows (a correct answer asks the same calls of it).
                serve.afford(model, limit / seconds if seconds > 0 else self.settings.scheme.time_factor * slower)
        return self.call(probe, payload, limit, serve=serve, retry=not timeout_inconclusive)

    # -- judging ------------------------------------------------------------------------------------
    def failure(self, reply: Reply, case=None, **extra) -> Failure:
        """The failure a non-ok reply stands for."""
        # A traceback ends with the error's own line: said once, with the frames above it.
        detail: str | Message = (reply.traceback or reply.error).strip("\n").rstrip()
        if reply.status == protocol.VIOLATION and reply.violation is not None:
            # A call outside the run's interface: the parent refused it, nothing of the student's judged.
            key, params = reply.violation
            return Failure(kind=Kind.INVALID, message=key, params=params, counterexample=case, **extra)
        if reply.status == protocol.NOT_IMPLEMENTED:
            # Not written yet: where it was raised is what matters, not the case that got there.
            where = _last_student_line(reply.traceback)
            message = "engine.reply.not_implemented_at" if where else "engine.reply.not_implemented"
            return Failure(kind=Kind(reply.status), message=message, params={"where": where}, **extra)
        if reply.status == protocol.TIMEOUT and reply is not self.import_failure:
            # The timeout's own traceback is noise: the limit, and where the student's code was, say it all.
            where = _last_student_line(reply.traceback)
            params = {"seconds": float(f"{reply.limit:.2g}"), "where": where}
            if reply.import_decided:  # said only when it decided: otherwise a measure that differs run to run
                message = "engine.reply.timeout_import"
                params |= {"module": self.question.module, "import_seconds": float(f"{reply.import_seconds:.2g}")}
            else:
                message = "engine.reply.timeout_at" if where else "engine.reply.timeout"
            return Failure(kind=Kind(reply.status), message=message, params=params, counterexample=case, **extra)
        if reply is self.import_failure:
            if reply.status == protocol.TIMEOUT:
                detail = Message("engine.reply.timeout", {"seconds": float(f"{reply.limit:.2g}")})
            return Failure(
                kind=Kind(reply.status),
                message="engine.import_failed",
                params={"module": self.question.module, "error": detail},
                **extra,
            )
        return Failure(
            kind=Kind(reply.status),
            message=REPLY_MESSAGES[reply.status],
            params={"detail": detail},
            counterexample=case,
            **extra,
        )

    def check(self, group: str, strategy, judge, max_examples: int | None = None) -> Outcome:
        """Run `judge(case) -> Failure | None` on cases drawn from a Hypothesis strategy, with the
        class seed; report the smallest failing case Hypothesis finds (grader/judge/checks.py's `drawn`).
        Hypothesis's own errors (an invalid strategy, a filter that never yields a case) and a group that
        judged no case are the grader's errors: never a pass."""
        self.session.group = group
        started = time.perf_counter()
        examples = max_examples or self.settings.examples
        failure = checks.drawn(self.settings.seed, self.question.id, group, strategy, judge, examples)
        return Outcome(group, failure, time.perf_counter() - started)

    def check_cases(self, group: str, cases, judge, part=None, extends: Outcome | None = None) -> Outcome:
        """Run `judge` on fixed cases, smallest first; the first failure is the counterexample. A case
        the judge finds Inconclusive neither fails nor passes the group: the group passes on its other
        cases and says what was left undecided (its note). A group without a decided case (no case, or
        only inconclusive ones) is the grader's error, never a pass. With `part(case)` (say, which of
        four functions the case calls), a failure stops only the cases of its part, and the outcome
        names the parts that passed all theirs (`Outcome.parts_passed`). `extends`: the same group's
        outcome on cases it passed before these (its drawn ones), whose time adds up; these cases may
        then all be inconclusive."""
        self.session.group = group
        started = time.perf_counter()
        first, note, parts = checks.fixed(self.question.id, group, cases, judge, part, extends is not None)
        seconds = time.perf_counter() - started + (extends.seconds if extends is not None else 0.0)
        return Outcome(group, first, seconds, note=note, parts_passed=parts)


def _last_student_line(traceback: str) -> str:
    """'jeux.py, line 12 (bfs): while True:' from the last frame of a student-only traceback."""
    lines = traceback.splitlines()
    for index in range(len(lines) - 1, -1, -1):
        match = re.match(r'\s*File "([^"]+)", line (\d+), in (\S+)', lines[index])
        if match:
            code = lines[index + 1].strip() if index + 1 < len(lines) else ""
            return f"{match[1]}:{match[2]} ({match[3]}) {code}".strip()
    return ""
