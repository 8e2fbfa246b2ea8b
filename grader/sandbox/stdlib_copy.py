"""The children's own copy of the standard library (Linux): the only standard library a child reads.

Why a copy: a file's page cache belongs to its inode, and the machine's standard library is readable by
every account. A child that imported from it and an accomplice outside that opened the same file shared
its pages: the accomplice let a page go (`posix_fadvise(DONTNEED)`, a read descriptor is enough) or
loaded it, the child told which by counting its own major page faults (`getrusage`), and the other way
round, exact bits as often as both liked (docs/sandbox.md, "Channels left open"). The copy sits in a
folder that only the grader's user may enter (mode 0700): no other account opens its files, so nobody
outside can let their pages go or see which are in memory.

`for_children` gives it (the parent: made once per machine and user where the children cannot write it,
else once per process; `make` copies); `use` points an interpreter at it. zygote.py and child.py call `use` before importing anything else, so that every module and
extension module they load from then on (and every one a student imports) comes from the copy. This
module imports only built-in modules at its top for that reason.
"""

import _thread
import os
import sys

_lock = _thread.allocate_lock()
ST_NOEXEC = 8
PREFIX = "taquin-stdlib-"  # then the pid of the process that made it
# "shared" and "private" (for_children): this process's copies, or those of the process it was forked from.
_made: dict[str, str] = {}

# Not the child's: third-party packages (never on a child's path), the test suite, what needs Tk (whose
# libraries are outside the standard library: it never loads in a child), pip's wheels, build files.
THIRD_PARTY = ("site-packages", "dist-packages")
LEFT_OUT = (*THIRD_PARTY, "test", "idlelib", "tkinter", "turtledemo", "ensurepip")


def real_folder() -> str:
    """The machine's standard library, where this interpreter found it."""
    return os.path.dirname(os.path.realpath(os.__file__))


def _left_out(folder: str, names: list[str]) -> set[str]:
    top = folder == real_folder()
    return {
        name
        for name in names
        if (top and (name in LEFT_OUT or name.startswith("config-")))
        or ".opt-1." in name
        or ".opt-2." in name
        or not os.path.exists(os.path.join(folder, name))  # a dangling link
    }


def make(parent: str) -> str:
    """Copy the standard library (but LEFT_OUT and optimised byte code) into `parent`, a folder only this
    user may enter; returns the copy's folder. Times are kept, so that the byte code still matches its
    source; a link is copied as the file it names (a dangling one left out here: copytree would take a
    relative link's target from the current folder)."""
    import shutil

    copy = os.path.join(parent, os.path.basename(real_folder()))
    shutil.copytree(real_folder(), copy, ignore=_left_out)
    return copy


def use(copy: str) -> None:
    """Make this interpreter import the standard library from `copy`: sys.path's entries, and the
    folders of the packages it has already imported (a codec's module is looked up in `encodings` later),
    moved from the machine's standard library to the copy."""
    real = real_folder()

    def moved(path: str) -> str:
        resolved = os.path.realpath(path)
        if resolved == real or resolved.startswith(real + os.sep):
            return copy + resolved[len(real) :]
        return path

    sys.path[:] = [moved(entry) for entry in sys.path]
    sys.path_importer_cache.clear()
    for module in list(sys.modules.values()):
        folders = getattr(module, "__path__", None)
        if isinstance(folders, list):
            folders[:] = [moved(folder) for folder in folders]
        file = getattr(module, "__file__", None)
        if isinstance(file, str):
            module.__file__ = moved(file)


def for_children(protected: bool = True) -> str | None:
    """The children's copy (None off Linux, where nothing confines a child's reads).

    `protected`: the children cannot write it (Landlock's read-only rule with seccomp, which refuses what
    Landlock leaves to a file's owner: chmod, utime; a read-only bind in their private root; or a uid of
    their own). Then the copy is kept in this user's cache (`shared`), made once per machine and
    fingerprint. Otherwise (an ordinary teacher whose kernel has neither user namespaces nor Landlock with
    seccomp, or a test that switched those layers off) a child could change what the next run's children
    import: each grader process makes its own, once, removed at its exit (`private`)."""
    if not sys.platform.startswith("linux"):
        return None
    with _lock:
        key = "shared" if protected else "private"
        if key not in _made or not os.path.isdir(_made[key]):
            _made[key] = os.path.realpath(shared() if protected else private())
        return _made[key]


def private() -> str:
    """A copy of this process's own, in a folder only this user may enter, removed at its exit (a pool's
    worker uses its parent's, which outlives it); the copies of this user's processes that died without
    their exit (killed) are removed first."""
    import multiprocessing.util
    import shutil
    import tempfile

    parent = _executable_parent([tempfile.gettempdir(), os.path.join(os.path.expanduser("~"), ".cache")])
    _remove_orphans(parent)
    folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=parent)
    copy = _made_in(folder)
    # Run at this process's exit (a pool's worker's too: multiprocessing runs these, atexit does not).
    multiprocessing.util.Finalize(None, shutil.rmtree, (folder,), {"ignore_errors": True}, exitpriority=0)
    return copy


def shared() -> str:
    """The copy in this user's cache (reference.cache.cache_dir()), in a folder named by the fingerprint
    of what it copies (mode 0700, this user's): made once, in a temporary sibling renamed into place (two
    processes making it at once both end with a whole one). A process holds its copy in use for as long as
    it lives (`_hold`); the copies of other fingerprints of the same standard library that no process holds
    are removed, never one in use (two grader versions on one account, whose copies differ, each keep
    theirs while they run)."""
    import shutil
    import tempfile

    from grader.errors import SandboxError
    from reference.cache import cache_dir

    cache = str(cache_dir())
    os.makedirs(cache, mode=0o700, exist_ok=True)
    _executable_parent([cache])
    same_stdlib = f"stdlib-{_digest(real_folder())[:12]}-"
    name = same_stdlib + fingerprint()[:24]
    folder = os.path.join(cache, name)
    _hold(cache, name)
    if not os.path.isdir(folder):
        _remove_orphans(cache)
        building = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=cache)
        _made_in(building)
        try:
            os.rename(building, folder)
        except OSError as exc:  # another process's copy got there first (the same files), or a failure
            shutil.rmtree(building, ignore_errors=True)
            if not os.path.isdir(folder):
                raise SandboxError(f"the children's copy of the standard library: {exc}") from None
    _remove_unused(cache, same_stdlib, name)
    found = os.lstat(folder)
    if found.st_uid != os.geteuid() or not os.path.isdir(folder) or os.path.islink(folder):
        raise SandboxError(f"the children's copy of the standard library {folder} is not this user's folder")
    if found.st_mode & 0o777 != 0o700:
        os.chmod(folder, 0o700)
    return os.path.join(folder, os.path.basename(real_folder()))


# The copies this process holds in use: name -> the descriptor of its lock file, locked shared until this
# process (and the pool workers forked from it, which inherit the descriptor) ends.
held: dict[str, int] = {}
LOCK = ".lock"  # a copy's lock file: its folder's name and this, beside it (out of the children's reach)


def _locked(cache: str, name: str, how: int) -> int | None:
    """The descriptor of the lock file of the copy `name`, flock'ed `how`; None if LOCK_NB and another
    process holds it, or if the lock file cannot be opened (a read-only cache: nothing is removed from it
    either). A lock file that a remover unlinked meanwhile is not the copy's: opened again."""
    import fcntl

    path = os.path.join(cache, name + LOCK)
    while True:
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:
            return None
        try:
            fcntl.flock(descriptor, how)
        except BlockingIOError:
            os.close(descriptor)
            return None
        try:
            if os.stat(path).st_ino == os.fstat(descriptor).st_ino:
                return descriptor
        except FileNotFoundError:
            pass
        os.close(descriptor)


def _hold(cache: str, name: str) -> None:
    """Hold the copy `name` in use for this process's life (a shared lock: any number of holders)."""
    import fcntl

    if name not in held:
        descriptor = _locked(cache, name, fcntl.LOCK_SH)
        if descriptor is not None:
            held[name] = descriptor


def _remove_unused(cache: str, same_stdlib: str, keep: str) -> None:
    """Remove the copies of `same_stdlib` but `keep` that no process holds nor names: each renamed out of
    the way under its exclusive lock (one that a process killed halfway leaves is an orphan, removed by the
    next), then its lock file unlinked, so that a process that waited for it makes the copy anew."""
    import fcntl
    import shutil

    names = {entry.removesuffix(LOCK) for entry in os.listdir(cache) if entry.startswith(same_stdlib)}
    for name in sorted(names - {keep}):
        descriptor = _locked(cache, name, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if descriptor is None:  # in use by a running process (another grader version's, say)
            continue
        folder = os.path.join(cache, name)
        try:
            if _named_by_a_process(folder):  # a grader older than the lock, which holds none, still using it
                continue
            if os.path.lexists(folder):
                removed = os.path.join(cache, f"{PREFIX}{os.getpid()}-removed-{name}")
                os.rename(folder, removed)
                shutil.rmtree(removed, ignore_errors=True)
            os.unlink(os.path.join(cache, name + LOCK))
        except OSError:  # left for a later run: a copy kept costs only its disk space
            pass
        finally:
            os.close(descriptor)


def _named_by_a_process(folder: str) -> bool:
    """Some process's command line names `folder` or a path in it. Grader versions before the copies' lock
    files took no lock: while one runs, its fork server (for the whole run) and its spawned children carry
    their copy's path as an argument, which is what tells that copy is in use. True where /proc cannot be
    read: a copy kept costs only its disk space."""
    named = os.fsencode(os.path.realpath(folder))  # as for_children gives it
    try:
        entries = os.listdir("/proc")
    except OSError:
        return True
    for entry in entries:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as file:
                    arguments = file.read().split(b"\0")
            except OSError:  # ended meanwhile
                continue
            if any(argument == named or argument.startswith(named + b"/") for argument in arguments):
                return True
    return False


def _executable_parent(parents: list[str]) -> str:
    """The first of `parents` on a file system not mounted noexec (the copy's extension modules are mapped
    executable: not a hardened /tmp)."""
    from grader.errors import SandboxError

    for parent in parents:
        if os.path.isdir(parent) and not os.statvfs(parent).f_flag & ST_NOEXEC:
            return parent
    raise SandboxError(
        f"the children's copy of the standard library needs a folder where files may be executed: "
        f"{' and '.join(parents)} {'are' if len(parents) > 1 else 'is'} mounted noexec (set TMPDIR or "
        f"TAQUIN_GRADER_CACHE to another)"
    )


def _made_in(folder: str) -> str:
    """`make(folder)`, the folder removed and a SandboxError raised if it fails."""
    import shutil

    from grader.errors import SandboxError

    try:
        return make(folder)
    except OSError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise SandboxError(f"the children's copy of the standard library: {exc}") from None


def manifest(folder: str) -> list[tuple[str, int, int]]:
    """(relative path, size, mtime_ns) of every file `make` copies from `folder` (the machine's standard
    library), or of every file of a copy: both the same while the copy is whole and untouched."""
    found = []
    for top, folders, files in os.walk(folder, followlinks=True):
        left_out = _left_out(top, folders + files)
        folders[:] = sorted(name for name in folders if name not in left_out)
        for name in sorted(files):
            if name in left_out:
                continue
            try:
                stat = os.stat(os.path.join(top, name))
            except OSError:  # a dangling link: not copied
                continue
            found.append((os.path.relpath(os.path.join(top, name), folder), stat.st_size, stat.st_mtime_ns))
    return found


def fingerprint() -> str:
    """What names a copy: the interpreter's version, the standard library's path, and its manifest (a
    Python upgrade or a changed file gives another copy)."""
    return _digest(repr((sys.version, real_folder(), manifest(real_folder()))))


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def _remove_orphans(parent: str) -> None:
    """Remove the copies in `parent` that this user's processes made and that outlived them (a process
    killed does not run its exit's removal: a service's worker stopped at its job's deadline)."""
    import shutil

    for name in os.listdir(parent):
        pid = name[len(PREFIX) :].partition("-")[0]
        if not name.startswith(PREFIX) or not pid.isdigit():
            continue
        path = os.path.join(parent, name)
        try:
            if os.lstat(path).st_uid == os.geteuid():
                os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(path, ignore_errors=True)
        except OSError:  # gone meanwhile, or alive and another user's
            pass
