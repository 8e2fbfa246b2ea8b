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
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.attacks.catalogue import ATTACKS, WITHOUT_MOUNT_NAMESPACE

ROOT = Path(__file__).resolve().parent.parent
SCENE = Path("tests") / "attacks" / "scene.py"
SERVED_SCENE = Path("tests") / "attacks" / "served_scene.py"
PAGE_CACHE_SCENE = Path("tests") / "attacks" / "page_cache_scene.py"
PAGE_CACHE_ACCOMPLICE = Path("tests") / "attacks" / "page_cache_accomplice.py"
# What the accomplice sends the child, and what the child sends it (page_cache_student.py).
TO_CHILD, TO_ACCOMPLICE = 0xC0DE, 0xBEEF
NOBODY = 65534  # Debian's `nobody` and `nogroup`: an account with no file of the teacher's
AS_NOBODY = ("setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--")
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
    # Once the grader has exited, nothing of the run in its temporary folder (the children's copy of the
    # standard library goes at its exit, after the scene's report).
    assert not list((base / "scene" / "tmp").iterdir())
    return json.loads(report.read_text())


def scene_as_root(scene: Path, python: Path = Path(sys.executable), checkout: Path = ROOT) -> dict:
    """`scene`'s report, run as root (with this interpreter and checkout, or others)."""
    base = Path(tempfile.mkdtemp(prefix="taquin-attacks-"))  # the children's uids pass through it
    base.chmod(0o711)
    try:
        return _scene([str(python), str(checkout / scene)], base, {"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
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
    report = scene_as_root(SCENE)
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
    report = scene_as_teacher(teacher_python, user_namespaces, SCENE)
    assert report["user"] == uid
    assert "own uid per child" not in report["isolation"]
    if user_namespaces:
        _check(report, ("user namespace", "private root", "tmpfs folder", "Landlock", "seccomp"))
    else:
        _check(report, ("child subreaper", "Landlock", "seccomp"))
        assert all(layer not in report["isolation"] for layer in ("namespaces", "tmpfs", "private root"))


def scene_as_teacher(teacher_python, user_namespaces: bool, scene: Path) -> dict:
    """`scene`'s report, run as the ordinary teacher, with user namespaces or without them."""
    uid, folder, python = teacher_python
    # A folder of this run's own: the session's other tests run their scenes in the same teacher's folder.
    base = Path(tempfile.mkdtemp(prefix=f"{scene.stem}-{'with' if user_namespaces else 'without'}-userns-", dir=folder))
    base.chmod(0o755)
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
    report = scene_as_root(SERVED_SCENE)
    assert report["user"] == 0
    _check_served(report)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_served_channel_attacks_as_an_ordinary_teacher(teacher_python, user_namespaces):
    report = scene_as_teacher(teacher_python, user_namespaces, SERVED_SCENE)
    assert report["user"] == teacher_python[0]
    _check_served(report)


def _with_page_cache_accomplice(teacher_python, scene_run) -> tuple[dict, list[str], str]:
    """`scene_run()`'s report while an accomplice runs as `nobody` on the page cache of the standard
    library of the teacher's python (Debian's: world-readable, as in a Docker image), what the accomplice
    printed during the run (after the control, `_control`), and that standard library's folder."""
    _, folder, python = teacher_python
    stdlib = subprocess.run(
        [python, "-I", "-c", "import os; print(os.path.dirname(os.path.realpath(os.__file__)))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    accomplice = subprocess.Popen(
        [*AS_NOBODY, str(SYSTEM_PYTHON), str(folder / "src" / PAGE_CACHE_ACCOMPLICE), stdlib, hex(TO_CHILD), "900"],
        stdout=subprocess.PIPE,
        text=True,
        cwd="/",
    )
    lines: list[str] = []

    def read() -> None:
        assert accomplice.stdout is not None
        for line in accomplice.stdout:
            lines.append(line.strip())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        _control(python, folder / "src", lines)
        during = len(lines)
        report = scene_run()
    finally:
        accomplice.kill()
        accomplice.wait()
        reader.join()
    return report, lines[during:], stdlib


def _control(python: Path, checkout: Path, accomplice: list[str]) -> None:
    """The channel works on this machine: the student's code run outside the sandbox (as `nobody` too,
    with the same interpreter) reads the accomplice's word exactly, and the accomplice (`accomplice`: the
    lines it printed so far) reads the student's. On a loaded machine an exchange may meet the accomplice
    halfway through a round: tried again, each direction having to succeed once."""
    code = (
        f"import sys\nsys.path.insert(0, {str(checkout / 'tests' / 'attacks')!r})\nimport page_cache_student\n"
        "print(page_cache_student.channel()[1])\n"
    )
    reads, received = [], False
    for _ in range(10):
        before = len(accomplice)
        reads.append(subprocess.run([*AS_NOBODY, python, "-I", "-c", code], capture_output=True, text=True).stdout)
        deadline = time.monotonic() + 2
        while not received and time.monotonic() < deadline:
            received = f"received {TO_ACCOMPLICE:#06x}" in accomplice[before:]
            time.sleep(0.1)
        if received and f"{TO_CHILD}\n" in reads:
            time.sleep(0.5)  # the accomplice's next rounds: nothing of the control's is left to read
            return
    raise AssertionError(f"the channel does not work here: the control read {reads}, the accomplice {accomplice}")


def _check_page_cache(report: dict, accomplice: list[str], stdlib: str) -> None:
    """The child got its point, read its 16 bits from its own copy of the standard library (the machine's
    is out of its reach), and they are not the accomplice's word (a page of the copy is always in memory:
    0xffff); the accomplice received nothing (the child's pages are not the machine's). That copy is the
    one kept in the cache for the next runs (one, the user's, mode 0700), and the child could neither
    change nor add a file there: each try failed, and the copy still holds what it copied."""
    assert report["status"] == "passed", report
    read = re.fullmatch(r"read (0x[0-9a-f]{4}) from (.*)\nchanges (.*)\n", report["output"])
    assert read, report["output"]
    assert int(read[1], 16) != TO_CHILD and not read[2].startswith(stdlib + os.sep), report["output"]
    assert f"received {TO_ACCOMPLICE:#06x}" not in accomplice, accomplice
    changes = dict(change.split("=") for change in read[3].split())
    assert sorted(changes) == ["chmod", "create", "link", "open_for_writing", "rename", "unlink", "utime"]
    assert "done" not in changes.values(), changes
    assert [(c["mode"], c["owner_is_user"], c["intact"]) for c in report["copies"]] == [("0o700", True, True)]
    assert read[2].split(os.sep).count(report["copies"][0]["name"]) == 1, (read[2], report["copies"])


@pytest.mark.slow
@as_root
def test_page_cache_channel_as_root(teacher_python):
    """Root grading with a world-readable interpreter (Debian's python3, as a Docker image's): the child,
    with a uid of its own and every namespace, and an accomplice running as `nobody` exchanged exact bits
    through the page cache of the standard library (findings/page-cache-channel of the red team)."""
    _, folder, python = teacher_python
    report, accomplice, stdlib = _with_page_cache_accomplice(
        teacher_python, lambda: scene_as_root(PAGE_CACHE_SCENE, python, folder / "src")
    )
    assert report["user"] == 0 and "private root" in report["isolation"]
    _check_page_cache(report, accomplice, stdlib)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_page_cache_channel_as_an_ordinary_teacher(teacher_python, user_namespaces):
    report, accomplice, stdlib = _with_page_cache_accomplice(
        teacher_python, lambda: scene_as_teacher(teacher_python, user_namespaces, PAGE_CACHE_SCENE)
    )
    assert report["user"] == teacher_python[0]
    assert ("private root" in report["isolation"]) == user_namespaces
    _check_page_cache(report, accomplice, stdlib)
