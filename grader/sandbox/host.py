"""What the parent prepares on this machine for a child, and reads of it from /proc: the `unshare`
command line that works here, a uid of the child's own (as root), its private folder and its removal,
its processes."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path

from grader.caches import register
from grader.errors import SandboxError
from grader.sandbox.limits import Limits

# Tried in order; the first that runs `true` is used. As root, no user namespace: the child takes a uid
# of its own; otherwise the supervisor is root of a user namespace (to mount the child's tmpfs) and the
# child drops every capability before loading student code. `--ipc`: System V objects and POSIX message
# queues of the namespace's own, gone with it (seccomp refuses them too: docs/sandbox.md).
NAMESPACE_FLAGS = ("--pid", "--fork", "--kill-child", "--net", "--ipc")
NAMESPACE_VARIANTS = (("--mount-proc",), ())
UID_LOCKS = Path("/run/taquin-grader-uids")

_namespace_prefix: dict[bool, list[str]] = register(f"{__name__}._namespace_prefix", {})


def namespace_prefix() -> list[str]:
    """The `unshare` command line that works here (cached per process), or [] when none does."""
    root = os.geteuid() == 0
    if root not in _namespace_prefix:
        _namespace_prefix[root] = []
        unshare = shutil.which("unshare")
        for variant in NAMESPACE_VARIANTS if unshare else ():
            prefix = [unshare, *(() if root else ("--user", "--map-root-user")), *NAMESPACE_FLAGS, *variant]
            try:
                ok = (
                    subprocess.run(
                        [*prefix, "true"],
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        timeout=10,
                    ).returncode
                    == 0
                )
            except (OSError, subprocess.SubprocessError):
                ok = False
            if ok:
                _namespace_prefix[root] = prefix
                break
    return _namespace_prefix[root]


class UidLease:
    """A uid no other child of this machine's graders holds: a lock file per uid (flock, released by the
    kernel even if this process dies), in a folder only root may write."""

    def __init__(self, limits: Limits):
        try:
            UID_LOCKS.mkdir(mode=0o700, exist_ok=True)
            info = UID_LOCKS.lstat()
        except OSError as exc:
            raise SandboxError(f"{UID_LOCKS}: {exc}") from None
        if not Path(UID_LOCKS).is_dir() or UID_LOCKS.is_symlink() or info.st_uid != 0 or info.st_mode & 0o022:
            raise SandboxError(f"{UID_LOCKS} must be a folder of root's that only root may write")
        import fcntl

        offset = secrets.randbelow(limits.uid_count)  # fewer collisions between concurrent workers
        for index in range(limits.uid_count):
            uid = limits.uid_first + (offset + index) % limits.uid_count
            fd = os.open(UID_LOCKS / str(uid), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            self.uid, self._fd = uid, fd
            return
        raise SandboxError(f"every uid of {limits.uid_first}..{limits.uid_first + limits.uid_count - 1} is in use")

    def release(self) -> None:
        os.close(self._fd)


def make_folder(sources: dict[str, str], uid: int | None) -> tuple[Path, Path]:
    """(private root, child's folder): the root is ours (mode 0711: the child may only pass through);
    the folder and its files are created without following links and handed to `uid` by descriptor."""
    if uid is not None:
        _check_traversable(Path(tempfile.gettempdir()))
    root = Path(tempfile.mkdtemp(prefix="taquin-grader-"))
    os.chmod(root, 0o711)
    root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        os.mkdir("work", 0o700, dir_fd=root_fd)
        folder_fd = os.open("work", os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=root_fd)
        try:
            for name, text in sources.items():
                fd = os.open(
                    f"{name}.py",
                    os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                    0o600,
                    dir_fd=folder_fd,
                )
                with os.fdopen(fd, "w", encoding="utf-8") as file:
                    file.write(text)
                    if uid is not None:
                        os.fchown(file.fileno(), uid, uid)
            if uid is not None:
                os.fchown(folder_fd, uid, uid)
        finally:
            os.close(folder_fd)
    finally:
        os.close(root_fd)
    return root, root / "work"


def _check_traversable(folder: Path) -> None:
    """A child running as a uid of its own must be able to pass through every folder above its own."""
    for parent in (folder.resolve(), *folder.resolve().parents):
        if not parent.stat().st_mode & 0o001:
            raise SandboxError(
                f"the children cannot pass through {parent} (mode {parent.stat().st_mode & 0o777:o}): "
                "give TMPDIR a folder every user may pass through, such as /tmp"
            )


def remove_root(root: Path) -> None:
    """Remove a child's private root once the child is dead. rmtree works on descriptors and never
    follows a link; a folder inside the root that the child made unreadable to us (we may share its
    uid) is opened up and the removal tried again."""
    inside = str(root) + os.sep

    def open_up(function, path, exc):
        path = os.fspath(path)
        for folder in (os.path.dirname(path), path):
            if folder.startswith(inside) and os.path.isdir(folder) and not os.path.islink(folder):
                try:
                    os.chmod(folder, 0o700)
                except OSError:
                    pass

    for _ in range(8):  # each pass opens up one more level of folders nested in unreadable ones
        if not os.path.lexists(root):
            return
        shutil.rmtree(root, onerror=open_up)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid`, oldest first."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as file:  # Linux >= 3.5 (CONFIG_PROC_CHILDREN)
            found = [int(p) for p in file.read().split()]
    except OSError:
        found = []
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/stat", "rb") as file:
                    stat = file.read()
            except OSError:
                continue
            if entry.isdigit() and int(stat[stat.rindex(b")") + 2 :].split()[1]) == pid:
                found.append(int(entry))
    return sorted(found, key=_start_time)


def _start_time(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            stat = file.read()
    except OSError:
        return 0
    return int(stat[stat.rindex(b")") + 2 :].split()[19])
