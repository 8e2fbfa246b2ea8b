"""The class list (`--roster FILE`): who should have handed something in, joined to what was found.

Read: a Moodle participants export or offline grading worksheet, a Pronote class list, Canvas's
gradebook export (its "Points Possible" row skipped, its Canvas ids not taken for Moodle's),
PrairieLearn's roster (its `uid`, the student's email), or a plain CSV
`nom;prénom;identifiant;email;groupe` (with or without that header). Separator (`;`, `,`, tab) and
encoding (UTF-8 with or without BOM, else Windows-1252) are detected; columns are recognised by their
header in French or English, in any order. Spreadsheets (.xlsx, .ods) are refused with a message: save
them as CSV.

Joined: a submission matches a roster line by LMS participant id when both have one, else by name with
accents, case, punctuation and word order ignored ("DUPRÉ-LEFÈVRE Élise" = "elise_dupre_lefevre").
A roster line that matches no submission becomes a "not submitted" row; a submission that matches no
line stays graded and is reported; a name shared by two roster lines is matched by id only; a line that
two submissions match (by name: "Léa Martin" and "lea.martin" are two students of a class without a
roster) gives its name and ids to neither, and is reported: a submission never takes a classmate's
identity, whatever the order the submissions come in.
"""

from __future__ import annotations

import codecs
import csv
import re
from dataclasses import dataclass
from pathlib import Path

from grader.errors import InputError
from grader.intake.modules import source_lines
from grader.intake.identity import Identity, ascii_fold, free_id, moodle_identity, name_key, raw_name, short_slug

# Header cells, folded (no accents, lower case), for each field.
HEADERS = {
    "last": {"nom", "nom de famille", "last name", "surname", "family name", "lastname"},
    "first": {"prenom", "first name", "given name", "firstname", "prenoms"},
    "full": {
        "nom complet",
        "full name",
        "eleve",
        "eleves",
        "nom prenom",
        "nom et prenom",
        "name",
        "student",
        "etudiant",
        "apprenant",
    },
    "id": {
        "identifiant",
        "identifier",
        "id",
        "participant",
        "numero d'identification",
        "id number",
        "idnumber",
        "nom d'utilisateur",
        "username",
        "numero",
        "ine",
    },
    "email": {
        "adresse de courriel",
        "courriel",
        "email",
        "email address",
        "e-mail",
        "mail",
        "adresse email",
        "adresse mail",
        "adresse e-mail",
        "uid",  # PrairieLearn's roster and gradebook: the student's login, an email
    },
    "group": {"groupe", "groupes", "group", "groups", "classe", "class", "division", "section"},
}
# Canvas's gradebook export as a roster: its "ID" is Canvas's own (never a Moodle participant), its
# "SIS Login ID" the school's login (an email, often), and rows that are not students.
CANVAS_HEADERS = {"full": "student", "email": "sis login id", "group": "section"}
CANVAS_NOT_STUDENTS = re.compile(r"\s*(Points Possible.*|Muted|Manual Posting.*)?\s*", re.IGNORECASE)
POSITIONAL = ("last", "first", "id", "email", "group")


@dataclass(frozen=True)
class Student:
    name: str  # as the roster writes it ("Élise Dupré-Lefèvre", or Pronote's "DUPRÉ-LEFÈVRE Élise")
    id: str = ""  # the roster's identifier, as written
    email: str = ""
    group: str = ""

    @property
    def participant(self) -> str:
        """Moodle's worksheet writes "Participant 1234": the number is the download's participant id."""
        digits = re.fullmatch(r"\D*(\d{1,18})", self.id.strip())  # Moodle's are database ids
        return digits[1] if digits else ""


def _fold(cell: str) -> str:
    return re.sub(r"\s+", " ", ascii_fold(cell).lower().replace("_", " ")).strip(" *:")


def read_roster(path: Path, positional: bool = True) -> list[Student]:
    """The students of a class list; a list without a header is `nom;prénom;identifiant;email;groupe`
    (`positional=False`: refused as having no names, roster.no_names)."""
    path = Path(path)
    rows = _rows(_text(path))
    if not rows:
        raise InputError("roster.empty", path=str(path))
    canvas = _is_canvas(rows[0])
    if canvas:
        rows = [rows[0]] + [row for row in rows[1:] if row and not CANVAS_NOT_STUDENTS.fullmatch(row[0])]
    header = _header(rows[0], canvas)
    if header:
        rows = rows[1:]
    elif positional:
        header = {field: index for index, field in enumerate(POSITIONAL)}
    if not ({"full"} <= set(header) or {"last"} <= set(header)):
        raise InputError("roster.no_names", path=str(path), columns=", ".join(rows[0]) if rows else "")
    students = [student for row in rows if (student := _student(row, header, canvas)) is not None]
    if not students:
        raise InputError("roster.empty", path=str(path))
    return students


def _text(path: Path) -> str:
    """The list's text, whichever encoding a spreadsheet saved it in; a file that is no text refused."""
    if not path.exists():
        raise InputError("error.path_missing", path=str(path))
    if path.suffix.lower() in (".xlsx", ".xls", ".ods"):
        raise InputError("roster.spreadsheet", path=str(path))
    try:
        data = path.read_bytes()
    except OSError as exc:  # a folder, a file this account may not read
        raise InputError("roster.unreadable", path=str(path), detail=exc.strerror or str(exc)) from None
    text = _decoded(data)
    if any(char < " " and char not in "\t\r\n" for char in text):  # names never hold control characters
        raise InputError("roster.not_text", path=str(path))
    return text


def _decoded(data: bytes) -> str:
    # Excel's "Unicode text" is UTF-16 with its BOM; then UTF-8 (Moodle, LibreOffice), then Windows' own.
    encodings = ("utf-16",) if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else ()
    for encoding in (*encodings, "utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _rows(text: str) -> list[list[str]]:
    """The list's non-blank rows, split on the separator its first lines use most."""
    lines = [line for line in source_lines(text) if line.strip()]
    delimiter = max(";,\t", key="\n".join(lines[:20]).count)
    return list(csv.reader(lines, delimiter=delimiter))


def _is_canvas(titles: list[str]) -> bool:
    folded = [_fold(title) for title in titles]
    return folded[:2] == ["student", "id"] and "section" in folded


def _header(titles: list[str], canvas: bool) -> dict[str, int]:
    """Each field's column, as the first row's titles name them ({} when the first row is no header)."""
    folded = [_fold(title) for title in titles]
    if canvas:
        return {field: folded.index(name) for field, name in CANVAS_HEADERS.items() if name in folded}
    header: dict[str, int] = {}
    for index, title in enumerate(folded):
        for field, names in HEADERS.items():
            if title in names and field not in header:
                header[field] = index
    return header


def _student(row: list[str], header: dict[str, int], canvas: bool) -> Student | None:
    """The student a row names (None for a row without a name)."""

    def cell(field: str) -> str:
        index = header.get(field)
        return row[index].strip() if index is not None and index < len(row) else ""

    name = cell("full") or " ".join(part for part in (cell("first"), cell("last")) if part)
    email = cell("email") if not canvas or "@" in cell("email") else ""  # a login that is no email: no uid
    return Student(name=name, id=cell("id"), email=email, group=cell("group")) if name else None


def identified(result, student: Student):
    """`result` (a `SubmissionResult`) named as the roster names its student, with the LMS's ids: what
    the exports write for a student who has no submission to give them."""
    result.name, result.participant, result.email, result.group = (
        student.name,
        student.participant,
        student.email,
        student.group,
    )
    return result


def join(results: list, students: list[Student], absent) -> tuple[list, list[tuple[str, dict]]]:
    """Results with the roster's name, email and group; a row from `absent(student, id)` for each
    student without a submission; notices (catalogue keys) for what did not match."""
    by_name: dict[str, list[Student]] = {}
    for s in students:
        by_name.setdefault(name_key(s.name), []).append(s)
    notices = [
        ("roster.homonyms", {"name": same[0].name, "count": len(same)}) for same in by_name.values() if len(same) > 1
    ]
    claims = _claims(results, students, by_name)
    matched = {id(claimants[0]) for claimants in claims.values() if len(claimants) == 1}
    for student, claimants in claims.items():
        if len(claimants) == 1:
            result = claimants[0]
            result.name, result.email, result.group = student.name, student.email, student.group
            result.participant = result.participant or student.participant
        else:
            notices.append(("roster.claimed", {"name": student.name, "ids": ", ".join(r.id for r in claimants)}))
    notices += [("roster.unmatched", {"id": r.id, "name": r.name}) for r in results if id(r) not in matched]
    taken = {result.id for result in results}
    rows = list(results)
    for student in students:
        if student not in claims:
            sid = free_id(roster_identity(student), taken)
            taken.add(sid)
            rows.append(absent(student, sid))
    return sorted(rows, key=lambda r: r.id), notices


def _claims(results: list, students: list[Student], by_name: dict[str, list[Student]]) -> dict[Student, list]:
    """The results each roster line is claimed by: by the LMS's participant number first, then by a
    name only one line holds (a name match never takes a student an id matched)."""
    by_participant = {s.participant: s for s in students if s.participant}
    claims: dict[Student, list] = {}
    for result in results:
        if result.participant in by_participant:
            claims.setdefault(by_participant[result.participant], []).append(result)
    by_id = set(claims)
    for result in results:
        if result.participant not in by_participant:
            same = by_name.get(name_key(result.name or result.id), [])
            if len(same) == 1 and same[0] not in by_id:
                claims.setdefault(same[0], []).append(result)
    return claims


def roster_identity(student: Student) -> Identity:
    """The identity of a roster's student who handed nothing in, shaped as a submission's would be."""
    if student.participant:
        return moodle_identity(student.name, student.participant)
    return Identity(id=short_slug(student.name), name=student.name, origin=b"roster\0" + raw_name(student.name))
