"""A student's pages, behind their link `/s/<token>`: the upload form, their attempts (JSON and live)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from grader.text import i18n
from grader.service.routes.attempts import attempt_view
from grader.service.routes.common import Site, quoted, said_deadline, site_of, student_or_404
from grader.service.routes.live import live
from grader.service.routes.uploads import SUFFIXES, Refused, accept_form, budget


def _base(request: Request) -> str:
    return f"/s/{request.path_params['token']}"


def student_home(request: Request) -> Response:
    site = site_of(request)
    student = student_or_404(request)
    lang = site.lang(request)
    config = site.config
    return site.page(
        "student.html",
        lang,
        student=config.name_of(student),
        base=_base(request),
        budget=budget(site, student),
        error=request.query_params.get("error", ""),
        deadline=said_deadline(config, lang),
        accept=",".join(SUFFIXES),
        max_kib=config.max_upload_kib,
        other_lang="en" if lang == "fr" else "fr",
    )


def student_view(site: Site, student: str, lang: str, base: str) -> dict:
    rows = site.store.attempts_of(student)
    return {"attempts": [attempt_view(site, r, lang, base) for r in reversed(rows)], "budget": budget(site, student)}


def student_attempts(request: Request) -> Response:
    site = site_of(request)
    student = student_or_404(request)
    return JSONResponse(student_view(site, student, site.lang(request), _base(request)))


def student_events(request: Request) -> Response:
    site = site_of(request)
    student = student_or_404(request)
    base, lang = _base(request), site.lang(request)
    return live(lang, lambda: student_view(site, student, lang, base))


async def student_submit(request: Request) -> Response:
    site = site_of(request)
    student = student_or_404(request)
    lang = site.lang(request)
    base = _base(request)
    try:
        attempt = await accept_form(site, request, student, lang)
    except Refused as refused:
        message = i18n.t(refused.key, lang, **refused.params)
        return RedirectResponse(f"{base}?lang={lang}&error={quoted(message)}", status_code=303)
    return RedirectResponse(f"{base}?lang={lang}#a{attempt}", status_code=303)
