"""The one job: grade one student's files. `grader grade` (its pool or its Huey workers, through
`executor.grade_job`), `grader check` (`grade_path`) and the service's attempts (grader/service/tasks.py)
all grade through `grade_entry`, so a student's result does not depend on the way it was asked for.

`grade_entry` never raises for a student's reason: whatever the submission is, it comes back as a
`SubmissionResult` (not submitted, unreadable, duplicate and graded ones alike).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from grader.errors import UnknownQuestion, UsageError
from grader.intake import SUBMITTED, Entry, entry_for, load
from grader.judge.settings import Settings
from grader.judge.engine import grade_submission
from grader.results.records import QuestionResult, Status, SubmissionResult, SubmissionStatus
from grader.results.scoring import submission_total
from grader.sandbox.limits import Limits
from grader.sandbox.runner import isolation
from grader.text import i18n
from grader.text.message import Message


def confinement(limits: Limits, lang: str, refuse: bool, warning: str) -> dict:
    """The sandbox on this machine (runner.isolation: its layers, whether files are confined). When no
    layer keeps a student's code away from other files: a usage error saying how to get one when
    `refuse`, else the message `warning` on stderr. `grader grade` and the Gradescope runner refuse
    (unless told --unsafe), `grader check` warns."""
    found = isolation(limits)
    if not found["files_confined"]:
        if refuse:
            raise UsageError("cli.unconfined_refused")
        print(i18n.t(warning, lang), file=sys.stderr)
    return found


def grade_entry(entry: Entry, questions: list, settings: Settings, progress=None) -> SubmissionResult:
    """`progress(k, n, qid)`, if given, is told before each automatic question is graded."""
    submission = load(entry)
    if submission.status == SUBMITTED:
        result = grade_submission(submission, questions, settings, progress=progress)
        result.status = SubmissionStatus.GRADED
    else:
        result = not_graded(
            submission.id,
            questions,
            settings,
            SubmissionStatus(submission.status),
            [Message(key, params) for key, params in submission.warnings],
        )
    result.name, result.participant, result.digest = submission.name, submission.participant, entry.digest()
    return result


def whole_submission(parts: list, question_ids: list[str]):
    """One student's result from those of the jobs that graded parts of their questions (the tail split
    of grader/run/executor.py), in the order of `question_ids`; or the first exception that stopped a job."""
    stopped = [part for part in parts if not isinstance(part, SubmissionResult)]
    if stopped or len(parts) == 1:
        return (stopped or parts)[0]
    order = {qid: number for number, qid in enumerate(question_ids)}
    questions = sorted((q for part in parts for q in part.questions), key=lambda q: order[q.id])
    total, most = submission_total(questions)
    return replace(parts[0], questions=questions, total=total, max=most)


def grade_path(path: Path, questions: list, settings: Settings) -> SubmissionResult:
    """One submission, as `grader check` sees it."""
    return grade_entry(entry_for(path), questions, settings)


def not_graded(
    student: str, questions, settings: Settings, status: SubmissionStatus, warnings: list[Message]
) -> SubmissionResult:
    """A row for a student nothing was graded for: every automatic question missing, and why."""
    results = [
        QuestionResult(id=q.id, title=f"{q.id}.title", score=0.0, max=settings.scheme.points(q), status=Status.MISSING)
        for q in questions
        if not q.manual
    ]
    return SubmissionResult(
        id=student, total=0.0, max=sum(r.max for r in results), questions=results, warnings=warnings, status=status
    )


def select(questions: list, ids: list[str] | None) -> list:
    """The questions named in `ids` (all when None), each once (`-q q1 -q q1` must not count q1 twice);
    unknown ids are an error."""
    if not ids:
        return questions
    known = {q.id: q for q in questions}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise UnknownQuestion("error.unknown_question", ids=", ".join(unknown), count=len(unknown))
    return [known[i] for i in dict.fromkeys(ids)]
