"""The teacher's pages: the dashboard (the class, live; the hand marks and the written questions' points
typed in it), a student's attempts and new link, regrades."""

from __future__ import annotations

import json
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from grader.text import i18n
from grader.errors import GraderError
from grader.results.gradebook import number
from grader.registry import all_questions
from grader.results.marks import MarksError, waiting_for_marks, written_points
from grader.results.records import Status
from grader.results.summary import class_stats
from grader.service.routes.attempts import attempt_view
from grader.service.routes.common import (
    Forbidden,
    NotFound,
    Site,
    int_param,
    quoted,
    said_deadline,
    said_number,
    said_score,
    site_of,
)
from grader.service.routes.live import live
from grader.service.routes.signin import checked_form, csrf, teacher
from grader.service.routes.exports import (
    MAX_POINTS,
    POINTS_SETTING,
    marked_run,
    marks_for,
    parse_points,
    scheme_run,
    stored_marks,
)
from grader.service.routes.standing import best_results
from grader.service.store import DONE, QUEUED, RUNNING, SUPERSEDED, UNGRADABLE
from grader.service.tasks import scheme_from_text


def dashboard(request: Request) -> Response:
    site = site_of(request)
    lang = site.lang(request)
    if not teacher(request):
        return RedirectResponse(f"/teacher/login?lang={lang}", status_code=303)
    return dashboard_page(request, site, lang)


def dashboard_page(
    request: Request,
    site: Site,
    lang: str,
    *,
    status: int = 200,
    marks: tuple[str, str] | None = None,
    marks_problems: list[str] | None = None,
    points: dict[str, str] | None = None,
    points_problems: list[str] | None = None,
) -> Response:
    """The dashboard; after a refused form, with what the teacher typed kept (`marks`: text and format;
    `points`: each written question's field) and the problems said beside it (a sentence, then each
    problem)."""
    store = site.store
    run, broken = marked_run(site, lang)
    written = written_questions(run, lang)
    if marks is None:
        marks = stored_marks(site)
    if marks_problems is None and broken is not None:  # the class changed since: said until they are fixed
        marks_problems = [i18n.t("service.marks.stale", lang), *broken.lines(lang)]
    return site.page(
        "teacher.html",
        lang,
        status,
        csrf=csrf(request),
        questions=class_questions(site, run),
        deadline=said_deadline(site.config, lang),
        other_lang="en" if lang == "fr" else "fr",
        error=request.query_params.get("error", ""),
        regrades=store.regrade_records(),
        marks=marks[0],
        marks_kind=marks[1],
        marks_problems=marks_problems or [],
        marks_example=marks_example(run, written, lang),
        waiting=waiting_for_marks(run),
        written=[{**q, "typed": (points or {}).get(q["id"], said_number(q["points"], lang))} for q in written],
        points_problems=points_problems or [],
    )


def written_questions(run, lang: str) -> list[dict]:
    """Every written question of the exam, its title and its points in the class's barème."""
    scheme = run.scheme.get("questions", {})
    return [
        {"id": q.id, "title": i18n.t(f"{q.id}.title", lang), "points": float(scheme.get(q.id, {}).get("points", 0))}
        for q in all_questions()
        if q.manual
    ]


def class_questions(site: Site, run) -> list[str]:
    """The dashboard's columns: the class's automatic questions, then the written ones worth points."""
    return [q.id for q in site.service.questions if not q.manual] + list(written_points(run, worth_points=True))


def marks_example(run, written: list[dict], lang: str) -> dict:
    """An example of hand marks this class accepts (the page's promise, checked by a test): the
    first student, and the first written question the class's barème gives points to, if any."""
    worth = [q for q in written if q["points"] > 0]
    student = json.dumps(run.submissions[0].id if run.submissions else "alice", ensure_ascii=False)
    lines = [f"[{student}]"]
    if worth:
        lines.append(f"{worth[0]['id']} = {number(worth[0]['points'] / 2)}")
    lines.append(f'commentaire = "{i18n.t("service.marks.example_comment", lang)}"')
    return {"text": "\n".join(lines), "written": [q["id"] for q in worth]}


async def save_marks(request: Request) -> Response:
    """The hand marks typed in: kept when every line is right; otherwise the page again, the text as
    typed and each problem said (nothing of it merged)."""
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    form = await checked_form(request)
    lang = site.lang(request)
    text, kind = str(form.get("marks") or ""), str(form.get("kind") or "toml")
    if kind not in ("toml", "csv"):
        raise Forbidden
    try:
        marks_for(scheme_run(site, lang), text, kind)
    except MarksError as exc:
        problems = [exc.message(lang).splitlines()[0], *exc.lines(lang)]
        return dashboard_page(request, site, lang, status=400, marks=(text, kind), marks_problems=problems)
    site.store.set_setting("marks", text)
    site.store.set_setting("marks_kind", kind)
    return RedirectResponse(f"/teacher?lang={lang}#marks", status_code=303)


async def save_written_points(request: Request) -> Response:
    """The written questions' points, set from the dashboard and kept in the store: the class's barème
    for the marks, the gradebook and the exports from now on, with no file to edit and no restart. Refused
    when a value is not a number of points, or when the marks kept would no longer fit (a mark above
    the new points): those marks are named."""
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    form = await checked_form(request)
    lang = site.lang(request)
    current = {q["id"]: q["points"] for q in written_questions(scheme_run(site, lang), lang)}
    points, refused = parse_points(form, current)
    typed = {qid: str(form.get(f"points-{qid}", "")) for qid in current}
    if refused:
        said = i18n.t("service.points.bad", lang, questions=", ".join(refused), high=said_number(MAX_POINTS, lang))
        return dashboard_page(request, site, lang, status=400, points=typed, points_problems=[said])
    try:
        marks_for(scheme_run(site, lang, points), *stored_marks(site))
    except MarksError as exc:
        problems = [i18n.t("service.points.breaks_marks", lang), *exc.lines(lang)]
        return dashboard_page(request, site, lang, status=400, points=typed, points_problems=problems)
    site.store.set_setting(POINTS_SETTING, json.dumps(points))
    return RedirectResponse(f"/teacher?lang={lang}#written", status_code=303)


def class_json(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    return JSONResponse(class_view(site, site.lang(request)))


def class_events(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    lang = site.lang(request)
    return live(lang, lambda: class_view(site, lang))


def class_view(site: Site, lang: str) -> dict:
    """The class table and its statistics, as the exports see the class (hand marks merged; a grade
    that waits for a written mark said so): the figures of grader/results/summary.py."""
    store, config = site.store, site.config
    rows = store.attempts_of()
    by_student: dict[str, list] = {s: [] for s in store.student_ids()}
    for row in rows:
        by_student[row.student].append(row)
    run, _ = marked_run(site, lang)
    subs = {s.id: s for s in run.submissions}
    qids = class_questions(site, run)
    stats = [
        {
            "id": q.qid,
            "graded": q.counted,
            "mean": None if q.mean is None else said_number(q.mean, lang),
            "passed": q.outcomes["passed"],
            "unmarked": q.unmarked,
        }
        for q in class_stats(run).questions
        if q.qid in qids
    ]
    return {
        "students": [_student_row(site, student, own, subs.get(student), lang) for student, own in by_student.items()],
        "questions": qids,
        "stats": stats,
        "missing": [config.name_of(s) for s, own in by_student.items() if not own],
        "waiting": i18n.t("service.teacher.waiting", lang, n=sum(r.state in (QUEUED, RUNNING) for r in rows)),
    }


def _student_row(site: Site, student: str, own: list, sub, lang: str) -> dict:
    """A student's row of the class table: their attempts (`own`) and their results as the exports
    see them (`sub`, None for a student with none)."""
    graded = sub is not None and sub.has_grade
    scored = [q for q in sub.questions if q.status != Status.UNGRADED] if graded else []
    state = i18n.t(f"service.state.{own[-1].state}", lang, n=0) if own else i18n.t("submission.not_submitted", lang)
    return {
        "student": student,
        "name": site.config.name_of(student),
        "attempts": len(own),
        "absent": not own,  # nothing handed in: said with a badge, as on the class report, never a row of zeros
        "state": state,
        "late": any(r.late for r in own),
        "scores": {q.id: said_number(q.score, lang) for q in scored},
        "total": said_number(sub.total, lang) if graded else None,
        "unmarked": ", ".join(sub.unmarked) if graded else "",
    }


async def student_detail(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    store = site.store
    lang = site.lang(request)
    student = request.path_params["student"]
    if student not in store.student_ids():
        raise NotFound
    link = ""
    if request.method == "POST":  # a lost or shared link: a new one, the old one stops working
        await checked_form(request)
        link = f"{request.base_url}s/{store.new_token(student)}"
    views = [attempt_view(site, r, lang, "/teacher") for r in reversed(store.attempts_of(student))]
    return site.page(
        "attempts.html", lang, student=site.config.name_of(student), attempts=views, csrf=csrf(request), link=link
    )


async def regrade(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    service, store = site.service, site.store
    form = await checked_form(request)
    lang = site.lang(request)
    text = str(form.get("scheme") or "")
    try:
        seed = int(str(form.get("seed") or "").strip())
        if text.strip():
            scheme_from_text(text).as_dict(service.questions)
    except ValueError:
        return RedirectResponse(
            f"/teacher?lang={lang}&error={quoted(i18n.t('service.regrade.bad_seed', lang))}", status_code=303
        )
    except GraderError as exc:
        return RedirectResponse(f"/teacher?lang={lang}&error={quoted(exc.message(lang))}", status_code=303)
    latest: dict[tuple[str, str], object] = {}  # each student's latest graded copy of each set of files
    for row in store.attempts_of():
        if row.state == DONE:
            latest[(row.student, row.modules)] = row
    record, ids = store.regrade(list(latest.values()), seed, text.strip(), time.time())
    for attempt in ids:
        service.enqueue(attempt)
    return RedirectResponse(f"/teacher/regrades/{record}?lang={lang}", status_code=303)


def regrade_page(request: Request) -> Response:
    if not teacher(request):
        raise Forbidden
    site = site_of(request)
    store, config = site.store, site.config
    lang = site.lang(request)
    record = store.regrade_record(int_param(request.path_params["regrade"]))
    if record is None:
        raise NotFound
    rows = store.attempts_of(regrade=record.id)
    before, after = best_results(site), best_results(site, record.id)
    changes = []
    for student in sorted(after):
        old, new = before.get(student), after[student]
        olds = {q.id: q for q in old.questions} if old else {}
        moved = [
            i18n.t(
                "service.regrade.moved",
                lang,
                qid=q.id,
                old=said_score(olds[q.id].score, olds[q.id].max, lang),
                new=said_score(q.score, q.max, lang),
            )
            for q in new.questions
            if q.id in olds and (olds[q.id].score, olds[q.id].max) != (q.score, q.max)
        ]
        changes.append(
            {
                "student": student,
                "name": config.name_of(student),
                "old": said_score(old.total, old.max, lang) if old else "",
                "new": said_score(new.total, new.max, lang),
                "delta": said_number(round(new.total - (old.total if old else 0.0), 2), lang),
                "moved": moved,
            }
        )
    waiting = sum(r.state not in (DONE, UNGRADABLE, SUPERSEDED) for r in rows)
    return site.page(
        "regrade.html",
        lang,
        record=record,
        changes=changes,
        waiting=waiting,
        total=len(rows),
        ungradable=sum(r.state == UNGRADABLE for r in rows),
    )
