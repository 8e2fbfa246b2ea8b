"""What the parent prepares on this machine for a child, and reads of it from /proc: the `unshare`
command line that works here, a uid of the child's own (as root), its private folder and its removal,
its processes."""

from __future__ import annotations

import itertools
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from grader.caches import register
from grader.errors import SandboxError
from grader.sandbox.confine import TASKS_BESIDE_A_CHILD, proc_stat, tasks_of
from grader.sandbox.limits import Limits

# Tried in order; the first that runs `true` is used. As root, no user namespace: the child takes a uid
# of its own; otherwise the supervisor is root of a user namespace (to mount the child's tmpfs) and the
# child drops every capability before loading student code. `--ipc`: System V objects and POSIX message
# queues of the namespace's own, gone with it (seccomp refuses them too: docs/sandbox.md).
NAMESPACE_FLAGS = ("--pid", "--fork", "--kill-child", "--net", "--ipc")
NAMESPACE_VARIANTS = (("--mount-proc",), ())
UID_LOCKS = Path("/run/taquin-grader-uids")
# How often the parent counts a child's folder where no tmpfs bounds it (DiskWatch): after a pause drawn
# between half this and this, so that a child cannot foresee its looks.
DISK_WATCH_SECONDS = 0.1
PF_EXITING = 0x4  # a task's flag in /proc/PID/stat: it is ending

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


def most_workers(limits: Limits) -> int | None:
    """Where the children share this account's uid (neither root nor a user namespace), the most workers
    whose children's rooms (confine.account_room) fit under the account's hard task limit (RLIMIT_NPROC,
    `ulimit -Hu`) beside its tasks now: past it, the kernel's limit is lower than the room a child is
    promised. None where their tasks are counted apart, or where nothing bounds the account's."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return None
    if os.geteuid() == 0 or (limits.namespaces and namespace_prefix()):
        return None
    hard = resource.getrlimit(resource.RLIMIT_NPROC)[1]
    if hard == resource.RLIM_INFINITY:
        return None
    free = hard - tasks_of(os.getuid()) - limits.processes - limits.account_tasks
    return max(0, free // (limits.processes + TASKS_BESIDE_A_CHILD))


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


# A folder opened without following a link, held while its entries are read or removed.
FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


def _enter(name: str, fd: int) -> int:
    """The folder `name` of the folder `fd`, opened; one the child made unreadable to us (we may share
    its uid) is opened up first, through a descriptor of that very folder: a link the child put in its
    place meanwhile (it may still be running) is never followed."""
    try:
        return os.open(name, FOLDER, dir_fd=fd)
    except PermissionError:
        path = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
        try:
            os.chmod(f"/proc/self/fd/{path}", 0o700)
            return os.open(".", FOLDER, dir_fd=path)
        finally:
            os.close(path)


def walk_folders(root: Path, visit, leave=None) -> None:
    """Depth first over the folders of `root`, without recursion and holding one descriptor at a time,
    whatever the depth (a child can nest folders deeper than Python's recursion limit and than the
    descriptors a process may hold: shutil.rmtree and os.fwalk recurse on Python 3.11).
    `visit(fd)` gets each folder's descriptor and returns the names of the folders to enter from it;
    `leave(fd, name)`, once a folder and all below it were visited, gets its parent and its name. The
    way back up is `..`, checked to be the folder we came from."""
    fd = os.open(root, FOLDER)
    levels = [("", visit(fd), _identity(fd))]  # (name, folders still to enter, identity), root first
    try:
        while True:
            name, pending, _ = levels[-1]
            if pending:
                below = pending.pop()
                try:
                    inner = _enter(below, fd)
                except OSError:
                    continue  # gone, or not a folder after all: nothing to walk
                os.close(fd)
                fd = inner
                levels.append((below, visit(fd), _identity(fd)))
                continue
            levels.pop()
            if not levels:
                return
            up = os.open("..", FOLDER, dir_fd=fd)
            os.close(fd)
            fd = up
            if _identity(fd) != levels[-1][2]:
                raise OSError(f"{root}: a folder moved while it was walked")
            if leave is not None:
                leave(fd, name)
    finally:
        os.close(fd)


def listed(fd: int, at_most: int | None = None) -> list[os.DirEntry]:
    with os.scandir(fd) as entries:
        return list(itertools.islice(entries, at_most))


def remove_root(root: Path) -> None:
    """Remove a child's private root once the child is dead, however deep and wide the child made it:
    no link is followed, a folder the child made unreadable or unwritable to us is opened up. An entry
    that cannot be removed does not stop the removal of the others; what is left then is the grader's
    problem, said on standard error."""
    problems: list[OSError] = []

    def emptied(fd: int) -> list[str]:
        """Remove every entry of the folder `fd` but its folders, whose names it returns."""
        folders = []
        for entry in listed(fd):
            if entry.is_dir(follow_symlinks=False):
                folders.append(entry.name)
                continue
            try:
                try:
                    os.unlink(entry.name, dir_fd=fd)
                except PermissionError:  # a folder the child made unwritable to us
                    os.fchmod(fd, 0o700)
                    os.unlink(entry.name, dir_fd=fd)
            except OSError as exc:
                problems.append(exc)
        return folders

    def removed(fd: int, name: str) -> None:
        try:
            os.rmdir(name, dir_fd=fd)
        except OSError as exc:
            problems.append(exc)

    for _ in range(2):  # what a pass could not remove is tried once more
        if not os.path.lexists(root):
            return
        try:
            walk_folders(root, emptied, removed)
            os.rmdir(root)
        except OSError as exc:
            problems.append(exc)
    if os.path.lexists(root):
        print(f"grader: the child's folder {root} could not be removed: {problems[-1]}", file=sys.stderr)


def folder_usage(root: Path, files: int) -> tuple[int, int]:
    """(bytes, entries) held under `root`: the disk blocks of its files and its entries of any kind,
    counted until the count passes `files` (a full count would cost what the child chose). An entry
    gone between the listing and its look is skipped, never the end of the count (red team 6: names
    removed and made again without end blinded every count before the folder that held the data). A
    folder the child moves while it is counted ends the count there: what was counted is a lower
    bound, and the next look counts again."""
    used = [0, 0]

    def visit(fd: int) -> list[str]:
        folders = []
        for entry in listed(fd, files + 1 - used[1]):
            used[1] += 1
            try:
                info = entry.stat(follow_symlinks=False)
            except FileNotFoundError:
                continue
            used[0] += info.st_blocks * 512
            if entry.is_dir(follow_symlinks=False):
                folders.append(entry.name)
        return folders if used[1] <= files else []

    try:
        walk_folders(root, visit)
    except OSError:
        pass
    return used[0], used[1]


def held_without_name(pid: int, folder: Path) -> int | None:
    """How many distinct files of `folder` process `pid` holds after their names went (removed, or
    renamed over): mapped (one page holds the whole file, without a descriptor) or open in any of its
    threads (a thread may have a descriptor table of its own). Their blocks are in no folder a count
    sees. None when its /proc cannot be read: a process of our uid hides it only by making itself not
    dumpable (seccomp refuses it to a child), which is then a verdict against it; a thread that is
    ending refuses too, for a moment, and is skipped. The maps are read through the first thread that
    shows them (a main thread that ended shows none, its process living on in the others). A file is
    known by its path when it was removed, under `folder`: what the child made (Landlock lets it make
    nothing elsewhere), never the C library's memory files nor another process's should the pid be
    reused."""
    prefix = f"{os.path.realpath(folder)}/"
    mapped_prefix = os.fsencode(prefix)
    held: set[int] = set()
    mapped = False
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except (FileNotFoundError, ProcessLookupError):
        return 0  # gone: it holds nothing
    for task in tasks:
        where = f"/proc/{pid}/task/{task}"
        try:
            if not mapped:
                with open(f"{where}/maps", "rb") as maps:
                    lines = maps.read()
                mapped = bool(lines)
                for line in lines.splitlines() if b" (deleted)" in lines else ():
                    fields = line.split(maxsplit=5)  # address perms offset device inode path
                    if len(fields) == 6 and fields[5].startswith(mapped_prefix) and fields[5].endswith(b" (deleted)"):
                        held.add(int(fields[4]))
            descriptors = os.listdir(f"{where}/fd")
        except (FileNotFoundError, ProcessLookupError):
            continue  # a thread that ended meanwhile
        except PermissionError:
            if _ending(where):
                continue
            return None
        for name in descriptors:
            try:
                target = os.readlink(f"{where}/fd/{name}")
                if target.startswith(prefix) and target.endswith(" (deleted)"):
                    held.add(os.stat(f"{where}/fd/{name}").st_ino)
            except (FileNotFoundError, ProcessLookupError):
                continue  # closed meanwhile
            except PermissionError:
                if _ending(where):
                    break
                return None
    return len(held)


def _ending(task: str) -> bool:
    """The task (its /proc folder) is ending or gone: the kernel then refuses to show its memory and
    descriptors for a moment."""
    fields = proc_stat(task.removeprefix("/proc/"))
    return fields is None or fields[0] in (b"Z", b"X") or bool(int(fields[6]) & PF_EXITING)


class DiskWatch(threading.Thread):
    """Where the child's folder is a plain folder of the teacher's disk (no tmpfs: no mount namespace),
    the parent bounds what it holds: at most `DISK_WATCH_SECONDS` apart (or four times as long as the last
    count took, when that is longer), at instants the child cannot foresee, it counts the folder, and past
    `Limits.watched_disk_bytes` or `Limits.watched_disk_files` kills the child (by a pidfd: never a
    process that reused its pid) and sets `exceeded`. Between two looks a child writes at most what the
    disk takes in that time, in files of at most `Limits.file_bytes` each (RLIMIT_FSIZE; seccomp
    refuses fallocate's modes that allocate past it). A file it holds after removing its name (or
    renaming another over it) counts as one of `Limits.file_bytes` and one entry (held_without_name);
    a process whose /proc the parent cannot read is killed the same way (where the machine forbids
    reading it before any student code runs, the child is not started: SandboxError). It makes no file
    without a name (O_TMPFILE: seccomp).

    At each look it also counts the child's tasks (it cannot fork: seccomp), and past `Limits.processes`
    kills it and sets `crowded`: there (no user namespace) the child shares the teacher's uid, whose room
    RLIMIT_NPROC bounds as a whole, so a child holding more than its share would take a classmate's
    (red team 7); the room `Limits.account_tasks` is then only a burst's, for one look at most. The looks'
    instants are drawn from the system's random source (never the grading's seeded one), so that a thief
    cannot plan to be within its share at each look and over it in between (docs/sandbox.md: the bound)."""

    def __init__(self, folder: Path, limits: Limits, pid: int):
        super().__init__(daemon=True)
        self.folder, self.limits, self.pid = folder, limits, pid
        if held_without_name(pid, folder) is None:  # before any student code: this machine forbids it
            raise SandboxError(f"the child's /proc/{pid} cannot be read, its disk cannot be counted")
        self.exceeded = False
        self.crowded = False
        self._pidfd = os.pidfd_open(pid)
        self._done = threading.Event()

    def run(self) -> None:
        draw, took = secrets.SystemRandom(), 0.0
        # A folder of thousands of entries costs the parent a look of milliseconds each: a fifth of a CPU
        # at most, whatever the child keeps there.
        while not self._done.wait(max(draw.uniform(DISK_WATCH_SECONDS / 2, DISK_WATCH_SECONDS), 4 * took)):
            started = time.monotonic()
            if self.look():
                return
            took = time.monotonic() - started

    def look(self) -> bool:
        """Count the folder now (also when a reply arrives: a child that wrote fast and answered before
        the next look is judged on what it left), and its tasks; past either budget, kill the child.
        Whether it was."""
        if not (self.exceeded or self.crowded):
            used, entries = folder_usage(self.folder, self.limits.watched_disk_files)
            held = held_without_name(self.pid, self.folder)
            if held is not None:
                used, entries = used + held * self.limits.file_bytes, entries + held
            self.exceeded = (
                held is None or used > self.limits.watched_disk_bytes or entries > self.limits.watched_disk_files
            )
            fields = proc_stat(self.pid)
            self.crowded = not self.exceeded and fields is not None and int(fields[17]) > self.limits.processes
            if self.exceeded or self.crowded:
                try:
                    signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
                except ProcessLookupError:
                    pass  # gone already
        return self.exceeded or self.crowded

    def verdict(self) -> tuple[str, dict]:
        """What the student is told of a child stopped by `look` (a message key and its parameters)."""
        if self.crowded:
            return "engine.reply.tasks", {"tasks": self.limits.processes}
        return "engine.reply.disk", {
            "mib": self.limits.watched_disk_bytes >> 20,
            "files": self.limits.watched_disk_files,
        }

    def stop(self) -> None:
        self._done.set()
        self.join()
        os.close(self._pidfd)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid`, oldest first."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as file:  # Linux >= 3.5 (CONFIG_PROC_CHILDREN)
            found = [int(p) for p in file.read().split()]
    except OSError:
        found = []
        for entry in os.listdir("/proc"):
            fields = proc_stat(entry) if entry.isdigit() else None
            if fields and int(fields[1]) == pid:
                found.append(int(entry))
    return sorted(found, key=_start_time)


def _start_time(pid: int) -> int:
    fields = proc_stat(pid)
    return int(fields[19]) if fields else 0
