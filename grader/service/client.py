"""`grader submit PATH --url URL --token TOKEN`: the web page's submission from a terminal, with the
same verdict as `grader check` printed when it is graded. Standard library only (urllib)."""

from __future__ import annotations

import json
import mimetypes
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from grader.text import i18n
from grader.errors import InputError, UsageError
from grader.results.records import Status, submission_from_dict

FINAL = ("done", "ungradable", "superseded")


def request(url: str, token: str, data: bytes | None = None, content_type: str | None = None) -> tuple[int, dict]:
    """One call of the service's API as `token`'s student: (HTTP status, JSON answer)."""
    call = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    call.add_header("Authorization", f"Bearer {token}")
    if content_type:
        call.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(call, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        text = exc.read().decode("utf-8", "replace")
        return exc.code, json.loads(text) if text.startswith("{") else {"error": text}


def multipart(files: dict[str, bytes]) -> tuple[bytes, str]:
    boundary = secrets.token_hex(16)
    parts = []
    for name, data in files.items():
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
            f"Content-Type: {kind}\r\n\r\n".encode()
            + data
            + b"\r\n"
        )
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def submit(path: Path, url: str, token: str, lang: str, wait: bool = True, poll: float = 1.0) -> int:
    """`grader submit`: send the files, then (with `wait`) print the verdict as `grader check` does;
    0 when every question passed."""
    path = Path(path)
    token = _token(token)
    if not path.exists():
        raise InputError("error.path_missing", path=str(path))
    url = _service_url(url)
    files = sorted(p for p in path.iterdir() if p.suffix == ".py") if path.is_dir() else [path]
    try:
        body, content_type = multipart({p.name: p.read_bytes() for p in files})
    except OSError as exc:
        raise InputError("intake.refused_broken", file=exc.filename or str(path), detail=exc.strerror) from None
    try:
        status, answer = request(f"{url}/api/submit?lang={lang}", token, body, content_type)
        if status != 202:
            raise UsageError("service.rejected", status=status, detail=answer.get("error", ""))
        print(i18n.t("service.submitted", lang, attempt=answer["number"]), flush=True)
        return _verdict(f"{url}/api/attempts/{answer['attempt']}?lang={lang}", token, lang, poll) if wait else 0
    except (urllib.error.URLError, OSError) as exc:
        raise UsageError("service.unreachable", url=url, detail=str(getattr(exc, "reason", exc))) from None
    except (ValueError, KeyError, TypeError, AttributeError):  # answers that are not the service's JSON
        raise UsageError("service.not_the_service", url=url) from None


def _token(given: str) -> str:
    """The token, from itself or from the whole link the teacher handed out."""
    token = given.strip().rsplit("/s/", 1)[-1]
    if not token or not all(c.isascii() and (c.isalnum() or c in "-_") for c in token):
        raise UsageError("service.bad_token")
    return token


def _service_url(url: str) -> str:
    try:
        address = urllib.parse.urlsplit(url)
    except ValueError:
        address = None
    if address is None or address.scheme not in ("http", "https") or not address.hostname:
        raise UsageError("service.bad_url", url=url)
    return url.rstrip("/")


def _verdict(attempt_url: str, token: str, lang: str, poll: float) -> int:
    """Wait for the attempt's verdict and print it; 0 when every question passed."""
    from reports.terminal import format_result

    while True:
        status, view = request(attempt_url, token)
        if status != 200:
            raise UsageError("service.rejected", status=status, detail=view.get("error", ""))
        if view["state"] in FINAL:
            if view["state"] != "done":
                print(view["label"])
                return 1
            result = submission_from_dict(view["result"])
            print(format_result(result, lang))
            return 0 if all(q.status == Status.PASSED for q in result.questions) else 1
        time.sleep(poll)
