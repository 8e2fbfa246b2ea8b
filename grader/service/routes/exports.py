"""What the teacher takes away, and the class as it is taken: the class's barème with the written
questions' points set in the dashboard, the hand marks typed there, grades.csv, and every export of
`grader export` in one zip."""

from __future__ import annotations

import io
import json
import math
import tempfile
import zipfile
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from grader.errors import GraderError
from grader.registry import all_questions
from grader.results.gradebook import write_gradebook
from grader.results.marks import MarksError, StudentMarks, Unmarked, apply_marks, give_written_points, read_marks
from grader.results.records import Run
from grader.service.routes.common import Forbidden, Site, site_of
from grader.service.routes.signin import teacher
from grader.service.routes.standing import class_run

POINTS_SETTING = "written_points"  # the store's setting: {"q13": 2.0, ...}, set from the dashboard
MAX_POINTS = 1000.0  # a written question's points, as the dashboard's form takes them


def written_points_set(site: Site) -> dict[str, float]:
    """The written questions' points the teacher set in the dashboard (over the class's barème)."""
    return json.loads(site.store.setting(POINTS_SETTING) or "{}")


def parse_points(form, current: dict[str, float]) -> tuple[dict[str, float], list[str]]:
    """The form's points, one field per written question (`points-q13`; a question without its field
    keeps its `current` points), and the questions whose field is not a number from 0 to MAX_POINTS (a
    decimal comma accepted)."""
    points, refused = {}, []
    for qid, now in current.items():
        text = str(form.get(f"points-{qid}", now)).strip().replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if math.isfinite(value) and 0 <= value <= MAX_POINTS:
            points[qid] = value
        else:
            refused.append(qid)
    return points, refused


def scheme_run(site: Site, lang: str, points: dict[str, float] | None = None) -> Run:
    """The class as a graded run under its barème, every written question of the exam in it (also those
    the class's `questions` leave out: marked by hand all the same), with the points set in the
    dashboard (or `points`, to try new ones) where it set them."""
    run = class_run(site, lang)
    configured = {q.id: site.service.scheme.points(q) for q in all_questions() if q.manual}
    give_written_points(run, {**configured, **(written_points_set(site) if points is None else points)})
    return run


def marks_for(run: Run, text: str, kind: str) -> dict[str, StudentMarks]:
    """The hand marks typed in the dashboard (the CSV or TOML of `--marks`), checked against `run` by
    the same code as `grader export --marks`, its problems said by line and in the dashboard's words."""
    return read_marks(text, kind, run) if text.strip() else {}


def stored_marks(site: Site) -> tuple[str, str]:
    """The hand marks kept in the store: their text and format."""
    return site.store.setting("marks") or "", site.store.setting("marks_kind") or "toml"


def marked_run(site: Site, lang: str, unmarked: Unmarked = Unmarked.BLANK) -> tuple[Run, MarksError | None]:
    """The class with its hand marks merged in, and what is wrong with the marks kept if they no longer
    fit the class (its configuration changed since): then none are merged, and the dashboard says why."""
    run = scheme_run(site, lang)
    try:
        marks = marks_for(run, *stored_marks(site))
    except MarksError as exc:
        return apply_marks(run, {}, unmarked), exc
    return apply_marks(run, marks, unmarked), None


def _unmarked(request: Request) -> Unmarked:
    """The dashboard's choice for the written questions not marked yet (`?unmarked=zero`)."""
    choice = request.query_params.get("unmarked", Unmarked.BLANK)
    if choice not in tuple(Unmarked):
        raise Forbidden
    return Unmarked(choice)


def gradebook(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    lang = site.lang(request)
    run, _ = marked_run(site, lang, _unmarked(request))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "grades.csv"
        write_gradebook(path, run, lang)  # as `grader grade` writes it: French Excel's form in French
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
    run, _ = marked_run(site, lang, _unmarked(request))
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
