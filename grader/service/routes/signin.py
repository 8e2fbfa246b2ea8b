"""The teacher's sign-in: a password (scrypt) into a signed, SameSite=Strict session cookie, and a
per-session CSRF token on every form.

Every password posted is checked, at scrypt's cost whether it is right or wrong, and a right one is
always accepted: no sequence of wrong passwords, from any address or browser, can lock the teacher out
or make her wait for a back-off. What bounds guessing is the check's cost: passwords from browsers the
service does not know are checked one at a time for the whole service (`PasswordChecks`), in the order
they came, each address with at most one password in that queue. However many addresses a guesser
has, the service checks at most one password per scrypt's time (twelve addresses guessing without
pause got 4.8 a second through on a loaded 2-core machine; a fast one would check 20); against the 72
random bits of the password, even 20 guesses a second succeed with a chance below 2^-42 in a year of
guessing without pause. A browser the teacher signed in with before (a signed cookie) has its own
lane, outside that queue: what others send never holds it back at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from grader.service.routes.common import Forbidden, site_of
from grader.service.store import check_password

DEVICE_COOKIE = "grader_teacher_device"
DEVICE_SECONDS = 365 * 24 * 3600


class PasswordChecks:
    """Turns to check a password: one lane per client (a known browser, else an address), one password
    at a time in each; unknown clients' checks, besides, one at a time for the whole service (first
    come, first checked; a lane waits there with one password at most, so the teacher's password from a
    new address waits behind one check per address, at most)."""

    def __init__(self) -> None:
        self.unknown = asyncio.Lock()
        self.lanes: dict[str, asyncio.Lock] = {}
        self.waiting: dict[str, int] = {}  # requests in each lane, so that an idle lane is forgotten

    @contextlib.asynccontextmanager
    async def turn(self, lane: str, known: bool):
        lock = self.lanes.setdefault(lane, asyncio.Lock())
        self.waiting[lane] = self.waiting.get(lane, 0) + 1
        try:
            async with lock:
                if known:
                    yield
                else:
                    async with self.unknown:
                        yield
        finally:
            self.waiting[lane] -= 1
            if not self.waiting[lane]:
                del self.waiting[lane], self.lanes[lane]


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


def _checks(request: Request) -> PasswordChecks:
    """The app's turns (made in its event loop, on first use)."""
    state = request.app.state
    if not hasattr(state, "password_checks"):
        state.password_checks = PasswordChecks()
    return state.password_checks


async def login(request: Request) -> Response:
    site = site_of(request)
    store = site.store
    lang = site.lang(request)
    if request.method == "POST":
        form = await checked_form(request)
        device = site.devices.unsign(request.cookies.get(DEVICE_COOKIE, ""))
        lane = f"device:{device}" if device else f"address:{request.client.host if request.client else '?'}"
        password, stored = str(form.get("password") or ""), store.setting("teacher_password") or ""
        async with _checks(request).turn(lane, known=device is not None):
            right = await run_in_threadpool(check_password, password, stored)  # scrypt frees the event loop
        if not right:
            return site.page("login.html", lang, 403, csrf=csrf(request), failed=True)
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
    return site.page("login.html", lang, csrf=csrf(request), failed=False)


async def logout(request: Request) -> Response:
    await checked_form(request)
    request.session.clear()
    return RedirectResponse("/teacher/login", status_code=303)
