"""HTML reports: the class page (OUT/index.html), one page per student, and a print-all page.

Everything coming from a submission is untrusted: templates autoescape, data for the inline script is
embedded with `tojson` in `<script type="application/json">` blocks, and a Content-Security-Policy
only lets the report's own script run (by hash), so that a missed escape still runs nothing.
Pages are self-contained (inline CSS, SVG and JS) and work opened from disk.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
import unicodedata
from collections import Counter
from pathlib import Path

from jinja2 import BytecodeCache, Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from jinja2.bccache import Bucket
from markupsafe import Markup

from grader.caches import cached, register
from grader.text import display
from grader.text.terminal import printable
from grader.results.gradebook import DECIMAL, number, shown_name
from grader.text.i18n import defined, local_time, say, t, title
from grader.results.records import (
    STATUSES,
    Run,
    Status,
    SubmissionResult,
    graded_run,
    isolation_text,
    private_folder,
)
from grader.results.summary import FAILED, NOT_RUN, Histogram, QuestionStats, class_stats
from reference.cache import cache_dir
from reports import drawing, replay

TEMPLATES = Path(__file__).parent / "templates"
INDEX = "index.html"
PRINT_ALL = "print.html"
# Stems a student page must not take: our own pages, and names Windows refuses.
_RESERVED = {
    "index",
    "print",
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
VALUE_MAX_CHARS = 4000  # a counterexample or a value shown, beyond which the display is cut
OUTPUT_MAX_CHARS = 20000  # per captured stream (the sandbox already capped it)

SCRIPT = (TEMPLATES / "report.js").read_text(encoding="utf-8")
SCRIPT_HASH = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode()
CSP = (
    f"default-src 'none'; script-src 'sha256-{SCRIPT_HASH}'; style-src 'unsafe-inline'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)


def render_class(run: Run, out_dir: Path, lang: str | None = None) -> Path:
    """Write OUT/index.html, one page per student and OUT/print.html, in `lang` (by default the
    language the run was graded in); return the index's path."""
    out_dir = Path(out_dir)
    private_folder(out_dir)
    lang = lang or run.lang
    env = environment(lang)
    names = file_names([s.id for s in run.submissions])
    for sub, name in zip(run.submissions, names):
        graded = graded_run(run, sub)
        _write(out_dir / name, env.get_template("student.html").render(run=graded, sub=_student_view(sub), back=INDEX))
    _write(
        out_dir / PRINT_ALL,
        env.get_template("print.html").render(
            subs=[(_student_view(s, anchor=f"s{i}-"), graded_run(run, s)) for i, s in enumerate(run.submissions)],
            back=INDEX,
        ),
    )
    index = out_dir / INDEX
    _write(index, env.get_template("class.html").render(run=run, cls=_class_view(run, names, lang)))
    return index


def render_student(
    run: Run, submission: SubmissionResult, path: Path, *, back: str | None = None, lang: str | None = None
) -> Path:
    """Write one student's page (`grader check --html`); `back` links to a class page if given."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _write(path, student_page(run, submission, back=back, lang=lang))
    return path


def student_page(run: Run, submission: SubmissionResult, *, back: str | None = None, lang: str | None = None) -> str:
    """One student's page as text, in `lang` (by default the run's): the web service serves it in its
    reader's language, with `CSP` as a header too."""
    return (
        environment(lang or run.lang)
        .get_template("student.html")
        .render(run=run, sub=_student_view(submission), back=back)
    )


def file_names(ids: list[str]) -> list[str]:
    """A safe, distinct file name per student id, in order (ids may repeat or hold any character).

    A plain id keeps its name; any other gets a short hash of the id so that ids which clean up the
    same stay apart, also on case-insensitive file systems.
    """
    names, taken = [], set()
    for sid in ids:
        ascii_id = unicodedata.normalize("NFKD", sid).encode("ascii", "ignore").decode()
        stem = re.sub(r"\.{2,}", ".", _UNSAFE.sub("_", ascii_id)).strip("._-")[:60] or "copie"
        if stem != sid or stem.lower() in _RESERVED or stem.lower() in taken:
            stem = f"{stem}-{hashlib.sha1(sid.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
        unique, n = stem, 1
        while unique.lower() in taken:  # the very same id twice
            n += 1
            unique = f"{stem}-{n}"
        taken.add(unique.lower())
        names.append(unique + ".html")
    return names


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


class _Compiled(BytecodeCache):
    """Templates compiled once per machine (keyed by their source's checksum; jinja2 refuses another
    interpreter's bytecode): kept for the process, each report and export making its own environment in its
    reader's language, and in the grader's cache folder for the next runs, so that no run compiles them
    again (half a second of every class's CPU)."""

    codes: dict[str, bytes] = register(f"{__name__}._Compiled.codes", {})

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)
            return
        _on_disk().load_bytecode(bucket)  # a stale or foreign file is refused by the bucket: compiled again
        if bucket.code is not None:
            self.codes[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.codes[bucket.key] = bucket.bytecode_to_string()
        try:
            _on_disk().dump_bytecode(bucket)
        except OSError:  # a read-only cache: compiled again by the next run, nothing worse
            pass


@cached
def _on_disk() -> FileSystemBytecodeCache:
    folder = cache_dir() / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # read-only: FileSystemBytecodeCache then finds nothing and its dumps are refused
        pass
    return FileSystemBytecodeCache(str(folder))


def templates(lang: str, csp: str = CSP) -> Environment:
    """The reports' templates, escaped, strict about undefined names, saying `_` in `lang`; `csp` is
    the pages' content security policy."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=_Compiled(),
    )
    env.globals.update(_=lambda key, **params: t(key, lang, **params), lang=lang, csp=csp)
    env.globals.update(
        replay_view=lambda data: replay.view(data, lang),
        replay_graph=replay.graph,
        passes_view=lambda data: replay.passes_view(data, lang),
        search_view=lambda data: replay.search_view(data, lang),
    )
    return env


def environment(lang: str) -> Environment:
    env = templates(lang)
    env.globals.update(
        students=lambda n: t("report.students_one" if n == 1 else "report.students_many", lang, n=n),
        statuses=STATUSES,
        script=Markup(SCRIPT),
        qtitle=lambda qid, key: _title(qid, title(key, lang)),
        scheme_view=lambda run: _scheme_view(run, lang),
        limits_view=lambda limits: _limits_view(limits, lang),
        sandbox_sentence=lambda run: _sandbox_sentence(run, lang),
    )
    env.filters["num"] = lambda x: _number(x, lang)
    env.filters["person"] = shown_name  # the name as the LMS or the roster spells it (escaped); the id is for files
    env.filters["when"] = lambda moment: local_time(moment, lang)
    # A result's message (grader.text.message.Message); names and files in it escaped as the terminal does.
    env.filters["say"] = lambda message: printable(say(message, lang))
    env.filters["label"] = lambda key: title(key, lang)  # a result's title (a catalogue key)
    env.filters["value"] = _value
    env.filters["cut"] = _cut
    env.filters["lines"] = _lines
    env.filters["grid"] = grid_view
    return env


def _number(x, lang: str) -> str:
    """12.5 -> '12,5' in French; at most two decimals, never an exponent."""
    if not isinstance(x, (int, float)) or isinstance(x, bool):
        return str(x)
    if not math.isfinite(x):
        return str(x)
    return number(x, DECIMAL.get(lang, ",")) if isinstance(x, float) else str(x)


def _title(qid: str, text: str) -> str:
    """A question's heading: its title, prefixed by its id unless the title already starts with it."""
    return text if text.lower().startswith(qid.lower()) else f"{qid} · {text}"


def _maybe(key: str, lang: str, default: str) -> str:
    return t(key, lang) if defined(key) else default


def _scheme_view(run: Run, lang: str) -> dict:
    """The scheme as one row per question (points, check groups' shares, hand-graded or extension);
    other settings as they are, unless the limits already show them."""
    scheme = run.scheme
    other = {k: v for k, v in scheme.items() if k != "questions" and run.limits.get(k) != v}
    questions = scheme.get("questions")
    if not isinstance(questions, dict):
        return {"rows": [], "other": other}
    rows = []
    for qid, q in questions.items():
        q = q if isinstance(q, dict) else {"points": q}
        groups = q.get("groups") or {}
        weight = sum(v for v in groups.values() if isinstance(v, (int, float))) or 1
        rows.append(
            {
                "id": qid,
                "title": _maybe(f"{qid}.title", lang, qid),
                "points": q.get("points", ""),
                "manual": q.get("manual"),
                "extension": q.get("extension"),
                "groups": [
                    (_maybe(f"{qid}.{name}", lang, name), round(100 * w / weight))
                    for name, w in groups.items()
                    if isinstance(w, (int, float))
                ],
            }
        )
    return {"rows": rows, "other": other}


def _sandbox_sentence(run: Run, lang: str) -> str:
    """The sandbox in one plain sentence, for a student: confined to its folder or not (every run that
    was not says so among its layers, grader/run/grading.py)."""
    keys = {layer.get("key") for layer in run.limits.get("isolation", []) if isinstance(layer, dict)}
    if "isolation.in_process" in keys:  # the browser's self-check: no sandbox, the student's own machine
        return t("report.sandbox_browser", lang)
    return t("report.sandbox_unconfined" if "isolation.not_confined" in keys else "report.sandbox", lang)


def _limits_view(limits: dict, lang: str) -> list[tuple[str, str]]:
    """Limits with readable labels and units (keys ending in _bytes or _seconds, and time_floor)."""
    shown = []
    for key, value in limits.items():
        label = _maybe(f"report.limit.{key}", lang, key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and key.endswith("_bytes"):
            unit = next(u for u in range(4) if value < 1024 ** (u + 1) or u == 3)
            text = _number(value / 1024**unit if unit else value, lang) + " " + t(f"report.unit.{unit}", lang)
        elif isinstance(value, (int, float)) and key == "time_factor":
            text = "× " + _number(value, lang)
        elif isinstance(value, (int, float)) and (key.endswith("_seconds") or key == "time_floor"):
            text = _number(value, lang) + " s"
        elif key == "isolation":
            text = isolation_text(limits, lang)
        elif isinstance(value, bool):
            text = t(f"report.{str(value).lower()}", lang)
        else:
            text = _number(value, lang) if isinstance(value, (int, float)) else _value(value)
        shown.append((label, text))
    return shown


def _value(value) -> str:
    """A plain-data value in Python's syntax, as students write it (strings keep their quotes)."""
    return display.python_text(value)


def _lines(text: str) -> dict:
    """A message's first line, and the rest (a traceback, shown in monospace so its caret is aligned)."""
    first, _, rest = str(text).partition("\n")
    return {"first": first, "rest": rest}


def grid_view(value, case=None) -> dict | None:
    """A taquin grid to draw (blank cells empty, the other globals and the call beside it), when
    `value` is a taquin case or a grid of a check whose counterexample is one; None otherwise."""
    drawn = display.value_grid(value, case)
    if drawn is None:
        return None
    grid, blank, blank_value = drawn
    case_fields = type(value) is dict
    others = [(k, _value(v)) for k, v in value.items() if k not in ("grid", "appel")] if case_fields else []
    call = value.get("appel") if case_fields and type(value.get("appel")) is str else None
    cells = [
        {"text": "" if display.blank_cell(grid, i, j, blank, blank_value) else _value(grid[i][j])}
        for i in range(display.SIDE)
        for j in range(display.SIDE)
    ]
    return {"cells": cells, "others": others, "call": call}


def _cut(text: str, limit: int = VALUE_MAX_CHARS) -> dict:
    """Split a long text into what is shown and how many characters are not."""
    text = str(text)
    return {"text": text[:limit], "hidden": max(0, len(text) - limit)}


# --- Class page ---------------------------------------------------------------------------------


def _question_ids(run: Run) -> list[dict]:
    seen: dict[str, dict] = {}
    for sub in run.submissions:
        for q in sub.questions:
            seen.setdefault(q.id, {"id": q.id, "title": q.title, "max": q.max, "manual": q.manual})
    return list(seen.values())


def _class_view(run: Run, names: list[str], lang: str) -> dict:
    questions = _question_ids(run)
    rows = []
    for sub, name in zip(run.submissions, names):
        by_id = {q.id: q for q in sub.questions}
        rows.append(
            {
                "id": sub.id,
                "name": shown_name(sub),
                "href": name,
                "total": sub.total,
                "max": sub.max,
                "status": sub.status,
                "graded": sub.has_grade,
                "unmarked": sub.unmarked if sub.has_grade else [],
                "cells": [by_id.get(q["id"]) for q in questions],
            }
        )
    # The figures are the statistics spreadsheet's (grader/results/summary.py): an absentee is counted
    # apart, not as 0; a written question counts the copies marked; the histogram, the final totals.
    stats = class_stats(run)
    graded = [s for s in run.submissions if s.has_grade]
    apart = Counter(s.status for s in run.submissions if not s.has_grade)
    return {
        "questions": questions,
        "rows": rows,
        "apart": sorted(apart.items()),
        "unmarked": len(stats.unmarked),
        "histogram": _histogram_view(stats.histogram),
        "rates": [_rate_view(q) for q in stats.questions],
        "failures": top_failures(graded, questions, lang),
        "algorithms": replay.class_algorithms(run.submissions, names, lang),
    }


def _histogram_view(histogram: Histogram | None) -> dict | None:
    if histogram is None:
        return None
    bins = [
        {"low": b.low, "high": b.high, "count": b.count, "ratio": b.count / histogram.highest} for b in histogram.bins
    ]
    return {"bins": bins, "top": histogram.top, "highest": histogram.highest}


def _rate_view(q: QuestionStats) -> dict:
    """A question's bar: its copies counted by outcome, and its pass rate (None: no copy counted yet)."""
    offset, segments = 0.0, []
    for kind, n in q.outcomes.items():
        width = n / q.counted if q.counted else 0.0
        segments.append({"kind": kind, "count": n, "x": offset, "width": width})
        offset += width
    return {"id": q.qid, "title": q.title, "segments": segments, "passed": q.pass_rate, "unmarked": q.unmarked}


def top_failures(subs: list[SubmissionResult], questions: list[dict], lang: str) -> list[dict]:
    """Per question, the three messages of failed checks that most students got, with their count
    (a question that failed without any check message counts under its status)."""
    result = []
    for q in (q for q in questions if not q["manual"]):  # written questions: marks, no failed checks
        counter: Counter = Counter()
        for sub in subs:
            question = next((x for x in sub.questions if x.id == q["id"]), None)
            if question is None or question.status == Status.PASSED:
                continue
            messages = {say(c.message, lang) for c in question.checks if c.failed and c.message}
            if not messages and question.status in FAILED + NOT_RUN:
                messages = {t(f"status.{question.status}", lang)}
            counter.update(messages)
        # Ties in the order of their text: a set's order changes from one process to the next.
        result.append({**q, "top": sorted(counter.items(), key=lambda item: (-item[1], item[0]))[:3]})
    return result


# --- Student page -------------------------------------------------------------------------------


def _student_view(sub: SubmissionResult, anchor: str = "") -> dict:
    questions = []
    for q in sub.questions:
        qa = anchor + _UNSAFE.sub("_", q.id)
        checks = [{"check": c, "visual": drawing.visual(c.visual), "uid": f"{qa}-{i}"} for i, c in enumerate(q.checks)]
        output = [
            (name, _cut(text, OUTPUT_MAX_CHARS))
            for name, text in (("stdout", q.output.stdout), ("stderr", q.output.stderr))
            if text
        ]
        questions.append(
            {"q": q, "anchor": qa, "checks": checks, "output": output, "shared": display.shared_failure(q.checks)}
        )
    return {"sub": sub, "questions": questions, "anchor": anchor}
