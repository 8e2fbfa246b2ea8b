"""The distributed mode with its real components (grader/run/executor.py): Redis as Huey's broker, PostgreSQL
as the service's database, `grader worker` processes as if on other machines. The same class graded
embedded and distributed gets the same scores; bad inputs are refused with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.service_harness import ROOT, require_service_extra

require_service_extra()

from tests.distributed_harness import Postgres, Redis, Worker, require_components  # noqa: E402

require_components()

from grader.cli import main  # noqa: E402
from grader.run.executor import (  # noqa: E402
    BATCH_QUEUE,
    PRESENCE_SECONDS,
    TAIL_STUDENTS_PER_WORKER,
    WORKER_PRESENCE,
    announced_processes,
)

SAMPLE = ROOT / "exercises" / "exemples"


@pytest.fixture
def redis_server():
    server = Redis()
    yield server
    server.stop()


@pytest.fixture
def workers(redis_server, tmp_path):
    started = []

    def start(count: int = 1, processes: int = 1) -> list[Worker]:
        for _ in range(count):
            started.append(
                Worker(
                    ["--broker", redis_server.url, "--processes", str(processes)],
                    tmp_path / f"worker-{len(started)}.log",
                )
            )
        return started[-count:]

    yield start
    for worker in started:
        worker.stop()


def _grade(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "grader.cli", "grade", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def _scores(out) -> dict:
    run = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return {
        s["id"]: (s["status"], s["total"], [(q["id"], q["score"], q["status"]) for q in s["questions"]])
        for s in run["submissions"]
    }


def test_same_class_embedded_and_distributed_gets_identical_scores(tmp_path, redis_server, workers):
    import redis

    for worker in workers(2):
        worker.ready()  # both announced: the run splits its tail for 2 grading processes
    questions = ["-q", "q1", "-q", "q4", "--seed", "2017"]  # the same cases for both (a run draws its own seed)
    embedded = _grade(str(SAMPLE), "--out", str(tmp_path / "embedded"), *questions, "--workers", "2")
    assert embedded.returncode == 0, embedded.stderr
    distributed = _grade(str(SAMPLE), "--out", str(tmp_path / "distributed"), *questions, "--broker", redis_server.url)
    assert distributed.returncode == 0, distributed.stderr
    expected = _scores(tmp_path / "embedded")
    assert _scores(tmp_path / "distributed") == expected
    # Not a vacuous equality: the class has right, partly right and wrong answers.
    assert len({total for _, total, _ in expected.values()}) >= 3
    # Both workers took jobs (each logs the tasks it ran).
    logs = [(tmp_path / f"worker-{n}.log").read_text() for n in range(2)]
    assert all("grade_job" in log for log in logs), logs
    # The class's last 4 x 2 students (here all 7) went a question per job, as on 2 local processes.
    claims = list(redis.Redis.from_url(redis_server.url).scan_iter(f"{BATCH_QUEUE}:claim:*"))
    assert len(claims) == len(expected) * 2 and TAIL_STUDENTS_PER_WORKER * 2 >= len(expected)


def test_a_worker_announces_its_grading_processes_while_it_runs(redis_server, workers):
    """What `grader grade --broker` splits its class for: the processes of the workers running now."""
    import redis

    conn = redis.Redis.from_url(redis_server.url)
    assert announced_processes(conn) == 0
    first, second = (worker.ready() for worker in (*workers(1, processes=3), *workers(1, processes=2)))
    assert announced_processes(conn) == 5
    first.stop()  # stopped: withdrawn at once
    assert announced_processes(conn) == 2
    second.kill()  # lost with its machine: forgotten when its key expires, renewed no more
    keys = list(conn.scan_iter(f"{WORKER_PRESENCE}*"))
    assert len(keys) == 1 and 0 < conn.ttl(keys[0]) <= PRESENCE_SECONDS


@pytest.mark.parametrize(
    "args, lang, words",
    [
        (["worker"], "fr", "CLASS_CONFIG"),
        (["worker", "--broker", "redis://127.0.0.1:1/0", "x.toml"], "en", "either CLASS_CONFIG"),
        (["worker", "--broker", "redis://127.0.0.1:1/0"], "fr", "ne répond pas"),
        (["grade", str(SAMPLE), "--out", "OUT", "--broker", "redis://127.0.0.1:1/0"], "en", "does not answer"),
        (["grade", str(SAMPLE), "--out", "OUT", "--broker", "http://127.0.0.1:6379"], "fr", "n'est pas l'adresse"),
        (["worker", "--broker", "127.0.0.1:6379"], "en", "127.0.0.1:6379 is not the address of a Redis broker"),
        (
            ["grade", str(SAMPLE), "--out", "OUT", "--broker", "redis://127.0.0.1:1/0", "--workers", "2"],
            "fr",
            "s'excluent",
        ),
    ],
)
def test_bad_distributed_inputs_exit_2_with_a_message(tmp_path, capsys, args, lang, words):
    args = [str(tmp_path / "out") if a == "OUT" else a for a in args]
    assert main([*args, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert not (tmp_path / "out" / "results.json").exists()


@pytest.mark.parametrize(
    "line, key",
    [('broker = "http://x"', "broker"), ('database_url = "::"', "database_url"), ("workers = 0", "workers")],
)
def test_bad_distributed_configuration_exits_2(tmp_path, capsys, line, key):
    config = tmp_path / "class.toml"
    config.write_text(f'name = "c"\nstudents = ["a"]\nseed = 1\n{line}\n', encoding="utf-8")
    assert main(["worker", str(config), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert f"value refused for {key}" in err and "Traceback" not in err


@pytest.mark.slow
def test_service_on_postgresql_and_redis_with_a_separate_worker(tmp_path):
    """`grader serve` with `workers = 0` grades nothing itself: the attempt is graded by a `grader worker
    CONFIG` started apart, through Redis, and its result read back from PostgreSQL."""
    from grader.service.store import Store
    from tests.service_harness import Server
    from tests.test_service import RIGHT, WRONG

    broker, database = Redis(), Postgres()
    server = worker = None
    try:
        extra = f'broker = "{broker.url}"\ndatabase_url = "{database.url}"\n'
        server = Server(tmp_path / "web", ["ada", "bob"], workers=0, extra=extra)
        _, wrong = server.submit("ada", {"jeux.py": WRONG})
        _, right = server.submit("bob", {"jeux.py": RIGHT})
        worker = Worker([str(server.config), "--processes", "1"], tmp_path / "worker.log")
        assert server.wait("ada", wrong["attempt"])["score"] < 3
        assert server.wait("bob", right["attempt"])["score"] == 3
        store = Store(database.url)
        assert [row.state for row in store.attempts_of()] == ["done", "done"]
        assert not (server.folder / "data" / "service.db").exists()  # nothing went to SQLite
    finally:
        for part in (worker, server):
            if part is not None:
                part.stop()
        database.close()
        broker.stop()


def test_compose_commands_and_configuration_are_the_real_ones():
    """compose.yaml is not run in CI (no Docker): its commands are parsed by the real `grader` parser and
    the class configuration it mounts is loaded by the real loader, so that neither drifts from the code."""
    import re

    from grader.cli import build_parser
    from grader.service import config as config_module

    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    commands = [json.loads(f"[{found}]") for found in re.findall(r"command: \[(.*)\]", text)]
    graders = [c for c in commands if c[0] == "grader"]
    assert {c[1] for c in graders} == {"serve", "worker"} and len(graders) == 3
    for command in graders:
        build_parser("en").parse_args(command[1:])  # an unknown option would exit 2 here
    config = config_module.load(ROOT / "deploy" / "classe-distribuee.toml")
    assert config.workers == 0 and "@broker:6379" in config.broker and "@db:5432" in config.database_url
    # The file the containers read is this one, mounted from ./deploy.
    assert '"./deploy:/etc/grader:ro"' in text
    assert [c[2] for c in graders if c[2].endswith(".toml")] == ["/etc/grader/classe-distribuee.toml"] * 2
