"""An attempt as its pages show it: the summary the student's page, the dashboard and `grader submit`
read, and its report (the same page as `grader grade`'s, for the student and for the teacher)."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from grader.text import i18n
from grader.results.records import run_of_header, submission_from_dict
from grader.service.routes.common import (
    Forbidden,
    NotFound,
    Site,
    int_param,
    said_number,
    said_score,
    site_of,
    student_or_404,
)
from grader.service.routes.signin import teacher
from grader.service.store import DONE, RUNNING, UNGRADABLE


def attempt_view(site: Site, row, lang: str, base: str) -> dict:
    questions = json.loads(row.questions)
    view = {
        "id": row.id,  # the class's: links and URLs name it
        "number": row.number,  # the student's own: what pages call it
        "student": row.student,
        "state": row.state,
        "late": bool(row.late),
        "created": i18n.local_time(row.created, lang),
        "questions": [],
        "score": None,
        "max": None,
        "report": None,
        "score_text": "",
    }
    if row.state == RUNNING:
        view["label"] = i18n.t(
            "service.state.running",
            lang,
            k=min(row.done_questions + 1, len(questions)),
            n=len(questions),
            qid=row.current_question or questions[0],
        )
    elif row.state == UNGRADABLE:
        reason = {"oversized": "service.ungradable.oversized", "deliveries": "service.ungradable.deliveries"}
        view["label"] = i18n.t(reason.get(row.message, "service.ungradable.error"), lang)
    else:
        view["label"] = i18n.t(f"service.state.{row.state}", lang, n=len(questions))
    if row.state == DONE:
        result = site.done_result(row)
        view.update(
            score=round(result["total"], 2),
            max=result["max"],
            report=f"{base}/attempts/{row.id}/report?lang={lang}",
            score_text=said_score(result["total"], result["max"], lang),
        )
        view["questions"] = [
            {
                "id": q["id"],
                "score": said_number(q["score"], lang),
                "max": said_number(q["max"], lang),
                "status": i18n.t(f"status.{q['status']}", lang),
            }
            for q in result["questions"]
        ]
    return view


def report(site: Site, row, lang: str) -> Response:
    from reports.render import CSP, student_page

    config = site.config
    result = submission_from_dict(site.done_result(row))
    result.id, result.name = row.student, config.name_of(row.student)
    run = run_of_header(site.done_header(row))
    run.submissions = [result]
    response = HTMLResponse(student_page(run, result, lang=lang))  # the reader's language
    response.headers["Content-Security-Policy"] = CSP + "; frame-ancestors 'self'"
    return response


def student_report(request: Request) -> Response:
    site = site_of(request)
    student = student_or_404(request)
    row = site.store.attempt(int_param(request.path_params["attempt"]))
    if row is None or row.student != student or row.state != DONE:
        raise NotFound
    return report(site, row, site.lang(request, row.lang))


def teacher_report(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    row = site.store.attempt(int_param(request.path_params["attempt"]))
    if row is None or row.state != DONE:
        raise NotFound
    return report(site, row, site.lang(request, row.lang))
