"""What a question's `run(ctx)` sees: `Context`. `call` runs a probe on the student's module in the
child; `reference` runs the same probe on the model answer in this process (expected values, and the
time the calibrated limits are a multiple of); `check` and `check_cases` run a judge over cases.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import re
import sys
import threading
import time
import zlib
from collections.abc import Callable

from grader.caches import register
from grader.judge import expectations, stubs, timing

from grader.text import i18n
from grader.errors import GraderBug
from grader.judge.question import Failure, Inconclusive, Outcome, Question, probe_name
from grader.text.message import Message
from grader.results.records import Kind, Output
from grader.sandbox import protocol
from grader.sandbox.process import Child
from grader.sandbox.limits import Reply
from grader.sandbox.runner import new_child
from grader.intake import Submission
from grader.judge import drawing
from grader.judge.settings import Settings


# This thread's CPU clock; Pyodide has none, and no other thread: the process's.
_thread_time = getattr(time, "thread_time", time.process_time)
RERUN_SLACK = 4.0  # a timeout's rerun may take this many times the limit in wall time (see Context.call)
# A child that timed out, ran out of memory or died is not worth feeding more cases in this group.
FATAL_KINDS = (protocol.TIMEOUT, protocol.MEMORY, protocol.CRASHED, protocol.MISSING, protocol.NOT_IMPLEMENTED)
# The message of each failed reply of the child (a timeout's are said in Context.failure).
REPLY_MESSAGES = {
    protocol.ERROR: "engine.reply.error",
    protocol.MEMORY: "engine.reply.memory",
    protocol.CRASHED: "engine.reply.crashed",
    protocol.MISSING: "engine.reply.missing",
    protocol.INVALID: "engine.reply.invalid",
}


class _Falsified(Exception):
    pass


# Reference results, shared by every student a process grades: the cases are the same for all.
_reference_cache: dict[str, tuple[object, float, object]] = register(f"{__name__}._reference_cache", {})
# The cases each check group draws, by (seed, question, group, examples, strategy): see Context.check.
_drawn_cases: dict[tuple, list] = register(f"{__name__}._drawn_cases", {})
DRAWN_GROUPS_KEPT = 512


class Context:
    def __init__(self, question: Question, submission: Submission, settings: Settings):
        self.question = question
        self.submission = submission
        self.settings = settings
        self.lang = settings.lang
        self.child: Child | None = None
        self.import_failure: Reply | None = None
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        self.dropped = 0
        self.student_seconds = 0.0
        self.reference_seconds = 0.0
        self.group = ""  # the check group being run, for the progress line

    # -- the student's side -------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The callables the student's module defines (after importing it)."""
        child = self._child()
        return child.names if child else []

    def stubs(self) -> set[str]:
        """The functions of the student's module that are still the exercise's stubs, as its child reads
        them (grader/judge/stubs.py); none when the child cannot say."""
        reply = self.call(stubs.stubbed, {}, self.settings.limits.import_seconds, retry=False)
        return (
            {name for name in reply.value if isinstance(name, str)}
            if reply.ok and isinstance(reply.value, list)
            else set()
        )

    def call(self, probe, payload: dict, timeout: float, serve=None, rerun: bool = False, retry: bool = True) -> Reply:
        """Run `probe` on the student's module in the child; a dead child is replaced on the next call.
        `serve(name, args)` answers the probe's parent-served calls (grader/sandbox/calls.py). A timeout
        is run again once (`rerun`: this is that second run) unless `retry` is False; a served run only if
        its handler can `reset()` what it kept of the first run (its trace, a budget spent)."""
        child = self._child()
        if child is None:
            assert self.import_failure is not None  # _child() says why it has none
            return self.import_failure
        with self._progress():
            reply = child.call(probe_name(probe), payload, timeout, serve=serve)
        reply.limit = timeout
        self.student_seconds += reply.cpu_seconds
        self._note(reply, child)
        if not child.alive or reply.status in FATAL_KINDS:
            self._retire_child()
        replayable = serve is None or hasattr(serve, "reset")
        if reply.status == protocol.TIMEOUT and replayable and retry and not rerun:
            # A timeout is a verdict only when it happens twice, and limits are on CPU time: the child's
            # clock is the wall's, so on a loaded machine the rerun gets more wall time (rerun_limit), and
            # its CPU time is then held to `timeout`.
            if serve is not None:
                serve.reset()  # the rerun is judged on its own calls
            again = self.call(probe, payload, self.rerun_limit(reply), serve=serve, rerun=True)
            again.limit = timeout
            if again.ok and again.cpu_measured and again.cpu_seconds > timeout:
                return Reply(
                    protocol.TIMEOUT,
                    error="CPU time over the limit",
                    seconds=again.seconds,
                    cpu_seconds=again.cpu_seconds,
                    limit=timeout,
                )
            return again
        return reply

    @staticmethod
    def rerun_limit(reply: Reply) -> float:
        """The wall-clock limit of a timed-out call's rerun: the wall time the first run took per CPU
        second (see `call`) times its limit; RERUN_SLACK times it where that says nothing of the load:
        the child's CPU time cannot be read (macOS, Windows: only the rerun's own timeout counts), or the
        child waited for the parent's answers to its calls (answered slower than assumed on a loaded
        machine, they would spend the limit before a budget of calls stops a search: grader/sandbox/calls.py's ROUND_TRIP_SECONDS)."""
        measured = reply.cpu_measured and reply.cpu_seconds > 0 and not reply.calls
        ratio = reply.seconds / reply.cpu_seconds if measured else RERUN_SLACK
        return reply.limit * min(RERUN_SLACK, max(1.0, ratio))

    def _progress(self):
        if not self.settings.progress:
            return contextlib.nullcontext()
        title = f" ({i18n.t(f'{self.question.id}.{self.group}', self.lang)})" if self.group else ""
        return Ticker(i18n.t("engine.progress", self.lang, qid=self.question.id, check=title))

    def close(self) -> None:
        self._retire_child()

    def output(self) -> Output:
        cap = self.settings.limits.output_bytes
        out, err = "".join(self.stdout), "".join(self.stderr)
        dropped = self.dropped + max(0, len(out) - cap) + max(0, len(err) - cap)
        return Output(stdout=out[:cap], stderr=err[:cap], dropped=dropped)

    def _child(self) -> Child | None:
        if self.import_failure is not None:
            return None
        if self.child is None:
            # Ours before it starts: a stop signal during its start-up still removes it and its folder.
            self.child = new_child(
                self.submission.sources_text(),
                self.question.module,
                [*(self.question.probe_modules or (self.question.__module__,)), stubs.__name__],
                self.settings.limits,
            )
            reply = self.child.start()
            self._note(reply, self.child)
            if not reply.ok:
                self._retire_child()
                self.import_failure = reply
                return None
        return self.child

    def _retire_child(self) -> None:
        if self.child is not None:
            self.child.close()  # first: its output is whole once the pipes are drained to their end
            out, err, dropped = self.child.output()
            self.stdout.append(out)
            self.stderr.append(err)
            self.dropped += dropped
            self.child = None

    @staticmethod
    def _note(reply: Reply, child: Child) -> None:
        # Paths in the child's temporary folder mean nothing to the student: keep the file names.
        folder = f"{child.workdir}/"
        reply.error = reply.error.replace(folder, "")
        reply.traceback = reply.traceback.replace(folder, "")

    # -- the reference's side -----------------------------------------------------------------------
    def reference(self, probe, payload: dict) -> tuple[object, float]:
        """The probe's value on the model answer, and the seconds it took (cached per case)."""
        value, seconds, _ = self.reference_served(probe, payload)
        return value, seconds

    def reference_served(self, probe, payload: dict, serve=None, case=None) -> tuple[object, float, object]:
        """`reference`, for a probe that makes parent-served calls: `serve()` makes the handler that
        answers them in this process; it is returned too (with what it recorded), cached with the run.
        Where the values come from (the model answer, or oracles) is grader/judge/expectations.py's choice.
        `case` is what the handler answers from and the payload does not hold (part of the cache key)."""
        runs = timing.RUNS if self.question.limits_separate_algorithms else 1
        provider = expectations.provider(self.question.module, self.settings.reference, runs, self.question.functions)
        key = json.dumps([provider.kind, probe_name(probe), payload, case], sort_keys=True)
        if key not in _reference_cache:
            started = _thread_time()
            with self._progress():
                value, seconds, handler = provider.run(probe, payload, serve)
            # The CPU spent here: a time read from the machine's cache (grader/judge/timing.py) cost nothing.
            self.reference_seconds += _thread_time() - started
            _reference_cache[key] = (value, seconds, handler)
        return _reference_cache[key]

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
            return Failure(
                kind=Kind(reply.status),
                message="engine.reply.timeout_at" if where else "engine.reply.timeout",
                params={"seconds": float(f"{reply.limit:.2g}"), "where": where},
                counterexample=case,
                **extra,
            )
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
        class seed; report the smallest failing case Hypothesis finds. Hypothesis's own errors (an
        invalid strategy, a filter that never yields a case) and a group that judged no case are the
        grader's errors: never a pass.

        Drawing is most of a passing group's cost and the same for every student of a run: the cases
        are drawn once per process (the run Hypothesis makes for an answer that passes them all) and
        judged in that order. Only a failure runs Hypothesis with the judge, from the same seed: it
        draws the same cases up to that failure (their verdicts replayed, not asked again), then
        shrinks it, exactly as a run without the cache would."""
        self.group = group
        examples = max_examples or self.settings.examples
        started = time.perf_counter()
        key = (self.settings.seed, self.question.id, group, examples, repr(strategy))
        drawn = _drawn_cases.get(key)
        if drawn is None:
            drawn = []
            self._hypothesis(group, strategy, examples, lambda case: drawn.append(copy.deepcopy(case)), shrink=False)
            if len(_drawn_cases) >= DRAWN_GROUPS_KEPT:
                _drawn_cases.clear()  # a long-lived process (a service worker) grading runs of many seeds
            _drawn_cases[key] = drawn
        verdicts: list[tuple[object, Failure | None]] = []
        for case in drawn:
            mine = copy.deepcopy(case)  # a judge may change its case: the next student's stays as drawn
            failure = self._judge(group, judge, mine)
            verdicts.append((case, failure))
            if failure is not None:
                _attach(failure, mine)
                if failure.kind in FATAL_KINDS:  # not shrunk: every try would cost a full time limit
                    return Outcome(group, failure, time.perf_counter() - started)
                break
        else:  # (Hypothesis drew at least one case, or said why not)
            return Outcome(group, None, time.perf_counter() - started)

        turns = itertools.count()

        def replayed(case):
            """The verdict already given on this case when Hypothesis draws it again at the same turn."""
            turn = next(turns)
            if turn < len(verdicts) and verdicts[turn][0] == case:
                return verdicts[turn][1]
            return self._judge(group, judge, case)

        failure = self._hypothesis(group, strategy, examples, replayed, shrink=True)
        return Outcome(group, failure, time.perf_counter() - started)

    def _judge(self, group: str, judge, case) -> Failure | None:
        """`judge(case)`; its exception is the grader's error (a missing model answer says so itself)."""
        try:
            return judge(case)
        except expectations.ModelAnswerNeeded:
            raise
        except Exception as exc:  # noqa: BLE001
            raise GraderBug("error.judge_raised", where=f"{self.question.id}/{group}", detail=repr(exc)) from exc

    def _hypothesis(self, group: str, strategy, examples: int, judge, shrink: bool) -> Failure | None:
        """Hypothesis's run of `judge` over the group's cases from the class seed: the last failure it
        saw (the smallest, once shrunk), or None."""
        from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
        from hypothesis.errors import Flaky

        drawing.configure()
        failures: list[Failure] = []
        bugs: list[BaseException] = []
        judged = 0
        stop = False
        where = f"{self.question.id}/{group}"

        @seed(zlib.crc32(f"{self.settings.seed}:{self.question.id}:{group}".encode()))
        @settings(
            database=None,
            max_examples=examples,
            deadline=None,
            derandomize=False,
            print_blob=False,
            verbosity=Verbosity.quiet,
            suppress_health_check=list(HealthCheck),
            report_multiple_bugs=False,
            phases=(Phase.explicit, Phase.generate, Phase.shrink) if shrink else (Phase.explicit, Phase.generate),
        )
        @given(strategy)
        def property_(case):
            nonlocal stop, judged
            if stop:
                return  # a fatal failure is not shrunk: every try would cost a full time limit
            judged += 1
            try:
                failure = judge(case)
            except Exception as exc:  # noqa: BLE001 - raised again below, outside Hypothesis
                bugs.append(exc)
                stop = True
                return
            if failure is not None:
                _attach(failure, case)
                failures.append(failure)
                stop = failure.kind in FATAL_KINDS
                raise _Falsified

        try:
            property_()
        except _Falsified:
            pass
        except Flaky:
            # Expected once a failure stopped the group (its replay then passes), or when the student's
            # code fails only sometimes; without a failure it is Hypothesis contradicting itself.
            if not failures and not bugs:
                raise GraderBug("error.hypothesis", where=where, detail="Flaky") from None
        except Exception as exc:  # noqa: BLE001 - InvalidArgument, Unsatisfiable, ...: the grader's fault
            if not bugs:
                raise GraderBug("error.hypothesis", where=where, detail=f"{type(exc).__name__}: {exc}") from exc
        if bugs:
            raise bugs[0]
        if not judged:
            raise GraderBug("error.no_case_judged", where=where)
        return failures[-1] if failures else None

    def check_cases(self, group: str, cases, judge, part=None) -> Outcome:
        """Run `judge` on fixed cases, smallest first; the first failure is the counterexample. A case
        the judge finds Inconclusive neither fails nor passes the group: the group passes on its other
        cases and says what was left undecided (its note). A group without a decided case (no case, or
        only inconclusive ones) is the grader's error, never a pass. With `part(case)` (say, which of
        four functions the case calls), a failure stops only the cases of its part, and the outcome
        names the parts that passed all theirs (`Outcome.parts_passed`)."""
        self.group = group
        started = time.perf_counter()
        undecided: list[Inconclusive] = []
        cases = list(cases)
        first: Failure | None = None
        failed_parts: set = set()
        for case in cases:
            if part is not None and part(case) in failed_parts:
                continue
            failure = judge(case)
            if isinstance(failure, Inconclusive):
                undecided.append(failure)
            elif failure is not None:
                _attach(failure, case)
                first = first or failure
                if part is None:
                    break
                failed_parts.add(part(case))
        if first is None and len(undecided) == len(cases):
            raise GraderBug("error.no_case_judged", where=f"{self.question.id}/{group}")
        note = Message(undecided[0].message, undecided[0].params) if undecided and first is None else None
        parts = frozenset(part(case) for case in cases) - failed_parts if part is not None else frozenset()
        return Outcome(group, first, time.perf_counter() - started, note=note, parts_passed=parts)


PROGRESS_AFTER = 2.0  # seconds a student waits without a word


class Ticker:
    """While a block runs longer than PROGRESS_AFTER, a line on standard error with the seconds spent:
    rewritten every second on a terminal, written once otherwise (a log); erased on a terminal at the end.
    One watcher thread per process serves every block: a thread started and joined per block cost
    milliseconds per call to the child on a loaded machine (q4 makes over a hundred)."""

    _clock = threading.Condition()
    _active: Ticker | None = None
    _watcher: threading.Thread | None = None
    _idle = False  # the watcher waits for a block (and is woken by the next one)

    def __init__(self, label: str, stream=None):
        self.label, self.stream = label, stream or sys.stderr
        self.line = ""  # what is shown of this block, on a terminal

    def __enter__(self):
        self.started = time.monotonic()
        with Ticker._clock:
            Ticker._active = self
            if Ticker._watcher is None or not Ticker._watcher.is_alive():
                Ticker._watcher = threading.Thread(target=Ticker._watch, daemon=True)
                Ticker._watcher.start()
            elif Ticker._idle:
                Ticker._clock.notify()
        return self

    def __exit__(self, *exc):
        with Ticker._clock:
            Ticker._active = None
            if self.line:
                print("\r" + " " * (len(self.line) + 2) + "\r", end="", file=self.stream, flush=True)

    @staticmethod
    def _watch() -> None:
        """Wake when the active block is due a line (it may have changed meanwhile: then sleep on)."""
        logged = None
        with Ticker._clock:
            while True:
                block, now = Ticker._active, time.monotonic()
                if block is None or block is logged:
                    Ticker._idle = True
                    Ticker._clock.wait()
                    Ticker._idle = False
                elif now - block.started < PROGRESS_AFTER:
                    Ticker._clock.wait(block.started + PROGRESS_AFTER - now)
                else:
                    line = f"{block.label} {now - block.started:.0f} s"
                    if block.stream.isatty():
                        block.line = line
                        print("\r" + line, end="", file=block.stream, flush=True)
                        Ticker._clock.wait(1.0)
                    else:
                        print(line, file=block.stream, flush=True)
                        logged = block


def _attach(failure: Failure, case) -> None:
    """The case becomes the counterexample, unless the failure is a function not written yet."""
    if failure.counterexample is None and failure.kind != protocol.NOT_IMPLEMENTED:
        failure.counterexample = case


def _last_student_line(traceback: str) -> str:
    """'jeux.py, line 12 (bfs): while True:' from the last frame of a student-only traceback."""
    lines = traceback.splitlines()
    for index in range(len(lines) - 1, -1, -1):
        match = re.match(r'\s*File "([^"]+)", line (\d+), in (\S+)', lines[index])
        if match:
            code = lines[index + 1].strip() if index + 1 < len(lines) else ""
            return f"{match[1]}:{match[2]} ({match[3]}) {code}".strip()
    return ""
