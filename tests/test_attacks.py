"""The red-team suite (tests/attacks/): every attack of the catalogue graded in one class with honest
students, in the three configurations the grader runs in: root; an ordinary teacher with user
namespaces; an ordinary teacher without them (a failing `unshare`, as on Ubuntu >= 24.04).

Each run asserts every attack's verdict AND its side effects: the teacher's $HOME, the checkout, the
venv, the cache, the classmates' files and the output folder untouched; nothing listening got a
connection; no process left; nothing left on disk. The teacher is an account the test creates (as CI
does in .ci/run); as it cannot run the interpreter under /root, it gets a venv of Debian's python3
holding a copy of this venv's packages and of the checkout, in a folder of its own.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

from tests.attacks.catalogue import ATTACKS, WITHOUT_MOUNT_NAMESPACE

ROOT = Path(__file__).resolve().parent.parent
SCENE = Path("tests") / "attacks" / "scene.py"
SERVED_SCENE = Path("tests") / "attacks" / "served_scene.py"
TEACHER = "taquin-teacher"
# The grading process's peak memory: what a class of small files costs it (40 MiB measured), far below
# one child's limit, so that nothing a child allocated (its memory, IPC objects) is the grader's.
PEAK_MIB = 256
SYSTEM_PYTHON = Path("/usr/bin/python3")
# What the copy of the checkout needs (the grader, its data and templates, the attacks).
CHECKOUT_PARTS = ("grader", "reference", "reports", "tests", "exercises", "pyproject.toml")
# Never needed by the grader at run time, and large.
SKIPPED_PACKAGES = (
    "pip",
    "setuptools",
    "_distutils_hack",
    "distutils-precedence.pth",
    "selenium",
    "_pytest",
    "pytest",
    "__editable__",
    "matplotlib",
    "PIL",
    "fontTools",
    "trio",
)

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="creates the teacher's account: run as root (CI does)")


def account(name: str) -> pwd.struct_passwd:
    """An ordinary account of this machine, created if need be (as CI does in .ci/run)."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], check=True)
        return pwd.getpwnam(name)


def system_python_or_skip() -> None:
    """Debian's python3, which an ordinary account can run, of this interpreter's version (the packages
    copied from this venv are built for it)."""
    if not SYSTEM_PYTHON.exists():
        pytest.skip("no /usr/bin/python3 for an ordinary account (apt-get install python3)")
    version = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True
    ).stdout.strip()
    if version != str(sys.version_info[:2]):
        pytest.skip(f"/usr/bin/python3 is {version}, the venv's packages are for {sys.version_info[:2]}")


def copy_packages(site: Path, skipped: tuple[str, ...] = ()) -> None:
    """This venv's packages into another venv's `site` (the grader's dependencies, for an account that
    cannot read this one), but for those of SKIPPED_PACKAGES and `skipped`, and those `site` has."""
    ours = Path(sysconfig.get_paths()["purelib"])
    for entry in ours.iterdir():
        if entry.name.startswith(SKIPPED_PACKAGES + skipped) or entry.name == "__pycache__":
            continue
        if not (site / entry.name).exists():
            (shutil.copytree if entry.is_dir() else shutil.copy2)(entry, site / entry.name)


@pytest.fixture(scope="module")
def teacher_python(tmp_path_factory):
    """(uid, folder, python) for an ordinary teacher: Debian's python3 in a venv of the teacher's,
    with this venv's packages and a copy of the checkout (owned by the teacher, so that a child running
    as the teacher could write them: the canaries mean something)."""
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


def _scene(command: list, base: Path, env: dict) -> dict:
    """The scene's report. The machine's POSIX message queues are listed for it (an mqueue file system
    mounted for the run: every queue of the IPC namespace, whoever made it, as /dev/mqueue would show)."""
    report = base / "report.json"
    queues = Path(tempfile.mkdtemp(prefix="taquin-mqueue-"))
    subprocess.run(["mount", "-t", "mqueue", "none", str(queues)], check=True)
    try:
        done = subprocess.run(
            [*command, str(base / "scene"), str(report)],
            env={**env, "TAQUIN_ATTACK_MQUEUE": str(queues)},
            capture_output=True,
            text=True,
            timeout=900,
        )
    finally:
        subprocess.run(["umount", str(queues)], check=True)
        queues.rmdir()
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(report.read_text())


def _as_root(scene: Path) -> dict:
    """`scene`'s report, run as root."""
    base = Path(tempfile.mkdtemp(prefix="taquin-attacks-"))  # the children's uids pass through it
    base.chmod(0o711)
    try:
        return _scene([sys.executable, str(ROOT / scene)], base, {"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _check(report: dict, layers: tuple[str, ...]) -> None:
    for layer in layers:
        assert layer in report["isolation"], report["isolation"]
    expected = {name: status for name, (status, _, _) in ATTACKS.items()}
    if "private root" not in report["isolation"]:
        expected.update(WITHOUT_MOUNT_NAMESPACE)
    expected.update(honest="passed", victim="passed")
    wrong = {name: (got, expected[name]) for name, got in report["verdicts"].items() if got != expected[name]}
    assert not wrong, wrong  # (got, expected) per attack
    assert sorted(report["verdicts"]) == sorted(expected)
    assert report["changed"] == [] and report["site_added"] == []
    assert all(
        f in ("results.json", "grades.csv") or (f.startswith("students/") and f.endswith(".json"))
        for f in report["out_files"]
    ), report["out_files"]
    assert report["results_bytes"] < 200_000  # a 400 000-item reply does not bloat the results
    assert report["left_in_tmp"] == [] and report["left_outside"] == []
    assert report["processes"] == [] and report["connections"] == 0 and report["unix_received"] == 0
    assert report["metadata_changed"] == {} and report["scheduling_changed"] == {}
    assert "\x1b" not in report["terminal"] and "\r" not in report["terminal"]
    # Nothing reached the accomplice's IPC objects or removed the teacher's; no object, queue or key left.
    assert report["ipc"] == {
        "futex_woken": 0,
        "msg_received": 0,
        "shm_attached": False,
        "sem_changed": False,
        "mq_received": 0,
        "dev_shm_written": False,
        "teachers_removed": [],
        "left": [],
        "keys_left": False,
    }
    assert report["peak_mib"] < PEAK_MIB, report["peak_mib"]


@pytest.mark.slow
@as_root
def test_attacks_as_root():
    report = _as_root(SCENE)
    assert report["user"] == 0
    _check(
        report,
        (
            "own uid per child",
            "PID, IPC, network and mount namespaces",
            "private root",
            "tmpfs folder",
            "Landlock",
            "seccomp",
        ),
    )


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_attacks_as_an_ordinary_teacher(teacher_python, user_namespaces):
    uid = teacher_python[0]
    report = _as_teacher(teacher_python, user_namespaces, SCENE)
    assert report["user"] == uid
    assert "own uid per child" not in report["isolation"]
    if user_namespaces:
        _check(report, ("user namespace", "private root", "tmpfs folder", "Landlock", "seccomp"))
    else:
        _check(report, ("child subreaper", "Landlock", "seccomp"))
        assert all(layer not in report["isolation"] for layer in ("namespaces", "tmpfs", "private root"))


def _as_teacher(teacher_python, user_namespaces: bool, scene: Path) -> dict:
    """`scene`'s report, run as the ordinary teacher, with user namespaces or without them."""
    uid, folder, python = teacher_python
    base = folder / f"{scene.stem}-{'with' if user_namespaces else 'without'}-userns"
    base.mkdir()
    os.chown(base, uid, uid)
    path = "/usr/bin:/bin"
    if not user_namespaces:  # an `unshare` that fails, as where unprivileged user namespaces are off
        fake = folder / "no-userns-bin"
        fake.mkdir(exist_ok=True)
        (fake / "unshare").write_text("#!/bin/sh\necho 'unshare: Operation not permitted' >&2\nexit 1\n")
        (fake / "unshare").chmod(0o755)
        path = f"{fake}:{path}"
    command = [
        "setpriv",
        f"--reuid={uid}",
        f"--regid={uid}",
        "--clear-groups",
        "--",
        str(python),
        str(folder / "src" / scene),
    ]
    return _scene(command, base, {"PATH": path, "HOME": str(base)})


def _check_served(report: dict) -> None:
    """The served-channel attacks (tests/attacks/served.py): each its verdict and points; the honest
    students full marks; the run finished; every student's results under 1 MiB; nothing of the child's
    choosing in the machine's timing cache; nothing unsafe on the terminal. Copies of earlier functions
    that escape the redirection earn on each question at most what their twin calling the functions
    themselves earns."""
    from tests.attacks.served import ATTACKS as SERVED, COPIED, NAMED

    assert report["complete"] is True
    assert report["totals"]["honest"][0] == report["totals"]["honest"][1] == report["totals"]["victim"][0]
    wrong = {
        (name, qid): (report["verdicts"][name][qid], [status, points])
        for name, (_, expected, _) in SERVED.items()
        for qid, (status, points) in expected.items()
        if report["verdicts"][name][qid] != [status, points]
    }
    assert not wrong, wrong  # (got, expected) per attack and question
    copied, named = report["verdicts"][COPIED], report["verdicts"][NAMED]
    assert sorted(copied) == sorted(named) and all(copied[q][1] <= named[q][1] for q in copied), (copied, named)
    assert max(report["sizes"].values()) < 1 << 20
    assert report["timing_cache_has_chosen_search"] is False
    assert not any(char in report["terminal"] for char in "\x1b\r\x00\u202e\ud800")


@pytest.mark.slow
@as_root
def test_served_channel_attacks_as_root():
    report = _as_root(SERVED_SCENE)
    assert report["user"] == 0
    _check_served(report)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_served_channel_attacks_as_an_ordinary_teacher(teacher_python, user_namespaces):
    report = _as_teacher(teacher_python, user_namespaces, SERVED_SCENE)
    assert report["user"] == teacher_python[0]
    _check_served(report)
