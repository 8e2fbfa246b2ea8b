"""The child's operating-system confinement: applied by child.py before any student code is loaded.

Each layer is enforced by the kernel and holds whatever the student's code does to the interpreter
afterwards. In order: resource limits; as root, a uid and gid of the child's own (no supplementary
groups); as root of a user namespace, no capability left; PR_SET_NO_NEW_PRIVS; Landlock (read-only:
the standard library; read-write: the child's folder; nothing else; no TCP; signals and abstract unix
sockets scoped to the child); seccomp (no new process, no tracing of others, no mount, namespace,
keyring, BPF, io_uring, socket; no change to any file's metadata; no address given to a socket;
signals, limits, priorities and affinities of itself only; no channel through kernel objects others
share: seccomp.py). Where the child may make a mount namespace (root, or root of a user
namespace), it first moves into a private root holding only its folder and its copy of the standard
library (stdlib_copy.py: no page of a file it reads is shared with another account).

Standard library only, except seccomp (its rules in seccomp.py), which uses the system's libseccomp
(libseccomp.py) when it is there: this module is imported on Windows and macOS too, where the
POSIX-only layers are skipped and said so.
"""

from __future__ import annotations

import errno
import os
import sys

from grader.sandbox import libseccomp, seccomp

# Landlock's system calls have the same numbers on every architecture that has them.
SYS_LANDLOCK_CREATE_RULESET = 444
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1

FS_EXECUTE = 1 << 0
FS_WRITE_FILE = 1 << 1
FS_READ_FILE = 1 << 2
FS_READ_DIR = 1 << 3
FS_REMOVE_DIR = 1 << 4
FS_REMOVE_FILE = 1 << 5
FS_MAKE_CHAR = 1 << 6
FS_MAKE_DIR = 1 << 7
FS_MAKE_REG = 1 << 8
FS_MAKE_SOCK = 1 << 9
FS_MAKE_FIFO = 1 << 10
FS_MAKE_BLOCK = 1 << 11
FS_MAKE_SYM = 1 << 12
FS_REFER = 1 << 13  # ABI 2
FS_TRUNCATE = 1 << 14  # ABI 3
TRUNCATE_ABI = 3  # before it, Landlock cannot refuse truncate(2) or open(O_TRUNC) on a file it lets one read
FS_IOCTL_DEV = 1 << 15  # ABI 5
NET_BIND_TCP = 1 << 0  # ABI 4
NET_CONNECT_TCP = 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1

READ = FS_READ_FILE | FS_READ_DIR
# The child's own folder: files and folders of its own, no devices, fifos or sockets, nothing executed.
# A file it removes (or renames over) while it holds it keeps its blocks: a tmpfs's size counts them,
# and where the folder is a plain folder of the disk the parent counts them (host.held_without_name).
READ_WRITE = (
    READ
    | FS_WRITE_FILE
    | FS_REMOVE_DIR
    | FS_REMOVE_FILE
    | FS_MAKE_DIR
    | FS_MAKE_REG
    | FS_MAKE_SYM
    | FS_REFER
    | FS_TRUNCATE
)

# The private root (enter_private_root).
CLONE_NEWNS = 0x00020000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_NOATIME = 1, 2, 4, 8, 32, 1 << 10
MS_BIND, MS_REC, MS_PRIVATE, MS_STRICTATIME = 1 << 12, 1 << 14, 1 << 18, 1 << 24
MNT_DETACH = 2
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}

PR_SET_NO_NEW_PRIVS = 38
PR_CAPBSET_DROP = 24
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
SYS_CAPSET = {"x86_64": 126, "aarch64": 91}


class ConfinementError(RuntimeError):
    """A layer the parent asked for could not be applied: the child must not run student code."""


def _libc():
    import ctypes

    return ctypes, ctypes.CDLL(None, use_errno=True)


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 when there is none (not Linux, or Landlock disabled)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        ctypes, libc = _libc()
        version = libc.syscall(
            SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION)
        )
    except (OSError, AttributeError):
        return 0
    return max(0, version)


def apply_rlimits(limits: dict, shares_uid: bool = False) -> bool:
    """Set the limits; False where there are none (Windows: the parent's deadline and caps still hold).
    `shares_uid`: the child keeps its parent's uid, whose other tasks RLIMIT_NPROC counts too."""
    try:
        import resource
        import signal
    except ImportError:
        return False
    processes = limits.get("processes")
    if processes is not None and shares_uid and os.getuid() != 0:
        processes += tasks_of(os.getuid()) + account_room(limits)
        hard = resource.getrlimit(resource.RLIMIT_NPROC)[1]
        processes = processes if hard == resource.RLIM_INFINITY else min(processes, hard)
    for name, value in (
        ("RLIMIT_AS", limits.get("memory_bytes")),
        ("RLIMIT_CPU", limits.get("cpu_seconds")),
        ("RLIMIT_FSIZE", limits.get("file_bytes")),
        ("RLIMIT_NPROC", processes),
        ("RLIMIT_NOFILE", limits.get("open_files")),
        ("RLIMIT_CORE", 0),
    ):
        if value is not None and hasattr(resource, name):
            # CPU: SIGXCPU at the soft limit (a timeout verdict); the hard one would SIGKILL at once.
            hard = value + 1 if name == "RLIMIT_CPU" else value
            resource.setrlimit(getattr(resource, name), (value, hard))
    # A file grown past RLIMIT_FSIZE is then an OSError the student's code sees, not a silent death.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    return True


# What each child adds to the account beside its own tasks: its supervisor, and in its parent the two
# captures of its output and the watch of its folder (process.py, host.DiskWatch).
TASKS_BESIDE_A_CHILD = 4


def account_room(limits: dict) -> int:
    """The room a child sharing the teacher's uid gets beyond the account's tasks at its start and its own
    share: `account_tasks` for what the account starts meanwhile, and a whole share for each child of the
    pool (`workers`), any of which may start after it and hold its share within the rules."""
    share = limits.get("processes", 0) + TASKS_BESIDE_A_CHILD
    return limits.get("account_tasks", 0) + share * limits.get("workers", 1)


def tasks_of(uid: int) -> int:
    """The tasks (threads of every process) of `uid`, which the kernel counts against RLIMIT_NPROC: the
    threads of each process whose /proc folder is the uid's (one `stat` for another's; a process of the
    uid that is setuid or not dumpable shows as root's and is missed: the room of
    `Limits.account_tasks` covers a few). 0 without /proc (macOS)."""
    count = 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return 0
    for entry in entries:
        try:
            if not entry.isdigit() or os.stat(f"/proc/{entry}").st_uid != uid:
                continue
        except OSError:
            continue  # ended meanwhile
        fields = proc_stat(entry)
        count += int(fields[17]) if fields else 0  # num_threads
    return count


def proc_stat(pid: int | str) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command's name (the state first: field 3 of proc(5) at
    index 0), read past the last `)` since a name may hold spaces and parentheses; None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            stat = file.read()
    except OSError:
        return None
    return stat[stat.rindex(b")") + 2 :].split()


def drop_user(uid: int) -> None:
    """Become `uid` (and the group of the same number, no supplementary groups), for good."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if os.getresuid() != (uid, uid, uid) or os.getresgid() != (uid, uid, uid):
        raise ConfinementError("privilege drop failed")


def drop_capabilities() -> None:
    """Root of a user namespace (the supervisor needed it to mount the child's tmpfs): keep no
    capability, not even one to pass on, so that the namespace's root is an ordinary user."""
    ctypes, libc = _libc()
    for cap in range(64):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() != errno.EINVAL:
            raise ConfinementError(f"PR_CAPBSET_DROP {cap}: {os.strerror(ctypes.get_errno())}")
    libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable: all empty, two words each
    number = SYS_CAPSET.get(os.uname().machine)
    if number is None or libc.syscall(number, header, data) != 0:
        raise ConfinementError("capset failed")


def no_new_privs() -> None:
    ctypes, libc = _libc()
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise ConfinementError(f"PR_SET_NO_NEW_PRIVS: {os.strerror(ctypes.get_errno())}")


def stdlib_entries(stdlib: str) -> tuple[str, ...]:
    """What the child may read: its copy of the standard library (stdlib_copy.py), and /dev/null."""
    return stdlib, os.devnull


def landlock_ruleset(read_only, read_write) -> tuple[int, dict]:
    """A Landlock ruleset (its descriptor) allowing only to read `read_only` and to read and write
    `read_write`; no TCP (ABI >= 4); signals and abstract unix sockets scoped (ABI >= 6); and what it
    will enforce: {"abi": n, "net": bool, "scoped": bool}. Built while the paths can still be opened
    (before a uid change); restrict_landlock() enforces it."""
    abi = landlock_abi()
    if abi < 1:
        raise ConfinementError("Landlock is not available")
    import ctypes  # by name, not from _libc(): the class below derives from ctypes.Structure

    libc = _libc()[1]
    handled = (
        FS_EXECUTE
        | FS_WRITE_FILE
        | FS_READ_FILE
        | FS_READ_DIR
        | FS_REMOVE_DIR
        | FS_REMOVE_FILE
        | FS_MAKE_CHAR
        | FS_MAKE_DIR
        | FS_MAKE_REG
        | FS_MAKE_SOCK
        | FS_MAKE_FIFO
        | FS_MAKE_BLOCK
        | FS_MAKE_SYM
    )
    for version, right in ((2, FS_REFER), (TRUNCATE_ABI, FS_TRUNCATE), (5, FS_IOCTL_DEV)):
        if abi >= version:
            handled |= right
    net = NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = (ctypes.c_uint64 * 3)(handled, net, scoped)
    size = 8 * (3 if abi >= 6 else 2 if abi >= 4 else 1)

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    ruleset = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, attr, ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise ConfinementError(f"landlock_create_ruleset: {os.strerror(ctypes.get_errno())}")
    try:
        for paths, access in ((read_only, READ), (read_write, READ_WRITE)):
            for path in paths:
                if path == os.devnull:  # students silence their output there
                    rights = FS_READ_FILE | FS_WRITE_FILE
                elif os.path.isdir(path):
                    rights = access
                else:  # a file's rule may only hold a file's rights
                    rights = access & (FS_READ_FILE | FS_WRITE_FILE | FS_TRUNCATE)
                try:
                    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue  # a dangling entry of the standard library: nothing to read there
                try:
                    rule = PathBeneath(rights & handled, fd)
                    if (
                        libc.syscall(
                            SYS_LANDLOCK_ADD_RULE,
                            ruleset,
                            LANDLOCK_RULE_PATH_BENEATH,
                            ctypes.byref(rule),
                            ctypes.c_uint32(0),
                        )
                        != 0
                    ):
                        raise ConfinementError(f"landlock_add_rule {path}: {os.strerror(ctypes.get_errno())}")
                finally:
                    os.close(fd)
    except BaseException:
        os.close(ruleset)
        raise
    return ruleset, {"abi": abi, "net": bool(net), "scoped": bool(scoped)}


def restrict_landlock(ruleset: int) -> None:
    """Enforce the ruleset on this process, for good (needs no_new_privs() first); closes it."""
    ctypes, libc = _libc()
    try:
        if libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)) != 0:
            raise ConfinementError(f"landlock_restrict_self: {os.strerror(ctypes.get_errno())}")
    finally:
        os.close(ruleset)


def private_root_mounts(workdir: str, stdlib: str) -> list[str]:
    """The mount points of the child's private root (enter_private_root), as /proc/PID/mountinfo lists
    them: the root, the child's copy of the standard library, /dev/null, the child's folder."""
    return ["/", stdlib, os.devnull, workdir]


def enter_private_root(workdir: str, stdlib: str) -> None:
    """Make this process's root a read-only file system of its own that holds only `workdir` (the
    current folder, read-write), the child's copy of the standard library `stdlib` (read-only) and
    /dev/null, each at its own path, and let go of the old root: `stat` of any other path then finds
    nothing. In a mount namespace of its own, so that the supervisor keeps the machine's root. Needs
    CAP_SYS_ADMIN (root, or root of a user namespace), hence before the uid or the capabilities go."""
    ctypes, libc = _libc()

    def check(result: int, what: str) -> None:
        if result != 0:
            raise ConfinementError(f"private root: {what}: {os.strerror(ctypes.get_errno())}")

    def mount(source, target, kind, flags, data=None) -> None:
        check(
            libc.mount(
                source and source.encode(), target.encode(), kind and kind.encode(), ctypes.c_ulong(flags), data
            ),
            f"mount {target}",
        )

    def kept_flags(path: str) -> int:
        """The flags of the mount `path` is on, which a read-only bind of it must keep (a user namespace
        may not drop those of the mounts it was given)."""
        flag = os.statvfs(path).f_flag
        flags = sum(mask for st, mask in ((2, MS_NOSUID), (4, MS_NODEV), (8, MS_NOEXEC)) if flag & st)
        if flag & 1024:  # ST_NOATIME
            return flags | MS_NOATIME
        return flags | (0 if flag & 4096 else MS_STRICTATIME)  # ST_RELATIME is the default

    number = SYS_PIVOT_ROOT.get(os.uname().machine)
    if number is None:
        raise ConfinementError(f"private root: no pivot_root number for {os.uname().machine}")
    if not os.path.samefile(".", workdir):
        raise ConfinementError("private root: the current folder is not the child's")
    check(libc.unshare(CLONE_NEWNS), "unshare")
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    # The new root on the folder that holds the child's: the child's folder stays reachable as ".".
    new = os.path.dirname(workdir)
    mount("tmpfs", new, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, b"size=1m,nr_inodes=256,mode=0755")
    os.makedirs(new + stdlib)
    mount(stdlib, new + stdlib, None, MS_BIND | MS_REC)
    mount(None, new + stdlib, None, MS_REMOUNT | MS_BIND | MS_RDONLY | kept_flags(stdlib))
    os.makedirs(os.path.dirname(new + os.devnull), exist_ok=True)
    os.close(os.open(new + os.devnull, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    mount(os.devnull, new + os.devnull, None, MS_BIND)
    os.makedirs(new + workdir)
    mount(".", new + workdir, None, MS_BIND)
    mount(None, new, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)
    os.chdir(new)
    check(libc.syscall(number, b".", b"."), "pivot_root")  # the old root now sits on top of the new
    check(libc.umount2(b".", MNT_DETACH), "detach the old root")
    os.chdir(workdir)


def shares_uid(config: dict) -> bool:
    """Neither a uid of its own (as root) nor a user namespace: the child's tasks count with its parent's."""
    return config.get("uid") is None and not config.get("drop_capabilities")


def share_threads(processes: int, patience: float = 2.0) -> None:
    """Where the child shares the teacher's uid (`shares_uid`), RLIMIT_NPROC bounds the uid's tasks as a
    whole, not the child's: a thread is refused here past `processes` of the child's own, as the kernel
    refuses it in the other configurations; below that, a refusal is the room others of the uid hold
    (a classmate's child in a burst, which the parent's watch stops within a look: host.DiskWatch), so
    it is tried again for up to `patience` seconds. Before the student's code: a student may undo it,
    and is then stopped by the watch past `processes`, which is all it changes."""
    import _thread
    import threading
    import time

    started = getattr(_thread, "_count", lambda: threading.active_count() - 1)  # threads _thread started

    def patient(start):
        def start_thread(*args, **kwargs):
            if started() + 1 >= processes:  # with the main thread
                raise RuntimeError("can't start new thread")
            deadline = time.monotonic() + patience
            while True:
                try:
                    return start(*args, **kwargs)
                except RuntimeError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.005)

        return start_thread

    for name in ("start_new_thread", "start_joinable_thread"):  # the latter from Python 3.13
        if hasattr(_thread, name):
            setattr(_thread, name, patient(getattr(_thread, name)))
            if hasattr(threading, f"_{name}"):
                setattr(threading, f"_{name}", getattr(_thread, name))


def sqlite_without_locks() -> None:
    """Where seccomp refuses the child's file locks (fcntl's record locks: a channel through any file two
    processes may open), SQLite's default way to a file, which locks it at each transaction, would answer
    `sqlite3.connect("f.db")` with "disk I/O error": a correct answer failing. Its default is made SQLite's
    own `unix-none` here, which takes no lock (the child is the database's only process; a file is only its
    own folder's), so that no lock is asked for at all. Only when the student's files import sqlite3 (it was
    preloaded: its library cannot be loaded after the confinement). Not a layer: the filter refuses locks."""
    loaded = sys.modules.get("_sqlite3")
    if loaded is None or not getattr(loaded, "__file__", None):
        return
    import ctypes

    try:
        library = ctypes.CDLL(loaded.__file__)  # its symbols, and those of the libsqlite3 it links to
        find, register = library.sqlite3_vfs_find, library.sqlite3_vfs_register
    except (OSError, AttributeError):  # SQLite linked in without its symbols: locks stay refused
        return
    find.restype, find.argtypes = ctypes.c_void_p, [ctypes.c_char_p]
    register.argtypes = [ctypes.c_void_p, ctypes.c_int]
    without_locks = find(b"unix-none")
    if without_locks:
        register(without_locks, 1)


# What a student is told of a chmod the kernel refused (the child does not know the student's language).
CHMOD_REFUSED = (
    "le bac à sable du correcteur refuse de changer les droits d'un fichier (chmod), sauf vers ceux qu'a déjà "
    "un fichier de son dossier / the grader's sandbox refuses to change a file's mode (chmod), but to the mode "
    "a file of its folder already has"
)


def chmod_unchanged(workdir: str) -> None:
    """Seccomp refuses `chmod` everywhere (Landlock has no right for it: from a child sharing the
    teacher's uid, any path of hers could be made 0777), and `dbm.dumb`, the only `dbm` a child can load
    (and so `shelve`'s), sets each file it writes to the mode that file was just created with: a correct
    answer using `shelve.open("f")` failed. A chmod of a file of the child's folder to the mode it already
    has changes nothing: it is answered here without the kernel; any other goes to the kernel, whose
    refusal is said plainly. Before the student's code; not a layer (undoing it only meets the filter)."""
    import errno
    import stat

    kernels, folder = os.chmod, os.path.realpath(workdir)

    def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
        if dir_fd is None and follow_symlinks and not isinstance(path, int):
            try:
                inside = os.path.commonpath([os.path.realpath(os.fsdecode(path)), folder]) == folder
                if inside and stat.S_IMODE(os.stat(path).st_mode) == mode:
                    return
            except (OSError, TypeError, ValueError):
                pass  # the kernel says what is wrong with it
        try:
            kernels(path, mode, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        except PermissionError as refused:
            raise PermissionError(errno.EPERM, CHMOD_REFUSED, refused.filename) from None

    os.chmod = chmod


def apply(config: dict) -> dict:
    """Every layer `config` asks for, in order; a requested layer that fails raises ConfinementError.

    `config`: limits (dict), private_root (bool), uid (int or None: as root), drop_capabilities (bool),
    landlock (bool), seccomp (bool), stdlib (the child's copy of the standard library, read-only),
    read_write (the child's folder, the current one). Returns the layers in force."""
    layers: dict = {}
    if config.get("seccomp"):
        libseccomp.library()  # before any layer: it loads a library
        sqlite_without_locks()
    workdir = config.get("read_write", [None])[0]
    if config.get("landlock"):
        ruleset, landlock = landlock_ruleset(stdlib_entries(config["stdlib"]), config.get("read_write", []))
    layers["rlimits"] = apply_rlimits(config.get("limits", {}), shares_uid(config))
    if config.get("private_root"):
        enter_private_root(workdir, config["stdlib"])
        layers["private_root"] = True
    if config.get("uid") is not None:
        drop_user(config["uid"])
        layers["uid"] = config["uid"]
    if config.get("drop_capabilities"):
        drop_capabilities()
        layers["capabilities"] = "none"
    if config.get("landlock") or config.get("seccomp"):
        no_new_privs()
        layers["no_new_privs"] = True
    if config.get("landlock"):
        restrict_landlock(ruleset)
        layers["landlock"] = landlock
    if config.get("seccomp"):
        seccomp.apply()
        layers["seccomp"] = True
        chmod_unchanged(workdir)
    return layers
