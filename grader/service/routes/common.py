"""What every route module shares: the site (the service and what the app made of it at start, on
`app.state.site`), the page renderer, the HTTP answers a handler raises, numbers and scores as said."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

import itsdangerous
from jinja2 import Environment
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.requests import Request
from starlette.responses import HTMLResponse

from grader.text import i18n
from grader.results.gradebook import DECIMAL, number
from grader.service.config import ServiceConfig
from grader.service.store import Store
from grader.service.tasks import Service

# The database's errors that mean "not reachable now" (not a bug of ours): said to the user as such.
UNAVAILABLE = (OperationalError, InterfaceError)


class Devices:
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


@dataclass(frozen=True)
class Site:
    """The dependencies of every handler, made once by `create_app`."""

    service: Service
    env: Environment  # the pages' templates
    devices: Devices  # signs the cookie of a browser that signed in as the teacher before

    @property
    def config(self) -> ServiceConfig:
        return self.service.config

    @property
    def store(self) -> Store:
        return self.service.store

    @property
    def max_upload(self) -> int:
        return self.config.max_upload_kib * 1024

    def lang(self, request: Request, default: str | None = None) -> str:
        """The language the request asks for (`?lang=`), else `default` (the class's)."""
        if default is None:
            default = self.config.lang
        lang = request.query_params.get("lang") or default
        return lang if lang in i18n.LANGS else default

    def page(self, name: str, lang: str, status: int = 200, **context) -> HTMLResponse:
        context.update(_=lambda key, **p: i18n.t(key, lang, **p), lang=lang, class_name=self.config.name)
        return HTMLResponse(self.env.get_template(name).render(**context), status_code=status)

    def done_result(self, row) -> dict:
        """A done attempt's result (stored before the attempt is marked done)."""
        result = self.store.result(row.result_key)
        assert result is not None
        return result

    def done_header(self, row) -> dict:
        """The header its worker recorded when it graded a done attempt's result: what every view of the
        attempt says of its grading (nothing here describes this process's own sandbox, or starts a
        child to). A result stored before headers were says when it was finished and nothing more."""
        header = self.store.header(row.result_key)
        if header is None:
            finished = datetime.fromtimestamp(row.finished, timezone.utc).isoformat(timespec="seconds")
            header = {
                "grader_version": "",
                "seed": None,
                "lang": row.lang,
                "date": finished,
                "scheme": {},
                "limits": {},
            }
        return header


def site_of(request: Request) -> Site:
    return request.app.state.site


class NotFound(Exception):
    pass


def student_or_404(request: Request) -> str:
    """The student whose link (`/s/<token>`, a capability) the request is under."""
    student = site_of(request).store.student_of(request.path_params["token"])
    if student is None:
        raise NotFound
    return student


class Forbidden(Exception):
    pass


def int_param(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 12 else -1


def said_number(x: float, lang: str) -> str:
    return number(x, DECIMAL.get(lang, ","))


def said_score(points: float, most: float, lang: str) -> str:
    """A score and its maximum, "2,5/3" in French."""
    return f"{said_number(points, lang)}/{said_number(most, lang)}"


def quoted(text: str) -> str:
    from urllib.parse import quote

    return quote(text[:300])


def said_deadline(config, lang: str) -> str:
    if config.deadline is None:
        return ""
    return i18n.t(
        "service.deadline",
        lang,
        when=i18n.local_time(config.deadline, lang),
        policy=i18n.t(f"service.late.{config.late}", lang),
    )
