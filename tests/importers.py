"""What the systems our exports go back to do with a file, re-implemented from their own source so
that a test reads each export as the real importer would (each function names the file and function
it follows). None of them is ours: where they are strict, we must be exact; where they are lenient
(a 0 where we meant "no grade"), the test catches what they would silently record.

Sources read (public repositories):
- Moodle, mod/assign/feedback/offline/importgradeslib.php (assignfeedback_offline_grade_importer:
  init, next) and mod/assign/feedback/offline/locallib.php (assign_feedback_offline::
  process_import_grades), lib/moodlelib.php (unformat_float);
- Moodle, mod/assign/feedback/file/importziplib.php (assignfeedback_file_zip_importer::
  is_valid_filename_for_import, import_zip_files) in its two forms: up to 4.0 (3.11, 4.0: the whole
  path split on "_" into at most five parts) and from 4.1 (each path part split in turn);
- Canvas, app/models/gradebook_importer.rb (GradebookImporter: csv_stream, identify_delimiter,
  check_for_non_student_row, header?, update_column_count, process_student, process_submissions,
  the decimal_comma_to_period converter, no_score?);
- PrairieLearn, apps/prairielearn/src/lib/score-upload.ts (uploadInstanceQuestionScores,
  updateInstanceQuestionFromCsvRow, getFeedbackOrNull) and apps/prairielearn/src/lib/csv.ts
  (createCsvParser: lower-cased headers, BOM, trim, empty cell = null, parseFloat, 10 000 characters
  a record at most);
- a French spreadsheet (Excel, LibreOffice Calc in a French locale): `;` as the list separator, the
  decimal comma, the BOM for UTF-8, a cell starting with = + - @ read as a formula unless quoted.
"""

from __future__ import annotations

import codecs
import csv
import io
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

# --- A French spreadsheet --------------------------------------------------------------------------


class Formula(Exception):
    """A cell a spreadsheet would run: the export let a formula through."""


def _spreadsheet_value(cell: str, decimal: str):
    if cell.startswith("'"):  # typed as text
        return cell[1:]
    if re.fullmatch(r"[+-]?\d+(?:" + re.escape(decimal) + r"\d+)?", cell):
        return float(cell.replace(decimal, "."))
    if len(cell) > 1 and cell[0] in "=+-@\t\r":
        raise Formula(cell)
    return cell


def spreadsheet(path: Path, delimiter: str = ";", decimal: str = ",", bom: bool = True) -> list[list]:
    """The cells as French Excel shows them: numbers (decimal comma) as floats, text as text, a
    formula refused (Formula); without a BOM, UTF-8 accents are mangled, so a file meant for a person
    without one is refused here (`bom=False` for an importer's file a person may also open)."""
    raw = Path(path).read_bytes()
    assert raw.startswith(codecs.BOM_UTF8) or not bom, "no BOM: Excel would read the accents as Windows-1252"
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=delimiter))
    return [[_spreadsheet_value(cell, decimal) for cell in row] for row in rows]


def spreadsheet_table(path: Path, key: str, delimiter: str = ";", decimal: str = ",") -> dict[str, dict]:
    """The rows of a spreadsheet with a header line, by the value of column `key`."""
    header, *rows = spreadsheet(path, delimiter, decimal)
    return {str(row[header.index(key)]): dict(zip(header, row)) for row in rows}


# --- Moodle: offline grading worksheet -------------------------------------------------------------

HIDDENUSER = {"fr": "Participant", "en": "Participant "}  # get_string('hiddenuser', 'assign')
DECSEP = {"fr": ",", "en": "."}  # get_string('decsep', 'langconfig')


def unformat_float(text: str, lang: str) -> float | None:
    """lib/moodlelib.php unformat_float (not strict): blank is null; spaces go; the site's decimal
    separator becomes a point; then PHP's (float) cast, which reads the longest numeric prefix."""
    text = text.strip()
    if text == "":
        return None
    text = text.replace(" ", "").replace(DECSEP[lang], ".")
    match = re.match(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", text)
    return float(match.group(0)) if match else 0.0


@dataclass
class MoodleGrade:
    grade: float
    feedback: str


def moodle_worksheet_import(path: Path, site_lang: str, participants: set[str], maximum: float) -> dict:
    """The grades Moodle records from an uploaded worksheet, by participant number.

    importgradeslib.php init(): the id, grade and "last modified (grade)" columns are found by their
    exact header in the site's language (any missing: import refused). next(): the number after the
    `hiddenuser` string names the participant; rows of other users are passed over.
    locallib.php process_import_grades(): the grade through unformat_float; skipped when null (a blank
    cell), negative, or above the assignment's maximum; the modification date through strtotime (our
    ISO dates: any site language)."""
    from datetime import datetime

    text = Path(path).read_bytes().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    names = {
        "fr": ("Identifiant", "Note", "Dernière modification (note)", "Feedback par commentaires"),
        "en": ("Identifier", "Grade", "Last modified (grade)", "Feedback comments"),
    }[site_lang]
    for name in names[:3]:
        assert name in header, f"Moodle refuses the file: no {name!r} column"
    ident, grade_col, modified = (header.index(n) for n in names[:3])
    feedback = header.index(names[3]) if names[3] in header else None
    recorded = {}
    for row in rows[1:]:
        number = row[ident][len(HIDDENUSER[site_lang]) :]
        if number not in participants:
            continue
        grade = unformat_float(row[grade_col], site_lang)
        if grade is None or grade < 0 or grade > maximum:
            continue
        datetime.fromisoformat(row[modified])  # strtotime reads ISO dates whatever the site's language
        recorded[number] = MoodleGrade(grade, row[feedback] if feedback is not None else "")
    return recorded


# --- Moodle: feedback files zip --------------------------------------------------------------------

PLUGINS = {("assignfeedback", "file")}  # get_plugin_by_type: the enabled feedback plugins that take files


def _zip_files(archive: Path) -> list[str]:
    """The paths extract_to_storage gives the unzipped files: under "/import/", directories dropped."""
    with zipfile.ZipFile(archive) as zf:
        return ["/import/" + info.filename for info in zf.infolist() if not info.is_dir()]


def _is_numeric(text: str) -> bool:
    """PHP's is_numeric: optional leading whitespace and sign, digits with an optional point, an
    optional exponent."""
    return re.fullmatch(r"[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", text) is not None


def _hidden(path: str) -> bool:
    name = posixpath.basename(path)
    return name.startswith((".", "~"))


def moodle40_is_valid_filename_for_import(path: str, participants: set[str]) -> tuple[str, str] | None:
    """importziplib.php is_valid_filename_for_import as in Moodle 3.11 and 4.0: the whole path
    (filepath . filename) exploded on "_" into at most 5 parts; fewer than 5 is no import; part 1 is
    the participant (is_numeric, then one of the assignment's), parts 2-3 the plugin, part 4 the file
    name. Returns (participant, filename) or None."""
    if _hidden(path):
        return None
    info = path.split("_", 4)  # explode('_', $path, 5)
    if len(info) < 5:
        return None
    participant, plugin, filename = info[1], (info[2], info[3]), info[4]
    if not _is_numeric(participant) or plugin not in PLUGINS:
        return None
    number = str(int(float(participant)))  # $participantid += 0
    return (number, filename) if number in participants else None


def moodle41_is_valid_filename_for_import(path: str, participants: set[str]) -> tuple[str, str] | None:
    """importziplib.php is_valid_filename_for_import from Moodle 4.1: each "/" part of the path in
    turn exploded on "_" into at most 5; a part of at least 4 pieces whose second is a participant and
    whose third and fourth name a plugin claims the file; what follows it (an empty 5th piece when the
    folder name ends in "_", or none) is put back in front of the rest of the path."""
    if _hidden(path):
        return None
    parts = path.split("/")
    while parts:
        info = parts.pop(0).split("_", 4)
        if len(info) < 4 or not _is_numeric(info[1]):
            continue
        number = str(int(float(info[1])))
        if number not in participants or (info[2], info[3]) not in PLUGINS:
            continue
        parts.insert(0, info[4] if len(info) == 5 else "")
        return number, "/".join(parts)
    return None


def moodle_stored_name(filename: str) -> str:
    """import_zip_files: pathinfo($filename) splits directory and base name (a bare name goes to "/");
    the file area's path is then cleaned (PARAM_PATH: repeated slashes collapse)."""
    dirname, basename = posixpath.split(filename)
    if dirname in ("", "."):
        return "/" + basename
    return re.sub(r"/+", "/", dirname + "/" + basename)


def moodle_feedback_zip_import(archive: Path, participants: set[str], version: str) -> dict[str, list[str]]:
    """The feedback files a Moodle of `version` ("4.0" for 3.11 and 4.0, "4.1" for 4.1 to 4.5) files
    from a zip, by participant: their stored paths."""
    valid = moodle40_is_valid_filename_for_import if version == "4.0" else moodle41_is_valid_filename_for_import
    filed: dict[str, list[str]] = {}
    for path in _zip_files(archive):
        found = valid(path, participants)
        if found is not None:
            filed.setdefault(found[0], []).append(moodle_stored_name(found[1]))
    return filed


# --- Canvas: gradebook import ----------------------------------------------------------------------


@dataclass
class CanvasStudent:
    """A student of the course as Canvas knows them."""

    id: str
    name: str
    sortable_name: str
    sis_user_id: str = ""
    login_id: str = ""


@dataclass
class CanvasImport:
    points_possible: dict[str, str] = field(default_factory=dict)  # assignment header -> points
    grades: dict[str, dict[str, str]] = field(default_factory=dict)  # student id -> header -> grade
    new_students: list[str] = field(default_factory=list)  # rows matching no student of the course


def _canvas_number(cell: str) -> str:
    """The decimal_comma_to_period converter: a pure number or percentage with , or . separators
    keeps its last group as decimals."""
    if re.fullmatch(r"-?[0-9.,]+%?", cell):
        *head, last = re.split(r"[,.]", cell)
        return f"{''.join(head)}.{last}" if head else last
    return cell


def canvas_gradebook_import(path: Path, students: list[CanvasStudent]) -> CanvasImport:
    """GradebookImporter#parse!: the delimiter from the first lines (identify_delimiter), the header
    (header?: "Student" then "ID", the student columns ending with "Section"; update_column_count:
    SIS User ID and SIS Login ID when present), "Points Possible" and muted rows skipped
    (check_for_non_student_row), each row's student by Canvas ID, then SIS User ID, then SIS Login
    ID, then exact name or sortable name (process_student), each assignment cell stripped
    (process_submissions); a blank or "-" cell is no score (no_score?)."""
    lines = Path(path).read_text(encoding="utf-8-sig").splitlines(keepends=True)
    counts = {}
    for separator in ";,":
        sizes = {len(next(csv.reader([line], delimiter=separator))) for line in lines[:3]}
        counts[separator] = sizes.pop() if len(sizes) == 1 else 0
    delimiter = ";" if counts[";"] > counts[","] else ","
    rows = [[_canvas_number(c) for c in row] for row in csv.reader(lines, delimiter=delimiter) if row]
    header = rows[0]
    assert len(header) > 3 and "Student" in header[0] and "ID" in header[1], "Canvas: invalid header row"
    columns = 3
    login = sis = None
    if re.search(r"SIS\s+Login\s+ID", header[2]):
        login, columns = 2, 4
    elif re.search(r"SIS\s+User\s+ID", header[2]) and re.search(r"SIS\s+Login\s+ID", header[3]):
        sis, login, columns = 2, 3, 5
    assert "Section" in header[columns - 1], "Canvas: invalid header row (no Section)"
    non_assignment = re.compile("Current Score|Current Points|Current Grade|Final Score|Final Points|Final Grade")
    assignments = [(i, h) for i, h in enumerate(header) if i >= columns and not non_assignment.search(h)]
    result = CanvasImport()
    by_id = {s.id: s for s in students}
    for row in rows[1:]:
        if "Points Possible" in row[0]:
            result.points_possible = {h: row[i] for i, h in assignments}
            continue
        if all(re.fullmatch(r"\s*(Muted|Manual Posting.*)?\s*", c, re.I) for c in row):
            continue
        student = by_id.get(row[1].strip()) if row[1].strip() else None
        if student is None and sis is not None and row[sis]:
            student = next((s for s in students if s.sis_user_id == row[sis]), None)
        if student is None and login is not None and row[login]:
            student = next((s for s in students if s.login_id == row[login]), None)
        if student is None:
            student = next((s for s in students if row[0] in (s.name, s.sortable_name)), None)
        if student is None:
            result.new_students.append(row[0])
            continue
        grades = {h: row[i].strip() for i, h in assignments}
        result.grades[student.id] = {h: g for h, g in grades.items() if g not in ("", "-")}
    return result


# --- PrairieLearn: instance question scores --------------------------------------------------------

PL_MAX_RECORD = 10000  # csv.ts maxRecordSize: a longer record fails the whole upload's parse


@dataclass
class PrairieLearnScore:
    uid: str
    instance: int | None
    qid: str | None
    score_perc: float | None
    feedback: dict | None


def prairielearn_scores_import(path: Path) -> list[PrairieLearnScore]:
    """createCsvParser's records (headers lower-cased, BOM dropped, values trimmed, "" as null,
    `instance` through parseInt, `score_perc` through parseFloat, at most 10 000 characters a record)
    turned into updateInstanceQuestionFromCsvRow's update: `feedback` becomes {"manual": ...}; a row
    with neither a score nor feedback is skipped, a non-numeric score is an error."""
    text = Path(path).read_bytes().decode("utf-8-sig")
    reader = csv.reader(io.StringIO(text))
    header = [h.lower() for h in next(reader)]
    scores = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        assert sum(len(c) for c in row) + len(row) < PL_MAX_RECORD, "csv-parse: maxRecordSize exceeded"
        record = {h: (c.strip() or None) for h, c in zip(header, row)}
        score = record.get("score_perc")
        if score is not None:
            match = re.match(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", score)
            assert match, f"Value of score_perc is not a numeric value: {score!r}"
            score = float(match.group(0))
        feedback = {"manual": record["feedback"]} if record.get("feedback") is not None else None
        if score is None and feedback is None:
            continue
        instance = record.get("instance")
        scores.append(
            PrairieLearnScore(
                record.get("group_name") or record["uid"],
                int(re.match(r"\s*[+-]?\d+", instance).group(0)) if instance else None,
                record.get("qid"),
                score,
                feedback,
            )
        )
    return scores
