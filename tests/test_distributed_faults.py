"""Faults survived by the distributed mode, with the real components (tests/distributed_harness.py):
a worker killed in the middle of a job, the broker killed and restarted empty, the database away for
a moment, a slower grading machine."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.service_harness import ROOT, Server, require_service_extra

require_service_extra()

from tests.distributed_harness import Postgres, Redis, Worker, require_components, slower_python  # noqa: E402

require_components()

from grader.judge.settings import Settings  # noqa: E402
from grader.run.executor import BATCH_QUEUE, Distributed  # noqa: E402
from grader.run.grading import grade_class  # noqa: E402
from grader.registry import all_questions  # noqa: E402
from grader.run.jobs import select  # noqa: E402
from tests.test_reports_browser import browser  # noqa: E402, F401 - the shared Chromium fixture
from tests.test_service import RIGHT, WRONG  # noqa: E402

pytestmark = pytest.mark.slow

SAMPLE = ROOT / "exercises" / "exemples"
QUESTIONS = ["q1", "q4"]
LEASE = 3.0
SEED = 2017  # every run of these tests draws the same cases (a run draws its own seed otherwise)


def _questions():
    return select(all_questions(extensions=True), QUESTIONS)


def _scores(run) -> dict:
    return {s.id: (s.status, s.total, [(q.id, q.score, q.status) for q in s.questions]) for s in run.submissions}


@pytest.fixture(scope="module")
def embedded_scores(tmp_path_factory):
    """The sample class graded on this machine's processes: what every distributed run must give."""
    return _scores(
        grade_class(SAMPLE, tmp_path_factory.mktemp("embedded"), _questions(), Settings(seed=SEED), workers=2)
    )


class _Grading(threading.Thread):
    """`grade_class` in a thread, on `executor` or else on one of this machine's processes: the test
    meanwhile breaks things, or grades the same class elsewhere side by side."""

    def __init__(self, out, executor: Distributed | None = None):
        super().__init__(daemon=True)
        self.executor = executor
        self.out, self.run_result, self.error = out, None, None

    def run(self):
        where = {"workers": 1} if self.executor is None else {"executor": self.executor}
        try:
            self.run_result = grade_class(SAMPLE, self.out, _questions(), Settings(seed=SEED), **where)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc

    def finish(self, timeout: float = 300):
        self.join(timeout)
        assert not self.is_alive(), "the distributed run did not finish"
        assert self.error is None, self.error
        return self.run_result


def _until(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{what} not seen in {timeout} s")


def test_worker_killed_mid_job_is_completed_by_another_and_graded_once(tmp_path, embedded_scores):
    import redis

    broker = Redis()
    victim = Worker(["--broker", broker.url, "--processes", "1"], tmp_path / "victim.log")
    survivor = None
    try:
        grading = _Grading(tmp_path / "out", Distributed(broker.url, lease=LEASE))
        grading.start()
        conn = redis.Redis.from_url(broker.url)

        def victims_job():
            for key in conn.scan_iter(f"{BATCH_QUEUE}:claim:*"):
                pid = int(conn.get(key).decode().rsplit(":", 1)[1])
                if pid in victim.pids():
                    return key.decode().split(":claim:", 1)[1]
            return None

        job_id = _until(victims_job, 120, "a job claimed by the first worker")
        student = grading.executor.jobs[job_id].entry.id
        victim.kill()  # the whole machine at once, in the middle of that job
        survivor = Worker(["--broker", broker.url, "--processes", "1"], tmp_path / "survivor.log")
        run = grading.finish()
        assert [s.id for s in run.submissions] == sorted(embedded_scores)  # each student once
        assert _scores(run) == embedded_scores
        assert grading.executor.deliveries[student] == 2  # sent again once its heartbeat expired
        on_disk = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
        assert len(on_disk["submissions"]) == len({s["id"] for s in on_disk["submissions"]}) == len(embedded_scores)
    finally:
        for worker in (victim, survivor):
            if worker is not None:
                worker.stop()
        broker.stop()


def test_broker_killed_and_restarted_empty_loses_no_student(tmp_path, embedded_scores):
    broker = Redis()
    worker = Worker(["--broker", broker.url, "--processes", "1"], tmp_path / "worker.log").ready()
    try:
        grading = _Grading(tmp_path / "out", Distributed(broker.url, lease=LEASE))
        grading.start()
        _until(lambda: 1 <= len(list((tmp_path / "out" / "students").glob("[!.]*.json"))), 120, "a first result")
        broker.kill()  # every queued job and every result not yet read: gone
        time.sleep(2 * LEASE)
        broker.start()
        run = grading.finish()
        assert _scores(run) == embedded_scores
        assert max(grading.executor.deliveries.values()) >= 2  # what the broker lost was sent again
    finally:
        worker.stop()
        broker.stop()


@pytest.fixture
def distributed_service(tmp_path):
    """`grader serve` on PostgreSQL and Redis grading nothing itself, one `grader worker CONFIG` apart."""
    broker, database = Redis(), Postgres()
    parts = []
    try:
        extra = f'broker = "{broker.url}"\ndatabase_url = "{database.url}"\nlease_seconds = {LEASE}\n'
        server = Server(
            tmp_path / "web", ["ada", "bob", "cyd", "dan", "eve"], workers=0, extra=extra, questions=("q1",)
        )
        parts.append(server)
        parts.append(Worker([str(server.config), "--processes", "1"], tmp_path / "worker.log").ready())
        yield server, broker, database
    finally:
        for part in reversed(parts):
            part.stop()
        database.close()
        broker.stop()


def test_service_broker_restarted_empty_loses_no_submission(distributed_service):
    server, broker, _ = distributed_service
    attempts = {}
    for student in ("ada", "bob", "cyd"):
        status, answer = server.submit(student, {"jeux.py": RIGHT})
        assert status == 202, answer
        attempts[student] = answer["attempt"]
    broker.kill()  # the queued jobs are lost with it
    status, answer = server.submit("dan", {"jeux.py": WRONG})  # the broker down: still stored, still 202
    assert status == 202, answer
    attempts["dan"] = answer["attempt"]
    time.sleep(LEASE)
    broker.start()
    views = {student: server.wait(student, attempt, timeout=240) for student, attempt in attempts.items()}
    assert {s: v["state"] for s, v in views.items()} == dict.fromkeys(attempts, "done")
    assert [views[s]["score"] for s in ("ada", "bob", "cyd")] == [1, 1, 1] and views["dan"]["score"] == 0


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


def test_database_briefly_unavailable_is_said_and_recovers(distributed_service):
    from tests.test_service import sse_events

    server, _, database = distributed_service
    page = server.links["eve"]
    assert _get(page)[0] == 200
    stream = urllib.request.urlopen(page + "/events?lang=en", timeout=120)  # the live page's stream
    events = sse_events(stream)
    assert next(events)[0] == "message"
    database.stop("immediate")  # every connection cut, as in a crash
    name, view = next(events)
    assert name == "unavailable" and "unavailable for a moment" in view["error"]
    status, text = _get(page)
    assert status == 503 and "momentanément indisponible" in text and "Traceback" not in text
    status, text = _get(page + "?lang=en")
    assert status == 503 and "unavailable for a moment" in text
    status, text = _get(page + "/attempts.json?lang=en")
    assert status == 503 and json.loads(text)["unavailable"] is True
    status, answer = server.submit("eve", {"jeux.py": RIGHT})
    assert status == 503 and "momentanément" in answer["error"]
    database.start()
    assert next(e for e in events if e[0] == "message")[1]["attempts"] == []  # the stream is back by itself
    stream.close()
    assert _get(page)[0] == 200  # the next request reconnects
    status, answer = server.submit("eve", {"jeux.py": RIGHT})
    assert status == 202, answer
    assert server.wait("eve", answer["attempt"], timeout=240)["score"] == 1


def test_slower_worker_keeps_time_limits_fair(tmp_path, embedded_scores):
    """A grading machine where Python runs several times slower times the model answer there, and gives
    the student's code limits in proportion: every right answer keeps its marks, every wrong one loses
    the same points as on this machine."""
    broker = Redis()
    python = slower_python(tmp_path / "slow-python")
    slow = Worker(["--broker", broker.url, "--processes", "1"], tmp_path / "slow.log", python=python).ready()
    # The same class graded here at the same time: the slow-down is then measured against a run made
    # under the very same load (a busy host inflates even the CPU time that the kernel counts).
    there = _Grading(tmp_path / "there", Distributed(broker.url))
    here = _Grading(tmp_path / "here")
    try:
        there.start()
        here.start()
        run, run_here = there.finish(), here.finish()
    finally:
        slow.stop()
        broker.stop()
    assert _scores(run) == embedded_scores == _scores(run_here)

    # It was a slower machine indeed: its Python is several times slower on pure Python code (best of 5,
    # each interpreter in turn, so that a load spike cannot make the difference)...
    slow_times, times = zip(*((_workload_cpu(python), _workload_cpu(sys.executable)) for _ in range(5)))
    assert min(slow_times) > 2 * min(times)

    def students_cpu(result) -> float:
        return sum(q.timing.get("student", 0.0) for s in result.submissions for q in s.questions)

    # ... and the students' code ran on it: it took more CPU time there than here, at the same time. Less
    # than the interpreters' ratio: the kernel's part of a child's CPU time (its start, its confinement)
    # is the same on both.
    assert students_cpu(run) > students_cpu(run_here)


def _workload_cpu(python: str) -> float:
    """The CPU seconds that `python` spends on a fixed pure-Python workload (not grader/judge/calibration.py's:
    its set and tuple work runs in C, which the debug build slows only about 2×, against 4.5× here)."""
    script = "import time; t = time.process_time(); sum(i * i for i in range(300_000)); print(time.process_time() - t)"
    return float(subprocess.run([python, "-c", script], capture_output=True, text=True, check=True).stdout)


@pytest.mark.browser
def test_live_page_says_the_database_is_away_and_recovers(distributed_service, browser):  # noqa: F811
    """In Chromium: the student's open page shows the notice while the database is away (its stream
    says so), hides it once the database is back, and a submission then gets its verdict, no reload."""
    from selenium.webdriver.common.by import By

    from tests.test_service_browser import page_shot, wait_until

    server, _, database = distributed_service
    driver = browser
    driver.get(server.links["eve"] + "?lang=en")
    driver.execute_script("window.__marker = 'not reloaded'")
    notice = driver.find_element(By.ID, "notice")
    assert not notice.is_displayed()
    database.stop("immediate")
    wait_until(driver, lambda d: notice.is_displayed(), timeout=60)
    assert "unavailable for a moment" in notice.text
    page_shot(driver, "database-away")
    database.start()
    wait_until(driver, lambda d: not notice.is_displayed(), timeout=60)
    status, answer = server.submit("eve", {"jeux.py": RIGHT})
    assert status == 202, answer
    wait_until(
        driver,
        lambda d: (
            d.execute_script(
                "const r = document.getElementById(arguments[0]); return r && r.dataset.state", f"a{answer['attempt']}"
            )
            == "done"
        ),
    )
    assert driver.execute_script("return window.__marker") == "not reloaded"
    page_shot(driver, "database-back")
