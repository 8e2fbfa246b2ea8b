"""The web side of `grader serve` (Starlette): students' pages behind per-student links, the
teacher's dashboard behind a password, the JSON the pages poll and `grader submit` speaks.

A student's link `/s/<token>` is a capability: the token (256 random bits, stored hashed) is the only
credential, so a student's forms need no CSRF token (a forged request cannot know it). The teacher
signs in with a password (scrypt) into a signed, SameSite=Strict session cookie, and every form of
theirs carries a per-session CSRF token checked in constant time.

This module is the route table and the app's wiring; the handlers are in `grader/service/routes/`, and
what they share (the service, the templates, the device signer) is the `Site` on `app.state.site`.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grader.text import i18n
from grader.service.routes import api, attempts, exports, signin, student, teacher
from grader.service.routes.common import UNAVAILABLE, Devices, Forbidden, NotFound, Site, site_of
from grader.service.tasks import Service

HERE = Path(__file__).parent
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


def create_app(service: Service) -> Starlette:
    session_key = service.store.setting("session_key")
    assert session_key, "serve.py sets the session key before it makes the app"  # never an empty key
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, undefined=StrictUndefined)
    site = Site(service=service, env=env, devices=Devices(session_key))
    routes = [
        Route("/", lambda request: PlainTextResponse(service.config.name)),
        Route("/s/{token}", student.student_home),
        Route("/s/{token}/attempts.json", student.student_attempts),
        Route("/s/{token}/events", student.student_events),
        Route("/s/{token}/submit", student.student_submit, methods=["POST"]),
        Route("/s/{token}/attempts/{attempt}/report", attempts.student_report),
        Route("/api/submit", api.api_submit, methods=["POST"]),
        Route("/api/attempts/{attempt}", api.api_attempt),
        Route("/teacher/login", signin.login, methods=["GET", "POST"]),
        Route("/teacher/logout", signin.logout, methods=["POST"]),
        Route("/teacher", teacher.dashboard),
        Route("/teacher/class.json", teacher.class_json),
        Route("/teacher/events", teacher.class_events),
        Route("/teacher/students/{student}", teacher.student_detail, methods=["GET", "POST"]),
        Route("/teacher/attempts/{attempt}/report", attempts.teacher_report),
        Route("/teacher/gradebook.csv", exports.gradebook),
        Route("/teacher/exports.zip", exports.exports),
        Route("/teacher/marks", teacher.save_marks, methods=["POST"]),
        Route("/teacher/written-points", teacher.save_written_points, methods=["POST"]),
        Route("/teacher/regrade", teacher.regrade, methods=["POST"]),
        Route("/teacher/regrades/{regrade}", teacher.regrade_page),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    unavailable: dict = dict.fromkeys(UNAVAILABLE, database_unavailable)
    app = Starlette(
        routes=routes,
        exception_handlers={NotFound: not_found, Forbidden: forbidden, 404: not_found, **unavailable},
        middleware=[
            Middleware(
                SessionMiddleware,
                secret_key=session_key,
                session_cookie="grader_teacher",
                max_age=8 * 3600,
                same_site="strict",
                https_only=False,
            ),
            Middleware(BodyLimit, limit=site.max_upload + 256 * 1024),
            Middleware(_Headers),
        ],
    )
    app.state.site = site
    return app


async def database_unavailable(request: Request, exc) -> Response:
    """The database away for a moment (restarting, failing over): said, in the page's language; the
    next request reconnects (`pool_pre_ping`), and the live pages clear the notice themselves."""
    site = site_of(request)
    lang = site.lang(request)
    message = i18n.t("service.database_unavailable", lang)
    headers = {"Retry-After": "5"}
    if request.url.path.endswith(".json") or request.url.path.startswith("/api/"):
        return JSONResponse({"error": message, "unavailable": True}, status_code=503, headers=headers)
    response = site.page("unavailable.html", lang, 503, message=message)
    response.headers.update(headers)
    return response


async def not_found(request: Request, exc) -> Response:
    return PlainTextResponse(i18n.t("service.not_found", site_of(request).lang(request)), status_code=404)


async def forbidden(request: Request, exc) -> Response:
    return PlainTextResponse(i18n.t("service.forbidden", site_of(request).lang(request)), status_code=403)


class BodyLimit:
    """ASGI middleware: a request body beyond `limit` bytes is refused (413) before it is all read,
    whatever Content-Length claims."""

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await PlainTextResponse("413", status_code=413)(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await PlainTextResponse("413", status_code=413)(scope, receive, send)


class _TooLarge(Exception):
    pass


class _Headers:
    """Every response: no sniffing, no referrer (a student's link holds their token), the pages' CSP
    unless the response set its own (the reports keep theirs)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-store"),
                ]
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", PAGE_CSP.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
