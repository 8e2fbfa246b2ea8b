"""PrairieLearn's score upload (an assessment's "Upload new question scores"), read by PrairieLearn's
apps/prairielearn/src/lib/score-upload.ts (uploadInstanceQuestionScores) through its CSV parser
(lib/csv.ts createCsvParser): a header of lower-cased column names, then one row per student and
question: `uid` (the student's login, an email), `instance` (the assessment instance, 1), `qid` (the
question of the assessment that stands for this exam), `score_perc` (0-100, read with parseFloat: a
decimal point), `feedback` (shown to the student as the manual feedback). A blank cell is null; a row
with neither score nor feedback is skipped; a record over 10 000 characters fails the whole upload's
parse, so the feedback is cut well below that.

The uid is the roster's email (`--roster`, PrairieLearn's own roster export's `UID` column included);
a student without one, or without a grade (not submitted), has no row and is named to the teacher.
"""

from __future__ import annotations

from pathlib import Path

from grader.results.gradebook import SafeWriter, number
from grader.results.records import Run
from reports.exports.common import feedback_text

COLUMNS = ["uid", "instance", "qid", "score_perc", "feedback"]
FEEDBACK_MAX_CHARS = 8000  # csv.ts's maxRecordSize is 10 000 for the whole record
INSTANCE = 1


def write_scores(run: Run, path: Path, *, qid: str, lang: str = "fr") -> tuple[Path, list[str]]:
    """Write the upload; return it and the ids of the students it has no row for."""
    missing = []
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = SafeWriter(handle)
        writer.writerow(COLUMNS)
        for sub in run.submissions:
            if not sub.has_final_grade:  # no grade, or one waiting for written marks: no row
                continue
            if not sub.email.strip():
                missing.append(sub.id)
                continue
            feedback = feedback_text(sub, lang)
            if len(feedback) > FEEDBACK_MAX_CHARS:
                feedback = feedback[: FEEDBACK_MAX_CHARS - 1] + "…"
            score = sub.total / sub.max * 100 if sub.max > 0 else 0.0
            writer.writerow([sub.email.strip(), INSTANCE, qid, number(score), feedback])
    return path, missing
