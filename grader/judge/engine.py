"""Grade one submission: for each question, a sandboxed child, Hypothesis-driven cases, the judge.

A question's `run(ctx)` sees only its `Context` (grader/judge/context.py). Here, what stops a question
before it runs (its module or functions missing, stubs, a failed import) and what no question's fault
may cost the student (a grader's bug is said on that question alone).
"""

from __future__ import annotations

import sys
import threading
import time

from grader.judge import expectations

from grader.errors import GraderError
from grader.judge.question import Failure, Outcome, Question
from grader.text.message import Message
from grader.results.records import Kind, Output, QuestionResult, SubmissionResult, capped
from grader.sandbox import affinity
from grader.sandbox.protocol import FailedCell
from grader.results.scoring import question_result, sayable, submission_total
from grader.intake import Submission
from grader.text.terminal import printable
from grader.judge import drawing
from grader.judge.settings import Settings
from grader.judge.context import REPLY_MESSAGES, Context


# Every key the engine itself may put in a result, whatever the question (tests/test_registry.py).
MESSAGES = (
    *REPLY_MESSAGES.values(),
    "engine.reply.timeout",
    "engine.reply.timeout_at",
    "engine.reply.timeout_import",
    "engine.reply.not_implemented",
    "engine.reply.not_implemented_at",
    "engine.reply.not_served",
    "engine.import_failed",
    "engine.module_missing",
    "engine.function_missing",
    "engine.stub",
    "engine.grader_bug",
    "engine.cell_failed",
    "engine.cell_failed_unplaced",
)


def grade_question(question: Question, submission: Submission, settings: Settings) -> QuestionResult:
    weights = settings.scheme.weights(question)
    if question.module not in submission.sources:
        return question_result(
            question,
            settings.scheme,
            [Outcome(g, Failure(Kind.MISSING, "engine.module_missing", {"module": question.module})) for g in weights],
            Output(),
        )
    ctx = Context(question, submission, settings)
    started = time.perf_counter()
    try:
        stopped = _stopped(question, ctx)
        outcomes = question.run(ctx) if stopped is None else [Outcome(g, stopped) for g in weights]
    except expectations.ModelAnswerNeeded as missing:
        # A student's installation: this question waits for the teacher's grading, said once.
        outcomes = [Outcome(g, Failure(Kind.ERROR, missing.key, missing.params)) for g in weights]
    except Exception as bug:  # noqa: BLE001 - GraderBug from a judge, or any other slip of the grader
        # Said as the grader's fault, on this question only: the student's other questions still count.
        print(printable(f"grader: internal error on {submission.id}/{question.id}: {bug!r}", False), file=sys.stderr)
        detail = Message(bug.key, bug.params) if isinstance(bug, GraderError) else str(bug)
        failure = Failure(Kind.ERROR, "engine.grader_bug", {"detail": detail})
        outcomes = [Outcome(g, failure) for g in weights]
    finally:
        ctx.session.close()
    result = question_result(question, settings.scheme, outcomes, ctx.session.output())
    result.timing = {
        "wall": time.perf_counter() - started,
        "student": ctx.session.student_seconds,
        "reference": ctx.expectations.seconds,
    }
    for outcome in outcomes:
        result.warnings.extend(w for w, _ in map(sayable, outcome.warnings) if w not in result.warnings)
    filename = submission.sources[question.module].filename
    result.warnings.extend(cell_warning(filename, cell) for cell in ctx.session.failed_cells)
    return result


def cell_warning(filename: str, cell: FailedCell) -> Message:
    """A notebook cell that raised at import: said, never a lost question (the other cells ran)."""
    params = {
        "file": filename,
        "cell": cell.number,
        "error": f"{cell.kind}: {cell.message}" if cell.message else cell.kind,
    }
    if cell.line:
        return Message("engine.cell_failed", {**params, "line": cell.line})
    return Message("engine.cell_failed_unplaced", params)


def _stopped(question: Question, ctx: Context) -> Failure | None:
    """Whatever stops every check of the question (its module's import failed, a function missing or a
    stub): one failure, said once for the question; None when its checks can run."""
    missing = [name for name in question.functions if name not in ctx.names]  # imports the student's module
    if ctx.import_failure is not None:
        return ctx.failure(ctx.import_failure)
    if missing:
        return Failure(Kind.MISSING, "engine.function_missing", {"names": ", ".join(missing), "count": len(missing)})
    stubbed = [name for name in question.functions if name in ctx.stubs()]
    if stubbed:
        return Failure(Kind.NOT_IMPLEMENTED, "engine.stub", {"names": ", ".join(stubbed), "count": len(stubbed)})
    return None


def grade_submission(
    submission: Submission, questions: list[Question], settings: Settings, progress=None
) -> SubmissionResult:
    """`progress(k, n, qid)`, if given, is told before each of the n automatic questions is graded."""
    automatic = [q for q in questions if not q.manual]
    # Hypothesis takes a tenth of a second to import: do it while the first child starts and imports the
    # student's module (the import lock makes the checks wait for it if they come first).
    if any(q.draws_with_hypothesis for q in automatic):
        try:
            threading.Thread(target=drawing.import_early, daemon=True).start()
        except RuntimeError:  # no threads (Pyodide): Hypothesis is imported by the first draw
            pass
    results = []
    # On one CPU with its children (that thread left free): a served call's round trip never crosses CPUs.
    with affinity.one_cpu():
        for k, q in enumerate(automatic):
            if progress is not None:
                progress(k, len(automatic), q.id)
            results.append(grade_question(q, submission, settings))
    total, most = submission_total(results)
    return capped(
        SubmissionResult(
            id=submission.id,
            total=total,
            max=most,
            questions=results,
            warnings=[Message(key, params) for key, params in submission.warnings],
        )
    )
