"""The web side of `grader serve` (Starlette): students' pages behind per-student links, the
teacher's dashboard behind a password, the JSON the pages poll and `grader submit` speaks.

A student's link `/s/<token>` is a capability: the token (256 random bits, stored hashed) is the only
credential, so a student's forms need no CSRF token (a forged request cannot know it). The teacher
signs in with a password (scrypt) into a signed, SameSite=Strict session cookie, and every form of
theirs carries a per-session CSRF token checked in constant time.
"""

from __future__ import annotations

import asyncio
import hmac
import io
import json
import math
import re
import secrets
import tempfile
import time
import zipfile
from pathlib import Path

import itsdangerous
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grader.text import i18n
from grader.run.grading import new_run
from grader.run.jobs import not_graded
from grader.results.marks import apply_marks
from grader.text.message import Message
from grader.results.gradebook import DECIMAL, number, write_gradebook
from grader.results.records import Status, SubmissionResult, SubmissionStatus, submission_from_dict
from grader.results.scoring import submission_total
from grader.service.store import DONE, QUEUED, RUNNING, SUPERSEDED, UNGRADABLE, check_password
from grader.service.tasks import Service, scheme_from_text
from grader.errors import GraderError, UsageError
from grader.intake import SUBMITTED, load_submission
from grader.intake.modules import modules_defined

HERE = Path(__file__).parent
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SUFFIXES = (".py", ".zip", ".ipynb")
MAX_FILES = 10  # in one submission (a zip holds more)
# The database's errors that mean "not reachable now" (not a bug of ours): said to the user as such.
UNAVAILABLE = (OperationalError, InterfaceError)
# Live pages (Server-Sent Events): how often the server looks for a change, how long one stream lasts.
LIVE_PERIOD = 0.5
LIVE_SECONDS = 600
# Wrong teacher passwords allowed before the next check waits (then each failure doubles the wait, from
# LOGIN_WAIT[0] to LOGIN_WAIT[1] seconds), per client: a browser that signed in before (its own count
# only, so that nobody else's failures hold it back); otherwise its address, and every such client together.
LOGIN_FREE_PER_DEVICE = 5
LOGIN_FREE_PER_ADDRESS = 5
LOGIN_FREE_UNKNOWN = 50
LOGIN_WAIT = (5.0, 900.0)
DEVICE_COOKIE = "grader_teacher_device"
DEVICE_SECONDS = 365 * 24 * 3600
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class Refused(UsageError):
    """A submission turned away before anything is stored: a catalogue key, an HTTP status."""

    def __init__(self, key: str, status: int = 400, **params):
        super().__init__(key, **params)
        self.status = status


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


def _lang(request: Request, default: str) -> str:
    lang = request.query_params.get("lang") or default
    return lang if lang in i18n.LANGS else default


class _Devices:
    """The cookie of a browser that signed in as the teacher before: a random id that only this service
    could have signed (with its session key)."""

    def __init__(self, key: str):
        self._signer = itsdangerous.Signer(key, salt="teacher-device")

    def sign(self, device: str) -> str:
        return self._signer.sign(device).decode()

    def unsign(self, cookie: str) -> str | None:
        try:
            return self._signer.unsign(cookie).decode()
        except itsdangerous.BadSignature:
            return None


def create_app(service: Service) -> Starlette:
    config, store = service.config, service.store
    session_key = store.setting("session_key")
    assert session_key, "serve.py sets the session key before it makes the app"  # never an empty key
    devices = _Devices(session_key)
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, undefined=StrictUndefined)
    max_upload = config.max_upload_kib * 1024

    def page(name: str, lang: str, status: int = 200, **context) -> HTMLResponse:
        context.update(_=lambda key, **p: i18n.t(key, lang, **p), lang=lang, class_name=config.name)
        return HTMLResponse(env.get_template(name).render(**context), status_code=status)

    def done_result(row) -> dict:
        """A done attempt's result (stored before the attempt is marked done)."""
        result = store.result(row.result_key)
        assert result is not None
        return result

    # --- what an attempt looks like to its pages ---------------------------------------------------
    def attempt_view(row, lang: str, base: str) -> dict:
        questions = json.loads(row.questions)
        view = {
            "id": row.id,
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
            result = done_result(row)
            view.update(
                score=round(result["total"], 2),
                max=result["max"],
                report=f"{base}/attempts/{row.id}/report?lang={lang}",
                score_text=_score(result["total"], result["max"], lang),
            )
            view["questions"] = [
                {
                    "id": q["id"],
                    "score": _number(q["score"], lang),
                    "max": _number(q["max"], lang),
                    "status": i18n.t(f"status.{q['status']}", lang),
                }
                for q in result["questions"]
            ]
        return view

    def budget(student: str, modules: list[str] | None = None) -> dict:
        wanted = _buckets(student, [q.id for q in service.questions_for(modules or ["jeux", "taquin", "recherche"])])
        levels = store.take(wanted, time.time(), apply=False)
        return {
            "student": math.floor(levels.pop(f"s:{student}")),
            "questions": {key.rsplit(":", 1)[1]: math.floor(v) for key, v in levels.items()},
        }

    def _buckets(student: str, qids: list[str]) -> dict:
        rate = config.rate_limit
        wanted = {f"s:{student}": (rate.student_burst, rate.student_per_hour)}
        wanted.update({f"q:{student}:{qid}": (rate.question_burst, rate.question_per_hour) for qid in qids})
        return wanted

    def report(row, lang: str) -> Response:
        from reports.render import CSP, student_page

        result = submission_from_dict(done_result(row))
        result.id, result.name = row.student, config.name_of(row.student)
        run = new_run(service.settings(row.lang, row), service.questions)
        run.seed = None  # the class seed is a secret: never in a page (the report then shows no seed row)
        run.submissions = [result]
        response = HTMLResponse(student_page(run, result, lang=lang))  # the reader's language
        response.headers["Content-Security-Policy"] = CSP + "; frame-ancestors 'self'"
        return response

    # --- students -------------------------------------------------------------------------------
    def student_or_404(request: Request) -> str:
        student = store.student_of(request.path_params["token"])
        if student is None:
            raise _NotFound
        return student

    def student_home(request: Request) -> Response:
        student = student_or_404(request)
        lang = _lang(request, config.lang)
        base = f"/s/{request.path_params['token']}"
        return page(
            "student.html",
            lang,
            student=config.name_of(student),
            base=base,
            budget=budget(student),
            error=request.query_params.get("error", ""),
            deadline=_deadline(config, lang),
            accept=",".join(SUFFIXES),
            max_kib=config.max_upload_kib,
            other_lang="en" if lang == "fr" else "fr",
        )

    def student_view(student: str, lang: str, base: str) -> dict:
        rows = store.attempts_of(student)
        return {"attempts": [attempt_view(r, lang, base) for r in reversed(rows)], "budget": budget(student)}

    def student_attempts(request: Request) -> Response:
        student = student_or_404(request)
        base = f"/s/{request.path_params['token']}"
        return JSONResponse(student_view(student, _lang(request, config.lang), base))

    def student_events(request: Request) -> Response:
        student = student_or_404(request)
        base, lang = f"/s/{request.path_params['token']}", _lang(request, config.lang)
        return live(lang, lambda: student_view(student, lang, base))

    def live(lang: str, view) -> Response:
        """Server-Sent Events: the page's JSON whenever it changes. The server looks every LIVE_PERIOD
        (one database read, as a page's poll was, without the request); a comment every 15 s keeps
        proxies from closing the stream; after LIVE_SECONDS the browser's EventSource reconnects by
        itself (and the student's link or the teacher's session is checked again)."""

        async def events():
            last, quiet, started = None, 0.0, time.monotonic()
            while time.monotonic() - started < LIVE_SECONDS:
                try:
                    data = json.dumps(await run_in_threadpool(view), ensure_ascii=False)
                except UNAVAILABLE:
                    last, data = None, None
                    message = json.dumps({"error": i18n.t("service.database_unavailable", lang)}, ensure_ascii=False)
                    yield f"event: unavailable\ndata: {message}\n\n"
                if data is not None and data != last:
                    last, quiet = data, 0.0
                    yield f"data: {data}\n\n"
                await asyncio.sleep(LIVE_PERIOD)
                quiet += LIVE_PERIOD
                if quiet >= 15:
                    quiet = 0.0
                    yield ": still here\n\n"

        return StreamingResponse(events(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    async def student_submit(request: Request) -> Response:
        student = student_or_404(request)
        lang = _lang(request, config.lang)
        base = f"/s/{request.path_params['token']}"
        try:
            attempt = await accept_form(request, student, lang)
        except Refused as refused:
            message = i18n.t(refused.key, lang, **refused.params)
            return RedirectResponse(f"{base}?lang={lang}&error={_quote(message)}", status_code=303)
        return RedirectResponse(f"{base}?lang={lang}#a{attempt}", status_code=303)

    def student_report(request: Request) -> Response:
        student = student_or_404(request)
        row = store.attempt(_int(request.path_params["attempt"]))
        if row is None or row.student != student or row.state != DONE:
            raise _NotFound
        return report(row, _lang(request, row.lang))

    async def accept_form(request: Request, student: str, lang: str) -> int:
        """The page's form and `grader submit` alike: files under `files`, pasted code under `code`."""
        try:
            form = await request.form(max_files=MAX_FILES, max_fields=10, max_part_size=max_upload)
        except HTTPException:  # too many files, one too large, not multipart: said as Starlette's English
            raise Refused("service.refused.form", 400, files=MAX_FILES, kib=config.max_upload_kib) from None
        uploads = [
            (f.filename or "", await f.read(max_upload + 1)) for f in form.getlist("files") if not isinstance(f, str)
        ]
        return accept(student, uploads, str(form.get("code") or ""), lang)

    def accept(student: str, uploads: list[tuple[str, bytes]], code: str, lang: str) -> int:
        now = time.time()
        late = config.deadline is not None and now > config.deadline.timestamp()
        if late and config.late == "refuse":
            raise Refused("service.refused.deadline", 403)
        filename, data = _package(uploads, code, max_upload)
        modules = _modules(filename, data)
        questions = service.questions_for(modules)
        if not questions:
            raise Refused("service.refused.nothing_graded", 400)
        levels = store.take(_buckets(student, [q.id for q in questions]), now, apply=True)
        empty = sorted(k.rsplit(":", 1)[1] if k.startswith("q:") else "" for k, v in levels.items() if v < 1)
        if empty:
            raise Refused(
                "service.refused.rate_question" if empty[-1] else "service.refused.rate",
                429,
                questions=", ".join(q for q in empty if q),
            )
        graded = [q.id for q in service.graded_questions()]
        attempt, _ = store.store_attempt(student, filename, data, modules, graded, lang, late, now)
        service.enqueue(attempt)  # stored first: if this fails, the reaper queues it again
        return attempt

    # --- the terminal's API (`grader submit`) -------------------------------------------------
    def bearer(request: Request) -> str:
        header = request.headers.get("authorization", "")
        student = store.student_of(header[7:]) if header.startswith("Bearer ") else None
        if student is None:
            raise _NotFound
        return student

    async def api_submit(request: Request) -> Response:
        student = bearer(request)
        lang = _lang(request, config.lang)
        try:
            attempt = await accept_form(request, student, lang)
        except Refused as refused:
            return JSONResponse({"error": i18n.t(refused.key, lang, **refused.params)}, status_code=refused.status)
        return JSONResponse({"attempt": attempt}, status_code=202)

    def api_attempt(request: Request) -> Response:
        student = bearer(request)
        row = store.attempt(_int(request.path_params["attempt"]))
        if row is None or row.student != student:
            raise _NotFound
        view = attempt_view(row, _lang(request, row.lang), "")
        view.pop("report")
        if row.state == DONE:
            view["result"] = done_result(row)
            view["result"]["id"] = student
        return JSONResponse(view)

    # --- the teacher --------------------------------------------------------------------------
    def teacher(request: Request) -> bool:
        return request.session.get("teacher") == store.setting("session_epoch")

    def csrf(request: Request) -> str:
        if "csrf" not in request.session:
            request.session["csrf"] = secrets.token_urlsafe(32)
        return request.session["csrf"]

    async def checked_form(request: Request):
        form = await request.form(max_files=0, max_fields=20)
        given = str(form.get("csrf") or "")
        if not hmac.compare_digest(given.encode(), request.session.get("csrf", "\0").encode()):
            raise _Forbidden
        return form

    async def login(request: Request) -> Response:
        lang = _lang(request, config.lang)
        if request.method == "POST":
            form = await checked_form(request)
            # A password is checked only when the client's count of wrong ones allows it now (see
            # LOGIN_FREE_*): students' failures, from any number of addresses, never hold back a
            # browser the teacher signed in with before, and an address's wait ends.
            device = devices.unsign(request.cookies.get(DEVICE_COOKIE, ""))
            address = request.client.host if request.client else "?"
            if device:
                counts = {f"login:device:{device}": LOGIN_FREE_PER_DEVICE}
            else:
                counts = {f"login:address:{address}": LOGIN_FREE_PER_ADDRESS, "login:unknown": LOGIN_FREE_UNKNOWN}
            now = time.time()
            if store.login_wait(counts, now, *LOGIN_WAIT) > 0:
                return page("login.html", lang, 429, csrf=csrf(request), failed=False, throttled=True)
            store.login_attempt(counts, now)
            if not check_password(str(form.get("password") or ""), store.setting("teacher_password") or ""):
                return page("login.html", lang, 403, csrf=csrf(request), failed=True, throttled=False)
            store.login_succeeded(
                [k for k in counts if k != "login:unknown"], [k for k in counts if k == "login:unknown"]
            )
            request.session.clear()
            request.session["teacher"] = store.setting("session_epoch")
            csrf(request)  # a new token after signing in
            response = RedirectResponse(f"/teacher?lang={lang}", status_code=303)
            response.set_cookie(
                DEVICE_COOKIE,
                devices.sign(device or secrets.token_urlsafe(16)),
                max_age=DEVICE_SECONDS,
                path="/teacher/login",
                httponly=True,
                samesite="strict",
            )
            return response
        return page("login.html", lang, csrf=csrf(request), failed=False, throttled=False)

    async def logout(request: Request) -> Response:
        await checked_form(request)
        request.session.clear()
        return RedirectResponse("/teacher/login", status_code=303)

    def dashboard(request: Request) -> Response:
        lang = _lang(request, config.lang)
        if not teacher(request):
            return RedirectResponse(f"/teacher/login?lang={lang}", status_code=303)
        return page(
            "teacher.html",
            lang,
            csrf=csrf(request),
            questions=[q.id for q in service.questions if not q.manual],
            deadline=_deadline(config, lang),
            other_lang="en" if lang == "fr" else "fr",
            error=request.query_params.get("error", ""),
            regrades=store.regrade_records(),
            marks=store.setting("marks") or "",
            marks_kind=store.setting("marks_kind") or "toml",
            marks_example=marks_example(lang),
        )

    def marks_example(lang: str) -> dict:
        """An example of hand marks this class accepts (the page's promise, checked by a test): the
        first student, and the first written question the class's barème gives points to, if any."""
        run = class_run(lang)
        written = [
            (qid, float(q.get("points", 0)))
            for qid, q in run.scheme.get("questions", {}).items()
            if isinstance(q, dict) and q.get("manual") and float(q.get("points", 0)) > 0
        ]
        student = json.dumps(run.submissions[0].id if run.submissions else "alice", ensure_ascii=False)
        lines = [f"[{student}]"]
        if written:
            qid, points = written[0]
            lines.append(f"{qid} = {number(points / 2)}")
        lines.append(f'commentaire = "{i18n.t("service.marks.example_comment", lang)}"')
        return {"text": "\n".join(lines), "written": [qid for qid, _ in written]}

    def class_json(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        lang = _lang(request, config.lang)
        return JSONResponse(class_view(lang))

    def class_events(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        lang = _lang(request, config.lang)
        return live(lang, lambda: class_view(lang))

    def class_view(lang: str) -> dict:
        rows = store.attempts_of()
        by_student: dict[str, list] = {s: [] for s in store.student_ids()}
        for row in rows:
            by_student[row.student].append(row)
        latest = best_results()
        qids = [q.id for q in service.questions if not q.manual]
        table = []
        for student, own in by_student.items():
            result = latest.get(student)
            last = own[-1] if own else None
            table.append(
                {
                    "student": student,
                    "name": config.name_of(student),
                    "attempts": len(own),
                    # Nothing handed in: said with a badge, as on the class report, never a row of zeros.
                    "absent": not own,
                    "state": i18n.t(f"service.state.{last.state}", lang, n=0)
                    if last
                    else i18n.t("submission.not_submitted", lang),
                    "late": any(r.late for r in own),
                    "scores": {q.id: _number(q.score, lang) for q in result.questions} if result else {},
                    "total": _number(result.total, lang) if result else None,
                }
            )
        stats = []
        for qid in qids:
            scored = [r for r in latest.values() for q in r.questions if q.id == qid]
            marks = [q for r in scored for q in r.questions if q.id == qid]
            stats.append(
                {
                    "id": qid,
                    "graded": len(marks),
                    "mean": _number(sum(q.score for q in marks) / len(marks), lang) if marks else None,
                    "passed": sum(q.status == Status.PASSED for q in marks),
                }
            )
        return {
            "students": table,
            "questions": qids,
            "stats": stats,
            "missing": [config.name_of(s) for s, own in by_student.items() if not own],
            "waiting": sum(r.state in (QUEUED, RUNNING) for r in rows),
        }

    def best_results(regrade: int = 0) -> dict[str, SubmissionResult]:
        """Per student, each question from the latest graded attempt whose files answered it (of the
        students' own attempts, or of one regrade); a question none answered is missing (0 of its points),
        as in every attempt's own result."""
        module_of = {q.id: q.module for q in service.questions}
        merged: dict[str, dict] = {}
        latest = {}  # each student's latest graded attempt: its barème gives the unanswered questions' points
        for row in store.attempts_of(regrade=regrade):
            if row.state != DONE:
                continue
            latest[row.student] = row
            answered = set(row.modules.split(","))
            for q in done_result(row)["questions"]:
                if module_of.get(q["id"]) in answered:
                    merged.setdefault(row.student, {})[q["id"]] = q
        out = {}
        for student, kept in merged.items():
            found = submission_from_dict({"id": student, "total": 0, "max": 0, "questions": list(kept.values())})
            by_id = {q.id: q for q in found.questions}
            unanswered = not_graded(
                student,
                service.graded_questions(),
                service.settings(config.lang, latest[student]),
                SubmissionStatus.GRADED,
                [],
            )
            questions = [by_id.get(q.id, q) for q in unanswered.questions]
            total, most = submission_total(questions)
            out[student] = SubmissionResult(id=student, total=total, max=most, questions=questions)
        return out

    async def regrade(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        form = await checked_form(request)
        lang = _lang(request, config.lang)
        text = str(form.get("scheme") or "")
        try:
            seed = int(str(form.get("seed") or "").strip())
            if text.strip():
                scheme_from_text(text).as_dict(service.questions)
        except ValueError:
            return RedirectResponse(
                f"/teacher?lang={lang}&error={_quote(i18n.t('service.regrade.bad_seed', lang))}", status_code=303
            )
        except GraderError as exc:
            return RedirectResponse(f"/teacher?lang={lang}&error={_quote(exc.message(lang))}", status_code=303)
        latest: dict[tuple[str, str], object] = {}  # each student's latest graded copy of each set of files
        for row in store.attempts_of():
            if row.state == DONE:
                latest[(row.student, row.modules)] = row
        number, ids = store.regrade(list(latest.values()), seed, text.strip(), time.time())
        for attempt in ids:
            service.enqueue(attempt)
        return RedirectResponse(f"/teacher/regrades/{number}?lang={lang}", status_code=303)

    def regrade_page(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        lang = _lang(request, config.lang)
        record = store.regrade_record(_int(request.path_params["regrade"]))
        if record is None:
            raise _NotFound
        rows = store.attempts_of(regrade=record.id)
        before, after = best_results(), best_results(record.id)
        changes = []
        for student in sorted(after):
            old, new = before.get(student), after[student]
            olds = {q.id: q for q in old.questions} if old else {}
            moved = [
                i18n.t(
                    "service.regrade.moved",
                    lang,
                    qid=q.id,
                    old=_score(olds[q.id].score, olds[q.id].max, lang),
                    new=_score(q.score, q.max, lang),
                )
                for q in new.questions
                if q.id in olds and (olds[q.id].score, olds[q.id].max) != (q.score, q.max)
            ]
            changes.append(
                {
                    "student": student,
                    "name": config.name_of(student),
                    "old": _score(old.total, old.max, lang) if old else "",
                    "new": _score(new.total, new.max, lang),
                    "delta": _number(round(new.total - (old.total if old else 0.0), 2), lang),
                    "moved": moved,
                }
            )
        waiting = sum(r.state not in (DONE, UNGRADABLE, SUPERSEDED) for r in rows)
        return page(
            "regrade.html",
            lang,
            record=record,
            changes=changes,
            waiting=waiting,
            total=len(rows),
            ungradable=sum(r.state == UNGRADABLE for r in rows),
        )

    async def student_detail(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        lang = _lang(request, config.lang)
        student = request.path_params["student"]
        if student not in store.student_ids():
            raise _NotFound
        link = ""
        if request.method == "POST":  # a lost or shared link: a new one, the old one stops working
            await checked_form(request)
            link = f"{request.base_url}s/{store.new_token(student)}"
        views = [attempt_view(r, lang, "/teacher") for r in reversed(store.attempts_of(student))]
        return page(
            "attempts.html", lang, student=config.name_of(student), attempts=views, csrf=csrf(request), link=link
        )

    def teacher_report(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        row = store.attempt(_int(request.path_params["attempt"]))
        if row is None or row.state != DONE:
            raise _NotFound
        return report(row, _lang(request, row.lang))

    def class_run(lang: str):
        """The class as a graded run: each student's best results; a student without any has every
        question missing, said so."""
        latest = best_results()
        settings = service.settings(lang)
        run = new_run(settings, service.questions)
        run.seed = 0  # exports go to students (feedback sheets): never the class seed
        run.submissions = [
            latest.get(s)
            or not_graded(
                s,
                service.questions,
                settings,
                SubmissionStatus.NOT_SUBMITTED,
                [Message("service.no_submission", {"reason": ""})],
            )
            for s in store.student_ids()
        ]
        for sub in run.submissions:  # who each is, as the roster says: the LMS's names and ids for the exports
            person = config.people.get(sub.id)
            if person is not None:
                sub.name, sub.participant, sub.email, sub.group = (
                    person.name,
                    person.participant,
                    person.email,
                    person.group,
                )
        return run

    def marks_for(run, text: str, kind: str) -> dict:
        """The hand marks typed in the dashboard (the CSV or TOML of `--marks`), checked against `run`
        by the same code as `grader export --marks`."""
        from grader.results.marks import MarksError, load_marks

        if not text.strip():
            return {}
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"notes.{kind}"
            path.write_text(text, encoding="utf-8")
            try:
                return load_marks(path, run)
            except MarksError as exc:  # said of the text typed in, not of a temporary file
                raise MarksError(Path(path.name), exc.problems) from None

    def marked_run(lang: str):
        run = class_run(lang)
        return apply_marks(run, marks_for(run, store.setting("marks") or "", store.setting("marks_kind") or "toml"))

    async def save_marks(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        form = await checked_form(request)
        lang = _lang(request, config.lang)
        text, kind = str(form.get("marks") or ""), str(form.get("kind") or "toml")
        if kind not in ("toml", "csv"):
            raise _Forbidden
        try:
            marks_for(class_run(lang), text, kind)
        except GraderError as exc:
            return RedirectResponse(f"/teacher?lang={lang}&error={_quote(exc.message(lang))}#marks", status_code=303)
        store.set_setting("marks", text)
        store.set_setting("marks_kind", kind)
        return RedirectResponse(f"/teacher?lang={lang}#marks", status_code=303)

    def gradebook(request: Request) -> Response:
        if not teacher(request):
            raise _Forbidden
        lang = _lang(request, config.lang)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "grades.csv"
            write_gradebook(path, marked_run(lang), lang)  # as `grader grade` writes it: French Excel's form in French
            data = path.read_bytes()
        return Response(
            data,
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": 'attachment; filename="grades.csv"'},
        )

    def moodle_worksheet() -> Path | None:
        """The class's roster when it is Moodle's grading worksheet: the Moodle export fills it, as
        `grader export --moodle-worksheet` does."""
        from reports.exports.moodle import worksheet_maximum

        if config.roster is None:
            return None
        try:
            worksheet_maximum(config.roster)
        except GraderError:
            return None
        return config.roster

    def exports(request: Request) -> Response:
        """Every export of `grader export` (Moodle, Canvas, spreadsheets, Pronote, PrairieLearn,
        feedback sheets) with grades.csv and the HTML class report, in one zip."""
        from reports.exports import FORMATS, Options, publish

        if not teacher(request):
            raise _Forbidden
        lang = _lang(request, config.lang)
        run = marked_run(lang)
        buffer = io.BytesIO()
        options = Options(lang=lang, site_lang=lang, moodle_worksheet=moodle_worksheet())
        with tempfile.TemporaryDirectory() as folder:
            publish(Path(folder), run, list(FORMATS), options)
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in sorted(Path(folder).rglob("*")):
                    if path.is_file():
                        archive.write(path, path.relative_to(folder).as_posix())
        return Response(
            buffer.getvalue(),
            media_type="application/zip",
            headers={"Content-Disposition": 'attachment; filename="exports.zip"'},
        )

    async def database_unavailable(request: Request, exc) -> Response:
        """The database away for a moment (restarting, failing over): said, in the page's language; the
        next request reconnects (`pool_pre_ping`), and the live pages clear the notice themselves."""
        lang = _lang(request, config.lang)
        message = i18n.t("service.database_unavailable", lang)
        headers = {"Retry-After": "5"}
        if request.url.path.endswith(".json") or request.url.path.startswith("/api/"):
            return JSONResponse({"error": message, "unavailable": True}, status_code=503, headers=headers)
        response = page("unavailable.html", lang, 503, message=message)
        response.headers.update(headers)
        return response

    async def not_found(request: Request, exc) -> Response:
        return PlainTextResponse(i18n.t("service.not_found", _lang(request, config.lang)), status_code=404)

    async def forbidden(request: Request, exc) -> Response:
        return PlainTextResponse(i18n.t("service.forbidden", _lang(request, config.lang)), status_code=403)

    routes = [
        Route("/", lambda request: PlainTextResponse(config.name)),
        Route("/s/{token}", student_home),
        Route("/s/{token}/attempts.json", student_attempts),
        Route("/s/{token}/events", student_events),
        Route("/s/{token}/submit", student_submit, methods=["POST"]),
        Route("/s/{token}/attempts/{attempt}/report", student_report),
        Route("/api/submit", api_submit, methods=["POST"]),
        Route("/api/attempts/{attempt}", api_attempt),
        Route("/teacher/login", login, methods=["GET", "POST"]),
        Route("/teacher/logout", logout, methods=["POST"]),
        Route("/teacher", dashboard),
        Route("/teacher/class.json", class_json),
        Route("/teacher/events", class_events),
        Route("/teacher/students/{student}", student_detail, methods=["GET", "POST"]),
        Route("/teacher/attempts/{attempt}/report", teacher_report),
        Route("/teacher/gradebook.csv", gradebook),
        Route("/teacher/exports.zip", exports),
        Route("/teacher/marks", save_marks, methods=["POST"]),
        Route("/teacher/regrade", regrade, methods=["POST"]),
        Route("/teacher/regrades/{regrade}", regrade_page),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            _NotFound: not_found,
            _Forbidden: forbidden,
            404: not_found,
            OperationalError: database_unavailable,
            InterfaceError: database_unavailable,
        },
        middleware=[
            Middleware(
                SessionMiddleware,
                secret_key=session_key,
                session_cookie="grader_teacher",
                max_age=8 * 3600,
                same_site="strict",
                https_only=False,
            ),
            Middleware(BodyLimit, limit=max_upload + 256 * 1024),
            Middleware(_Headers),
        ],
    )
    app.state.accept = accept  # the benchmark and tests submit without HTTP framing when they must
    return app


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


class _NotFound(Exception):
    pass


class _Forbidden(Exception):
    pass


def _int(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 12 else -1


def _number(x: float, lang: str) -> str:
    return number(x, DECIMAL.get(lang, ","))


def _score(points: float, most: float, lang: str) -> str:
    """A score and its maximum, "2,5/3" in French."""
    return f"{_number(points, lang)}/{_number(most, lang)}"


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text[:300])


def _deadline(config, lang: str) -> str:
    if config.deadline is None:
        return ""
    return i18n.t(
        "service.deadline",
        lang,
        when=i18n.local_time(config.deadline, lang),
        policy=i18n.t(f"service.late.{config.late}", lang),
    )


def _package(uploads: list[tuple[str, bytes]], code: str, limit: int) -> tuple[str, bytes]:
    """What the student sent, as one stored file: a file as is, several .py files zipped, pasted code as
    a .py file named after the part it answers."""
    uploads = [(name, data) for name, data in uploads if name or data]
    if code.strip():
        if uploads:
            raise Refused("service.refused.both")
        data = code.replace("\r\n", "\n").encode("utf-8")
        modules = modules_defined(code)
        uploads = [(f"{modules[0]}.py" if len(modules) == 1 else "copie.py", data)]
    if not uploads:
        raise Refused("service.refused.empty")
    cleaned = []
    for name, data in uploads:
        name = _SAFE_NAME.sub("_", Path(name.replace("\\", "/")).name)[:100] or "copie.py"
        if not name.lower().endswith(SUFFIXES):
            raise Refused("service.refused.kind", name=name)
        if len(data) > limit:
            raise Refused("service.refused.too_large", 413, kib=limit // 1024)
        cleaned.append((name, data))
    if len(cleaned) == 1:
        return cleaned[0]
    if not all(name.lower().endswith(".py") for name, _ in cleaned) or len({n for n, _ in cleaned}) != len(cleaned):
        raise Refused("service.refused.several")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(cleaned):
            archive.writestr(zipfile.ZipInfo(name, date_time=(2017, 1, 1, 0, 0, 0)), data)
    return "copie.zip", buffer.getvalue()


def _modules(filename: str, data: bytes) -> list[str]:
    """The parts the submission answers, found by the loader the batch command uses (its archive
    checks included), before anything is stored."""
    with tempfile.TemporaryDirectory(prefix="grader-upload-") as folder:
        path = Path(folder) / filename
        path.write_bytes(data)
        try:
            submission = load_submission(path)
        except (GraderError, OSError) as exc:
            raise Refused("service.refused.unreadable", detail=str(exc).replace(str(folder), "")[:300]) from None
    if (
        submission.status != SUBMITTED
        and submission.warnings
        and submission.warnings[0][0].startswith("intake.refused")
    ):
        key, params = submission.warnings[0]  # a hostile or broken archive: refused before anything is stored
        raise Refused("service.refused.unreadable", detail=i18n.t(key, "en", **params)[:300])
    if not submission.sources:
        raise Refused("service.refused.no_module")
    return sorted(submission.sources)
