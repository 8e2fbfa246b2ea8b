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


@pytest.fixture
def in_process(monkeypatch):
    """Every child the test starts runs in this process (grader/sandbox/inprocess.py: no fork, no sandbox),
    as pytest's `runpytest` runs `inprocess`: for tests of judges, where the real sandbox is not what is
    tested (the sandbox's and attack tests keep it). A module switches to it with
    `pytestmark = pytest.mark.usefixtures("in_process")`, or a conftest with an autouse fixture."""
    import dataclasses

    from grader.judge import session
    from grader.sandbox import runner

    chosen = runner.new_child

    def in_this_process(sources, module_name, probe_modules, limits):
        return chosen(sources, module_name, probe_modules, dataclasses.replace(limits, inprocess=True))

    monkeypatch.setattr(runner, "new_child", in_this_process)
    monkeypatch.setattr(session, "new_child", in_this_process)
