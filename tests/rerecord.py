"""Re-record the sample class's verdicts (tests/data/sample_class_verdicts.json) after an intended change.

tests/test_sample_class.py holds every verdict of the bundled sample class (exercises/exemples/) against
that file: a change of verdict must be deliberate, and shows there first. Once a change is meant (a new
question, a check regrouped, a message key renamed), run from the repository's root:

    python -m tests.rerecord                       # grades the sample class, writes the file
    python -m tests.rerecord --results OUT/results.json   # from a run already graded with --seed 2017

then read `git diff tests/data/sample_class_verdicts.json`: every line that moved is a verdict changed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"
RECORDED = ROOT / "tests" / "data" / "sample_class_verdicts.json"
SEED = 2017  # the sample class's tests grade it with this seed


def grade_sample_class(out: Path) -> Path:
    """The sample class graded by `grader grade` (every question, the default barème) into `out`."""
    from grader.cli import main

    status = main(["grade", str(SAMPLE), "--out", str(out), "--seed", str(SEED)])
    if status != 0:
        raise SystemExit(f"grader grade exited with {status}")
    return out


def verdicts(results: dict) -> dict:
    """What a change must leave unchanged unless meant: every score, status and check outcome, with its
    message key."""
    return {
        s["id"]: {
            "total": s["total"],
            "status": s["status"],
            "questions": {
                q["id"]: [q["score"], q["status"]]
                + [
                    [c["name"], c["passed"], c["points"], c["kind"], (c["message"] or {}).get("key")]
                    for c in q["checks"]
                ]
                for q in s["questions"]
            },
        }
        for s in results["submissions"]
    }


def verdicts_text(results: dict) -> str:
    """The recorded file's text for a run's results."""
    return json.dumps(verdicts(results), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.rerecord", description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, help=f"a results.json graded with --seed {SEED} (default: grade now)")
    parser.add_argument("--out", type=Path, default=RECORDED, help="the file written (default: the recorded one)")
    args = parser.parse_args(argv)
    if args.results is not None:
        try:
            results = json.loads(args.results.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            parser.error(f"--results {args.results}: {exc}")  # exit status 2
    else:
        with tempfile.TemporaryDirectory(prefix="sample-") as folder:
            out = grade_sample_class(Path(folder) / "rapport")
            results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    args.out.write_text(verdicts_text(results), encoding="utf-8")
    print(f"{args.out}: {len(results['submissions'])} students", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
