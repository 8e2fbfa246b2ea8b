"""Feedback files back to students: a folder per student holding their HTML report (self-contained)
and their PDF sheet, and the same folders in one zip for Moodle's "Upload multiple feedback files in a
zip" (Téléverser plusieurs fichiers de feedback dans un fichier ZIP).

Moodle's importer (mod/assign/feedback/file/importziplib.php, is_valid_filename_for_import) exists in
two forms. Up to Moodle 4.0 (3.11 and 4.0 included) it splits the whole path of a file on "_" into at
most five fields, full name, participant id (numeric), plugin type, plugin name and the file name, and
imports nothing when there are fewer than five; from 4.1 it splits each folder name of the path in
turn and accepts four fields or five. Folders are therefore named
"<Full name>_<participant>_assignfeedback_file_", the trailing "_" giving Moodle <= 4.0 its fifth
field (Moodle 4.1+'s own download drops it; its importer takes both), with any "_" of the name
replaced by a space so that the participant id stays the second field; the name is cleaned as every
file name the grader writes is (grader.intake.identity.file_part: no control, bidi or zero-width
character, nothing Windows refuses, at most 120 bytes). Students without a participant id get a folder
named by their id, and are left out of the zip (Moodle could not tell whose it is), as are students with
no grade (not submitted: nothing to give back). Folder names are distinct, also where case does not
count (Windows, macOS): one that would meet another's takes the id's name and stays out of the zip."""

from __future__ import annotations

import zipfile
from pathlib import Path

from grader.intake.identity import file_part
from grader.results.records import Run, private_folder
from grader.results.gradebook import display_name
from reports.exports.pdf import write_pdfs
from reports.render import file_names, render_student

REPORT = "rapport.html"
SHEET = "retour.pdf"
ZIP = "feedback-moodle.zip"
CLASS_PDF = "retours-classe.pdf"


def folder_name(name: str, participant: str, fallback: str) -> str:
    """Moodle's feedback folder for a student; a file-safe fallback without a participant id."""
    if not participant:
        return fallback
    return f"{file_part(name.replace('_', ' ')) or 'participant'}_{participant}_assignfeedback_file_"


def write_feedback(run: Run, out: Path, lang: str = "fr", out_of: float = 20) -> list[Path]:
    """out/<folder>/rapport.html and retour.pdf per student, out/feedback-moodle.zip, and the class's
    PDF (out/retours-classe.pdf, a page per student, to print)."""
    private_folder(out)
    fallbacks = [n[: -len(".html")] for n in file_names([s.id for s in run.submissions])]
    folders, zipped = [], []
    taken = {ZIP.casefold(), CLASS_PDF.casefold()}  # a student's folder named `feedback-moodle.zip` stays a folder
    for sub, fallback in zip(run.submissions, fallbacks):
        moodle = folder_name(display_name(sub), sub.participant, fallback)
        # Taken already: the same participant twice (a roster listing one twice), whose it is unknown.
        name = moodle if moodle.casefold() not in taken else fallback
        unique, n = name, 1
        while unique.casefold() in taken:
            n += 1
            unique = f"{name}-{n}"
        taken.add(unique.casefold())
        folders.append(out / unique)
        zipped.append(bool(sub.participant) and unique == moodle and sub.has_final_grade)
    for sub, folder in zip(run.submissions, folders):
        render_student(run, sub, folder / REPORT, lang=lang)
    write_pdfs(run, [f / SHEET for f in folders], out / CLASS_PDF, lang, out_of)
    archive = out / ZIP
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for folder, included in zip(folders, zipped):
            if not included:
                continue
            for name in (REPORT, SHEET):
                zf.write(folder / name, f"{folder.name}/{name}")
    return [*folders, archive, out / CLASS_PDF]
