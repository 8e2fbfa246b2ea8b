"""A job's hard wall deadline inside a real Huey worker (`grader worker --broker`), end to end: the
watcher (grader/run/deadline.py) records why, ends the job's process, Huey's consumer starts another, the
class goes on. Only the commands a teacher runs and the real Redis (tests/distributed_harness.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from tests.service_harness import ROOT, require_service_extra

require_service_extra()

from tests.distributed_harness import Redis, Worker, require_components  # noqa: E402

require_components()

pytestmark = pytest.mark.slow

# Every search loops for ever: each of q7's checks runs to its time limit, about 25 s in all on this
# machine, well past the 10 s deadline (the smallest a teacher may set).
LOOPING = "initial = suivants = final = None\n\n\ndef ids():\n    while True:\n        pass\n"
DEADLINE = 10


def test_a_worker_stops_a_job_past_its_deadline_and_the_class_goes_on(tmp_path):
    (tmp_path / "class" / "lent").mkdir(parents=True)
    (tmp_path / "class" / "rapide").mkdir()
    (tmp_path / "class" / "lent" / "jeux.py").write_text(LOOPING, encoding="utf-8")
    (tmp_path / "class" / "rapide" / "jeux.py").write_text(
        (ROOT / "reference" / "answers" / "jeux.py").read_text("utf-8")
    )
    broker = Redis()
    worker = Worker(["--broker", broker.url, "--processes", "1"], tmp_path / "worker.log").ready()
    try:
        before = worker.pids()
        started = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "grader.cli", "grade", str(tmp_path / "class"), "--out", str(tmp_path / "out"),
             "--broker", broker.url, "--job-deadline", str(DEADLINE), "-q", "q7", "--seed", "1"],
            cwd=ROOT, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        elapsed = time.monotonic() - started
        assert run.returncode == 0, run.stdout + run.stderr
        results = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
        by_id = {s["id"]: s for s in results["submissions"]}
        assert by_id["rapide"]["total"] == 2.0
        assert by_id["lent"]["status"] == "grader_failed"
        assert f"deadline of {DEADLINE} s" in by_id["lent"]["warnings"][0]["params"]["reason"]
        # Given up once its watcher recorded the deadline, never sent again to burn another one.
        assert elapsed < 3 * DEADLINE + 60, elapsed
        # The job's process was ended and replaced; the consumer itself lives on and takes new work.
        assert worker.process.poll() is None
        assert worker.pids() - before, "Huey's consumer started no new worker process"
    finally:
        worker.stop()
        broker.stop()
