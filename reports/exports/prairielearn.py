"""PrairieLearn's external-grader result (the `results.json` an external grader writes to
/grade/results/): `gradable`, `score` between 0 and 1, `message`, `output`, and one test per check
group with its points."""

from __future__ import annotations

import json
from pathlib import Path

from grader.i18n import say, t, title
from grader.results import Run, SubmissionResult
from reports.exports.common import feedback_text
from reports.render import file_names


def result(sub: SubmissionResult, lang: str = "fr") -> dict:
    tests = []
    for q in sub.questions:
        if q.manual:
            tests.append(
                {
                    "name": f"{q.id} · {title(q.title, lang)}",
                    "description": t("export.written", lang),
                    "points": q.score,
                    "max_points": q.max,
                    "message": q.comment,
                    "output": "",
                }
            )
            continue
        for check in q.checks or []:
            tests.append(
                {
                    "name": f"{q.id} · {title(check.title, lang)}",
                    "description": title(q.title, lang),
                    "points": round(check.points, 4),
                    "max_points": round(check.max_points, 4),
                    "message": say(check.message, lang),
                    "output": "",
                }
            )
        if not q.checks:  # nothing ran (module missing...): the question as one test
            tests.append(
                {
                    "name": f"{q.id} · {title(q.title, lang)}",
                    "description": title(q.title, lang),
                    "points": q.score,
                    "max_points": q.max,
                    "message": t(f"status.{q.status}", lang),
                    "output": "",
                }
            )
    return {
        "gradable": True,
        "score": round(sub.total / sub.max, 6) if sub.max > 0 else 0.0,
        "message": feedback_text(sub, lang).splitlines()[0],
        "output": feedback_text(sub, lang),
        "tests": tests,
    }


def write_results(run: Run, folder: Path, lang: str = "fr") -> Path:
    """One `<student>.json` per student in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for sub, name in zip(run.submissions, file_names([s.id for s in run.submissions])):
        path = folder / (name[: -len(".html")] + ".json")
        path.write_text(json.dumps(result(sub, lang), ensure_ascii=False, indent=1), encoding="utf-8")
    return folder
