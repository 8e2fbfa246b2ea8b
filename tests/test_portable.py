"""`grader check` from a parent that has none of the POSIX pieces (Windows, seen from Linux through
tests/windows_parent.py): the portable path (grader/sandbox/stdio.py) grades a correct answer fully,
takes points off a wrong one, keeps the parent's deadline, and says the child is not confined. The
path's sandbox behaviour (limits, deadlines, forged frames, floods) is tested with the others' in
test_sandbox.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALICE = ROOT / "exercises" / "exemples" / "alice"


def check(submission: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "tests" / "windows_parent.py"), "check", str(submission), *options],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )


def test_a_correct_answer_gets_full_marks_on_the_portable_path():
    done = check(ALICE, "-q", "q4", "-q", "q16", "-q", "q17", "--seed", "7", "--lang", "en", "--details")
    assert done.returncode == 0, done.stderr
    assert "Total: 7/7" in done.stdout, done.stdout
    said = (done.stdout + done.stderr).lower()
    # the short report says "not confined" in one sentence; --details names the missing supervisor
    assert "no supervisor (portable path)" in said and "not confined" in said, said


def test_a_wrong_answer_loses_points_and_a_loop_ends_at_the_deadline(tmp_path):
    for name in ("bfs_25_niveaux", "boucle"):
        submission = tmp_path / name / "jeux.py"
        submission.parent.mkdir()
        submission.write_text((ROOT / "tests" / "submissions" / "jeux" / f"{name}.py").read_text(encoding="utf-8"))
        done = check(submission, "-q", "q4", "--seed", "7", "--json")
        assert done.returncode in (0, 1), done.stderr
        (question,) = json.loads(done.stdout)["questions"]
        assert question["score"] < question["max"], (name, question)
