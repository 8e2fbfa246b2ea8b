"""The per-machine cache of the model answer's expensive timings (grader/judge/timing.py): an expensive case is
measured once per machine, keyed by a fingerprint (CPU model, Python interpreter, the timed code's digest);
another fingerprint measures again; `--recalibrate` (timing.refresh) forgets."""

from __future__ import annotations

import json
import os
import time

import pytest

from grader.judge import timing

REAL_REPEAT_ABOVE = timing.REPEAT_ABOVE


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def cheap_expensive_cases(monkeypatch):
    """What these tests ask of an expensive case is its kind, not its cost: a tenth of the threshold's CPU
    each (process time, which a loaded machine does not stretch). And the cache folder's timings, as a
    teacher's run keeps them, not the unit session's own (tests/unit/conftest.py)."""
    monkeypatch.setattr(timing, "REPEAT_ABOVE", timing.REPEAT_ABOVE / 10)
    monkeypatch.setattr(timing, "SESSION_FOLDER", None)


def busy(runs: list, seconds: float | None = None):
    """A case that costs twice the threshold of an expensive one (of CPU), or `seconds`."""

    def run():
        runs.append(1)
        end = time.process_time() + (2 * timing.REPEAT_ABOVE if seconds is None else seconds)
        while time.process_time() < end:
            pass
        return [len(runs)]

    return run


def test_an_expensive_case_is_measured_once_per_machine(cache):
    runs: list = []
    value, seconds = timing.measured("case", busy(runs))
    assert len(runs) == timing.RUNS and value == [1] and seconds >= 2 * timing.REPEAT_ABOVE * 0.9
    again = timing.measured("case", busy(runs))
    assert len(runs) == timing.RUNS and again == (value, seconds)  # read, not run
    (stored,) = cache.glob("timings-*.json")
    assert timing.fingerprint() in stored.read_text()


def test_a_cheap_case_is_not_kept(cache):
    runs: list = []
    timing.measured("cheap", lambda: runs.append(1) or 0)
    timing.measured("cheap", lambda: runs.append(1) or 0)
    assert len(runs) == 2 and not list(cache.glob("timings-*.json"))


def test_another_machine_or_version_measures_again_and_refresh_forgets(cache, monkeypatch):
    runs: list = []
    timing.measured("case", busy(runs))
    with monkeypatch.context() as another:
        another.setattr(timing, "fingerprint", lambda: "another CPU | Python 3.99 | grader 0")
        timing.measured("case", busy(runs))
    assert len(runs) == 2 * timing.RUNS
    timing.measured("case", busy(runs))
    assert len(runs) == 2 * timing.RUNS  # this machine's entry is still there
    timing.refresh()
    timing.measured("case", busy(runs))
    assert len(runs) == 3 * timing.RUNS


def test_a_test_sessions_timings_are_measured_once_and_kept_out_of_the_cache_folder(cache, monkeypatch):
    session = cache / "session"
    monkeypatch.setattr(timing, "SESSION_FOLDER", session)
    runs: list = []
    value, seconds = timing.measured("case", busy(runs))
    assert len(runs) == 1 and timing.measured("case", busy(runs)) == (value, seconds) and len(runs) == 1
    assert list(session.glob("timings-*.json")) and not list(cache.glob("timings-*.json"))


def test_the_fingerprint_names_the_cpu_the_interpreter_and_the_timed_code():
    import platform

    text = timing.fingerprint()
    assert f"{platform.python_implementation()} {platform.python_version()}" in text
    assert text.split(" | ")[0] == timing.cpu_model() != ""


def test_only_the_code_a_timed_call_runs_changes_the_fingerprint(tmp_path, monkeypatch):
    """A commit to the engine, the reports or the service keeps the machine's timings; one to a model answer
    or a probe times again (their values are cached with the times)."""
    root = tmp_path / "repository"
    for path in (
        "reference/answers/taquin.py",
        "grader/questions/jeux/probes.py",
        "grader/sandbox/calls.py",
        "grader/sandbox/protocol.py",
        "grader/judge/engine.py",
        "reports/render.py",
    ):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("x = 1\n")
    monkeypatch.setattr(timing, "__file__", str(root / "grader" / "judge" / "timing.py"))
    digests = [timing.code_digest()]
    for path in (
        "grader/judge/engine.py",
        "reports/render.py",
        "reference/answers/taquin.py",
        "grader/questions/jeux/probes.py",
        "grader/sandbox/protocol.py",
    ):
        (root / path).write_text("x = 2\n")
        digests.append(timing.code_digest())
    assert digests[0] == digests[1] == digests[2]  # the engine, the reports: the same timings
    assert len(set(digests[2:])) == 4  # each timed source: timed again


def test_a_time_read_from_the_machines_cache_is_not_counted_as_the_runs_model_answer_cpu(
    cache, monkeypatch, fresh_process
):
    """`timing.reference` says what a run spent on the model answer: the case's cached seconds still set
    its limit, but the run that only read them spent nothing (bench_speed's class table adds these up).
    At the real threshold: a run's own few milliseconds of reading are then far below a case's cost."""
    monkeypatch.setattr(timing, "REPEAT_ABOVE", REAL_REPEAT_ABOVE)
    from grader.judge import context, expectations
    from grader.judge.settings import Settings
    from grader.intake import load_submission
    from grader.registry import all_questions
    from grader.run.jobs import select

    from grading import ROOT

    runs: list = []

    class Expensive:
        kind = "expensive"

        def run(self, probe, payload, serve=None):
            value, seconds = timing.measured("an expensive case", busy(runs))
            return value, seconds, None

    monkeypatch.setattr(
        expectations, "provider", lambda module, mode="auto", runs=timing.RUNS, functions=(): Expensive()
    )
    question = select(all_questions(), ["q4"])[0]
    submission = load_submission(ROOT / "reference" / "answers" / "jeux.py")

    def a_runs_context() -> context.Context:
        fresh_process()  # a new run: a new process
        ctx = context.Context(question, submission, Settings(seed=1))
        ctx.reference(busy, {})
        return ctx

    measuring, reading = a_runs_context(), a_runs_context()
    assert len(runs) == timing.RUNS  # the second run measured nothing
    assert measuring.expectations.seconds >= timing.RUNS * 2 * timing.REPEAT_ABOVE * 0.9
    assert reading.expectations.seconds < timing.REPEAT_ABOVE
    assert reading.limit(reading.reference(busy, {})[1]) == measuring.limit(measuring.reference(busy, {})[1])


def test_the_machines_cache_keeps_its_newest_entries_only(cache, monkeypatch):
    """Each fresh seed adds its expensive cases: without a bound, a student's machine would read an ever
    larger file at every expensive case."""
    monkeypatch.setattr(timing, "MAX_ENTRIES", 3)
    runs: list = []
    for case in ("a", "b", "c", "d"):
        timing.measured(case, busy(runs))
    (stored,) = cache.glob("timings-*.json")
    assert len(json.loads(stored.read_text())["timings"]) == 3
    timing.measured("d", busy(runs))  # the newest is read
    timing.measured("b", busy(runs))
    assert len(runs) == 4 * timing.RUNS
    timing.measured("a", busy(runs))  # the oldest was dropped: measured again
    assert len(runs) == 5 * timing.RUNS


def test_other_versions_timings_unused_for_a_month_are_deleted_and_ours_kept_alive_by_reading(cache, fresh_process):
    """A developer's install is a new grader version at each commit, each with its own file: without this,
    the folder would only grow."""
    month_ago = time.time() - timing.STALE_SECONDS - 3600
    stale, recent = cache / "timings-0000000000000000.json", cache / "timings-1111111111111111.json"
    for other, used in ((stale, month_ago), (recent, month_ago + 7200)):
        other.write_text("{}")
        os.utime(other, (used, used))
    timing.measured("case", busy([]))
    assert not stale.exists() and recent.exists()
    (ours,) = set(cache.glob("timings-*.json")) - {recent}
    os.utime(ours, (month_ago, month_ago))  # a month without a new expensive case to write...
    fresh_process()  # (a new process)
    runs: list = []
    timing.measured("case", busy(runs))  # ... but read
    assert not runs and ours.stat().st_mtime > time.time() - 600


def test_a_measure_inside_a_measure_takes_no_second_lock(cache):
    """A process holds one stripe at a time (so that no two processes wait for each other): a measure made
    inside another's run goes through, whatever stripe its case falls on."""
    runs: list = []
    inner = [f"inner {n}" for n in range(2 * timing.STRIPES)]  # some on the outer case's stripe
    value, _ = timing.measured("outer", lambda: [timing.measured(key, busy(runs, 0.0))[0] for key in inner], runs=1)
    assert len(value) == len(inner) == len(runs)


def test_a_stripe_held_past_the_longest_wait_is_measured_anyway(cache, monkeypatch):
    """A process that holds a stripe and never lets it go (stopped, or measuring a loop that never ends) holds
    up the others' cases on that stripe for MAX_WAIT at most: then each measures for itself."""
    import fcntl
    import hashlib

    monkeypatch.setattr(timing, "MAX_WAIT", 0.2)
    monkeypatch.setattr(timing, "_given_up", set())

    def stripe_of(key: str) -> int:
        return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % timing.STRIPES

    stripe = stripe_of("case")
    (cache / "measuring").mkdir()
    with open(cache / "measuring" / f"{stripe}.lock", "a") as other:  # another open file: another holder
        fcntl.flock(other, fcntl.LOCK_EX)
        runs: list = []
        value, _ = timing.measured("case", busy(runs))
        assert value == [1] and len(runs) == timing.RUNS
        # Its other cases on that stripe are measured at once: not waited for again.
        waits: list = []
        lock_within = timing.lock_within
        monkeypatch.setattr(timing, "lock_within", lambda f, seconds: waits.append(seconds) or lock_within(f, seconds))
        other = next(f"case {n}" for n in range(10_000) if stripe_of(f"case {n}") == stripe)
        assert timing.measured(other, busy(runs))[0] == [timing.RUNS + 1]
        assert waits == [0.0]  # one try, no wait


def test_the_file_is_parsed_once_while_unchanged_and_another_process_store_is_read(cache, monkeypatch):
    runs: list = []
    timing.measured("case", busy(runs))
    parses: list = []
    loads = json.loads
    monkeypatch.setattr(timing.json, "loads", lambda text: parses.append(1) or loads(text))
    for _ in range(5):
        assert timing.measured("case", busy(runs))[0] == [1]
    # Parsed at most twice: once, then once more after this process marks the file used (utime, once).
    assert len(parses) <= 2 and len(runs) == timing.RUNS  # read from the parsed file, not measured again
    # Another worker stores a case: the file is replaced, and this process reads the new one.
    (stored,) = cache.glob("timings-*.json")
    data = json.loads(stored.read_text())
    other = timing.hashlib.sha256(b"other").hexdigest()
    data["timings"][other] = [[7], 0.5]
    replacement = stored.with_name("replacement.tmp")
    replacement.write_text(json.dumps(data))
    os.replace(replacement, stored)
    assert timing.measured("other", busy(runs)) == ([7], 0.5) and len(runs) == timing.RUNS
