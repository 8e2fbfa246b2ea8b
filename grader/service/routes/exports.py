"""What the teacher takes away: the hand marks typed in the dashboard, grades.csv, and every export of
`grader export` in one zip."""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from grader.errors import GraderError
from grader.results.gradebook import write_gradebook
from grader.results.marks import apply_marks
from grader.service.routes.common import Forbidden, Site, quoted, site_of
from grader.service.routes.signin import checked_form, teacher
from grader.service.routes.standing import class_run


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


def marked_run(site: Site, lang: str):
    run = class_run(site, lang)
    store = site.store
    return apply_marks(run, marks_for(run, store.setting("marks") or "", store.setting("marks_kind") or "toml"))


async def save_marks(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    form = await checked_form(request)
    lang = site.lang(request)
    text, kind = str(form.get("marks") or ""), str(form.get("kind") or "toml")
    if kind not in ("toml", "csv"):
        raise Forbidden
    try:
        marks_for(class_run(site, lang), text, kind)
    except GraderError as exc:
        return RedirectResponse(f"/teacher?lang={lang}&error={quoted(exc.message(lang))}#marks", status_code=303)
    site.store.set_setting("marks", text)
    site.store.set_setting("marks_kind", kind)
    return RedirectResponse(f"/teacher?lang={lang}#marks", status_code=303)


def gradebook(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    lang = site.lang(request)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "grades.csv"
        write_gradebook(
            path, marked_run(site, lang), lang
        )  # as `grader grade` writes it: French Excel's form in French
        data = path.read_bytes()
    return Response(
        data,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="grades.csv"'},
    )


def moodle_worksheet(config) -> Path | None:
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
        raise Forbidden
    site = site_of(request)
    lang = site.lang(request)
    run = marked_run(site, lang)
    buffer = io.BytesIO()
    options = Options(lang=lang, site_lang=lang, moodle_worksheet=moodle_worksheet(site.config))
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
