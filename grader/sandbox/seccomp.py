"""The child's seccomp filter: which system calls the kernel refuses it, with which arguments.

Applied last by confine.apply, once the other layers are in force. Its rules cover what Landlock and the
namespaces do not: new processes; other processes (tracing, signals, limits, priorities, and reading
their state or CPU clock); the kernel's doors (mount, namespaces, BPF, perf, keyrings, io_uring); sockets
and their addresses; every file's metadata; and what other processes name or share, the channels between
two children graded at once: System V IPC, POSIX message queues, watches on names, locks, leases and
hints on a file, its page cache's probes, futex wakes that are not process-private, the machine's
counters. docs/sandbox.md states each claim with its test, and what stays open.

Standard library only, with the system's libseccomp (libseccomp.py): imported by the fork server and by
the child before its confinement, and on Windows and macOS, where `available()` is False.
"""

from __future__ import annotations

import errno
import os
import sys

from grader.sandbox import libseccomp

CLONE_THREAD = 0x00010000
# Refused by seccomp with EPERM whatever their arguments (process creation has rules of its own below).
# Names this architecture does not have are skipped.
DENIED_SYSCALLS = (
    # other processes, the kernel, the machine
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "process_madvise",
    "process_mrelease",
    "pidfd_getfd",
    "pidfd_open",
    "pidfd_send_signal",
    "kcmp",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "open_tree",
    "open_tree_attr",
    "move_mount",
    "mount_setattr",
    "unshare",
    "setns",
    "bpf",
    "perf_event_open",
    "keyctl",
    "add_key",
    "request_key",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "fork",
    "vfork",
    "execve",
    "execveat",
    "userfaultfd",
    "open_by_handle_at",
    "name_to_handle_at",
    "fanotify_init",
    "init_module",
    "finit_module",
    "delete_module",
    "kexec_load",
    "kexec_file_load",
    "reboot",
    "swapon",
    "swapoff",
    "tkill",
    "mknod",
    "mknodat",
    "acct",
    "quotactl",
    "quotactl_fd",
    "setdomainname",
    "sethostname",
    "settimeofday",
    "clock_settime",
    "adjtimex",
    # A file's metadata: Landlock has no right for it, so that a path the uid owns could be made
    # 0777, given away or back-dated from anywhere. Extended attributes are read by path too.
    "chmod",
    "fchmod",
    "fchmodat",
    "fchmodat2",
    "chown",
    "fchown",
    "lchown",
    "fchownat",
    "chown32",
    "fchown32",
    "lchown32",
    "utime",
    "utimes",
    "utimensat",
    "utimensat_time64",
    "futimesat",
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "setxattrat",
    "getxattr",
    "lgetxattr",
    "fgetxattr",
    "getxattrat",
    "listxattr",
    "llistxattr",
    "flistxattr",
    "listxattrat",
    "removexattr",
    "lremovexattr",
    "fremovexattr",
    "removexattrat",
    "file_getattr",
    "file_setattr",
    # Sockets: no new one (socketpair has its rule below), no address, no message carrying one.
    "socket",
    "connect",
    "bind",
    "listen",
    "accept",
    "accept4",
    "sendmsg",
    "sendmmsg",
    # Kernel objects that others can name, outside any file's permission Landlock checks: System V IPC
    # (queues, shared memory, semaphores: they outlive the child, outside its memory limit, and reach an
    # accomplice's), the `ipc` multiplexer of the architectures that route them through it, POSIX message
    # queues (mq_open creates before Landlock refuses the open; mq_unlink removes any queue the uid may);
    # watches on names (inotify, fanotify: live file names of $HOME or /tmp).
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
    "shmget",
    "shmat",
    "shmdt",
    "shmctl",
    "semget",
    "semop",
    "semtimedop",
    "semtimedop_time64",
    "semctl",
    "ipc",
    "mq_open",
    "mq_unlink",
    "mq_timedsend",
    "mq_timedsend_time64",
    "mq_timedreceive",
    "mq_timedreceive_time64",
    "mq_notify",
    "mq_getsetattr",
    "inotify_init",
    "inotify_init1",
    "inotify_add_watch",
    "inotify_rm_watch",
    "fanotify_mark",
    # Locks on a file the child may read (the standard library's) are seen by every process that opens
    # it: a channel to a classmate's child or an accomplice. Their fcntl commands have a rule below.
    "flock",
    # Which pages of such a file are in memory: asked without loading them (mincore, cachestat; and
    # preadv2's RWF_NOWAIT, and fadvise's DONTNEED that empties them, have rules below), the page cache
    # is a channel that can be written and read again and again. Linux AIO reads with RWF_NOWAIT too.
    "mincore",
    "cachestat",
    "io_setup",
    "io_submit",
    "io_getevents",
    "io_pgetevents",
    "io_pgetevents_time64",
    "io_cancel",
    "io_destroy",
    # futex2's requeue takes its futexes' flags from memory a filter cannot read (futex and futex_wake
    # have rules below).
    "futex_requeue",
    # Counters of the whole machine that another process moves at will and this one reads exactly: a
    # file system's free space (another child writing in its folder on the same disk, where there is no
    # tmpfs), the machine's free memory and number of threads.
    "statfs",
    "fstatfs",
    "statfs64",
    "fstatfs64",
    "ustat",
    "sysinfo",
    # A file made without a name, held by a descriptor: where no tmpfs bounds the child's folder its
    # blocks would be in no folder the parent counts. openat2's flags (O_TMPFILE) are in memory a filter
    # cannot read; open's and openat's have a rule below. Removals are Landlock's (confine.READ_WRITE):
    # refused here, they answered EPERM for a name that does not exist, where the kernel says ENOENT.
    "openat2",
    # A file emptied by its name: Landlock refuses it only from ABI 3 (truncate on a kernel before it), and
    # a child sharing the teacher's uid could empty the standard library copy every child imports from (red
    # team 10). A child's own files are emptied by descriptor (ftruncate, open's O_TRUNC for writing).
    "truncate",
    "truncate64",
    # Every file system's dirty pages written out: work for the whole machine, and its time a channel.
    "sync",
    "syncfs",
)
# Calls newer than the libseccomp releases distributions still ship (2.5.4 does not know them): since
# Linux 5.1 a new call has one number on every architecture but alpha and mips.
NEW_SYSCALLS = {
    "setxattrat": 463,
    "getxattrat": 464,
    "listxattrat": 465,
    "removexattrat": 466,
    "open_tree_attr": 467,
    "file_getattr": 468,
    "file_setattr": 469,
    "cachestat": 451,
    "futex_wake": 454,
    "futex_requeue": 456,
}
# Calls that act on the process their first argument names, or read its state: refused unless it is 0
# (this process, or the calling thread). Without a PID namespace the others of the teacher's uid are
# within reach, and what a process sets of its own (its CPUs, its scheduling, its group) another one
# reading it is a channel between two children graded at the same time.
OWN_PROCESS_ONLY = (
    "prlimit64",
    "sched_setaffinity",
    "sched_setscheduler",
    "sched_setparam",
    "sched_setattr",
    "migrate_pages",
    "move_pages",
    "get_robust_list",
    "sched_getaffinity",
    "sched_getscheduler",
    "sched_getparam",
    "sched_getattr",
    "sched_rr_get_interval",
    "sched_rr_get_interval_time64",
    "getpgid",
    "getsid",
)
# [gs]etpriority(which, who, ...) and ioprio_[gs]et(which, who, ...): `which` must name one process (not a
# process group, not every process of the uid) and `who` must be 0.
PRIORITY_CALLS = {"setpriority": 0, "getpriority": 0, "ioprio_set": 1, "ioprio_get": 1}
# A clock id below zero names a CPU clock by pid or thread id, (~pid << 3) | kind: another process's tells
# how much CPU it used, a channel from a process that works or sleeps. Refused whatever the pid (one rule;
# telling pid 0 apart takes one per bit): this process's and this thread's stay, as CLOCK_PROCESS_CPUTIME_ID
# and CLOCK_THREAD_CPUTIME_ID (time.process_time(), time.thread_time()).
CLOCK_CALLS = (
    "clock_gettime",
    "clock_gettime64",
    "clock_getres",
    "clock_getres_time64",
    "clock_nanosleep",
    "clock_nanosleep_time64",
    "timer_create",
)
AF_UNIX, SOCK_STREAM, SOCK_TYPE_MASK = 1, 1, 0xF
# fcntl's and ioctl's commands that make the kernel signal another process (SIGIO, SIGURG).
F_SETOWN, F_SETOWN_EX = 8, 15
# fcntl's commands that share state with other processes through a file: record locks (F_GETLK, F_SETLK,
# F_SETLKW; their 64-bit forms of 32-bit architectures; open file description locks), leases (a signal
# when another process opens the file), directory notifications (dnotify, inotify's elder) and
# write-lifetime hints (kept on the file: set by its owner, read by anyone).
F_FILE_SHARED = (5, 6, 7, 12, 13, 14, 36, 37, 38, 1024, 1026, 1035, 1036, 1037, 1038)
# A pipe's buffer resized (F_SETPIPE_SZ): its pages count against its uid's pipe-user-pages-soft, so
# that a child sharing the teacher's uid (or its user namespace's) raising its pipes to 1 MiB shrank
# every new pipe of her account to one page (red team 8: three children, 30 pipes each). The default
# (16 pages) is what every pipe of the child keeps.
F_SETPIPE_SZ = 1031
# A process that is not dumpable hides its /proc/PID/maps and fd from a parent of the same uid, which
# counts there the files a child holds after their names went (host.held_without_name).
PR_SET_DUMPABLE = 4
FIOSETOWN, SIOCSPGRP = 0x8901, 0x8902
# A futex that is not process-private is keyed by the file page under its address where there is one:
# two processes mapping the same file (any library, the standard library's files) meet there, a wake
# being one bit from one to the other (and its count one bit back). The operations that wake or requeue
# are refused without FUTEX_PRIVATE_FLAG (128; FUTEX_CLOCK_REALTIME, 256, is outside the mask): WAKE,
# REQUEUE, CMP_REQUEUE, WAKE_OP, WAKE_BITSET, CMP_REQUEUE_PI; futex2's futex_wake without FUTEX2_PRIVATE
# (128). Shared waits stay: the C library's thread join waits so, woken by the kernel.
FUTEX_OP_MASK, FUTEX_SHARED_WAKES, FUTEX2_PRIVATE = 0xFF, (1, 3, 4, 5, 10, 12), 128
# fadvise64(fd, offset, length, advice) and preadv2/pwritev2(fd, iov, count, pos_l, pos_h, flags), as
# 64-bit architectures lay them out.
POSIX_FADV_DONTNEED, RWF_NOWAIT = 4, 0x8
# A page of a file mapped before the confinement (the interpreter, the C library: the machine's, which any
# account may open) stays in memory while some process maps it. Dropping its own mapping of a page
# (madvise's DONTNEED, DONTNEED_LOCKED, PAGEOUT; mremap's DONTUNMAP) let a child fault it in again, and so
# read again and again whether an accomplice had let it go: refused, a child reads each such page's state
# once (docs/sandbox.md, "Channels left open"). The C library's own trims ignore the refusal.
MADV_DROPS, MREMAP_DONTUNMAP = (4, 21, 24), 4
# The types of the file systems' ioctls ('f': flags, verity, encryption; 'X': fsxattr, project ids;
# 'v': the inode's version; 0x94: clones and dedupe): a file's metadata by descriptor, which the owner of
# a file the child may read (a standard library in the teacher's $HOME) could otherwise change.
IOCTL_FILE_TYPES = (0x66, 0x58, 0x76, 0x94)
# open(O_RDONLY | O_TRUNC) empties a file that a rule lets one only read, before Landlock's ABI 3: refused,
# writing opens with O_TRUNC stay (what `open(name, "w")` does).
O_ACCMODE = 3  # Linux's access mode bits (O_RDONLY 0, O_WRONLY 1, O_RDWR 2)
# O_TMPFILE's own bit (O_TMPFILE also sets O_DIRECTORY): a file with no name, in open's and openat's flags.
O_TMPFILE_BIT = getattr(os, "O_TMPFILE", 0) & ~getattr(os, "O_DIRECTORY", 0)
INT = 0xFFFFFFFF  # an `int` or `unsigned int` argument: the kernel ignores the register's upper half


def available() -> bool:
    """libseccomp can be loaded (Linux with libseccomp.so.2)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libseccomp.library()
    except (OSError, AttributeError):
        return False
    return True


def syscall_number(name: str) -> int | None:
    """This architecture's number of the call `name`, None when it has none."""
    number = libseccomp.syscall_number(name)
    if number is None and name in NEW_SYSCALLS and not os.uname().machine.startswith(("alpha", "mips")):
        return NEW_SYSCALLS[name]
    return number


def rules() -> list[tuple]:
    """The filter's rules, (action, call number, comparisons...): a call not named runs; a call named
    is refused when every comparison of one of its rules holds."""
    arg, denied = libseccomp.arg, libseccomp.errno_action(errno.EPERM)
    me = os.getpid()
    refused: list[tuple] = [(denied, name) for name in DENIED_SYSCALLS]
    refused.append((denied, "clone", arg(0, libseccomp.MASKED_EQ, CLONE_THREAD, 0)))
    refused.append((libseccomp.errno_action(errno.ENOSYS), "clone3"))
    for name in ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"):
        refused.append((denied, name, arg(0, libseccomp.NE, me)))
    for name in OWN_PROCESS_ONLY:
        refused.append((denied, name, arg(0, libseccomp.NE, 0)))
    for name, which in PRIORITY_CALLS.items():
        refused += [(denied, name, arg(0, libseccomp.NE, which)), (denied, name, arg(1, libseccomp.NE, 0))]
    refused += [(denied, name, arg(0, libseccomp.MASKED_EQ, 1 << 31, 1 << 31)) for name in CLOCK_CALLS]
    refused.append((denied, "fadvise64", arg(3, libseccomp.MASKED_EQ, INT, POSIX_FADV_DONTNEED)))
    refused += [(denied, "madvise", arg(2, libseccomp.MASKED_EQ, INT, advice)) for advice in MADV_DROPS]
    refused.append((denied, "mremap", arg(3, libseccomp.MASKED_EQ, MREMAP_DONTUNMAP, MREMAP_DONTUNMAP)))
    refused += [(denied, "futex", arg(1, libseccomp.MASKED_EQ, FUTEX_OP_MASK, op)) for op in FUTEX_SHARED_WAKES]
    refused.append((denied, "futex_wake", arg(3, libseccomp.MASKED_EQ, FUTEX2_PRIVATE, 0)))
    refused += [
        (denied, name, arg(5, libseccomp.MASKED_EQ, RWF_NOWAIT, RWF_NOWAIT)) for name in ("preadv2", "pwritev2")
    ]
    if O_TMPFILE_BIT:
        refused += [
            (denied, name, arg(index, libseccomp.MASKED_EQ, O_TMPFILE_BIT, O_TMPFILE_BIT))
            for name, index in (("open", 1), ("openat", 2))
        ]
    refused += [
        (denied, name, arg(index, libseccomp.MASKED_EQ, O_ACCMODE | os.O_TRUNC, os.O_RDONLY | os.O_TRUNC))
        for name, index in (("open", 1), ("openat", 2))
    ]
    # fallocate's modes but 0 allocate past RLIMIT_FSIZE (KEEP_SIZE: blocks beyond the end, the size
    # unchanged; INSERT_RANGE: a size that mode 0 then fills): gigabytes of the teacher's disk at once.
    refused.append((denied, "fallocate", arg(1, libseccomp.NE, 0)))
    refused.append((denied, "prctl", arg(0, libseccomp.MASKED_EQ, INT, PR_SET_DUMPABLE)))
    refused.append((denied, "sendto", arg(4, libseccomp.NE, 0)))  # a destination address
    refused.append((denied, "socketpair", arg(0, libseccomp.NE, AF_UNIX)))
    refused += [
        (denied, "socketpair", arg(1, libseccomp.MASKED_EQ, SOCK_TYPE_MASK, kind))
        for kind in range(SOCK_TYPE_MASK + 1)
        if kind != SOCK_STREAM
    ]
    for name in ("fcntl", "fcntl64"):
        refused.append((denied, name, arg(1, libseccomp.MASKED_EQ, INT, F_SETOWN), arg(2, libseccomp.NE, 0)))
        refused.append((denied, name, arg(1, libseccomp.MASKED_EQ, INT, F_SETOWN_EX)))
        refused += [
            (denied, name, arg(1, libseccomp.MASKED_EQ, INT, command)) for command in (*F_FILE_SHARED, F_SETPIPE_SZ)
        ]
    refused += [(denied, "ioctl", arg(1, libseccomp.MASKED_EQ, INT, command)) for command in (FIOSETOWN, SIOCSPGRP)]
    refused += [(denied, "ioctl", arg(1, libseccomp.MASKED_EQ, 0xFF00, kind << 8)) for kind in IOCTL_FILE_TYPES]
    return refused


def apply() -> None:
    """Load the filter (`rules`): refusals answer EPERM, so that the student's code gets a
    PermissionError; clone3 answers ENOSYS so that the C library falls back to clone, whose flags a
    filter can read (clone only for a thread). A call through another architecture's entry (x86-64's
    `int 0x80`, x32) kills the process: the rules name this architecture's numbers only.

    Threads are allowed: they live in this process, under the same confinement, share its CPU clock
    and RLIMIT_NPROC, and die with it; refusing them would break `threading` for nothing."""
    loaded = libseccomp.Filter(libseccomp.ALLOW)
    for action, name, *comparisons in rules():
        number = syscall_number(name)
        if number is not None:  # a call this architecture does not have
            loaded.add(action, number, *comparisons)
    loaded.load()
