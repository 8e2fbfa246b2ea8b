"""The six functions of libseccomp that the child's seccomp filter uses, through ctypes.

libseccomp (the seccomp project's C library, `libseccomp.so.2` in every distribution) knows each
architecture's system call numbers, writes the BPF program, and makes the filter kill a process that
calls the kernel through another architecture's entry (x86-64's `int 0x80` or x32 calls), which a
hand-written filter would have to get right itself. Its own Python binding is built with Cython against
the system's headers (Debian's python3-seccomp, for the system's Python only), and pyseccomp, the ctypes
binding on PyPI, is unmaintained: these few lines are ours (docs/sandbox.md says why). The tests check
what the kernel refuses to the child (tests/test_sandbox.py), not the calls made here.

Standard library only: imported by the fork server and by the child before its confinement.
"""

from __future__ import annotations

import ctypes

ALLOW = 0x7FFF0000
KILL_PROCESS = 0x80000000
ACTION_FOR_OTHER_ARCHITECTURES = 2  # SCMP_FLTATR_ACT_BADARCH
# Comparisons of a system call's argument (a 64-bit register) with a value; several in one rule must all hold.
NE, LT, LE, EQ, GE, GT, MASKED_EQ = range(1, 8)


def errno_action(code: int) -> int:
    """The action of a call that fails with `code` (SCMP_ACT_ERRNO)."""
    return 0x00050000 | (code & 0xFFFF)


class _Comparison(ctypes.Structure):  # struct scmp_arg_cmp
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


def arg(index: int, op: int, value: int, masked_value: int = 0) -> tuple[int, int, int, int]:
    """The comparison of argument `index` with `value` (for MASKED_EQ: `arg & value == masked_value`).
    Values are taken modulo 2**64, so that -1 is the register's all-ones."""
    return index, op, value & (2**64 - 1), masked_value & (2**64 - 1)


_library = None


def library():
    """libseccomp, loaded once; OSError where there is none (not Linux, or not installed)."""
    global _library
    if _library is None:
        lib = ctypes.CDLL("libseccomp.so.2", use_errno=True)
        lib.seccomp_init.argtypes, lib.seccomp_init.restype = [ctypes.c_uint32], ctypes.c_void_p
        lib.seccomp_release.argtypes, lib.seccomp_release.restype = [ctypes.c_void_p], None
        lib.seccomp_load.argtypes, lib.seccomp_load.restype = [ctypes.c_void_p], ctypes.c_int
        lib.seccomp_attr_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32]
        lib.seccomp_attr_set.restype = ctypes.c_int
        lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
        lib.seccomp_syscall_resolve_name.restype = ctypes.c_int
        lib.seccomp_rule_add_array.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint32,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.POINTER(_Comparison),
        ]
        lib.seccomp_rule_add_array.restype = ctypes.c_int
        _library = lib
    return _library


def syscall_number(name: str) -> int | None:
    """This architecture's number for the call `name`, None when it has no such call (or libseccomp does
    not know the name: a call newer than the library)."""
    number = library().seccomp_syscall_resolve_name(name.encode())
    return number if number >= 0 else None  # negative: unknown, or a call of other architectures only


class Filter:
    """A filter under construction: every call not named in a rule gets `default`."""

    def __init__(self, default: int = ALLOW, other_architectures: int = KILL_PROCESS):
        """`other_architectures`: the action for any call made through another architecture's entry."""
        self._lib = library()
        self._context = self._lib.seccomp_init(default)
        if not self._context:
            raise OSError("seccomp_init failed")
        result = self._lib.seccomp_attr_set(self._context, ACTION_FOR_OTHER_ARCHITECTURES, other_architectures)
        if result != 0:
            self._lib.seccomp_release(self._context)
            raise OSError(-result, f"seccomp_attr_set: error {-result}")

    def add(self, action: int, number: int, *comparisons: tuple[int, int, int, int]) -> None:
        """`action` for the call `number` when every comparison (made by `arg`) holds."""
        array = (_Comparison * max(1, len(comparisons)))(*(_Comparison(*c) for c in comparisons))
        result = self._lib.seccomp_rule_add_array(self._context, action, number, len(comparisons), array)
        if result != 0:
            raise OSError(-result, f"seccomp_rule_add_array({number}): error {-result}")

    def load(self) -> None:
        """Enforce the filter on this process (and the threads it starts), for good; frees it."""
        try:
            result = self._lib.seccomp_load(self._context)
            if result != 0:
                raise OSError(-result, f"seccomp_load: error {-result}")
        finally:
            self._lib.seccomp_release(self._context)
            self._context = None
