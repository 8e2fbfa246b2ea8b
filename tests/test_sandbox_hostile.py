"""The hostile corpus (tests/hostile/class/): each submission gets its verdict, and a class made of all
of them plus correct students is graded without losing anything: correct students get full marks, the
output folder holds only what the grader wrote, nothing outside changes, no process survives."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import tomllib
from pathlib import Path

import pytest

from grader.judge.settings import Settings
from grader.run.grading import grade_class
from grader.run.jobs import grade_path
from grader.registry import all_questions
from grader.sandbox.limits import Limits

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "hostile" / "class"
VERDICTS = tomllib.loads((HERE / "hostile" / "verdicts.toml").read_text(encoding="utf-8"))
QUESTIONS = {q.id: q for q in all_questions() if not q.manual}
SETTINGS = Settings(limits=Limits(import_seconds=3.0))


def test_the_corpus_is_complete():
    assert sorted(p.stem for p in CORPUS.glob("*.py")) == sorted(VERDICTS)
    assert len(VERDICTS) >= 30


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_hostile_submission_gets_its_verdict(name):
    expected = {k: v for k, v in VERDICTS[name].items() if k in QUESTIONS}
    if not expected:
        pytest.skip("its questions are not written yet")
    result = grade_path(CORPUS / f"{name}.py", [QUESTIONS[q] for q in expected], SETTINGS)
    got = {q.id: q.status for q in result.questions}
    assert got == expected


def _snapshot(folder: Path) -> dict[str, str]:
    found = {}
    for path in folder.rglob("*") if folder.is_dir() else ():
        try:
            found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        except OSError:
            found[str(path)] = "unreadable"
    return found


def _processes_in(folder: Path) -> list[int]:
    """Processes whose working directory is inside `folder` (the children's folders live there)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and os.readlink(f"/proc/{entry}/cwd").startswith(str(folder)):
                found.append(int(entry))
        except OSError:
            pass
    return found


@pytest.mark.slow
def test_a_hostile_class_loses_nothing(tmp_path, monkeypatch):
    repo = HERE.parent
    class_dir = tmp_path / "class"
    shutil.copytree(CORPUS, class_dir)
    (class_dir / "correct_reference").mkdir()
    for module in ("jeux", "taquin"):
        shutil.copy(repo / "reference" / "answers" / f"{module}.py", class_dir / "correct_reference" / f"{module}.py")
    shutil.copy(repo / "reference" / "answers" / "jeux.py", class_dir / "correct_single.py")
    canary = tmp_path / "canary"
    canary.mkdir()
    (canary / "keep.txt").write_text("untouched")
    # The children's folders in a place of this test's own, traversable by the unprivileged user.
    work = Path(tempfile.mkdtemp(prefix="hostile-class-"))
    work.chmod(0o711)
    monkeypatch.setattr(tempfile, "tempdir", str(work))
    # Other things may run on this machine meanwhile: watch what only a student of this class would touch.
    before = (_snapshot(canary), sorted(os.listdir(Path.home())))
    out = tmp_path / "out"
    try:
        run = grade_class(class_dir, out, list(QUESTIONS.values()), SETTINGS, workers=2)
        assert _processes_in(work) == []
    finally:
        monkeypatch.undo()
        shutil.rmtree(work, ignore_errors=True)
    assert (_snapshot(canary), sorted(os.listdir(Path.home()))) == before
    assert not list(Path("/tmp").glob("hostile-*.txt"))
    written = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert {"results.json", "grades.csv"} <= written
    assert all(
        p in ("results.json", "grades.csv")
        or p.endswith(".html")
        or (p.startswith("students/") and p.endswith(".json"))
        for p in written
    ), written
    by_id = {s.id: s for s in run.submissions}
    assert len(by_id) == len(VERDICTS) + 2
    for student in ("correct_reference", "correct_single"):
        for question in by_id[student].questions:
            if question.status != "missing":
                assert question.score == question.max, (student, question.id, question.status)
    for name, expected in VERDICTS.items():
        got = {q.id: q.status for q in by_id[name].questions}
        for qid, status in expected.items():
            if qid in QUESTIONS:
                assert got[qid] == status, (name, qid)
