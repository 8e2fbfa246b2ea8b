"""Moodle's offline grading worksheet of an assignment ("feuille d'évaluation hors ligne"), to upload
back with "Téléverser la feuille d'évaluation" / "Upload grading worksheet".

Moodle's importer (mod/assign/feedback/offline) finds its columns by their headers in the language of
the Moodle site: the record id ("Participant 123" in English, "Participant123" in French: the
`hiddenuser` string is followed by the number), the grade, the last modification of the grade (read
with PHP's strtotime: we write an ISO date, which it reads in any site language, where Moodle's own
French dates are not) and one column per feedback plugin (the feedback comments, stored as HTML). A
grade above the assignment's maximum grade is skipped by Moodle: grades are scaled to that maximum.

Given the worksheet downloaded from Moodle (`template`), the grades and comments are filled into it and
every other column is kept as Moodle wrote it; without one, a worksheet is built with the same columns.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

from grader.errors import InputError
from grader.marks import normalise
from grader.results import Run, SubmissionResult, SubmissionStatus
from reports.exports.common import display_name, feedback_html, number, scaled

# The headers of the worksheet as Moodle writes them, by site language (Moodle's language packs).
HEADERS = {
    "fr": {
        "id": "Identifiant",
        "name": "Nom complet",
        "email": "Adresse de courriel",
        "status": "Statut",
        "grade": "Note",
        "max": "Note maximale",
        "changeable": "La note peut être modifiée",
        "submitted": "Dernière modification (travail remis)",
        "modified": "Dernière modification (note)",
        "feedback": "Feedback par commentaires",
    },
    "en": {
        "id": "Identifier",
        "name": "Full name",
        "email": "Email address",
        "status": "Status",
        "grade": "Grade",
        "max": "Maximum grade",
        "changeable": "Grade can be changed",
        "submitted": "Last modified (submission)",
        "modified": "Last modified (grade)",
        "feedback": "Feedback comments",
    },
}
PARTICIPANT = {"fr": "Participant", "en": "Participant "}  # Moodle's `hiddenuser` string
VALUES = {
    "fr": {"yes": "Oui", "submitted": "Remis pour évaluation", "none": "Aucun travail remis"},
    "en": {"yes": "Yes", "submitted": "Submitted for grading", "none": "No submission"},
}
# Older sites call the comments column by the plugin's former name.
FEEDBACK_ALIASES = ("Feedback par commentaires", "Commentaires de feedback", "Feedback comments")


def _now() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")


def write_worksheet(
    run: Run, path: Path, *, site_lang: str = "fr", lang: str = "fr", out_of: float = 20, template: Path | None = None
) -> tuple[Path, list[str]]:
    """Write the worksheet; return it and the ids of the students it has no row for."""
    if template is not None:
        return _fill(run, path, Path(template), lang)
    h = HEADERS[site_lang]
    decimal = "," if site_lang == "fr" else "."
    columns = ["id", "name", "email", "status", "grade", "max", "changeable", "submitted", "modified", "feedback"]
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([h[c] for c in columns])
    missing = []
    for sub in run.submissions:
        if not sub.participant:  # Moodle could not tell whose row it is
            missing.append(sub.id)
            continue
        row = {
            "id": PARTICIPANT[site_lang] + sub.participant,
            "name": display_name(sub),
            "email": sub.email,
            "status": VALUES[site_lang]["none" if sub.status == SubmissionStatus.NOT_SUBMITTED else "submitted"],
            "grade": number(scaled(sub, out_of), decimal),
            "max": number(out_of, decimal),
            "changeable": VALUES[site_lang]["yes"],
            "submitted": "",
            "modified": _now(),
            "feedback": feedback_html(sub, lang, out_of),
        }
        writer.writerow([row[c] for c in columns])
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path, missing


def _fill(run: Run, path: Path, template: Path, lang: str) -> tuple[Path, list[str]]:
    try:
        text = template.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("moodle.unreadable", path=template, error=exc) from None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise InputError("moodle.not_worksheet", path=template, headers="")
    header = rows[0]
    site_lang = next((lg for lg, h in HEADERS.items() if h["id"] in header and h["grade"] in header), None)
    if site_lang is None:
        raise InputError("moodle.not_worksheet", path=template, headers=", ".join(header[:6]))
    h = HEADERS[site_lang]
    col = {key: header.index(name) for key, name in h.items() if name in header}
    feedback = next((header.index(n) for n in FEEDBACK_ALIASES if n in header), None)
    if "modified" not in col:
        raise InputError("moodle.not_worksheet", path=template, headers=", ".join(header[:6]))
    decimal = "," if site_lang == "fr" else "."
    by_participant = {s.participant: s for s in run.submissions if s.participant}
    by_name: dict[str, list[SubmissionResult]] = {}
    for s in run.submissions:
        by_name.setdefault(normalise(display_name(s)), []).append(s)
    placed = set()
    for row in rows[1:]:
        if len(row) < len(header):
            row.extend([""] * (len(header) - len(row)))
        number_ = row[col["id"]][len(PARTICIPANT[site_lang].strip()) :].strip()
        sub = by_participant.get(number_)
        if sub is None and "name" in col:
            same = by_name.get(normalise(row[col["name"]]), [])
            sub = same[0] if len(same) == 1 else None
        if sub is None or sub.id in placed:
            continue
        placed.add(sub.id)
        out_of = _float(row[col["max"]]) if "max" in col else None
        out_of = out_of if out_of and out_of > 0 else 20.0
        row[col["grade"]] = number(scaled(sub, out_of), decimal)
        row[col["modified"]] = _now()
        if feedback is not None:
            row[feedback] = feedback_html(sub, lang, out_of)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path, [s.id for s in run.submissions if s.id not in placed]


def _float(text: str) -> float | None:
    try:
        return float(text.strip().replace(",", "."))
    except ValueError:
        return None
