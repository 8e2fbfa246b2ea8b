"""The children's own copy of the standard library (Linux): the only standard library a child reads.

Why a copy: a file's page cache belongs to its inode, and the machine's standard library is readable by
every account. A child that imported from it and an accomplice outside that opened the same file shared
its pages: the accomplice let a page go (`posix_fadvise(DONTNEED)`, a read descriptor is enough) or
loaded it, the child told which by counting its own major page faults (`getrusage`), and the other way
round, exact bits as often as both liked (docs/sandbox.md, "Channels left open"). The copy sits in a
folder of the grader's process that only its user may enter (mode 0700): no other account opens its
files, so nobody outside can let their pages go or see which are in memory.

`for_children` makes it (the parent, once per run: `make` copies); `use` points an interpreter at it. zygote.py and child.py call `use` before importing anything else, so that every module and
extension module they load from then on (and every one a student imports) comes from the copy. This
module imports only built-in modules at its top for that reason.
"""

import _thread
import os
import sys

_lock = _thread.allocate_lock()
ST_NOEXEC = 8
PREFIX = "taquin-stdlib-"  # then the pid of the process that made it
_made: list[str] = []  # [folder]: this process's copy, or the one of the process it was forked from

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
        if (top and (name in LEFT_OUT or name.startswith("config-"))) or ".opt-1." in name or ".opt-2." in name
    }


def make(parent: str) -> str:
    """Copy the standard library (but LEFT_OUT and optimised byte code) into `parent`, a folder only this
    user may enter; returns the copy's folder. Times are kept, so that the byte code still matches its
    source; a link is copied as the file it names."""
    import shutil

    copy = os.path.join(parent, os.path.basename(real_folder()))
    shutil.copytree(real_folder(), copy, ignore=_left_out, ignore_dangling_symlinks=True)
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


def for_children() -> str | None:
    """The children's copy (None off Linux, where nothing confines a child's reads): made by this process
    on first use, in a folder of its own (mode 0700) removed at its exit, or inherited from the process it
    was forked from (a pool's worker uses its parent's, which outlives it): once per run. The copies of
    this user's processes that died without their exit (killed) are removed first."""
    if not sys.platform.startswith("linux"):
        return None
    import multiprocessing.util
    import shutil
    import tempfile

    from grader.errors import SandboxError

    with _lock:
        if not _made or not os.path.isdir(_made[0]):
            # Its extension modules are mapped executable: not on a file system mounted noexec (a
            # hardened /tmp), where $HOME's cache is tried instead.
            parents = [tempfile.gettempdir(), os.path.join(os.path.expanduser("~"), ".cache")]
            usable = [
                parent for parent in parents if os.path.isdir(parent) and not os.statvfs(parent).f_flag & ST_NOEXEC
            ]
            if not usable:
                raise SandboxError(
                    f"the children's copy of the standard library needs a folder where files may be executed: "
                    f"{' and '.join(parents)} are mounted noexec (set TMPDIR to another)"
                )
            _remove_orphans(usable[0])
            folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=usable[0])
            try:
                copy = make(folder)
            except OSError as exc:
                shutil.rmtree(folder, ignore_errors=True)
                raise SandboxError(f"the children's copy of the standard library: {exc}") from None
            # Run at this process's exit (a pool's worker's too: multiprocessing runs these, atexit does not).
            multiprocessing.util.Finalize(None, shutil.rmtree, (folder,), {"ignore_errors": True}, exitpriority=0)
            _made[:] = [os.path.realpath(copy)]
        return _made[0]


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
