"""Canvas's gradebook CSV (Grades > Import). Canvas reads comma-separated UTF-8 with a header row
"Student, ID, SIS User ID, SIS Login ID, Section, <assignment>...", and a "Points Possible" row under
it; students are matched by Canvas id, SIS User ID or SIS Login ID (here: the LMS participant id and
the file-safe id), and an assignment column whose header ends with "(<assignment id>)" updates that
assignment, any other header creates a new one. Scores use a decimal point."""

from __future__ import annotations

import csv
from pathlib import Path

from grader.results import Run
from reports.exports.common import display_name, number, scaled, split_name

FIXED = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
POINTS_POSSIBLE = "Points Possible"


def write_gradebook(run: Run, path: Path, *, assignment: str = "Taquin X-ENS 2017", out_of: float = 20) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([*FIXED, assignment])
        writer.writerow([POINTS_POSSIBLE, "", "", "", "", number(out_of)])
        for sub in run.submissions:
            family, given = split_name(display_name(sub))
            # Canvas lists students as "Family, Given".
            student = f"{family}, {given}" if given else family
            writer.writerow([student, "", sub.participant, sub.id, "", number(scaled(sub, out_of))])
    return path
