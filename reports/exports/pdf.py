"""A printable feedback sheet per student: one A4 page each (the score of every question, the first
reason each lost points, the teacher's comments), as a PDF per student and one for the class.

fpdf2 draws it: pure Python (no system library, same output on Windows, macOS and Linux), with the
DejaVu Sans fonts shipped in reports/fonts (free licence, every accent and symbol a student's output
may hold). Text is drawn as text, never interpreted (no markup): a submission's content stays inert.
A sheet that does not fit its page is drawn again smaller, then with shorter reasons, so a student
never gets a near-empty second page.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

from grader.text.i18n import t
from grader.results.records import GRADING, Run, SubmissionResult, isolation_text
from grader.results.gradebook import number, shown_name
from reports.exports.common import feedback_lines, headline

FONTS = Path(__file__).resolve().parents[1] / "fonts"
# Tried in order until the sheet fits one page: (font size, characters kept of each reason and title).
ATTEMPTS = ((10, 240, 90), (9, 240, 90), (8, 240, 90), (8, 140, 90), (7, 90, 60), (7, 40, 40), (6, 0, 28))


def _document() -> FPDF:
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=14)
    pdf.set_margins(14, 14, 14)
    pdf.add_font("DejaVu", "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.set_creator("taquin-grader")
    return pdf


def _sheet(
    pdf: FPDF, run: Run, sub: SubmissionResult, lang: str, out_of: float, size: float, chars: int, title_chars: int
) -> None:
    decimal = "," if lang == "fr" else "."
    pdf.add_page()
    pdf.set_font("DejaVu", "B", size + 5)
    pdf.multi_cell(0, None, t("pdf.title", lang), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", "B", size + 3)
    who = shown_name(sub) + (f" — {t('export.col.participant', lang)} {sub.participant}" if sub.participant else "")
    pdf.multi_cell(0, None, who, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", "", size + 1)
    pdf.multi_cell(0, None, headline(sub, lang, out_of), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(size * 0.4)
    pdf.set_font("DejaVu", "", size)
    heading = FontFace(emphasis="BOLD", fill_color=(225, 230, 240))
    with pdf.table(
        col_widths=(9, 50, 15, 18, 90),
        line_height=size * 0.5,
        headings_style=heading,
        text_align=("LEFT", "LEFT", "RIGHT", "LEFT", "LEFT"),
        padding=0.8,
    ) as table:
        table.row([t(f"pdf.col.{k}", lang) for k in ("question", "title", "points", "status", "detail")])
        for line in feedback_lines(sub, lang):
            points = f"{number(line.score, decimal)}/{number(line.max, decimal)}"
            table.row(
                [
                    line.qid,
                    _cut(line.title, title_chars),
                    points,
                    t(f"status.{line.status}", lang),
                    _cut(line.detail, chars),
                ]
            )
    if sub.comment:
        pdf.ln(size * 0.4)
        pdf.set_font("DejaVu", "B", size)
        pdf.multi_cell(0, None, t("report.teacher_comment", lang), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", "", size)
        pdf.multi_cell(0, None, sub.comment, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(size * 0.4)
    pdf.set_font("DejaVu", "", size - 1)
    pdf.set_text_color(90, 90, 90)
    for said in [*_gradings_said(run, sub, lang), t("pdf.details", lang)]:
        pdf.multi_cell(0, None, said, align="L", new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)


def _gradings_said(run: Run, sub: SubmissionResult, lang: str) -> list[str]:
    """Each grading the sheet's results come from (the run's own, or the student's attempts' in the
    service): its date, grader, seed and isolation; the questions each graded when there are several.
    A run without a seed of its own (the service's class) says nothing of a student it did not grade."""
    own = [] if run.seed is None else [{**{key: getattr(run, key) for key in GRADING}, "questions": []}]
    gradings = sub.graded or own
    said = []
    for grading in gradings:
        if not grading["grader_version"]:  # recorded before the service kept its gradings' headers
            said.append(t("pdf.graded_unrecorded", lang, date=grading["date"][:10]))
            continue
        params = {
            "date": grading["date"][:10],
            "version": grading["grader_version"],
            "seed": grading["seed"],
            # A run older than its isolation's recording (results.json from then) says so.
            "isolation": isolation_text(grading["limits"], lang) or t("pdf.isolation_unrecorded", lang),
        }
        if len(gradings) > 1:
            said.append(t("pdf.graded_questions", lang, questions=", ".join(grading["questions"]), **params))
        else:
            said.append(t("pdf.graded", lang, **params))
    return said


def _cut(text: str, chars: int) -> str:
    if len(text) <= chars:
        return text
    return text[: chars - 1] + "…" if chars else ""


def _fitting(run: Run, sub: SubmissionResult, lang: str, out_of: float) -> tuple[FPDF, tuple]:
    """The sheet drawn with the first attempt that fits one page (the last one otherwise)."""
    for attempt in ATTEMPTS:
        pdf = _document()
        _sheet(pdf, run, sub, lang, out_of, *attempt)
        if pdf.pages_count == 1:
            break
    return pdf, attempt


def write_pdfs(
    run: Run, paths: list[Path], class_path: Path | None, lang: str = "fr", out_of: float = 20
) -> list[Path]:
    """One PDF per student (paths in the run's order) and, if asked, the class's, a page each."""
    whole = _document() if class_path else None
    for sub, path in zip(run.submissions, paths):
        pdf, attempt = _fitting(run, sub, lang, out_of)
        path.parent.mkdir(parents=True, exist_ok=True)
        pdf.output(str(path))
        if whole is not None:
            _sheet(whole, run, sub, lang, out_of, *attempt)
    if whole is not None and class_path is not None:
        whole.output(str(class_path))
        return [*paths, class_path]
    return list(paths)
