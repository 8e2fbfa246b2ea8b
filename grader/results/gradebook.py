"""The class's grades as a person opens them in a spreadsheet (OUT/grades.csv, the dashboard's
"carnet de notes", the exports' spreadsheets), and the one rule every CSV a person may open follows.

grades.csv is written for the run's language: in French, `;` between fields and a decimal comma (what
French Excel and LibreOffice split into columns), in English `,` and a decimal point; UTF-8 with a BOM
either way (without it Excel reads the accents as Windows-1252). A student is named as the LMS or the
roster spells them, the file-safe id beside. A student with nothing to grade (not submitted, refused
as a duplicate, the grader's own failure) has blank cells and their status, never a 0; one whose
written questions are not all marked has a blank total and grade, and "à noter" with those questions.

A cell a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
return: OWASP's "CSV injection" rule) is written as text, behind a single quote: a student's display
name "=HYPERLINK(...)" stays a name. Numbers, which importers must read as numbers, are left alone, as
is a lone character (Moodle's "-" placeholder): neither can hold a formula.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

from grader.text.i18n import t
from grader.text.terminal import printable
from grader.results.records import Run, Status, SubmissionResult

ENCODING = "utf-8-sig"  # the BOM tells Excel the file is UTF-8
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
DELIMITER = {"fr": ";", "en": ","}
DECIMAL = {"fr": ",", "en": "."}


def spreadsheet_cell(value: Any) -> str:
    """`value` as a CSV cell no spreadsheet runs as a formula."""
    text = "" if value is None else str(value)
    if len(text) > 1 and text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


class SafeWriter:
    """csv.writer whose every cell goes through `spreadsheet_cell`."""

    def __init__(self, handle, **options) -> None:
        self._writer = csv.writer(handle, **options)

    def writerow(self, row) -> None:
        self._writer.writerow([spreadsheet_cell(cell) for cell in row])

    def writerows(self, rows) -> None:
        for row in rows:
            self.writerow(row)


def number(x: float, decimal: str = ".") -> str:
    """At most two decimals, no trailing zeros, never an exponent: 12.5 -> "12,5" with decimal=","."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", decimal)


def scaled(sub: SubmissionResult, out_of: float) -> float:
    """The total on `out_of` (a grade "sur 20"), to the hundredth, rounded once."""
    return round(sub.total / sub.max * out_of, 2) if sub.max > 0 else 0.0


def grade_text(sub: SubmissionResult, out_of: float, decimal: str = ".") -> str:
    """The grade on `out_of` as a cell: blank for a student the grader has no grade for, and for one
    whose written questions are not all marked yet (counting them 0 would be a guess)."""
    return number(scaled(sub, out_of), decimal) if sub.has_final_grade else ""


def status_text(sub: SubmissionResult, lang: str) -> str:
    """What became of a copy, in a word: its status, or the written questions its grade waits for."""
    if sub.has_grade and sub.unmarked:
        return t("submission.unmarked", lang, questions=", ".join(sub.unmarked))
    return t(f"submission.{sub.status}", lang)


def question_ids(run: Run) -> list[str]:
    """Every question of the run, in the order students' results list them (the exam's order)."""
    seen: list[str] = []
    for sub in run.submissions:
        for q in sub.questions:
            if q.id not in seen:
                seen.append(q.id)
    return seen


def display_name(sub: SubmissionResult) -> str:
    """The student's name exactly as the LMS or the roster spells it (what importers match on)."""
    return sub.name or sub.id


def shown_name(sub: SubmissionResult) -> str:
    """The name as a page or a terminal shows it: control, bidi and zero-width characters written as
    escapes (\\u202e), so that no name reverses, hides or imitates another."""
    return printable(display_name(sub), False)


def write_gradebook(path: Path, run: Run, lang: str = "fr", out_of: float = 20) -> Path:
    """One row per student: name, id, LMS participant, status, each question (written ones too: blank
    until marked), total, maximum and grade on `out_of`; in `lang`'s spreadsheet form."""
    lang = lang if lang in DELIMITER else "fr"
    decimal = DECIMAL[lang]
    qids = question_ids(run)
    with Path(path).open("w", newline="", encoding=ENCODING) as handle:
        writer = SafeWriter(handle, delimiter=DELIMITER[lang])
        writer.writerow(
            [
                t("export.col.name", lang),
                t("export.col.id", lang),
                t("export.col.participant", lang),
                t("export.col.status", lang),
                *qids,
                t("export.col.total", lang),
                t("export.col.max", lang),
                t("export.col.grade_on", lang, out_of=number(out_of, decimal)),
            ]
        )
        for sub in run.submissions:
            scores = {q.id: q for q in sub.questions}
            cells = [
                number(q.score, decimal) if sub.has_grade and q is not None and q.status != Status.UNGRADED else ""
                for q in (scores.get(qid) for qid in qids)
            ]
            writer.writerow(
                [
                    display_name(sub),
                    sub.id,
                    sub.participant,
                    status_text(sub, lang),
                    *cells,
                    number(sub.total, decimal) if sub.has_final_grade else "",
                    number(sub.max, decimal),
                    grade_text(sub, out_of, decimal),
                ]
            )
    return Path(path)
