"""Taking a submission in, for the student's page and `grader submit` alike: the student's rate limit
spent, then the files or pasted code read in a worker thread (off the event loop that answers everyone
else) and checked (kind, size, readable, answering a part the class grades), each question's rate spent,
the attempt stored and queued. Anything refused is refused before anything is stored."""

from __future__ import annotations

import io
import math
import re
import tempfile
import time
import zipfile
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request

from grader.text import i18n
from grader.errors import GraderError, UsageError
from grader.intake import SUBMITTED, load_submission
from grader.intake.modules import modules_defined
from grader.service.routes.common import Site

SUFFIXES = (".py", ".zip", ".ipynb")
MAX_FILES = 10  # in one submission (a zip holds more)
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class Refused(UsageError):
    """A submission turned away before anything is stored: a catalogue key, an HTTP status."""

    def __init__(self, key: str, status: int = 400, **params):
        super().__init__(key, **params)
        self.status = status


def budget(site: Site, student: str, modules: list[str] | None = None) -> dict:
    """What the student may still submit now: their own bucket and each question's."""
    questions = site.service.questions_for(modules or ["jeux", "taquin", "recherche"])
    levels = site.store.take(_buckets(site, student, [q.id for q in questions]), time.time(), apply=False)
    return {
        "student": math.floor(levels.pop(f"s:{student}")),
        "questions": {key.rsplit(":", 1)[1]: math.floor(v) for key, v in levels.items()},
    }


def _buckets(site: Site, student: str, qids: list[str]) -> dict:
    return {**_student_bucket(site, student), **_question_buckets(site, student, qids)}


def _student_bucket(site: Site, student: str) -> dict:
    rate = site.config.rate_limit
    return {f"s:{student}": (rate.student_burst, rate.student_per_hour)}


def _question_buckets(site: Site, student: str, qids: list[str]) -> dict:
    rate = site.config.rate_limit
    return {f"q:{student}:{qid}": (rate.question_burst, rate.question_per_hour) for qid in qids}


async def accept_form(site: Site, request: Request, student: str, lang: str) -> int:
    """The page's form and `grader submit` alike: files under `files`, pasted code under `code`."""
    max_upload = site.max_upload
    try:
        form = await request.form(max_files=MAX_FILES, max_fields=10, max_part_size=max_upload)
    except HTTPException:  # too many files, one too large, not multipart: said as Starlette's English
        raise Refused("service.refused.form", 400, files=MAX_FILES, kib=site.config.max_upload_kib) from None
    uploads = [
        (f.filename or "", await f.read(max_upload + 1)) for f in form.getlist("files") if not isinstance(f, str)
    ]
    code = str(form.get("code") or "")
    config, service, store = site.config, site.service, site.store
    now = time.time()
    late = config.deadline is not None and now > config.deadline.timestamp()
    if late and config.late == "refuse":
        raise Refused("service.refused.deadline", 403)
    if not code.strip() and not any(name or data for name, data in uploads):
        raise Refused("service.refused.empty")
    # The student's own bucket is spent before anything they sent is read (reading a submission costs
    # the service, whatever becomes of it); the reading runs in a thread, never on the event loop that
    # answers everyone else.
    if store.take(_student_bucket(site, student), now, apply=True)[f"s:{student}"] < 1:
        raise Refused("service.refused.rate", 429)
    filename, data, modules = await run_in_threadpool(_read, uploads, code, site.max_upload)
    questions = service.questions_for(modules)
    if not questions:
        raise Refused("service.refused.nothing_graded", 400)
    levels = store.take(_question_buckets(site, student, [q.id for q in questions]), now, apply=True)
    empty = sorted(k.rsplit(":", 1)[1] for k, v in levels.items() if v < 1)
    if empty:
        raise Refused("service.refused.rate_question", 429, questions=", ".join(empty))
    graded = [q.id for q in service.graded_questions()]
    attempt, _ = store.store_attempt(student, filename, data, modules, graded, lang, late, now)
    service.enqueue(attempt)  # stored first: if this fails, the reaper queues it again
    return attempt


def _read(uploads: list[tuple[str, bytes]], code: str, limit: int) -> tuple[str, bytes, list[str]]:
    """What the student sent as one stored file, and the parts it answers (in a worker thread)."""
    filename, data = _package(uploads, code, limit)
    return filename, data, modules_answered(filename, data)


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


def modules_answered(filename: str, data: bytes) -> list[str]:
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
