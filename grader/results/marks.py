"""Hand marks for the written questions (q2, q3, q5, ...), merged into a graded run without regrading.

A marks file gives, per student, a mark and an optional comment for written questions, and an optional
general comment. Two shapes, told by the file's extension:

CSV (`,` or `;`, UTF-8 with or without BOM, decimal point or comma; an empty cell is "not marked yet"):

    etudiant;q2;q2 commentaire;q13;commentaire
    alice;1,5;Preuve incomplète;2;Bon travail

TOML:

    [alice]
    q2 = 1.5
    q13 = { note = 2, commentaire = "Bien vu" }
    commentaire = "Bon travail"

A student is named by the id of the run, the display name or the LMS participant id (accents, case and
spaces do not matter for names). Every problem of the file is reported at once: an unknown student, a
question that is not a written one, a mark that is not a number, negative, or above the question's
points in the run's barème. `apply_marks` never changes the automatic questions: it adds one result per
written question the barème gives points to, to every student (`ungraded` where no mark is given), and
recomputes the totals, so the reports and exports show those questions as columns before any marking.
A written question left unmarked keeps its copy's grade open (`SubmissionResult.unmarked`): exports leave
that grade blank, unless the teacher asks for such questions to count 0 (`Unmarked.ZERO`, `--unmarked zero`).

The dashboard of the web service takes the same text typed in a box (`read_marks` with no file): its
problems are said by line ("ligne 3") and in the dashboard's words, not a file's and a command's.
"""

from __future__ import annotations

import csv
import difflib
import io
import math
import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path

from grader import settings_files as settings
from grader.errors import GraderError, InputError
from grader.text import i18n
from grader.text.message import Message
from grader.results.records import NO_GRADE, QuestionResult, Run, Status, SubmissionResult, TextEnum
from grader.results.gradebook import display_name
from grader.results.scoring import submission_total

STUDENT_COLUMNS = (
    "etudiant",
    "étudiant",
    "eleve",
    "élève",
    "student",
    "id",
    "identifiant",
    "identifier",
    "nom",
    "name",
    "participant",
)
COMMENT_WORDS = ("commentaire", "comment", "commentaires", "comments", "remarque")
MARK_WORDS = ("note", "mark", "points", "score")


class Unmarked(TextEnum):
    """What a written question worth points but not marked yet counts for: nothing yet (the copy's grade
    is left blank wherever a grade goes, the default), or 0 (the teacher's choice, `--unmarked zero`)."""

    BLANK = "blank"
    ZERO = "zero"


class MarksError(InputError):
    """Hand marks that cannot be merged: each problem is a catalogue key and its parameters. `path` is
    the file they were read from, None for marks typed in the dashboard: then a problem whose key has a
    `_typed` form (one that named a file or a command-line flag) is said in the dashboard's words."""

    def __init__(self, path: Path | None, problems: list[tuple[str, dict]]):
        if path is None:
            super().__init__("marks.invalid_typed", n=len(problems))
        else:
            super().__init__("marks.invalid", path=path, n=len(problems))
        self.path = path
        self.problems = problems

    def lines(self, lang: str = "fr") -> list[str]:
        """Each problem, said."""
        return [i18n.t(self._key(key), lang, **params) for key, params in self.problems]

    def _key(self, key: str) -> str:
        typed = f"{key}_typed"
        return typed if self.path is None and i18n.defined(typed) else key

    def message(self, lang: str = "fr") -> str:
        return "\n".join([super().message(lang), *("  - " + line for line in self.lines(lang))])


@dataclass
class StudentMarks:
    marks: dict[str, float] = field(default_factory=dict)  # question id -> mark
    comments: dict[str, str] = field(default_factory=dict)  # question id -> comment
    comment: str = ""  # on the whole copy


def written_points(run: Run, *, worth_points: bool = False) -> dict[str, float]:
    """The written questions of the run's barème and their points, in the exam's order (only those the
    barème gives points to, with `worth_points`)."""
    questions = run.scheme.get("questions", {}) if isinstance(run.scheme, dict) else {}
    written = {
        qid: float(q.get("points", 0) or 0) for qid, q in questions.items() if isinstance(q, dict) and q.get("manual")
    }
    if worth_points:
        written = {qid: points for qid, points in written.items() if points > 0}
    return dict(sorted(written.items(), key=lambda item: _number(item[0])))


def give_written_points(run: Run, points: dict[str, float]) -> None:
    """Set the points of written questions in the run's barème (`grader export --scheme`, the
    dashboard's form): no regrading, since nothing of theirs ran; also a written question the run's
    selection of questions left out."""
    questions = run.scheme.setdefault("questions", {})
    for qid, value in points.items():
        questions.setdefault(qid, {"groups": {}, "manual": True, "extension": False})["points"] = float(value)


def _number(qid: str) -> tuple[str, int]:
    digits = re.sub(r"\D", "", qid)
    return (qid[:1], int(digits) if digits else 0)


def normalise(name: str) -> str:
    """A name as people write it differently: no accents, case, punctuation or repeated spaces."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def _participant_number(text: str) -> str:
    match = re.fullmatch(r"\s*(?:participant\s*)?(\d+)\s*", text, flags=re.IGNORECASE)
    return match.group(1) if match else ""


def resolve_student(key: str, run: Run) -> tuple[SubmissionResult | None, list[str]]:
    """The submission a marks file names (by id, participant id or display name); close names otherwise."""
    by_id = [s for s in run.submissions if s.id == key]
    if by_id:
        return by_id[0], []
    number = _participant_number(key)
    if number:
        found = [s for s in run.submissions if s.participant == number]
        if len(found) == 1:
            return found[0], []
    wanted = normalise(key)
    found = [s for s in run.submissions if wanted and wanted in (normalise(s.name), normalise(s.id))]
    if len(found) == 1:
        return found[0], []
    known = {normalise(text): s.name or s.id for s in run.submissions for text in (s.id, s.name) if text}
    close = [known[k] for k in difflib.get_close_matches(wanted, list(known), n=3, cutoff=0.6)]
    return None, list(dict.fromkeys(close))


def load_marks(path: Path, run: Run) -> dict[str, StudentMarks]:
    """Read and check a marks file against a run; submission id -> its marks. Raises MarksError."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise MarksError(path, [("marks.unreadable", {"error": exc.strerror or exc})]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")  # Excel's "CSV" on Windows
    suffix = path.suffix.lower()
    if suffix not in (".toml", ".csv", ".txt", ".tsv"):
        raise MarksError(path, [("marks.format", {"suffix": path.suffix or "(aucune)"})])
    return read_marks(text, "toml" if suffix == ".toml" else "csv", run, path)


def read_marks(text: str, kind: str, run: Run, path: Path | None = None) -> dict[str, StudentMarks]:
    """Check hand marks in `kind` ("csv" or "toml") against a run; submission id -> its marks. `path`:
    the file they come from (None: typed in the dashboard). Raises MarksError."""
    entries = _toml_entries(path, text) if kind == "toml" else _csv_entries(path, text)
    return _check(path, entries, run)


# An entry as read: (where, student key, {question or "": (mark text or None, comment)}); `where` says the
# file and line ("notes.csv:3"), or the line alone for typed marks (a message: "ligne 3").
Entry = tuple[object, str, dict[str, tuple[object, str]]]


def _where(path: Path | None, line: int) -> object:
    return f"{path.name}:{line}" if path is not None else Message("marks.line", {"line": line})


# A marks file in TOML: a table per student; in it a comment on the copy, and per question a mark (a
# number, or a text such as "1,5") or a table with its mark and comment. The marks themselves are checked
# against the run's barème by _check, with every other problem of the file.
_COMMENT = settings.Text()
_MARK = settings.Either((settings.Number(), settings.Text()), expected=Message("marks.expect_mark"))
_QUESTION = settings.Either(
    (
        _MARK,
        settings.Table({**dict.fromkeys(MARK_WORDS, _MARK), **dict.fromkeys(COMMENT_WORDS, _COMMENT)}, fold=True),
    ),
    expected=Message("marks.expect_mark"),
)
SCHEMA = settings.Table(
    more=settings.Table(
        dict.fromkeys(COMMENT_WORDS, _COMMENT), more=_QUESTION, fold=True, expected=Message("marks.expect_table")
    )
)


def _toml_entries(path: Path | None, text: str) -> list[Entry]:
    try:
        data = settings.parse(text, Path(path.name if path else ""), SCHEMA, "marks")  # as the other problems
    except GraderError as exc:
        if exc.key == "settings.unreadable":
            raise MarksError(path, [("marks.syntax", {"error": exc.params["detail"]})]) from None
        params = dict(exc.params)
        if path is None:  # typed: the text and its line, not a file's name ("fichier de notes notes.toml:3")
            line = str(params.get("where", "")).rpartition(":")[2]
            params.update(file=Message("marks.typed"), where=_where(None, int(line)) if line.isdigit() else "")
        raise MarksError(path, [(exc.key, params)]) from None
    entries: list[Entry] = []
    for student, table in data.items():
        values: dict[str, tuple[object, str]] = {}
        for key, value in table.items():
            if key.casefold() in COMMENT_WORDS:
                values[""] = (None, value)
            elif isinstance(value, dict):
                mark = next((value[k] for k in value if k.casefold() in MARK_WORDS), None)
                comment = next((value[k] for k in value if k.casefold() in COMMENT_WORDS), "")
                values[key] = (mark, comment)
            else:
                values[key] = (value, "")
        entries.append((f"{path.name} [{student}]" if path else f"[{student}]", student, values))
    return entries


def _csv_entries(path: Path | None, text: str) -> list[Entry]:
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = max((";", ",", "\t"), key=first.count)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        raise MarksError(path, [("marks.empty", {})])
    header = [h.strip() for h in rows[0]]
    student_col = next((i for i, h in enumerate(header) if h.casefold() in STUDENT_COLUMNS), None)
    if student_col is None:
        raise MarksError(path, [("marks.no_student_column", {"names": ", ".join(STUDENT_COLUMNS[:5])})])
    columns = _csv_columns(path, header, student_col)
    return [
        (_where(path, line), row[student_col].strip() if student_col < len(row) else "", _csv_values(row, columns))
        for line, row in enumerate(rows[1:], start=2)
        if any(cell.strip() for cell in row)
    ]


def _csv_columns(path: Path | None, header: list[str], student_col: int) -> list[tuple[int, str, str]]:
    """What each column but the student's holds: (index, question or "" for the whole copy, "mark" or
    "comment"); a title that says neither is refused."""
    columns: list[tuple[int, str, str]] = []
    problems = []
    for i, h in enumerate(header):
        if i == student_col or not h:
            continue
        words = h.replace("_", " ").split()
        if h.casefold() in COMMENT_WORDS:
            columns.append((i, "", "comment"))
        elif len(words) == 2 and words[1].casefold() in COMMENT_WORDS:
            columns.append((i, words[0], "comment"))
        elif len(words) == 1:
            columns.append((i, h, "mark"))
        else:
            problems.append(("marks.column", {"column": h}))
    if problems:
        raise MarksError(path, problems)
    return columns


def _csv_values(row: list[str], columns: list[tuple[int, str, str]]) -> dict[str, tuple[object, str]]:
    """A row's mark and comment per question (blank cells: no mark, no comment)."""
    values: dict[str, tuple[object, str]] = {}
    for i, qid, kind in columns:
        cell = row[i].strip() if i < len(row) else ""
        mark, comment = values.get(qid, (None, ""))
        if kind == "mark":
            mark = cell or None
        else:
            comment = cell
        values[qid] = (mark, comment)
    return values


def _parse_mark(value) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip().replace(",", "."))
    except ValueError:
        return None


def _check(path: Path | None, entries: list[Entry], run: Run) -> dict[str, StudentMarks]:
    written = written_points(run)
    automatic = {qid for qid in run.scheme.get("questions", {}) if qid not in written}
    problems: list[tuple[str, dict]] = []
    result: dict[str, StudentMarks] = {}
    seen: dict[str, object] = {}
    for where, key, values in entries:
        sub, close = resolve_student(key, run)
        if sub is None:
            problems.append(
                ("marks.unknown_student", {"where": where, "student": key, "close": ", ".join(close) or "—"})
            )
            continue
        if sub.id in seen:
            problems.append(("marks.twice", {"where": where, "student": key, "first": seen[sub.id]}))
            continue
        seen[sub.id] = where
        marks = StudentMarks()
        for qid, (raw, comment) in values.items():
            qid = qid.strip().lower()  # "Q2" as a spreadsheet may capitalise it
            if qid == "":
                marks.comment = comment
                continue
            if qid not in written:
                key_ = "marks.automatic" if qid in automatic else "marks.unknown_question"
                problems.append((key_, {"where": where, "question": qid, "written": " ".join(written)}))
                continue
            if comment:
                marks.comments[qid] = comment
            if raw is None or raw == "":
                continue
            mark = _parse_mark(raw)
            points = written[qid]
            if mark is None or not math.isfinite(mark) or mark < 0:
                problems.append(("marks.not_a_mark", {"where": where, "question": qid, "value": raw}))
            elif points <= 0:
                problems.append(("marks.no_points", {"where": where, "question": qid}))
            elif mark > points + 1e-9:
                problems.append(("marks.too_high", {"where": where, "question": qid, "mark": mark, "points": points}))
            else:
                marks.marks[qid] = mark
        result[sub.id] = marks
    if problems:
        raise MarksError(path, problems)
    return result


def apply_marks(run: Run, marks: dict[str, StudentMarks] | None = None, unmarked: Unmarked = Unmarked.BLANK) -> Run:
    """A copy of `run` where every student has one result per written question of the barème (the
    mark given, else `ungraded`, or 0 with `Unmarked.ZERO` for a copy that has a grade: never for a
    student who handed nothing in) and totals that include them. `run` itself is left as graded: the copy
    has its own Run and SubmissionResult objects and shares the automatic questions' results, which no
    reader changes (a deep copy cost a tenth of a second per 100 students, twice at the end of a run)."""
    marks = marks or {}
    written = written_points(run, worth_points=True)  # a question worth nothing is no column
    merged_submissions = []
    for sub in run.submissions:
        given = marks.get(sub.id, StudentMarks())
        kept = [q for q in sub.questions if not q.manual]  # a run merged before is merged afresh
        zero = unmarked == Unmarked.ZERO and (bool(given.marks) or sub.status not in NO_GRADE)
        added = []
        for qid, points in written.items():
            mark = given.marks.get(qid, 0.0 if zero else None)
            if mark is None:
                status = Status.UNGRADED
            elif mark >= points:
                status = Status.PASSED
            else:
                status = Status.PARTIAL if mark > 0 else Status.FAILED
            added.append(
                QuestionResult(
                    id=qid,
                    title=f"{qid}.title",
                    score=mark or 0.0,
                    max=points,
                    status=status,
                    manual=True,
                    comment=given.comments.get(qid, ""),
                )
            )
        total, out_of = submission_total(kept + added)
        merged_submissions.append(
            replace(
                sub,
                total=total,
                max=out_of,
                questions=sorted(kept + added, key=lambda q: _number(q.id)),
                comment=given.comment or sub.comment,
            )
        )
    return replace(run, submissions=merged_submissions)


def waiting_for_marks(run: Run) -> dict | None:
    """The students whose grade waits for written marks, grouped by the questions they wait for
    ("q13 : Alice Martin, Bob ; q2, q13 : Chloé"), every one named: the parameters of the warnings
    (None when every grade is final)."""
    groups: dict[str, list[str]] = {}
    for sub in run.submissions:
        if sub.has_grade and sub.unmarked:
            groups.setdefault(", ".join(sub.unmarked), []).append(display_name(sub))
    if not groups:
        return None
    return {
        "n": sum(map(len, groups.values())),
        "students": " ; ".join(f"{questions} : {', '.join(names)}" for questions, names in groups.items()),
    }
