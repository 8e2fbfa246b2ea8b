"""What the channel from a child into the parent promises beyond the served calls (tests/test_calls.py):
any bytes a child sends are representable once in the parent, what results copy of them is bounded, one
student's results have a hard size, and writing one student's result never stops the class."""

from __future__ import annotations

import json
import textwrap

import pytest

from grader.text.message import Message
from grader.results.records import (
    MAX_SUBMISSION_BYTES,
    SHOWN_ITEMS,
    Check,
    Output,
    QuestionResult,
    Status,
    SubmissionResult,
    capped,
    excerpt,
    json_bytes,
    shown_visual,
    size,
)
from grader.sandbox import protocol
from grader.sandbox.process import Child
from grader.sandbox.limits import Limits

PROBES = "tests.calls.probes"
UNSAFE = "\ud800\udfff\x00\x07\x1b\u202e\u2066\u2028\r"
HOSTILE = " ".join(UNSAFE) + "[2J"


def _run(source: str, probe: str = "probe_proxied"):
    child = Child({"jeux": textwrap.dedent(source)}, "jeux", [PROBES], Limits())
    try:
        assert child.start().ok
        reply = child.call(f"{PROBES}:{probe}", {}, 5.0)
        return reply, child
    finally:
        child.close()


@pytest.mark.parametrize("how", ["returned", "raised", "printed"])
def test_text_from_a_child_is_made_representable_where_it_enters(how):
    """Lone surrogates, NUL, controls, bidi and line separators from a child (a value, an exception's
    message, its output) reach the parent escaped: UTF-8 files, pages and terminals can hold them."""
    body = {
        "returned": f"return [{HOSTILE!r}, {{{HOSTILE!r}: 1}}]",
        "raised": f"raise ValueError({HOSTILE!r})",
        "printed": f"import sys\n    sys.stdout.buffer.write({HOSTILE.encode('utf-8', 'surrogatepass')!r})\n    return 1",
    }[how]
    reply, child = _run(f"def f():\n    {body}\n")
    out, err, _ = child.output()
    seen = json.dumps([reply.value, reply.error, reply.traceback, out, err], ensure_ascii=False)
    seen.encode("utf-8")  # a lone surrogate would raise here
    for char in UNSAFE:
        assert char not in seen
    # (Bytes of the output that are no UTF-8, as a surrogate's are, read as U+FFFD.)
    assert ("\\ud800" in seen or how == "printed") and "\\x00" in seen and "\\u202e" in seen


def test_a_frame_without_unsafe_text_is_not_walked_and_one_with_it_is_escaped():
    plain = json.dumps({"grid": [[1, 2], [3, 4]], "solution": ["Haut"], "e": "\\n"}).encode()
    assert protocol.parse_frame(plain) == json.loads(plain)
    escaped = protocol.parse_frame(json.dumps({"k\ud800": ["é\u202e", "tab\tnew\nline"]}).encode())
    assert escaped == {"k\\ud800": ["é\\u202e", "tab\tnew\nline"]}


def test_values_copied_into_results_are_bounded_excerpts_that_say_the_length():
    assert excerpt([[0, 1, 2, 3]] * 4) == [[0, 1, 2, 3]] * 4  # a grid stays a grid
    long = list(range(10 * SHOWN_ITEMS))
    cut = excerpt(long)
    assert cut[:10] == long[:10] and cut[-1] == f"… len={len(long)}" and len(cut) <= SHOWN_ITEMS + 1
    text = excerpt("x" * 10**6)
    assert len(text) < 30_000 and text.endswith("… len=1000000")
    nested = excerpt([[list(range(1000))] * 1000])
    assert len(json.dumps(nested)) < 50_000
    message = excerpt(Message("engine.reply.error", {"detail": "y" * 10**6}))
    assert isinstance(message, Message) and len(message.params["detail"]) < 30_000
    visual = shown_visual({"type": "taquin", "start": list(range(16)), "moves": ["Haut"] * 5000})
    assert visual["moves"][-1] == "…" and visual["length"] == 5000 and len(visual["moves"]) == 201


def _bulky(checks: int, printed: int) -> SubmissionResult:
    question = QuestionResult(
        id="q18",
        title="q18.title",
        score=0.0,
        max=3.0,
        status=Status.FAILED,
        checks=[
            Check(
                name=f"c{i}", title="q18.ordre", passed=False, got=list(range(SHOWN_ITEMS)), counterexample="z" * 20_000
            )
            for i in range(checks)
        ],
        output=Output(stdout="o" * printed, stderr="e" * printed),
    )
    return SubmissionResult(id="bulky", total=0.0, max=3.0, questions=[question])


def test_one_students_results_have_a_hard_size_and_say_so():
    result = capped(_bulky(checks=200, printed=64 * 1024))
    assert size(result) <= MAX_SUBMISSION_BYTES
    assert result.questions[0].score == 0.0 and result.questions[0].output.dropped == 2 * 64 * 1024
    assert result.warnings[-1] == Message("warning.results_capped", {"limit": 1})
    small = _bulky(checks=1, printed=10)
    assert capped(small) is small and small.warnings == [] and small.questions[0].checks[0].got is not None


def test_a_result_no_file_could_hold_is_written_escaped():
    result = SubmissionResult(id="s", total=0.0, max=0.0, name="Chlo\udce9 \ud800")  # a name from a disk's bytes
    data = json.loads(json_bytes(result))
    assert data["name"] == "Chlo\\udce9 \\ud800"


HONEST = "def solution_42():\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n"


def test_a_result_that_cannot_be_written_is_the_graders_failure_and_the_class_goes_on(tmp_path, monkeypatch):
    from grader.run import grading
    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.run.jobs import select

    (tmp_path / "class").mkdir()
    for student in ("anna", "bruno", "chloe"):
        (tmp_path / "class" / f"{student}.py").write_text(HONEST)
    write_json = grading.write_json

    def failing_for_bruno(path, obj):
        if getattr(obj, "id", "") == "bruno" and obj.status == "graded":
            raise TypeError("a value json cannot write")
        write_json(path, obj)

    monkeypatch.setattr(grading, "write_json", failing_for_bruno)
    out, questions, settings = tmp_path / "out", select(all_questions(), ["q1"]), Settings(seed=1)
    run = grading.grade_class(tmp_path / "class", out, questions, settings, workers=1)
    by_id = {s.id: s for s in run.submissions}
    assert by_id["anna"].total == by_id["chloe"].total == 1.0
    assert by_id["bruno"].status == "grader_failed" and "a value json cannot write" in str(by_id["bruno"].warnings)
    assert json.loads((out / "results.json").read_text())["complete"] is True
    monkeypatch.setattr(grading, "write_json", write_json)
    again = grading.grade_class(tmp_path / "class", out, questions, settings, workers=1, resume=True)
    assert {s.id: s.status for s in again.submissions} == {"anna": "graded", "bruno": "graded", "chloe": "graded"}


@pytest.mark.slow
def test_a_class_with_a_hostile_student_is_graded_in_full(tmp_path):
    """The issue's acceptance: honest students and one whose answers send a lone surrogate (a returned
    value and an exception), a served call with absurd arguments and a 20 MB argument list, graded by
    `grader grade`: exit 0, every honest student full marks, the hostile one's results under 1 MiB and
    scored nothing, and `--resume` reads what the run wrote."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tests.attacks import served

    root = Path(__file__).resolve().parent.parent
    reference = root / "reference" / "answers"
    klass = tmp_path / "class"
    for honest in ("anna", "bruno"):
        (klass / honest).mkdir(parents=True)
        for module in ("jeux", "taquin"):
            (klass / honest / f"{module}.py").write_text((reference / f"{module}.py").read_text())
    (klass / "zoe").mkdir()
    (klass / "zoe" / "jeux.py").write_text("def solution_42():\n    return ['\\ud800', '\\x1b[2J', '\\u202e']\n")
    hostile = served.taquin(move=served.SURROGATE_MOVE, gauche=served.ABSURD_GAUCHE, taquin=served.HUGE_CALL)
    (klass / "zoe" / "taquin.py").write_text(hostile)
    scheme = tmp_path / "bareme.toml"
    scheme.write_text("[questions.q18.groups]\ndefi = 0\n")
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "grader",
        "grade",
        str(klass),
        "--out",
        str(out),
        "--seed",
        "7",
        "--scheme",
        str(scheme),
        "--workers",
        "2",
    ]
    command += [arg for qid in ("q1", "q15", "q16", "q18") for arg in ("-q", qid)]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(command, capture_output=True, text=True, timeout=1500, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    run = json.loads((out / "results.json").read_text(encoding="utf-8"))
    by_id = {s["id"]: s for s in run["submissions"]}
    assert by_id["anna"]["total"] == by_id["anna"]["max"] and by_id["bruno"]["total"] == by_id["bruno"]["max"]
    zoe = {q["id"]: (q["status"], q["score"]) for q in by_id["zoe"]["questions"]}
    # q16: its refusals are its own (right), and count for the three tente_* seen moving (with the served
    # move: its own raises); tente_gauche asks the served move for a cell off the grid: a wrong move, the
    # three other directions keep their share of acceptance.
    # q16: a forged served move in one tente_* is refused in the watch of how moves are written (run in every
    # q16 child before its case), so the other directions earn nothing either; q18: the 20 MB call refused.
    assert zoe == {"q1": ("failed", 0.0), "q15": ("error", 0.0), "q16": ("failed", 0.0), "q18": ("failed", 0.0)}
    (accepting,) = [c for q in by_id["zoe"]["questions"] for c in q["checks"] if c["name"] == "acceptation"]
    assert accepting["kind"] == "wrong" and accepting["message"]["key"] == "taquin.served_move_outside"
    assert (out / "students" / "zoe.json").stat().st_size < MAX_SUBMISSION_BYTES
    assert "\\ud800" in (out / "students" / "zoe.json").read_text(encoding="utf-8")  # shown, escaped
    again = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=600, env=env)
    assert again.returncode == 0, again.stderr[-3000:]
    assert json.loads((out / "results.json").read_text(encoding="utf-8"))["submissions"] == run["submissions"]


def test_a_job_past_its_deadline_is_stopped_from_outside_and_the_class_goes_on(tmp_path, monkeypatch):
    """`grader grade`'s pool kills the worker of a job past `Settings.job_seconds` (here a job that never
    ends, as a parent-side computation nobody bounded would): that student is the grader's failure with
    the reason, the others are graded, the run ends."""
    import time

    from grader.run import executor, grading
    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.run.jobs import select

    (tmp_path / "class").mkdir()
    for student in ("anna", "stuck", "chloe"):
        (tmp_path / "class" / f"{student}.py").write_text(HONEST)
    grade_job = executor.grade_job

    def never_ending_for_stuck(entry, question_ids, settings):
        while entry.id == "stuck":
            time.sleep(1)
        return grade_job(entry, question_ids, settings)

    monkeypatch.setattr(executor, "grade_job", never_ending_for_stuck)  # the pool's workers are forked
    started = time.monotonic()
    settings = Settings(seed=1, job_seconds=8.0)
    run = grading.grade_class(
        tmp_path / "class", tmp_path / "out", select(all_questions(), ["q1"]), settings, workers=2
    )
    by_id = {s.id: s for s in run.submissions}
    assert by_id["anna"].total == by_id["chloe"].total == 1.0
    assert by_id["stuck"].status == "grader_failed"
    assert "deadline of 8 s" in by_id["stuck"].warnings[0].params["reason"]
    assert time.monotonic() - started < 60


def _record_for_test(seconds: float, path: str) -> None:
    """A watcher's recorder (grader/run/deadline.py), for the test below."""
    from pathlib import Path

    Path(path).write_text(repr(seconds))


def test_a_watched_job_is_recorded_then_killed_at_its_deadline_and_an_ended_one_is_left_alone(tmp_path):
    """The watcher of a Huey worker's job: past the deadline it records why (where the job's owner reads
    it) and ends the job's process, SIGTERM then SIGKILL (this one ignores SIGTERM)."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    record = tmp_path / "why"
    job = (
        "import signal, time\n"
        "from grader.run.deadline import watched\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        f"with watched({{seconds}}, 'tests.test_channel:_record_for_test', {str(record)!r}):\n"
        "    time.sleep({sleep})\n"
    )
    started = time.monotonic()
    stuck = subprocess.run([sys.executable, "-c", job.format(seconds=1.0, sleep=120)], cwd=root, timeout=60)
    assert stuck.returncode == -9 and record.read_text() == "1.0"
    assert time.monotonic() - started < 30
    record.unlink()
    quick = subprocess.run([sys.executable, "-c", job.format(seconds=30.0, sleep=0.1)], cwd=root, timeout=60)
    assert quick.returncode == 0 and not record.exists()


def test_the_job_deadline_is_the_teachers_within_bounds(tmp_path):
    import subprocess
    import sys

    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "anna.py").write_text(HONEST)
    command = [sys.executable, "-m", "grader", "grade", str(tmp_path / "class"), "--out", str(tmp_path / "out")]
    refused = subprocess.run([*command, "--job-deadline", "3", "--lang", "en"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--job-deadline 3: give a number of seconds from 10 to 86400" in refused.stderr
    graded = subprocess.run([*command, "--job-deadline", "60", "-q", "q1"], capture_output=True, text=True)
    assert graded.returncode == 0, graded.stderr[-2000:]


def test_grade_broker_gives_up_a_job_its_watcher_stopped_and_does_not_send_it_again():
    """`grader grade --broker`: a job whose watcher recorded its deadline (grader/run/deadline.py, on the
    worker's machine) is given up with the reason at once, never sent again to burn another deadline."""
    import time
    from types import SimpleNamespace

    from tests.service_harness import require_service_extra

    require_service_extra()
    from tests.distributed_harness import Redis, require_components

    require_components()
    from grader.run.deadline import JobDeadline
    from grader.run.executor import Distributed, Job, record_deadline

    server = Redis()
    try:
        owner = Distributed(server.url)
        job = Job("run:0", SimpleNamespace(id="stuck"), 0, ["q1"], handles=[object()])
        owner.jobs = {job.id: job}
        record_deadline(8.0, server.url, job.id)
        ((number, why),) = owner._send_lost(time.monotonic())
        assert number == 0 and isinstance(why, JobDeadline) and "deadline of 8 s" in str(why)
        assert job.deliveries == 1 and owner.jobs == {}
    finally:
        server.stop()


def test_the_services_watcher_records_an_attempt_stopped_at_its_deadline_as_ungradable(tmp_path):
    """`grader serve`'s job: its watcher's recorder makes the attempt ungradable, saying why, so that the
    page says it and the reaper never queues it again; the class's `job_seconds` is checked like any key."""
    from tests.service_harness import require_service_extra

    require_service_extra()
    from grader.errors import UsageError
    from grader.service.config import load
    from grader.service.store import QUEUED, UNGRADABLE, Store
    from grader.service.tasks import record_deadline

    config_path = tmp_path / "classe.toml"
    config_path.write_text('name = "MP"\nstudents = ["anna"]\nseed = 1\njob_seconds = 60\n', encoding="utf-8")
    config = load(config_path)
    assert config.job_seconds == 60.0
    config.data.mkdir()  # as the service makes it at its start
    store = Store(config.database)
    attempt, _ = store.store_attempt("anna", "jeux.py", HONEST.encode(), ["jeux"], ["q1"], "fr", False, 0.0)
    assert store.attempt(attempt).state == QUEUED
    claim = store.claim(attempt, 1.0)
    record_deadline(60.0, str(config_path), str(attempt), claim)
    row = store.attempt(attempt)
    assert row.state == UNGRADABLE and "deadline of 60 s" in row.message
    assert store.reap(10_000.0, 1.0, 3) == []
    config_path.write_text('name = "MP"\nstudents = ["anna"]\nseed = 1\njob_seconds = 1\n', encoding="utf-8")
    with pytest.raises(UsageError):
        load(config_path)
