"""Spreadsheets for French locales: `;` between fields, decimal comma, UTF-8 with a BOM (what French
Excel and LibreOffice open in columns, accents intact), a sheet to paste into Pronote, and the
per-question statistics."""

from __future__ import annotations

import csv
import unicodedata
from pathlib import Path

from grader.i18n import t
from grader.results import Run, Status
from reports.exports.common import display_name, number, question_ids, question_stats, scaled, split_name

ENCODING = "utf-8-sig"  # the BOM tells Excel the file is UTF-8


def _writer(path: Path):
    handle = path.open("w", newline="", encoding=ENCODING)
    return handle, csv.writer(handle, delimiter=";", quoting=csv.QUOTE_MINIMAL)


def write_class_csv(run: Run, path: Path, out_of: float = 20) -> Path:
    """One row per student: id, name, participant, each question (written ones too), total, max, grade."""
    qids = question_ids(run)
    handle, writer = _writer(path)
    with handle:
        writer.writerow(
            [
                t("export.col.id", "fr"),
                t("export.col.name", "fr"),
                t("export.col.participant", "fr"),
                *qids,
                t("export.col.total", "fr"),
                t("export.col.max", "fr"),
                t("export.col.grade_on", "fr", out_of=number(out_of, ",")),
            ]
        )
        for sub in run.submissions:
            scores = {q.id: q for q in sub.questions}
            cells = [
                "" if q is None or q.status == Status.UNGRADED else number(q.score, ",")
                for q in (scores.get(qid) for qid in qids)
            ]
            writer.writerow(
                [
                    sub.id,
                    display_name(sub),
                    sub.participant,
                    *cells,
                    number(sub.total, ","),
                    number(sub.max, ","),
                    number(scaled(sub, out_of), ","),
                ]
            )
    return path


def _sort_key(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def write_pronote(run: Run, path: Path, out_of: float = 20) -> Path:
    """ "NOM Prénom" and the grade on `out_of`, in Pronote's order (family name, then given names), so
    that the grade column pastes into Pronote's column of the class as it is listed there."""
    rows = []
    for sub in run.submissions:
        family, given = split_name(display_name(sub))
        rows.append(
            (_sort_key(family), _sort_key(given), f"{family.upper()} {given}".strip(), number(scaled(sub, out_of), ","))
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
    """Per question: points, students counted, mean, median, pass rate (full marks), in %."""
    handle, writer = _writer(path)
    with handle:
        writer.writerow(
            [
                t(f"export.col.{k}", "fr")
                for k in ("question", "title", "points", "count", "mean", "median", "pass_rate")
            ]
        )
        for s in question_stats(run, "fr"):  # a French spreadsheet, as its headers

            def cell(x, scale=1.0):
                return "" if x is None else number(x * scale, ",")

            writer.writerow(
                [s.qid, s.title, number(s.points, ","), s.count, cell(s.mean), cell(s.median), cell(s.pass_rate, 100)]
            )
    return path
