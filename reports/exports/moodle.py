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
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from grader.errors import InputError
from grader.results.marks import normalise
from grader.results.records import Run, SubmissionResult, SubmissionStatus
from grader.results.gradebook import SafeWriter, display_name, grade_text, number
from reports.exports.common import cell_number, feedback_html

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
    """Write the worksheet; return it and the ids of the students it has no row for. A student the
    grader has no grade for (not submitted...) gets an empty grade and comment: Moodle's importer skips
    an empty grade, where it would record a 0."""
    if template is not None:
        return _fill(run, path, _read(template), lang)
    h = HEADERS[site_lang]
    decimal = "," if site_lang == "fr" else "."
    columns = ["id", "name", "email", "status", "grade", "max", "changeable", "submitted", "modified", "feedback"]
    buffer = io.StringIO()
    writer = SafeWriter(buffer)
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
            "grade": grade_text(sub, out_of, decimal),
            "max": number(out_of, decimal),
            "changeable": VALUES[site_lang]["yes"],
            "submitted": "",
            "modified": _now(),
            "feedback": feedback_html(sub, lang, out_of) if sub.has_final_grade else "",
        }
        writer.writerow([row[c] for c in columns])
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path, missing


@dataclass
class _Sheet:
    """A worksheet downloaded from Moodle: its rows, the site language its headers are in, and where
    the columns this export reads or fills are."""

    path: Path
    rows: list[list[str]]
    site_lang: str
    col: dict[str, int] = field(default_factory=dict)
    feedback: int | None = None


def _read(template: Path) -> _Sheet:
    template = Path(template)
    try:
        text = template.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("moodle.unreadable", path=template, error=exc) from None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise InputError("moodle.not_worksheet", path=template, headers="")
    header = rows[0]
    site_lang = next((lg for lg, h in HEADERS.items() if h["id"] in header and h["grade"] in header), None)
    if site_lang is None or HEADERS[site_lang]["modified"] not in header:  # Moodle refuses it without them
        raise InputError("moodle.not_worksheet", path=template, headers=", ".join(header[:6]))
    col = {key: header.index(name) for key, name in HEADERS[site_lang].items() if name in header}
    feedback = next((header.index(n) for n in FEEDBACK_ALIASES if n in header), None)
    for row in rows[1:]:
        row.extend([""] * (len(header) - len(row)))
    return _Sheet(template, rows, site_lang, col, feedback)


def worksheet_maximum(template: Path) -> float | None:
    """The assignment's maximum grade, as the worksheet downloaded from Moodle says it (its "Maximum
    grade" column, the same on every row): Moodle skips an imported grade above it."""
    sheet = _read(template)
    if "max" not in sheet.col:
        return None
    found = (cell_number(row[sheet.col["max"]]) for row in sheet.rows[1:])
    return next((x for x in found if x is not None and x > 0), None)


def _fill(run: Run, path: Path, sheet: _Sheet, lang: str) -> tuple[Path, list[str]]:
    col, decimal = sheet.col, "," if sheet.site_lang == "fr" else "."
    by_participant = {s.participant: s for s in run.submissions if s.participant}
    by_name: dict[str, list[SubmissionResult]] = {}
    for s in run.submissions:
        by_name.setdefault(normalise(display_name(s)), []).append(s)
    placed = set()
    for row in sheet.rows[1:]:
        number_ = row[col["id"]][len(PARTICIPANT[sheet.site_lang].strip()) :].strip()
        sub = by_participant.get(number_)
        if sub is None and "name" in col:
            same = by_name.get(normalise(row[col["name"]]), [])
            sub = same[0] if len(same) == 1 else None
        if sub is None or sub.id in placed:
            continue
        placed.add(sub.id)
        out_of = cell_number(row[col["max"]]) if "max" in col else None
        out_of = out_of if out_of and out_of > 0 else 20.0
        row[col["grade"]] = grade_text(sub, out_of, decimal)
        row[col["modified"]] = _now()
        if sheet.feedback is not None:
            row[sheet.feedback] = feedback_html(sub, lang, out_of) if sub.has_final_grade else ""
    buffer = io.StringIO()
    SafeWriter(buffer).writerows(sheet.rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path, [s.id for s in run.submissions if s.id not in placed]
