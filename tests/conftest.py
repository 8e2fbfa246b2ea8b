import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the tests marked slow")


def pytest_collection_modifyitems(config, items):
    # Slow tests always run in CI; locally they are opt-in.
    if config.getoption("--runslow") or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs them)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def graded_sample_class(tmp_path_factory):
    """The bundled sample class graded once by `grader grade` (all questions, default scheme), as
    `python -m tests.rerecord` grades it."""
    from tests.rerecord import grade_sample_class

    return grade_sample_class(tmp_path_factory.mktemp("sample") / "rapport")


@pytest.fixture
def fresh_process():
    """Every process-wide cache of the grader (grader/caches.py) emptied before and after the test, as in a
    new process; called, it empties them again (the test's "another process")."""
    from grader import caches

    caches.clear_all()
    yield caches.clear_all
    caches.clear_all()
