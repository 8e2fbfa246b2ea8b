"""The class's last students are graded a question per job (grader/run/executor.py's tail split), so that a
worker that runs out of students takes their questions instead of idling: no result may change."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.run.executor import TAIL_STUDENTS_PER_WORKER, tail_split
from grader.run.jobs import whole_submission
from grader.results.records import QuestionResult, Status, SubmissionResult

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"
QUESTIONS = ["q1", "q4", "q15", "q16"]


@pytest.mark.parametrize("students", [0, 1, 7, 100])
@pytest.mark.parametrize("workers", [1, 2, 8])
def test_every_question_of_every_student_is_in_one_job_and_only_the_tail_is_split(students, workers):
    jobs = tail_split(students, QUESTIONS, workers)
    pairs = [(number, qid) for number, ids in jobs for qid in ids]
    assert sorted(pairs) == sorted((n, q) for n in range(students) for q in QUESTIONS)  # each once
    split = {number for number, ids in jobs if len(ids) == 1}
    tail = 0 if workers == 1 else min(students, TAIL_STUDENTS_PER_WORKER * workers)
    assert split == set(range(students - tail, students))
    whole = [number for number, ids in jobs if len(ids) > 1]
    assert whole == list(range(len(whole))) and jobs[: len(whole)] == [(n, QUESTIONS) for n in whole]
    # The tail from the last question to the first: the last jobs are the cheap first questions.
    assert [ids[0] for _, ids in jobs[len(whole) :]] == [q for q in reversed(QUESTIONS) for _ in range(tail)]
    assert tail_split(students, ["q1"], workers) == [(n, ["q1"]) for n in range(students)]  # nothing to split


def _part(*scores: tuple[str, float]) -> SubmissionResult:
    questions = [QuestionResult(id=q, title=f"{q}.title", score=s, max=2.0, status=Status.PASSED) for q, s in scores]
    return SubmissionResult(id="alice", total=sum(s for _, s in scores), max=2.0 * len(scores), questions=questions)


def test_a_students_parts_are_put_back_in_the_questions_order_and_a_lost_part_loses_the_student():
    whole = whole_submission([_part(("q15", 2.0)), _part(("q1", 1.5), ("q4", 0.5))], QUESTIONS)
    assert [q.id for q in whole.questions] == ["q1", "q4", "q15"]
    assert (whole.total, whole.max) == (4.0, 6.0)
    lost = RuntimeError("worker lost")
    assert whole_submission([_part(("q1", 2.0)), lost], QUESTIONS) is lost  # the class's row says it failed


def _graded(tmp_path: Path, workers: int) -> dict:
    out = tmp_path / f"out{workers}"
    command = [sys.executable, "-m", "grader.cli", "grade", str(SAMPLE), "--out", str(out), "--seed", "7"]
    done = subprocess.run(
        [*command, "--workers", str(workers), *(a for q in QUESTIONS for a in ("-q", q))],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr

    def judged(value):  # what was judged, not how long it took
        if isinstance(value, dict):
            return {k: judged(v) for k, v in value.items() if k not in ("timing", "seconds", "date")}
        return [judged(v) for v in value] if isinstance(value, list) else value

    return judged(json.loads((out / "results.json").read_text(encoding="utf-8")))


def test_a_class_graded_question_by_question_gets_the_results_of_whole_students(tmp_path):
    whole, split = _graded(tmp_path, 1), _graded(tmp_path, 2)  # 7 students: with 2 workers, all split
    # A timeout's "where" is where the loop happened to be: the looping student is compared without it.
    # The pool's size is recorded with the limits: it sizes a child's room on a shared uid.
    assert (whole["limits"].pop("workers"), split["limits"].pop("workers")) == (1, 2)
    for run in (whole, split):
        for sub in run["submissions"]:
            for q in sub["questions"]:
                for check in q["checks"]:
                    if check["kind"] == "timeout" and check["message"]:
                        check["message"]["params"].pop("where", None)
    assert len(split["submissions"]) == 7 and split == whole
