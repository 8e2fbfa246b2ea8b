"""A class made of the attacks of names.py and their victims, graded as a teacher would (`grade_class`,
two workers, q1), then exported in every format; writes what it saw as JSON. Run as `python
names_scene.py BASE REPORT.json` by tests/test_name_attacks.py, as root or as an ordinary user. The
test watches this process and its workers from outside (their peak memory, from /proc).

Recorded: each entry's verdict on q1 and score, keyed by the entry's name as the grader shows it; the
run's notices; whether every student has a page; every file and folder name written under the output
(exports and the Moodle feedback zip's members included); the ids given and the ids a second run with
`--resume` finds.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import zipfile
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's grader and tests
    base, report = Path(sys.argv[1]), Path(sys.argv[2])
    from tests.attacks.scene_setup import prepare

    cache, class_dir, out, tmp = prepare(base)

    from grader.intake import find_class
    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.results.scoring import Scheme
    from grader.run.grading import grade_class
    from grader.sandbox.limits import Limits
    from grader.text.i18n import say
    from reports.exports import FORMATS, Options, merged_run, publish
    from reports.render import render_class
    from tests.attacks import names

    names.build(bytes(class_dir))
    q1 = [q for q in all_questions() if q.id == "q1"]
    settings = Settings(scheme=Scheme(time_floor=2.0), limits=Limits(import_seconds=5.0))
    found = find_class(class_dir)
    origin = {entry.id: entry.origins[0] for entry in found.entries}
    run = grade_class(class_dir, out, q1, settings, workers=2, found=found)
    render_class(run, out)
    # The PDF sheets need fontTools, which the ordinary teacher's venv leaves out (tests/test_attacks.py):
    # the feedback folders are then made where it is (as root).
    pdf = importlib.util.find_spec("fontTools") is not None
    publish(out, merged_run(out, None), [f for f in FORMATS if pdf or f != "feedback"], Options(lang="en"))
    regraded: list[str] = []
    again = grade_class(
        class_dir, out, q1, settings, workers=2, resume=True, progress=lambda done, total, r: regraded.append(r.id)
    )

    written = [str(p.relative_to(out)) for p in out.rglob("*")]
    if pdf:
        with zipfile.ZipFile(out / "exports" / "retours" / "feedback-moodle.zip") as archive:
            written += archive.namelist()
    json.dump(
        {
            "user": os.geteuid(),
            "isolation": run.limits["isolation"],
            "verdicts": {
                origin[s.id]: [str(s.questions[0].status), s.total, s.max] for s in run.submissions
            },
            "participants": {origin[s.id]: s.participant for s in run.submissions},
            "notices": [say(n, "en") for n in run.notices],
            "pages": all((out / name).is_file() for name in _pages(run)),
            "index": (out / "index.html").is_file(),
            "written": written,
            "feedback": pdf,
            "ids": sorted(s.id for s in run.submissions),
            "resumed_ids": sorted(s.id for s in again.submissions),
            "regraded_on_resume": regraded,
        },
        report.open("w"),
    )


def _pages(run) -> list[str]:
    from reports.render import file_names

    return file_names([s.id for s in run.submissions])


if __name__ == "__main__":
    main()
