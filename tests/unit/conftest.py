"""The unit layer starts no child process: no sandbox, no grading run, no server, no browser.

Around each phase of a test under tests/unit (its fixtures' set-up included), every way this process has
of starting another one fails the test, naming what it tried: a test that needs a child belongs in
tests/, beside this folder. `python -m pytest tests/unit` is README's quick loop.

The unit sessions keep the model answer's timings in a folder of their own, each costly case timed once
(grader/judge/timing.py's SESSION_FOLDER): the timings teachers' runs read never receive a time of one run,
and the timed code's every change no longer costs the session three runs of each costly case. That folder
lasts from one session to the next, in the grader's cache: a costly case (x4's whole exploration, x2's
closed set, q18's deep puzzles: two seconds of CPU in all) is timed by the first session on this machine and
this timed code (the timings' fingerprint), then read.
"""

from __future__ import annotations

import pytest

from grader.judge import timing
from reference.cache import cache_dir
from tests.no_child import no_child


@pytest.fixture(scope="session")
def session_timings():
    return cache_dir() / "unit-session-timings"


@pytest.fixture(autouse=True)
def timings_of_the_session(session_timings, monkeypatch):
    """Set for each test of this folder, and undone after it: a test of tests/ run in the same session
    (`pytest tests`) keeps the cache folder and the best of three."""
    monkeypatch.setattr(timing, "SESSION_FOLDER", session_timings)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    with no_child():
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    with no_child():
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    with no_child():
        yield
