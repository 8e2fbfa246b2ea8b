"""Gradescope: an autograder zip whose `run_autograder` grades /autograder/submission with this grader
(grader/run/gradescope.py, the runner in the container) and writes /autograder/results/results.json,
one test per check group (`result`, Gradescope's autograder specification: `score`, `output`, `tests`
of `name`, `score`, `max_score`, `status`, `output`, `visibility`).

    grader gradescope --out autograder.zip [--seed N] [--scheme F] [-q q4 ...] [--lang fr|en] [--unsafe]

The zip holds `setup.sh` (installs Python and the grader from the sources in the zip, and builds the
optimal solver's tables once, on Gradescope's image), `run_autograder`, `settings.json` (seed,
barème, questions, language: the same for every submission) and the grader's sources. The seed in the
zip is the class's: keep the zip private, as the model answers are in it. `run_autograder` reads the
folders below `$AUTOGRADER_ROOT` (default /autograder), so that it can be tried in any folder.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

from grader.text.display import python_text
from grader.text.i18n import say, t, title
from grader.results.records import SubmissionResult
from reports.exports.common import feedback_text

PACKAGES = ("grader", "reference", "reports")
SOURCE = "taquin-grader"  # the grader's sources, inside the zip

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once when the autograder is built (Ubuntu image, as root, network allowed).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
# The grader needs Python 3.10 or newer: Ubuntu 22.04's python3 is 3.10, 20.04's is 3.8.
find_python() {{
  for candidate in python3.13 python3.12 python3.11 python3.10 python3; do
    if command -v "$candidate" >/dev/null 2>&1 \\
        && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}}
apt-get update -qq || true
apt-get install -y -qq python3 python3-venv python3-pip || true
if ! PYTHON="$(find_python)"; then
  # An older image: Python 3.10 from the deadsnakes archive, where the image can reach it.
  {{ apt-get install -y -qq software-properties-common && add-apt-repository -y ppa:deadsnakes/ppa \\
      && apt-get update -qq && apt-get install -y -qq python3.10 python3.10-venv; }} || true
  if ! PYTHON="$(find_python)"; then
    found="$(python3 --version 2>&1 || echo python3?)"
    echo "{old_python}" >&2
    exit 1
  fi
fi
"$PYTHON" -m venv /autograder/venv
/autograder/venv/bin/pip install -q /autograder/source/{source}
# The optimal solver's pattern databases (about a minute), built now rather than in every run.
/autograder/venv/bin/grader solve 0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 >/dev/null
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this for each submission: grade $ROOT/submission, write $ROOT/results/results.json.
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${GRADER_PYTHON:-$ROOT/venv/bin/python}"
mkdir -p "$ROOT/results"
exec "$PYTHON" -m grader.run.gradescope "$ROOT"
"""


def result(sub: SubmissionResult, lang: str = "fr", seconds: float | None = None) -> dict:
    """Gradescope's results.json for one graded submission."""
    tests: list[dict[str, Any]] = []
    for q in sub.questions:
        if q.manual:
            continue  # written questions are marked on Gradescope itself
        checks = q.checks or []
        for check in checks:
            output = say(check.message, lang)
            if not check.passed and check.counterexample is not None:
                output += "\n" + t("cli.counterexample", lang) + " : " + python_text(check.counterexample)[:2000]
            tests.append(
                {
                    "name": f"{q.id} · {title(check.title, lang)}",
                    "number": q.id,
                    "score": round(check.points, 4),
                    "max_score": round(check.max_points, 4),
                    "status": "failed" if check.failed else "passed",
                    "output": output,
                    "visibility": "visible",
                }
            )
        if not checks:  # nothing ran (module missing, stub): the question as one test
            tests.append(
                {
                    "name": f"{q.id} · {title(q.title, lang)}",
                    "number": q.id,
                    "score": q.score,
                    "max_score": q.max,
                    "status": "failed",
                    "output": t(f"status.{q.status}", lang),
                    "visibility": "visible",
                }
            )
    data = {
        # The questions' own scores, added then rounded once: per-test roundings would add up to 20.0001.
        "score": round(sum(q.score for q in sub.questions if not q.manual), 2),
        "output": feedback_text(sub, lang),
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }
    if seconds is not None:
        data["execution_time"] = round(seconds, 1)
    return data


def grader_sources(destination: Path) -> None:
    """The grader's packages, and its pyproject (the repository's, or one made from the installed
    package's metadata), so that `pip install` works on Gradescope's image."""
    import grader

    root = Path(grader.__file__).resolve().parents[1]
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.tmp")
    for package in PACKAGES:
        shutil.copytree(root / package, destination / package, ignore=ignore)
    if (root / "pyproject.toml").exists():
        shutil.copy2(root / "pyproject.toml", destination / "pyproject.toml")
        readme = root / "README.md"
        (destination / "README.md").write_text(
            readme.read_text(encoding="utf-8") if readme.exists() else "", encoding="utf-8"
        )
        return
    requires = [r for r in (metadata.requires("taquin-grader") or []) if "extra ==" not in r]
    (destination / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=64"]\nbuild-backend = "setuptools.build_meta"\n\n'
        f'[project]\nname = "taquin-grader"\nversion = "{metadata.version("taquin-grader")}"\n'
        f"dependencies = {json.dumps(requires)}\n\n"
        '[project.scripts]\ngrader = "grader.cli:main"\n\n'
        '[tool.setuptools.packages.find]\ninclude = ["grader*", "reference*", "reports*"]\n\n'
        '[tool.setuptools.package-data]\nreports = ["templates/*", "fonts/*"]\ngrader = ["data/*"]\n'
        'reference = ["solver/tables/*"]\n',
        encoding="utf-8",
    )


def build_autograder(
    path: Path,
    *,
    seed: int,
    scheme: Path | None,
    questions: list[str],
    lang: str,
    memory_mib: int,
    unsafe: bool = False,
) -> Path:
    """Write the autograder zip; `questions` are the ids of the automatic questions to grade; `unsafe`: its
    runner grades even where no layer confines the students' code (grader/run/gradescope.py)."""
    settings = {
        "unsafe": unsafe,
        "seed": seed,
        "questions": questions,
        "lang": lang,
        "memory_mib": memory_mib,
        "scheme": Path(scheme).read_text(encoding="utf-8") if scheme else "",
    }
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / SOURCE
        grader_sources(source)
        path.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            setup = SETUP.format(source=SOURCE, old_python=t("export.gradescope_old_python", lang, found="$found"))
            for name, text in (("setup.sh", setup), ("run_autograder", RUN)):
                info = zipfile.ZipInfo(name)
                info.external_attr = 0o100755 << 16  # executable, as Gradescope runs them
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, text)
            zf.writestr("settings.json", json.dumps(settings, ensure_ascii=False, indent=1))
            for file in sorted(source.rglob("*")):
                if file.is_file():
                    zf.write(file, f"{SOURCE}/{file.relative_to(source).as_posix()}")
    return path
