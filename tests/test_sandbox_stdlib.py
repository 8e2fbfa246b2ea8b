"""The children's copy of the standard library kept in the user's cache (grader/sandbox/stdlib_copy.py):
made once per machine and user, named by the fingerprint of what it copies, renamed into place whole
(two processes making it at once), the copies of other fingerprints removed once no process holds them; and used only where a child
cannot write it, a copy per grader process elsewhere. That a child cannot change it, in the three
configurations, is tests/test_attacks.py::test_page_cache_channel_* (the student tries)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from grader.sandbox import process, stdlib_copy
from grader.sandbox.limits import Limits

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the copy is made where children are confined"
)

# A process that asks for the cached copy, as a grader process does for its first child, and prints it.
SHARED = "from grader.sandbox import stdlib_copy\nprint(stdlib_copy.for_children(True))\n"


def _processes(cache: Path, count: int) -> list[str]:
    """The cached copy `count` grader processes started at once got (each its path)."""
    started = [
        subprocess.Popen(
            [sys.executable, "-c", SHARED],
            env={**os.environ, "TAQUIN_GRADER_CACHE": str(cache)},
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    outputs = [started_one.communicate(timeout=300) for started_one in started]
    assert all(p.returncode == 0 for p in started), [err[-2000:] for _, err in outputs]
    return [out.strip() for out, _ in outputs]


def test_two_processes_making_the_copy_at_once_both_get_the_whole_one_and_the_next_reuses_it(tmp_path):
    cache = tmp_path / "cache"
    first, second = _processes(cache, 2)
    assert first == second, (first, second)
    copy = Path(first)
    folder = copy.parent
    assert folder.parent == cache.resolve() and folder.name.startswith("stdlib-")
    assert stdlib_copy.manifest(str(copy)) == stdlib_copy.manifest(stdlib_copy.real_folder())
    found = folder.lstat()
    assert stat.S_ISDIR(found.st_mode) and stat.S_IMODE(found.st_mode) == 0o700 and found.st_uid == os.geteuid()
    # Nothing else in the cache but the copy's lock file: the loser's temporary folder is gone.
    assert sorted(p.name for p in cache.iterdir()) == [folder.name, folder.name + stdlib_copy.LOCK]
    inode = folder.stat().st_ino
    assert _processes(cache, 1) == [first] and folder.stat().st_ino == inode  # reused, not made again


def test_a_copy_in_use_stays_whole_beside_another_one_and_goes_once_unused(tmp_path, monkeypatch):
    """Two grader processes at once on one account whose copies differ (another fingerprint: a changed
    file here, as after a Python upgrade; another grader version's rules of what is copied likewise): the
    second's preparation leaves the first's copy whole while the first runs (its children import from it),
    and a preparation after the first's end removes it (never the copy of another standard library). Each
    process is simulated by its own record of the copies it holds (`held`: lock files opened and locked
    apart, which the kernel tells apart as it does two processes' locks)."""
    machine = tmp_path / "lib" / "python3.x"
    (machine / "json").mkdir(parents=True)
    (machine / "os.py").write_text("# os\n")
    (machine / "json" / "__init__.py").write_text("# json\n")
    (machine / "site-packages").mkdir()
    (machine / "site-packages" / "numpy.py").write_text("# not copied\n")
    cache = tmp_path / "cache"
    other = cache / "stdlib-0123456789ab-somebody-else"
    other.mkdir(parents=True)
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(cache))
    monkeypatch.setattr(stdlib_copy, "real_folder", lambda: str(machine))
    processes: list[dict[str, int]] = []

    def process() -> None:  # the next preparation is another process's
        processes.append({})
        monkeypatch.setattr(stdlib_copy, "held", processes[-1])

    try:
        process()
        old = Path(stdlib_copy.shared())
        assert sorted(p for p, _, _ in stdlib_copy.manifest(str(old))) == ["json/__init__.py", "os.py"]
        assert Path(stdlib_copy.shared()) == old  # the same files: the same copy
        (machine / "os.py").write_text("# os, upgraded\n")
        process()
        new = Path(stdlib_copy.shared())
        assert new != old and (new / "os.py").read_text() == "# os, upgraded\n"
        assert (old / "os.py").read_text() == "# os\n" and (old / "json" / "__init__.py").exists()  # whole
        for descriptor in processes[0].values():  # the first process ends
            os.close(descriptor)
        processes[0].clear()
        process()
        assert Path(stdlib_copy.shared()) == new and not old.parent.exists() and other.exists()
        assert sorted(p.name for p in cache.iterdir()) == sorted(
            [new.parent.name, new.parent.name + stdlib_copy.LOCK, other.name]
        )
    finally:
        for held in processes:
            for descriptor in held.values():
                os.close(descriptor)


def test_a_copy_of_a_version_that_takes_no_lock_stays_while_a_process_names_it(tmp_path, monkeypatch):
    """Grader versions before the copies' lock files held none: a copy of theirs (no lock file beside it)
    stays whole while one of their processes runs with its path (their fork server, for the whole run,
    stood for here by a sleeping interpreter that names it as the fork server does), and is removed by the
    first preparation after it ended, not left for ever. On the code before, it went at once."""
    machine = tmp_path / "lib" / "python3.x"
    machine.mkdir(parents=True)
    (machine / "os.py").write_text("# os\n")
    cache = tmp_path / "cache"
    older = cache / "stdlib-0123456789ab-an-older-version" / "python3.x"
    older.mkdir(parents=True)
    (older / "os.py").write_text("# os\n")
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(cache))
    monkeypatch.setattr(stdlib_copy, "real_folder", lambda: str(machine))
    monkeypatch.setattr(stdlib_copy, "_digest", lambda text: "0123456789ab" + "f" * 52)
    monkeypatch.setattr(stdlib_copy, "held", {})
    fork_server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "3", str(older)])
    try:
        copy = Path(stdlib_copy.shared())
        assert copy.parent != older.parent and (older / "os.py").read_text() == "# os\n"
    finally:
        fork_server.kill()
        fork_server.wait()
    assert Path(stdlib_copy.shared()) == copy and not older.parent.exists()
    assert sorted(p.name for p in cache.iterdir()) == [copy.parent.name, copy.parent.name + stdlib_copy.LOCK]
    for descriptor in stdlib_copy.held.values():
        os.close(descriptor)


def test_a_cache_where_no_lock_file_can_be_opened_still_gives_its_copy(tmp_path, monkeypatch):
    """A cache this user can read but not write (a prepared one, mounted read-only): the copy in it is used,
    held by nothing, and nothing is removed from it; no traceback."""
    machine = tmp_path / "lib" / "python3.x"
    machine.mkdir(parents=True)
    (machine / "os.py").write_text("# os\n")
    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(stdlib_copy, "real_folder", lambda: str(machine))
    monkeypatch.setattr(stdlib_copy, "held", {})
    copy = Path(stdlib_copy.shared())
    for descriptor in stdlib_copy.held.values():
        os.close(descriptor)
    for lock in (tmp_path / "cache").glob("*" + stdlib_copy.LOCK):
        lock.unlink()
    stale = tmp_path / "cache" / (copy.parent.name[: -len("x" * 24)] + "x" * 24)  # another fingerprint
    stale.mkdir()
    monkeypatch.setattr(stdlib_copy, "held", {})
    opened = os.open

    def read_only(path, flags, *rest):
        if str(path).endswith(stdlib_copy.LOCK):
            raise PermissionError(13, "Read-only file system", str(path))
        return opened(path, flags, *rest)

    monkeypatch.setattr(os, "open", read_only)
    assert Path(stdlib_copy.shared()) == copy and stdlib_copy.held == {} and stale.exists()


def test_the_cached_copy_only_where_a_child_cannot_write_it(monkeypatch):
    """As root, always (a uid of its own); an ordinary teacher (the uid faked) with user namespaces (a
    private root), or Landlock with seccomp; not without both: a copy of the process's own there."""
    assert process.stdlib_protected(Limits(namespaces=False, landlock=False, seccomp=False)) == (os.geteuid() == 0)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setattr(process, "namespace_prefix", lambda: ["unshare", "--user"])
    assert process.stdlib_protected(Limits(landlock=False, seccomp=False))
    assert not process.stdlib_protected(Limits(private_root=False, landlock=False, seccomp=False))
    monkeypatch.setattr(process, "namespace_prefix", list)
    monkeypatch.setattr(process.confine, "landlock_abi", lambda: 6)
    monkeypatch.setattr(process.seccomp, "available", lambda: True)
    assert process.stdlib_protected(Limits())
    assert not process.stdlib_protected(Limits(landlock=False))
    assert not process.stdlib_protected(Limits(seccomp=False))
    for abi in (0, 1, 2):  # Landlock that cannot refuse truncate(2): the child could empty the cached files
        monkeypatch.setattr(process.confine, "landlock_abi", lambda abi=abi: abi)
        assert not process.stdlib_protected(Limits()), abi


def test_a_private_copy_where_the_cached_one_is_not_used():
    """The copy where a child could write it: this process's own, in the temporary folder (0700), gone at
    its exit. A child reading the other copy than the fork server's imports from its own (zygote.py):
    here the decision is faked (Landlock off: the private copy) so that both start in one process."""
    code = (
        "from grader.sandbox import process\nfrom grader.sandbox.limits import Limits\n"
        "process.stdlib_protected = lambda limits: limits.landlock\n"
        "for limits in (Limits(landlock=False), Limits()):\n"
        "    child = process.Child({'jeux': 'import wave\\ndef f():\\n    return wave.__file__'}, 'jeux',"
        " ['tests.hostile.probes'], limits)\n"
        "    assert child.start().ok\n"
        "    print(child.stdlib, child.call('tests.hostile.probes:probe_call', {'function': 'f', 'args': []}, 5).value)\n"
        "    child.close()\n"
    )
    base = Path(tempfile.mkdtemp(prefix="taquin-copies-"))
    base.chmod(0o711)  # as root, each child's uid passes through it to its folder
    (base / "tmp").mkdir(mode=0o711)
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "TMPDIR": str(base / "tmp"), "TAQUIN_GRADER_CACHE": str(base / "cache")},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        left_in_tmp = list((base / "tmp").iterdir())
    finally:
        shutil.rmtree(base)
    assert done.returncode == 0, done.stderr[-3000:]
    (private, private_wave), (shared, shared_wave) = (line.split() for line in done.stdout.splitlines())
    assert private.startswith(str(base.resolve() / "tmp" / stdlib_copy.PREFIX)), private
    assert private_wave == private + "/wave.py" and shared_wave == shared + "/wave.py"
    assert shared.startswith(str(base.resolve() / "cache" / "stdlib-")), shared
    assert left_in_tmp == []  # the private copy went with its process
