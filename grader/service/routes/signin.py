"""The teacher's sign-in: a password (scrypt) into a signed, SameSite=Strict session cookie, a per-session
CSRF token on every form, and a back-off on wrong passwords that students cannot turn against the teacher."""

from __future__ import annotations

import hmac
import secrets
import time

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from grader.service.routes.common import Forbidden, site_of
from grader.service.store import check_password

# Wrong teacher passwords allowed before the next check waits (then each failure doubles the wait, from
# LOGIN_WAIT[0] to LOGIN_WAIT[1] seconds), per client: a browser that signed in before (its own count
# only, so that nobody else's failures hold it back); otherwise its address, and every such client together.
LOGIN_FREE_PER_DEVICE = 5
LOGIN_FREE_PER_ADDRESS = 5
LOGIN_FREE_UNKNOWN = 50
LOGIN_WAIT = (5.0, 900.0)
DEVICE_COOKIE = "grader_teacher_device"
DEVICE_SECONDS = 365 * 24 * 3600


def teacher(request: Request) -> bool:
    """Whether the request comes from a session the teacher signed into."""
    return request.session.get("teacher") == site_of(request).store.setting("session_epoch")


def csrf(request: Request) -> str:
    if "csrf" not in request.session:
        request.session["csrf"] = secrets.token_urlsafe(32)
    return request.session["csrf"]


async def checked_form(request: Request):
    form = await request.form(max_files=0, max_fields=20)
    given = str(form.get("csrf") or "")
    if not hmac.compare_digest(given.encode(), request.session.get("csrf", "\0").encode()):
        raise Forbidden
    return form


async def login(request: Request) -> Response:
    site = site_of(request)
    store = site.store
    lang = site.lang(request)
    if request.method == "POST":
        form = await checked_form(request)
        # A password is checked only when the client's count of wrong ones allows it now (see
        # LOGIN_FREE_*): students' failures, from any number of addresses, never hold back a
        # browser the teacher signed in with before, and an address's wait ends.
        device = site.devices.unsign(request.cookies.get(DEVICE_COOKIE, ""))
        address = request.client.host if request.client else "?"
        if device:
            counts = {f"login:device:{device}": LOGIN_FREE_PER_DEVICE}
        else:
            counts = {f"login:address:{address}": LOGIN_FREE_PER_ADDRESS, "login:unknown": LOGIN_FREE_UNKNOWN}
        now = time.time()
        if store.login_wait(counts, now, *LOGIN_WAIT) > 0:
            return site.page("login.html", lang, 429, csrf=csrf(request), failed=False, throttled=True)
        store.login_attempt(counts, now)
        if not check_password(str(form.get("password") or ""), store.setting("teacher_password") or ""):
            return site.page("login.html", lang, 403, csrf=csrf(request), failed=True, throttled=False)
        store.login_succeeded([k for k in counts if k != "login:unknown"], [k for k in counts if k == "login:unknown"])
        request.session.clear()
        request.session["teacher"] = store.setting("session_epoch")
        csrf(request)  # a new token after signing in
        response = RedirectResponse(f"/teacher?lang={lang}", status_code=303)
        response.set_cookie(
            DEVICE_COOKIE,
            site.devices.sign(device or secrets.token_urlsafe(16)),
            max_age=DEVICE_SECONDS,
            path="/teacher/login",
            httponly=True,
            samesite="strict",
        )
        return response
    return site.page("login.html", lang, csrf=csrf(request), failed=False, throttled=False)


async def logout(request: Request) -> Response:
    await checked_form(request)
    request.session.clear()
    return RedirectResponse("/teacher/login", status_code=303)
