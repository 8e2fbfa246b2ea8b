"""Gradescope's runner, inside its container: `run_autograder` (reports/exports/gradescope.py builds the
zip) runs `python -m grader.run.gradescope ROOT`, which grades ROOT/submission with the seed, barème and
questions of ROOT/source/settings.json, as `grader check` grades a student's files, and writes
ROOT/results/results.json in Gradescope's form."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.scoring import Scheme
from grader.run.jobs import grade_path, select
from grader.sandbox.limits import Limits
from reports.exports.gradescope import result


def run(root: Path) -> dict:
    """Grade root/submission with root/source/settings.json; write root/results/results.json."""
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
    graded = grade_path(
        root / "submission",
        questions,
        Settings(
            seed=int(settings["seed"]),
            lang=lang,
            scheme=scheme,
            limits=Limits(memory_bytes=int(settings.get("memory_mib", 1024)) * 1024 * 1024),
        ),
    )
    data = result(graded, lang, time.monotonic() - started)
    out = root / "results" / "results.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return data


if __name__ == "__main__":  # run_autograder's entry point
    run(Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("AUTOGRADER_ROOT", "/autograder")))
