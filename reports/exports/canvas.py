"""Canvas's gradebook CSV (Grades > Import), read as Canvas's importer reads it
(app/models/gradebook_importer.rb): a header row "Student, ID, [SIS User ID, SIS Login ID,] Section,
<assignment>...", a "Points Possible" row, then one row per student. Each row's student is found by
its Canvas `ID`, else its `SIS User ID`, else its `SIS Login ID`, else its exact name or sortable name
("Family, Given"); an assignment column whose header ends with "(<assignment id>)" updates that
assignment, a header equal to an assignment's title too, any other creates one. Scores take a decimal
point (a decimal comma is read too); a blank cell is no score.

Best: the teacher gives the gradebook exported from Canvas (`--canvas-gradebook FILE`): its students
are joined to ours by email (a school's `SIS Login ID` is often it) or by name, and that very file is
filled in, every id in it Canvas's own. Without it, rows carry the name alone: the ids of another
system (Moodle's participant number, our file-safe id) are never written into Canvas's id columns,
where they could match another Canvas student; and students whose names Canvas could not tell apart
(`bob smith` and `bob  smith` make one sortable name) get no grade, rather than one of them the other's.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from grader.errors import InputError
from grader.results.gradebook import SafeWriter, display_name, grade_text, number
from grader.intake.identity import name_key
from grader.results.records import Run, SubmissionResult
from reports.exports.common import cell_number, split_name

FIXED = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
POINTS_POSSIBLE = "Points Possible"
_ASSIGNMENT_ID = re.compile(r"\((\d+)\)\s*$")  # Assignment.title_and_id
_MUTED = re.compile(r"\s*(Muted|Manual Posting.*)?\s*", re.IGNORECASE)


def write_gradebook(
    run: Run,
    path: Path,
    *,
    assignment: str = "Taquin X-ENS 2017",
    out_of: float = 20,
    template: Path | None = None,
) -> tuple[Path, list[str], list[str]]:
    """Write the gradebook (Canvas's own, filled, when `template` is given); return it, the ids of the
    students it has no row for, and those of students left without a grade because Canvas could not
    tell their names apart."""
    if template is not None:
        return *_fill(run, path, Path(template), assignment, out_of), []
    names = {}
    for sub in run.submissions:
        family, given = split_name(display_name(sub))
        names[sub.id] = f"{family}, {given}" if given else family  # Canvas's sortable name
    seen: dict[str, list[str]] = {}
    for sid, name in names.items():
        seen.setdefault(name, []).append(sid)  # Canvas compares names exactly
    homonyms = [sid for same in seen.values() if len(same) > 1 for sid in same]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = SafeWriter(handle)
        writer.writerow([*FIXED, assignment])
        writer.writerow([POINTS_POSSIBLE, "", "", "", "", number(out_of)])
        for sub in run.submissions:
            grade = "" if sub.id in homonyms else grade_text(sub, out_of)
            writer.writerow([names[sub.id], "", "", "", "", grade])
    return path, [], homonyms


def _read(template: Path) -> tuple[list[list[str]], str]:
    try:
        text = template.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("canvas.unreadable", path=template, error=exc) from None
    lines = text.splitlines(keepends=True)
    # identify_delimiter: the separator that splits the first lines into one same number of fields.
    counts = {}
    for separator in ";,":
        sizes = {len(next(csv.reader([line], delimiter=separator), [])) for line in lines[:3]}
        counts[separator] = sizes.pop() if len(sizes) == 1 else 0
    delimiter = ";" if counts[";"] > counts[","] else ","
    rows = [row for row in csv.reader(lines, delimiter=delimiter) if row]
    if not rows or len(rows[0]) < 4 or "Student" not in rows[0][0] or "ID" not in rows[0][1]:
        raise InputError("canvas.not_gradebook", path=template, headers=", ".join((rows or [[]])[0][:6]))
    return rows, delimiter


def _student_columns(header: list[str], template: Path) -> dict[str, int]:
    """Where Canvas's student columns are, "Section" last (gradebook_importer.rb update_column_count)."""
    columns = {name: header.index(name) for name in FIXED if name in header}
    if "Section" not in columns:
        raise InputError("canvas.not_gradebook", path=template, headers=", ".join(header[:6]))
    return columns


def _assignment_column(header: list[str], first: int, assignment: str) -> int | None:
    """The column Canvas would update for `assignment`: the same id "(1234)", else the same title."""
    wanted = _ASSIGNMENT_ID.search(assignment)
    for index in range(first, len(header)):
        found = _ASSIGNMENT_ID.search(header[index])
        if wanted and found and found[1] == wanted[1]:
            return index
        if header[index].strip() == assignment.strip():
            return index
    return None


def _match(row: list[str], columns: dict[str, int], by_email, by_name) -> SubmissionResult | None:
    login = row[columns["SIS Login ID"]].strip().casefold() if "SIS Login ID" in columns else ""
    if login and login in by_email:
        return by_email[login]
    same = by_name.get(name_key(row[0]), [])
    return same[0] if len(same) == 1 else None


def _fill(run: Run, path: Path, template: Path, assignment: str, out_of: float) -> tuple[Path, list[str]]:
    rows, delimiter = _read(template)
    header = rows[0]
    columns = _student_columns(header, template)
    column = _assignment_column(header, columns["Section"] + 1, assignment)
    if column is None:  # a new assignment, at the end
        column = len(header)
        header.append(assignment)
    for row in rows:
        row.extend([""] * (len(header) - len(row)))
    by_email = {s.email.strip().casefold(): s for s in run.submissions if s.email.strip()}
    by_name: dict[str, list[SubmissionResult]] = {}
    for s in run.submissions:
        by_name.setdefault(name_key(display_name(s)), []).append(s)
    placed: set[str] = set()
    for row in rows[1:]:
        if POINTS_POSSIBLE in row[0]:
            points = cell_number(row[column])
            if points is None:
                row[column] = number(out_of)
            out_of = points or out_of  # an existing assignment's points: Canvas's maximum
            continue
        if all(_MUTED.fullmatch(cell) for cell in row):
            continue
        sub = _match(row, columns, by_email, by_name)
        if sub is None or sub.id in placed:
            continue
        placed.add(sub.id)
        row[column] = grade_text(sub, out_of)
    buffer = io.StringIO()
    SafeWriter(buffer, delimiter=delimiter).writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path, [s.id for s in run.submissions if s.id not in placed]
