"""The unit layer starts no child process: no sandbox, no grading run, no server, no browser.

Around each phase of a test under tests/unit (its fixtures' set-up included), every way this process has
of starting another one fails the test, naming what it tried: a test that needs a child belongs in
tests/, beside this folder. `python -m pytest tests/unit` is README's quick loop.
"""

from __future__ import annotations

import pytest

from tests.no_child import no_child


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
