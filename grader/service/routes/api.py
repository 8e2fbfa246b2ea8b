"""The terminal's API (`grader submit`): a student's token as a bearer token, JSON answers."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from grader.text import i18n
from grader.service.routes.attempts import attempt_view
from grader.service.routes.common import NotFound, int_param, site_of
from grader.service.routes.uploads import Refused, accept_form
from grader.service.store import DONE


def bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    student = site_of(request).store.student_of(header[7:]) if header.startswith("Bearer ") else None
    if student is None:
        raise NotFound
    return student


async def api_submit(request: Request) -> Response:
    site = site_of(request)
    student = bearer(request)
    lang = site.lang(request)
    try:
        attempt = await accept_form(site, request, student, lang)
    except Refused as refused:
        return JSONResponse({"error": i18n.t(refused.key, lang, **refused.params)}, status_code=refused.status)
    return JSONResponse({"attempt": attempt, "number": site.store.attempt(attempt).number}, status_code=202)


def api_attempt(request: Request) -> Response:
    site = site_of(request)
    student = bearer(request)
    row = site.store.attempt(int_param(request.path_params["attempt"]))
    if row is None or row.student != student:
        raise NotFound
    view = attempt_view(site, row, site.lang(request, row.lang), "")
    view.pop("report")
    if row.state == DONE:
        view["result"] = site.done_result(row)
        view["result"]["id"] = student
    return JSONResponse(view)
