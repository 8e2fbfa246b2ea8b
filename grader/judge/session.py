"""A question's child session: the student's module in one child at a time (a dead child is replaced on
the next call), the calls made to it, a timeout's rerun, and what the children printed.
"""

from __future__ import annotations

import contextlib

from grader.intake import Submission
from grader.judge import calibration, stubs
from grader.judge.progress import Ticker
from grader.judge.question import Question, probe_name
from grader.judge.settings import Settings
from grader.results.records import Output
from grader.sandbox import protocol
from grader.sandbox.limits import Reply
from grader.sandbox.process import Child
from grader.sandbox.runner import new_child
from grader.text import i18n

RERUN_SLACK = 4.0  # a timeout's rerun may take at most this many times the limit (see Session.rerun_limit)
# A child that timed out, ran out of memory or died is not worth feeding more cases in this group.
FATAL_KINDS = (protocol.TIMEOUT, protocol.MEMORY, protocol.CRASHED, protocol.MISSING, protocol.NOT_IMPLEMENTED)


class Session:
    """The student's side of a question: its child, started on the first call."""

    def __init__(self, question: Question, submission: Submission, settings: Settings):
        self.question = question
        self.submission = submission
        self.settings = settings
        self.child: Child | None = None
        self.import_failure: Reply | None = None
        # The notebook cells that raised at the import (each child runs them alike: the last one's).
        self.failed_cells: list[protocol.FailedCell] = []
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        self.dropped = 0
        self.student_seconds = 0.0
        # The CPU time of the current child's import and of its calls that are not cases (the stub check),
        # not yet counted: the next case it runs counts it.
        self.import_seconds = 0.0
        self.group = ""  # the check group being run, for the progress line

    @property
    def names(self) -> list[str]:
        """The callables the student's module defines (after importing it)."""
        child = self._child()
        return child.names if child else []

    def stubs(self) -> set[str]:
        """The functions of the student's module that are still the exercise's stubs, as its child reads
        them (grader/judge/stubs.py); none when the child cannot say."""
        reply = self.call(stubs.stubbed, {}, self.settings.limits.import_seconds, retry=False, case=False)
        return (
            {name for name in reply.value if isinstance(name, str)}
            if reply.ok and isinstance(reply.value, list)
            else set()
        )

    def call(
        self,
        probe,
        payload: dict,
        timeout: float,
        serve=None,
        rerun: bool = False,
        retry: bool = True,
        case: bool = True,
    ) -> Reply:
        """Run `probe` on the student's module in the child; a dead child is replaced on the next call.
        `serve(name, args)` answers the probe's parent-served calls (grader/sandbox/calls.py). A timeout
        is run again once (`rerun`: this is that second run) unless `retry` is False; a served run only if
        its handler can `reset()` what it kept of the first run (its trace, a budget spent).

        The first `case` a child runs counts the CPU time of the student's module's import (and of the calls
        before it that are no case) in its own: what the import precomputes (a table of every answer, say)
        then costs what the same work costs in the case, and the import cannot be a free lunch
        (docs/limits.md). Each call's CPU time also holds what the child did since its previous reply
        (Reply.idle_seconds: a thread working between calls), so no work of the child is counted in none."""
        child = self._child()
        if child is None:
            assert self.import_failure is not None  # _child() says why it has none
            return self.import_failure
        charged = self.import_seconds if case else 0.0
        self.import_seconds -= charged
        with self.progress():
            reply = child.call(probe_name(probe), payload, max(timeout - charged, 0.001), serve=serve)
        reply.limit = timeout
        reply.cpu_seconds += charged
        reply.import_seconds = charged
        if not case and reply.cpu_measured:
            self.import_seconds += reply.cpu_seconds  # counted with the next case
        else:
            self.student_seconds += reply.cpu_seconds
            if reply.ok and reply.cpu_measured and reply.cpu_seconds > timeout:
                reply = self._over(reply, timeout)
        self._note(reply, child)
        if not child.alive or reply.status in FATAL_KINDS:
            self._retire_child()
        replayable = serve is None or hasattr(serve, "reset")
        if reply.status == protocol.TIMEOUT and replayable and retry and not rerun:
            # A timeout is a verdict only when it happens twice (a spike of the machine's is not the
            # student's); a rerun given more time (rerun_limit) has its CPU time held to `timeout`.
            if serve is not None:
                serve.reset()  # the rerun is judged on its own calls
            again = self.call(probe, payload, self.rerun_limit(reply), serve=serve, rerun=True)
            again.limit = timeout
            if again.ok and again.cpu_measured and again.cpu_seconds > timeout:
                return self._over(again, timeout)
            return again
        return reply

    @staticmethod
    def _over(reply: Reply, timeout: float) -> Reply:
        """A reply that came, but with more CPU time than the limit: a timeout."""
        return Reply(
            protocol.TIMEOUT,
            error="CPU time over the limit",
            seconds=reply.seconds,
            cpu_seconds=reply.cpu_seconds,
            limit=timeout,
            idle_seconds=reply.idle_seconds,
            import_seconds=reply.import_seconds,
            cpu_limited=reply.cpu_limited,
        )

    @staticmethod
    def rerun_limit(reply: Reply) -> float:
        """The limit of a timed-out call's rerun. Where the child's timer counted its CPU time (a confined
        child whose CPU clock the parent reads), the same limit: neither it nor the parent's deadline
        counts time it waited for a processor (grader/sandbox/deadline.py), so the load cannot have
        stopped it. Where the timer counted wall time but the CPU time is read (the in-process child), the
        wall time the first run took per CPU second. Where it cannot be read (macOS,
        Windows, the browser: only the rerun's own timeout counts), the machine's slowdown of the moment
        (calibration.slowdown): a blanket allowance there would pass, in the browser, a search several
        times slower than the native kit passes. RERUN_SLACK times it where the child waited for the
        parent's answers to its calls (the pipes' round trips cost more than assumed on some machines:
        they would spend the limit before a budget of calls stops a search: grader/sandbox/calls.py's
        ROUND_TRIP_SECONDS)."""
        if reply.calls:
            ratio = RERUN_SLACK
        elif reply.cpu_limited:
            ratio = 1.0
        elif reply.cpu_measured and reply.cpu_seconds > 0:
            ratio = reply.seconds / reply.cpu_seconds
        else:
            ratio = calibration.slowdown()
        return reply.limit * min(RERUN_SLACK, max(1.0, ratio))

    def progress(self):
        """The progress line around one call (`grader check` only)."""
        if not self.settings.progress:
            return contextlib.nullcontext()
        lang = self.settings.lang
        title = f" ({i18n.t(f'{self.question.id}.{self.group}', lang)})" if self.group else ""
        return Ticker(i18n.t("engine.progress", lang, qid=self.question.id, check=title))

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
            source = self.submission.sources.get(self.question.module)
            # Ours before it starts: a stop signal during its start-up still removes it and its folder.
            self.child = new_child(
                self.submission.sources_text(),
                self.question.module,
                [*(self.question.probe_modules or (self.question.__module__,)), stubs.__name__],
                self.settings.limits,
                source.cells if source is not None else (),
            )
            reply = self.child.start()
            # Without the kernel's CPU clock (macOS, Windows, the browser), nothing is counted: a wall time
            # there holds the start of the child as well as the import.
            self.import_seconds = reply.cpu_seconds if reply.ok and reply.cpu_measured else 0.0
            self._note(reply, self.child)
            self.failed_cells = self.child.failed_cells
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
