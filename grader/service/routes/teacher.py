"""The teacher's pages: the dashboard (the class, live), a student's attempts and new link, regrades."""

from __future__ import annotations

import json
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from grader.text import i18n
from grader.errors import GraderError
from grader.results.gradebook import number
from grader.results.records import Status
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
from grader.service.routes.standing import best_results, class_run
from grader.service.store import DONE, QUEUED, RUNNING, SUPERSEDED, UNGRADABLE
from grader.service.tasks import scheme_from_text


def dashboard(request: Request) -> Response:
    site = site_of(request)
    store = site.store
    lang = site.lang(request)
    if not teacher(request):
        return RedirectResponse(f"/teacher/login?lang={lang}", status_code=303)
    return site.page(
        "teacher.html",
        lang,
        csrf=csrf(request),
        questions=[q.id for q in site.service.questions if not q.manual],
        deadline=said_deadline(site.config, lang),
        other_lang="en" if lang == "fr" else "fr",
        error=request.query_params.get("error", ""),
        regrades=store.regrade_records(),
        marks=store.setting("marks") or "",
        marks_kind=store.setting("marks_kind") or "toml",
        marks_example=marks_example(site, lang),
    )


def marks_example(site: Site, lang: str) -> dict:
    """An example of hand marks this class accepts (the page's promise, checked by a test): the
    first student, and the first written question the class's barème gives points to, if any."""
    run = class_run(site, lang)
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
    store, config = site.store, site.config
    rows = store.attempts_of()
    by_student: dict[str, list] = {s: [] for s in store.student_ids()}
    for row in rows:
        by_student[row.student].append(row)
    latest = best_results(site)
    qids = [q.id for q in site.service.questions if not q.manual]
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
                "scores": {q.id: said_number(q.score, lang) for q in result.questions} if result else {},
                "total": said_number(result.total, lang) if result else None,
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
                "mean": said_number(sum(q.score for q in marks) / len(marks), lang) if marks else None,
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
