"""The class's standing as the dashboard, the regrades and the exports see it: each student's best
results, and the class as a graded run (what `grader export` reads). Every grading said is the one its
worker recorded with the attempt's result (grader/service/store.py): nothing here grades, or starts a child."""

from __future__ import annotations

from grader.run.jobs import not_graded
from grader.text.message import Message
from grader.intake.roster import identified
from grader.results.records import Run, SubmissionResult, SubmissionStatus, grading_header, submission_from_dict
from grader.results.scoring import submission_total
from grader.service.routes.common import Site
from grader.service.store import DONE


def best_results(site: Site, regrade: int = 0) -> dict[str, SubmissionResult]:
    """Per student, each question from the latest graded attempt whose files answered it (of the
    students' own attempts, or of one regrade); a question none answered is missing (0 of its points),
    as in every attempt's own result. Each result lists the gradings its questions come from."""
    service = site.service
    module_of = {q.id: q.module for q in service.questions}
    merged: dict[str, dict] = {}
    source: dict[str, dict] = {}  # per student, each question's attempt
    latest = {}  # each student's latest graded attempt: its barème gives the unanswered questions' points
    for row in site.store.attempts_of(regrade=regrade):
        if row.state != DONE:
            continue
        latest[row.student] = row
        answered = set(row.modules.split(","))
        for q in site.done_result(row)["questions"]:
            if module_of.get(q["id"]) in answered:
                merged.setdefault(row.student, {})[q["id"]] = q
                source.setdefault(row.student, {})[q["id"]] = row
    out = {}
    for student, kept in merged.items():
        found = submission_from_dict({"id": student, "total": 0, "max": 0, "questions": list(kept.values())})
        by_id = {q.id: q for q in found.questions}
        unanswered = not_graded(
            student,
            service.graded_questions(),
            service.settings(site.config.lang, latest[student]),
            SubmissionStatus.GRADED,
            [],
        )
        questions = [by_id.get(q.id, q) for q in unanswered.questions]
        total, most = submission_total(questions)
        result = SubmissionResult(id=student, total=total, max=most, questions=questions)
        result.graded = _gradings(site, source[student])
        out[student] = result
    return out


def _gradings(site: Site, source: dict) -> list[dict]:
    """The gradings of the attempts a student's questions come from (question id -> attempt), in the
    order the attempts came."""
    taken: dict[int, list[str]] = {}
    rows = {}
    for qid, row in source.items():
        taken.setdefault(row.id, []).append(qid)
        rows[row.id] = row
    return [grading_header(site.done_header(rows[i]), taken[i]) for i in sorted(taken)]


def class_run(site: Site, lang: str) -> Run:
    """The class as a graded run: each student's best results, each with its gradings' headers (seed,
    date, grader, sandbox); a student without any has every question missing, said so. The run's own
    header is the latest grading's, less its seed: the class's attempts each have their own."""
    service, config = site.service, site.config
    latest = best_results(site)
    settings = service.settings(lang)
    gradings = sorted((g for sub in latest.values() for g in sub.graded), key=lambda g: g["date"])
    newest: dict = gradings[-1] if gradings else {"grader_version": "", "date": "", "limits": {}}
    run = Run(
        grader_version=newest["grader_version"],
        seed=None,
        lang=lang,
        date=newest["date"],
        scheme=settings.scheme.as_dict(service.questions),
        limits=newest["limits"],
        questions=[q.id for q in service.questions],
        replay=settings.replay,
    )
    run.submissions = [
        latest.get(s)
        or not_graded(
            s,
            service.questions,
            settings,
            SubmissionStatus.NOT_SUBMITTED,
            [Message("service.no_submission", {"reason": ""})],
        )
        for s in site.store.student_ids()
    ]
    for sub in run.submissions:  # who each is, as the roster says: the LMS's names and ids for the exports
        person = config.people.get(sub.id)
        if person is not None:
            identified(sub, person)
    return run
