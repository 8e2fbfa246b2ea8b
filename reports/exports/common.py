"""What every export shares: a student's name and grade as a gradebook wants them, and the feedback
said in a few lines (the per-question scores, the first reason each question lost points, the
teacher's comments)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from grader.results.gradebook import number, scaled
from grader.text.i18n import say, t, title
from grader.results.records import Status, SubmissionResult

FEEDBACK_DETAIL_CHARS = 240  # one question's reason in a feedback comment; the HTML report has it all


def cell_number(text: str) -> float | None:
    """A number an LMS wrote in one of its files ("20,00", "40.00"), None if the cell holds none."""
    try:
        return float(text.strip().replace(",", "."))
    except ValueError:
        return None


def split_name(name: str) -> tuple[str, str]:
    """(family name, given names). Canvas's sortable name says it ("Durand, Chloé"); else words written
    in capitals are the family name ("DURAND Chloé", "Chloé DURAND"); otherwise the last word is
    (Moodle's default full name is "given family")."""
    if "," in name:
        family, given = name.split(",", 1)
        return family.strip(), given.strip()
    words = name.split()
    upper = [w for w in words if sum(c.isalpha() for c in w) > 1 and w.upper() == w and any(c.isalpha() for c in w)]
    if upper and len(upper) < len(words):
        return " ".join(upper), " ".join(w for w in words if w not in upper)
    if len(words) < 2:
        return name.strip(), ""
    return words[-1], " ".join(words[:-1])


@dataclass
class Line:
    qid: str
    title: str
    score: float
    max: float
    status: Status
    detail: str  # the first reason it lost points, or the teacher's comment


def feedback_lines(sub: SubmissionResult, lang: str) -> list[Line]:
    lines = []
    for q in sub.questions:
        if q.manual:
            detail = q.comment
        elif q.status == Status.PASSED:
            detail = ""
        else:
            failed = [c.message for c in q.checks if c.failed and c.message]
            detail = say(failed[0], lang) if failed else t(f"status.{q.status}", lang)
        detail = re.sub(r"\s+", " ", detail).strip()
        if len(detail) > FEEDBACK_DETAIL_CHARS:
            detail = detail[: FEEDBACK_DETAIL_CHARS - 1] + "…"
        lines.append(Line(q.id, title(q.title, lang), q.score, q.max, q.status, detail))
    return lines


def headline(sub: SubmissionResult, lang: str, out_of: float | None) -> str:
    """ "Total : 14/20 — note : 14/20", or what became of a copy the grader has no grade for, or the
    total so far of one whose written questions are not all marked (no grade yet)."""
    if not sub.has_grade:
        return t(f"submission.{sub.status}", lang).capitalize()
    decimal = "," if lang == "fr" else "."
    said = {"score": number(sub.total, decimal), "max": number(sub.max, decimal)}
    if sub.unmarked:
        return t("export.total_pending", lang, **said, questions=", ".join(sub.unmarked))
    text = t("export.total", lang, **said)
    if out_of:
        text += " — " + t(
            "export.grade_on", lang, grade=number(scaled(sub, out_of), decimal), out_of=number(out_of, decimal)
        )
    return text


def feedback_text(sub: SubmissionResult, lang: str, out_of: float | None = None) -> str:
    """Plain text, one line per question (Gradescope's and PrairieLearn's output, the terminal)."""
    decimal = "," if lang == "fr" else "."
    out = [headline(sub, lang, out_of)]
    for line in feedback_lines(sub, lang):
        status = t(f"status.{line.status}", lang)
        row = f"{line.qid} : {number(line.score, decimal)}/{number(line.max, decimal)} ({status})"
        out.append(row + (f" — {line.detail}" if line.detail else ""))
    if sub.comment:
        out.append(t("export.comment", lang, comment=sub.comment))
    return "\n".join(out)


def feedback_html(sub: SubmissionResult, lang: str, out_of: float | None = None) -> str:
    """The same as a small HTML fragment (Moodle's feedback comments are HTML); every text escaped."""
    decimal = "," if lang == "fr" else "."
    esc = html.escape
    items = []
    for line in feedback_lines(sub, lang):
        text = f"<b>{esc(line.qid)}</b> {number(line.score, decimal)}/{number(line.max, decimal)}"
        text += f" ({esc(t(f'status.{line.status}', lang))})"
        if line.detail:
            text += " — " + esc(line.detail)
        items.append(f"<li>{text}</li>")
    out = f"<p>{esc(headline(sub, lang, out_of))}</p><ul>{''.join(items)}</ul>"
    if sub.comment:
        out += f"<p>{esc(t('export.comment', lang, comment=sub.comment))}</p>"
    return out
