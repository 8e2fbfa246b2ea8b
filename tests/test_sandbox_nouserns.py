"""Where the child shares the account's uid and its folder is a plain folder of the disk (an ordinary
teacher without user namespaces; a student at home on Ubuntu >= 24.04), and the same scene in the two
other configurations (root; a teacher with user namespaces): red team 5's findings
`nouserns-threads-fail-on-busy-desktop` and `nouserns-deep-nest-leaks-disk`.

Before: RLIMIT_NPROC (32) counted every task of the teacher's uid, so that on a busy account no child
could start a thread (a correct q4 whose BFS runs in a thread got 0/2); and the parent's removal of a
child's folder (shutil.rmtree, recursive on Python 3.11) raised RecursionError on a nest of 1,500
folders, leaving the folder (207 MB in the red team's run) and the student an "erreur du correcteur",
with no bound on what a child writes where there is no tmpfs.

The scene (tests/shared_account_scene.py) is run as tests/test_attacks.py runs its own, through its
helpers (`scene_as_root`, `scene_as_teacher`) and the session's `teacher_python` fixture (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import random
import re
import tempfile
from pathlib import Path

import pytest

from grader.sandbox import protocol
from grader.sandbox.host import DISK_WATCH_SECONDS, DiskWatch, folder_usage, remove_root
from grader.sandbox.limits import Limits
from grader.sandbox.runner import new_child
from tests.test_attacks import scene_as_root, scene_as_teacher, as_root

SCENE = Path("tests") / "shared_account_scene.py"
LIMITS = Limits()


def nest(root: Path, depth: int) -> Path:
    """`depth` folders nested in `root`, made as a child makes them (a relative mkdir and chdir each);
    the deepest returned as a descriptor-free path is impossible past PATH_MAX, so nothing is."""
    here = os.open(".", os.O_RDONLY)
    try:
        os.chdir(root)
        for _ in range(depth):
            os.mkdir("n")
            os.chdir("n")
        with open("bottom", "wb") as file:
            file.write(b"x" * 8192)
        os.mkdir("locked", 0o300)  # written in, listed by nobody
        with open("locked/inside", "w") as file:
            file.write("x")
        os.symlink("/etc", "etc")  # never followed
        os.chmod(".", 0o500)  # nothing removable in it without opening it up
    finally:
        os.fchdir(here)
        os.close(here)
    return root


def test_a_nest_deeper_than_the_recursion_limit_and_the_descriptors_is_counted_and_removed(tmp_path):
    """2,000 levels: past Python's recursion limit (shutil.rmtree's RecursionError on 3.11) and past the
    1,024 descriptors a process commonly holds (a walk keeping one per level)."""
    root = nest(Path(tempfile.mkdtemp(dir=tmp_path)), 2000)
    used, entries = folder_usage(root, 10_000)
    assert entries == 2000 + 4 and used >= 8192  # the folders, bottom, locked and inside, the link
    assert folder_usage(root, 100)[1] == 101  # a count stops past its bound, whatever the child made
    remove_root(root)
    assert not os.path.lexists(root)
    assert os.path.exists("/etc/passwd")


@pytest.mark.parametrize(
    ("written", "stopped"),
    [
        ("for i in range(10_000):\n        open(f'big{i}', 'wb').write(bytes(1 << 20))", True),
        ("for i in range(100_000):\n        open(f'small{i}', 'w').close()", True),
        ("for i in range(10):\n        open(f'fast{i}', 'wb').write(bytes(1 << 20))", True),
        ("for i in range(3):\n        open(f'few{i}', 'wb').write(bytes(1 << 20))", False),
        # Files held (mapped, and open by the mapping's own descriptor) after their names went.
        (
            "import mmap, os\n    f.held = []\n    for i in range(12):\n"
            "        with open(f'held{i}', 'wb+') as out:\n            out.write(bytes(1 << 20))\n"
            "            f.held.append(mmap.mmap(out.fileno(), 4096))\n        os.unlink(f'held{i}')",
            True,
        ),
    ],
    ids=["bytes", "entries", "answered-before-a-look", "within", "held-without-a-name"],
)
def test_where_no_tmpfs_bounds_the_folder_the_parent_stops_the_child_past_its_budget(written, stopped):
    """No mount namespace (switched off here, as where there is no user namespace): the child's folder is
    a plain folder, counted by the parent; past the budget the child is stopped and told why."""
    limits = Limits(namespaces=False, watched_disk_bytes=8 << 20, watched_disk_files=200)
    source = f"def f():\n    {written}\n    return 'done'\n"
    child = new_child({"jeux": source}, "jeux", ["tests.hostile.probes"], limits)
    try:
        assert child.start().ok
        reply = child.call("tests.hostile.probes:probe_call", {"function": "f", "args": []}, 60)
        folder = child.workdir
    finally:
        child.close()
    if stopped:
        assert reply.status == protocol.VIOLATION, reply
        assert reply.violation == ("engine.reply.disk", {"mib": 8, "files": 200})
    else:
        assert reply.ok and reply.value == "done", reply
    assert not folder.exists()


def test_the_parents_looks_come_at_instants_a_child_cannot_foresee(tmp_path, monkeypatch):
    """The watch's pauses (host.DiskWatch.run) are drawn between half DISK_WATCH_SECONDS and it, from the
    system's random source: not periodic (a thief in bursts could then be within its share at each look),
    and not from `random`, which the grading seeds (the same seed, the same instants at every run)."""
    watch = DiskWatch(tmp_path, LIMITS, os.getpid())
    monkeypatch.setattr(watch, "look", lambda: False)  # never this process's count: the pauses alone
    runs: list[list[float]] = []
    try:
        for _ in range(2):
            random.seed(2017)
            runs.append([])
            monkeypatch.setattr(watch._done, "wait", lambda pause: runs[-1].append(pause) or len(runs[-1]) >= 100)
            watch.run()
    finally:
        os.close(watch._pidfd)
    assert all(DISK_WATCH_SECONDS / 2 <= pause <= DISK_WATCH_SECONDS for pause in runs[0] + runs[1]), runs
    assert len(set(runs[0])) == 100 and runs[0] != runs[1], runs


def _results(report: dict, student: str) -> str:
    return report["results"][student]


def _check(report: dict, shared_uid: bool) -> None:
    """Every student's verdict, whatever the account runs; the bomb and the disk contained; nothing left."""
    assert report["tasks_of_the_account"] > LIMITS.processes  # the account was busy
    totals = report["totals"]
    assert totals["alice"] == [3.0, 3.0]
    assert report["verdicts"]["thread_user"] == {"q1": ["passed", 1.0], "q4": ["passed", 2.0]}, _results(
        report, "thread_user"
    )
    # Red team 7's thief, and one in bursts between the parent's looks, took none of the honest child's
    # room: on a shared uid the watch stopped both past their share (elsewhere their room is their own, and
    # they answer).
    duel = report["thread_duel"]
    assert duel["honest"][:2] == ["ok", 42], duel
    for thief in ("thief", "burster"):
        assert duel[thief][3] == ("engine.reply.tasks" if shared_uid else None), duel
    # A run of 9 workers: the other children, thread bombs, are each contained to their share, on a shared
    # uid too (confine.share_threads): 29 threads in a user namespace, whose count holds its supervisor's
    # tasks, 31 elsewhere. The honest child still starts 24 threads of its own (before Limits.workers, on a
    # shared uid: `can't start new thread`), and so does the account afterwards.
    crowd = report["crowded_pool"]
    assert crowd["honest"][:2] == ["ok", 24], crowd
    for filler in crowd["fillers"]:
        assert filler[0] == "ok" and 29 <= filler[1] < LIMITS.processes and filler[3] is None, crowd
    assert report["thread_started_after"]
    # The nest is removed; a full folder is the student's verdict, never the grader's error.
    assert report["verdicts"]["deep_nest"]["q1"] == ["passed", 1.0]
    for student in ("mallory", "many_files", "hidden_fill"):
        assert report["status"][student] == "graded" and totals[student] == [0.0, 3.0], _results(report, student)
        said = _results(report, student)
        assert "grader_bug" not in said and "RecursionError" not in said
        # Stopped by the parent's count, or by the tmpfs's refusal; many small files on a loaded disk may
        # take the whole import's time first (a timeout: the student's too).
        stopped = "engine.reply.disk" if shared_uid else "No space left on device"
        assert stopped in said or (student == "many_files" and "engine.reply.timeout" in said), said
    # Nothing hidden outside the bound: on a plain folder the files it holds without a name are counted
    # by the parent (killed past its budget; before sandbox7, 100 MiB hidden and q1 passed); on a
    # tmpfs, whose size counts a file without a name, what it hid is within its 16 MiB (q1 answered).
    said = _results(report, "hoarder")
    if shared_uid:
        assert totals["hoarder"] == [0.0, 3.0] and "engine.reply.disk" in said, said
    else:
        assert report["verdicts"]["hoarder"]["q1"] == ["passed", 1.0], said
        hidden = {int(mib) for mib in re.findall(r"hidden (\d+) MiB", said)}
        assert hidden and max(hidden) < LIMITS.disk_bytes >> 20, said
    # Removing a file that is not there is FileNotFoundError, as the kernel says, and temporary files,
    # rmtree and os.replace work (red team 8: seccomp answered EPERM, and the module failed to
    # load: 0 instead of full marks); so does an SQLite file of the child's folder, which takes no lock
    # (seccomp refuses them: before, "access permission denied").
    assert totals["tidy"] == [3.0, 3.0], _results(report, "tidy")
    assert report["left_in_tmp"] == [] and report["processes"] == []


@pytest.mark.slow
@as_root
def test_a_busy_account_threads_and_a_full_folder_as_root():
    report = scene_as_root(SCENE)
    assert report["user"] == 0
    _check(report, shared_uid=False)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_a_busy_account_threads_and_a_full_folder_as_an_ordinary_teacher(teacher_python, user_namespaces):
    report = scene_as_teacher(teacher_python, user_namespaces, SCENE)
    assert report["user"] == teacher_python[0]
    layers = {layer["key"] for layer in report["isolation"]}
    assert ("isolation.tmpfs" in layers) == user_namespaces, layers
    assert ("isolation.watched_folder" in layers) == (not user_namespaces), layers  # the parent counts it
    _check(report, shared_uid=not user_namespaces)
    if not user_namespaces:
        said = json.loads(_results(report, "mallory"))["questions"][0]["checks"][0]["message"]
        assert said == {
            "key": "engine.reply.disk",
            "params": {"mib": LIMITS.watched_disk_bytes >> 20, "files": LIMITS.watched_disk_files},
        }
