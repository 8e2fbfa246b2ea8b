"""Gradescope's runner, inside its container: `run_autograder` (reports/exports/gradescope.py builds the
zip) runs `python -m grader.run.gradescope ROOT`, which grades ROOT/submission with the seed, barème and
questions of ROOT/source/settings.json, as `grader check` grades a student's files, and writes
ROOT/results/results.json in Gradescope's form.

It grades only where `grader grade` would: when no layer of the container confines the students' code to
its own files (neither Landlock nor namespaces), it refuses unless the zip was built with `--unsafe`, and
a grading done so says NOT CONFINED in the student's feedback. When it does not grade (refused, or the
zip's settings unreadable), the reason goes to the runner's output, which Gradescope shows the teacher
only (`stdout_visibility`), and the student's results.json says only that the files were not graded:
never a path nor what an exception read out of the teacher's files."""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from pathlib import Path

from grader.errors import GraderBug, GraderError
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.scoring import Scheme
from grader.run.jobs import confinement, grade_path, select
from grader.sandbox.limits import Limits
from grader.text import i18n
from reports.exports.gradescope import result


def run(root: Path) -> dict:
    """Grade root/submission with root/source/settings.json; write root/results/results.json. UsageError
    (unless the zip allows it) when the students' code would not be confined to its files."""
    started = time.monotonic()
    settings = json.loads((root / "source" / "settings.json").read_text(encoding="utf-8"))
    lang = settings.get("lang", "fr")
    scheme = Scheme()
    if settings.get("scheme"):
        scheme_file = root / "source" / "bareme.toml"
        scheme_file.write_text(settings["scheme"], encoding="utf-8")
        scheme = Scheme.load(scheme_file)
    # The zip lists its questions (the barème's, x1-x4 only when built with --extensions).
    questions = [q for q in select(all_questions(extensions=True), settings["questions"]) if not q.manual]
    limits = Limits(memory_bytes=int(settings.get("memory_mib", 1024)) * 1024 * 1024)
    sandbox = confinement(limits, lang, not settings.get("unsafe", False), "cli.unconfined_unsafe")
    graded = grade_path(
        root / "submission", questions, Settings(seed=int(settings["seed"]), lang=lang, scheme=scheme, limits=limits)
    )
    data = result(graded, lang, time.monotonic() - started)
    if not sandbox["files_confined"]:
        data["output"] = i18n.t("report.sandbox_unconfined", lang) + "\n\n" + data["output"]
    _write(root, data)
    return data


def main(root: Path) -> int:
    """run_autograder's entry point: grade; else say why on the runner's output (the teacher's) and give
    the student a results.json that says only that their files were not graded."""
    try:
        run(root)
        return 0
    except Exception as exc:  # noqa: BLE001 - whatever it is, the student's feedback must not carry it
        lang = _language(root)
        if isinstance(exc, GraderError):
            print(i18n.t("cli.error", lang, message=exc.message(lang)), file=sys.stderr)
            status = exc.exit_status
        else:
            traceback.print_exc()
            status = GraderBug.exit_status
        not_graded = {
            "score": 0,
            "output": i18n.t("export.gradescope_not_graded", lang),
            "visibility": "visible",
            "stdout_visibility": "hidden",
            "tests": [],
        }
        _write(root, not_graded)
        return status


def _language(root: Path) -> str:
    """The zip's language, or French when its settings cannot be read."""
    try:
        lang = json.loads((root / "source" / "settings.json").read_text(encoding="utf-8")).get("lang")
    except (OSError, ValueError, AttributeError):
        return "fr"
    return lang if lang in i18n.LANGS else "fr"


def _write(root: Path, data: dict) -> None:
    out = root / "results" / "results.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":  # run_autograder's entry point
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("AUTOGRADER_ROOT", "/autograder"))))
