"""Spreadsheets for French locales: the class's table (grades.csv's French form), a sheet to paste
into Pronote, and the per-question statistics: `;` between fields, decimal comma, UTF-8 with a BOM
(what French Excel and LibreOffice open in columns, accents intact), every cell safe to open
(grader.results.gradebook.spreadsheet_cell)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from grader.results.gradebook import ENCODING, SafeWriter, display_name, grade_text, number
from grader.text.i18n import t, title
from grader.results.records import Run, SubmissionStatus
from grader.results.summary import class_stats
from reports.exports.common import split_name

# Pronote's own mark for work not handed in; it counts in no average unless the teacher says so.
PRONOTE_NOT_SUBMITTED = "N.Rdu"


def _writer(path: Path):
    handle = path.open("w", newline="", encoding=ENCODING)
    return handle, SafeWriter(handle, delimiter=";")


def _sort_key(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def _pronote_grade(sub, out_of: float) -> str:
    if sub.status == SubmissionStatus.NOT_SUBMITTED and not sub.has_grade:
        return PRONOTE_NOT_SUBMITTED
    return grade_text(sub, out_of, ",")  # the grader's failure or a refused duplicate: blank, to look at


def write_pronote(run: Run, path: Path, out_of: float = 20) -> Path:
    """ "NOM Prénom" and the grade on `out_of`, in Pronote's order (family name, then given names), so
    that the grade column pastes into Pronote's column of the class as it is listed there. A student
    who handed nothing in gets Pronote's "N.Rdu" (non rendu), never a 0."""
    rows = []
    for sub in run.submissions:
        family, given = split_name(display_name(sub))
        rows.append(
            (_sort_key(family), _sort_key(given), f"{family.upper()} {given}".strip(), _pronote_grade(sub, out_of))
        )
    handle, writer = _writer(path)
    with handle:
        writer.writerow(
            [t("export.col.pronote_student", "fr"), t("export.col.grade_on", "fr", out_of=number(out_of, ","))]
        )
        for *_, name, grade in sorted(rows):
            writer.writerow([name, grade])
    return path


def write_stats(run: Run, path: Path) -> Path:
    """Per question: points, students counted, mean, median, pass rate (full marks), in %: the class
    page's figures (grader/results/summary.py)."""

    def cell(x, scale=1.0):
        return "" if x is None else number(x * scale, ",")

    handle, writer = _writer(path)
    with handle:
        writer.writerow(
            [
                t(f"export.col.{k}", "fr")
                for k in ("question", "title", "points", "count", "mean", "median", "pass_rate")
            ]
        )
        for s in class_stats(run).questions:  # a French spreadsheet, as its headers
            writer.writerow(
                [
                    s.qid,
                    title(s.title, "fr"),
                    number(s.points, ","),
                    s.counted,
                    cell(s.mean),
                    cell(s.median),
                    cell(s.pass_rate, 100),
                ]
            )
    return path
