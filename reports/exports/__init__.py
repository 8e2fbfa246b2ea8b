"""Exports of a graded run to what teachers upload back: LMS gradebooks, spreadsheets, feedback.

Every export is a plain function of a `Run` (already merged with the hand marks, see grader/results/marks.py)
and a path; `FORMATS` names them for `grader export --format`. `publish` is what the command does:
read OUT/results.json, merge the marks, redraw grades.csv and the HTML reports, write the exports.
Nothing here regrades: changing a mark or a comment is a matter of seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from grader.errors import InputError
from grader.results.marks import (
    MarksError,
    StudentMarks,
    Unmarked,
    apply_marks,
    give_written_points,
    load_marks,
    waiting_for_marks,
)
from grader.results.gradebook import number, write_gradebook
from grader.results.records import Run, load_run, private_folder

DEFAULT_OUT_OF = 20.0


@dataclass
class Options:
    lang: str = "fr"  # the language of feedback and statistics
    site_lang: str = "fr"  # the language of the Moodle site (its worksheet's headers)
    out_of: float = 20.0  # grades exported "sur 20": set by `publish` from out_of_given and the worksheet
    out_of_given: float | None = None  # --out-of
    moodle_worksheet: Path | None = None  # the worksheet downloaded from Moodle, to fill in
    canvas_assignment: str = "Taquin X-ENS 2017"
    canvas_gradebook: Path | None = None  # the gradebook exported from Canvas, to fill in
    prairielearn_qid: str = "taquin"  # the PrairieLearn question the exam's score goes to
    warnings: list[tuple[str, dict]] = field(default_factory=list)  # what the teacher must be told


def resolve_out_of(options: Options, formats: list[str]) -> float:
    """What grades are "on": `--out-of` if given, else the maximum grade of the Moodle worksheet if
    one is given, else 20; the teacher is told when Moodle's maximum is another number (Moodle's
    default maximum is 100) or cannot be known (a worksheet built without Moodle's)."""
    maximum = None
    if options.moodle_worksheet is not None:
        from reports.exports.moodle import worksheet_maximum

        maximum = worksheet_maximum(options.moodle_worksheet)
    out_of = options.out_of_given or maximum or DEFAULT_OUT_OF
    said = {"max": number(maximum or 0), "out_of": number(out_of)}
    if maximum is not None and maximum != out_of:
        options.warnings.append(("export.moodle_max_differs", said))
    elif maximum is not None and maximum != DEFAULT_OUT_OF:
        options.warnings.append(("export.moodle_max", said))
    elif maximum is None and "moodle" in formats:
        options.warnings.append(("export.moodle_no_max", said))
    return out_of


def _missing(o: Options, key: str, ids: list[str]) -> None:
    """Tell the teacher which students an export has no row for (the first ten named)."""
    if ids:
        o.warnings.append((key, {"n": len(ids), "students": ", ".join(ids[:10])}))


def _moodle(run: Run, out: Path, o: Options) -> list[Path]:
    from reports.exports.moodle import write_worksheet

    path, missing = write_worksheet(
        run,
        out / "moodle-feuille-de-notes.csv",
        site_lang=o.site_lang,
        lang=o.lang,
        out_of=o.out_of,
        template=o.moodle_worksheet,
    )
    _missing(o, "export.moodle_missing", missing)
    return [path]


def _canvas(run: Run, out: Path, o: Options) -> list[Path]:
    from reports.exports.canvas import write_gradebook as write_canvas

    path, missing, homonyms = write_canvas(
        run, out / "canvas-gradebook.csv", assignment=o.canvas_assignment, out_of=o.out_of, template=o.canvas_gradebook
    )
    if o.canvas_gradebook is None:
        o.warnings.append(("export.canvas_by_name", {}))
    _missing(o, "export.canvas_missing", missing)
    _missing(o, "export.canvas_homonyms", homonyms)
    return [path]


def _csv_fr(run: Run, out: Path, o: Options) -> list[Path]:
    return [write_gradebook(out / "notes-tableur.csv", run, "fr", o.out_of)]  # grades.csv's French form


def _pronote(run: Run, out: Path, o: Options) -> list[Path]:
    from reports.exports.spreadsheet import write_pronote

    return [write_pronote(run, out / "pronote.csv", out_of=20)]  # Pronote's grades are "sur 20"


def _stats(run: Run, out: Path, o: Options) -> list[Path]:
    from reports.exports.spreadsheet import write_stats

    return [write_stats(run, out / "statistiques-questions.csv")]


def _prairielearn(run: Run, out: Path, o: Options) -> list[Path]:
    from reports.exports.prairielearn import write_scores

    path, missing = write_scores(run, out / "prairielearn-scores.csv", qid=o.prairielearn_qid, lang=o.lang)
    _missing(o, "export.prairielearn_missing", missing)
    return [path]


def _feedback(run: Run, out: Path, o: Options) -> list[Path]:
    from reports.exports.feedback import write_feedback

    _missing(o, "export.feedback_missing", [s.id for s in run.submissions if not s.participant])
    return write_feedback(run, out / "retours", o.lang, o.out_of)


FORMATS: dict[str, Callable[[Run, Path, Options], list[Path]]] = {
    "moodle": _moodle,
    "canvas": _canvas,
    "csv-fr": _csv_fr,
    "pronote": _pronote,
    "stats": _stats,
    "prairielearn": _prairielearn,
    "feedback": _feedback,
}


def read_run(run_dir: Path) -> Run:
    return load_run(Path(run_dir) / "results.json")


def merged_run(
    run_dir: Path, marks_file: Path | None, scheme_file: Path | None = None, unmarked: Unmarked = Unmarked.BLANK
) -> Run:
    """The run of OUT with the hand marks of `marks_file` (checked: MarksError) merged in, the written
    questions left unmarked counted as `unmarked` says. A barème (`scheme_file`) may change the points of
    written questions, never those of graded ones."""
    run = read_run(run_dir)
    if scheme_file is not None:
        _rescheme(run, scheme_file)
    marks: dict[str, StudentMarks] = load_marks(marks_file, run) if marks_file else {}
    return apply_marks(run, marks, unmarked)


def _rescheme(run: Run, scheme_file: Path) -> None:
    from grader.registry import all_questions
    from grader.results.scoring import Scheme

    scheme = Scheme.load(scheme_file)
    questions = run.scheme.get("questions", {})
    # Only what the file sets: the run may have been graded with another file's points.
    named = [q for q in all_questions(extensions=True) if q.id in scheme.overrides]
    changed = [
        q.id
        for q in named
        if not q.manual
        and isinstance(questions.get(q.id), dict)
        and abs(float(questions[q.id].get("points", 0)) - scheme.points(q)) > 1e-9
    ]
    if changed:
        raise InputError("export.bad_scheme", path=scheme_file, questions=", ".join(changed))
    give_written_points(run, {q.id: scheme.points(q) for q in named if q.manual})


def publish(run_dir: Path, run: Run, formats: list[str], options: Options, to: Path | None = None) -> list[Path]:
    """Redraw OUT/grades.csv and the HTML reports from `run`, then write `formats` into `to`
    (OUT/exports by default). Returns the paths written."""
    from reports.render import render_class

    run_dir = Path(run_dir)
    options.out_of = resolve_out_of(options, formats)
    waiting = waiting_for_marks(run)
    if waiting:  # their grades are left blank everywhere: said, with who waits for which question
        options.warnings.append(("export.unmarked", waiting))
    write_gradebook(run_dir / "grades.csv", run, run.lang, options.out_of)
    written = [run_dir / "grades.csv", render_class(run, run_dir)]
    to = Path(to) if to else run_dir / "exports"
    private_folder(to)
    for name in formats:
        written += FORMATS[name](run, to, options)
    return written


__all__ = ["FORMATS", "MarksError", "Options", "Unmarked", "merged_run", "publish", "read_run"]
