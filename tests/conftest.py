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


@pytest.fixture(scope="session")
def kit(tmp_path_factory):
    """The student kit, written by `grader kit` once for the session (tests/test_kit.py and the other kit
    tests read it; one that adds to it works on a copy)."""
    from grader.cli import main

    out = tmp_path_factory.mktemp("kit") / "kit"
    assert main(["kit", "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="session")
def unpacked(kit, tmp_path_factory):
    """The kit's wheel unzipped, as a student reads it (and as tests/test_kit.py's `kit_check` grades with
    it)."""
    import zipfile

    (wheel,) = kit.glob("*.whl")
    root = tmp_path_factory.mktemp("wheel")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(root)
    return root


@pytest.fixture(scope="session")
def teacher_python():
    """(uid, folder, python) for an ordinary teacher: Debian's python3 in a venv of the teacher's, with this
    venv's packages and a copy of the checkout (owned by the teacher, so that a child running as the teacher
    could write them: the canaries mean something). Made once for the session: each test works in a folder
    of its own inside `folder` (tests/test_attacks.py's `scene_as_teacher`)."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    from tests.test_attacks import CHECKOUT_PARTS, ROOT, SYSTEM_PYTHON, TEACHER, account, copy_packages
    from tests.test_attacks import system_python_or_skip

    system_python_or_skip()
    teacher = account(TEACHER)
    folder = Path(tempfile.mkdtemp(prefix="taquin-teacher-"))
    folder.chmod(0o755)
    subprocess.run([SYSTEM_PYTHON, "-m", "venv", "--without-pip", folder / "venv"], check=True)
    site = Path(
        subprocess.run(
            [folder / "venv" / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    copy_packages(site)
    src = folder / "src"
    src.mkdir()
    for part in CHECKOUT_PARTS:
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, src / part, ignore=shutil.ignore_patterns("__pycache__", "artifacts"))
        else:
            shutil.copy2(ROOT / part, src / part)
    (site / "taquin_grader_src.pth").write_text(f"{src}\n")
    subprocess.run(["chown", "-R", f"{teacher.pw_uid}:{teacher.pw_gid}", folder], check=True)
    yield teacher.pw_uid, folder, folder / "venv" / "bin" / "python"
    shutil.rmtree(folder, ignore_errors=True)


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
