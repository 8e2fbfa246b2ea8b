import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the tests marked slow")
    # As pytest's own `--runpytest=inprocess|subprocess` chooses how `runpytest` runs: where the judges' and
    # questions' tests run a student's code (the `judged` fixture). The sandbox's and attack tests always
    # start confined children; tests/test_inprocess.py checks that both give the same points.
    parser.addoption(
        "--child",
        choices=("inprocess", "confined"),
        default="inprocess",
        help="run the judges' tests' students in this process (default) or in the confined child",
    )


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
def judged(request, monkeypatch):
    """Where a judge's or a question's test runs the student: `--child` chooses (in this process by
    default, as `in_process`), but for a test marked `confined_child`, which needs the child itself (its
    pipes, its kill, the kernel's clock of it). A module takes it with
    `pytestmark = pytest.mark.usefixtures("judged")`."""
    if request.config.getoption("--child") == "inprocess" and "confined_child" not in request.keywords:
        request.getfixturevalue("in_process")


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

    def in_this_process(sources, module_name, probe_modules, limits, cells=()):
        return chosen(sources, module_name, probe_modules, dataclasses.replace(limits, inprocess=True), cells)

    monkeypatch.setattr(runner, "new_child", in_this_process)
    monkeypatch.setattr(session, "new_child", in_this_process)
