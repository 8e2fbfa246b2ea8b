"""The fork server: children forked from a warm interpreter instead of started from scratch (Linux).

Starting a child costs an interpreter, the standard library and the probe modules: most of the
~0.4 s of the spawn path (runner.py: `unshare`, then supervisor.py, then child.py, each a new
process image). Here one process per grader process, the zygote, pays that once: started as
`python -I -X utf8 zygote.py CONTROL_FD` with an empty environment, it imports the standard library
the children preload, confine.py and seccomp.py (with libseccomp) and, when first asked, the probe
modules; then, for each child, forks.

What the zygote may hold, since every child starts as a copy of it: it never runs student code, never
imports the grader's parent side or a model answer (only the probe modules a child imports anyway),
and receives nothing secret (the nonce and the configuration go from the parent to the child on the
child's own pipe). Its descriptors are its control socket and, for the instant of one fork, that
child's pipes: the forked process keeps those pipes under fixed numbers and closes everything else
before any other step. The zygote is itself unconfined (the seccomp filter forbids fork), so a child
must never reach it: it lives outside the child's PID namespace, as another uid (root) or outside
the child's user namespace, and the child's Landlock domain, seccomp filter and signal scoping keep
it from signalling, tracing or reading it in every configuration.

This module is the zygote's program (standard library and the child's side only); the parent's
handle on it is fork_server.py.

Per child, in the forked process S, exactly what `unshare --pid --fork --kill-child --net --ipc --mount
[--user --map-root-user] [--mount-proc]` and supervisor.py do on the spawn path: a new session, the
namespaces (only where the parent's check found that `unshare` works, so that both paths take the
same configuration), private mount propagation, then a fork that is PID 1 of the new PID namespace
(killed with S) and runs supervisor.supervise, which mounts the tmpfs and forks the child; the child
then confines itself (child.serve -> confine.apply) exactly as a spawned one does, and the parent
checks /proc before its go. The parent gets S's pid and a pidfd for it (S is the zygote's child, not
the parent's: the pidfd is how the parent waits for it without a pid that could be reused).

Wire format on the control socket (SOCK_SEQPACKET, one message per request):
  parent -> zygote: JSON {"probe_modules", "workdir", "tmpfs", "namespaces": null|"root"|"user",
                    "mount_proc", "cpus"}, with descriptors [request_r, reply_w, stdout_w, stderr_w, control]
  zygote -> parent: JSON {"pid": S} with descriptors [pidfd of S], or {"error": text}.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import socket
import sys
import traceback

# The descriptors a forked child's process keeps, in this order, from 3 on (0-2: /dev/null, its
# stdout and stderr pipes).
CHANNEL_FDS = 3
CLONE_NEWNS, CLONE_NEWIPC, CLONE_NEWUSER = 0x00020000, 0x08000000, 0x10000000
CLONE_NEWPID, CLONE_NEWNET = 0x20000000, 0x40000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 2, 4, 8, 1 << 14, 1 << 18
PR_SET_PDEATHSIG = 1
MAX_MESSAGE = 1 << 16
SYS_CLOSE_RANGE = 436  # the same number on every architecture


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from grader.sandbox import child, confine, seccomp

    child.import_stdlib(child.PRELOAD)
    seccomp.available()  # loads libseccomp
    confine.stdlib_entries()
    gc.freeze()  # the children's collections then skip our objects: their pages stay shared, not copied
    while True:
        _reap()
        try:
            message, fds, _, _ = socket.recv_fds(control, MAX_MESSAGE, 8)
        except OSError:
            return
        if not message:
            return  # the parent is gone
        request = json.loads(message)
        try:
            for name in request["probe_modules"]:
                if name not in sys.modules:
                    importlib.import_module(name)
                    gc.freeze()
        except Exception as exc:  # noqa: BLE001 - told to the parent, which refuses to start the child
            for fd in fds:
                os.close(fd)
            control.send(json.dumps({"error": f"probe module: {type(exc).__name__}: {exc}"}).encode())
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:
                control.detach()  # closed below with everything else, never by this object
                _child_process(request, fds)
            except BaseException:  # noqa: BLE001 - on the child's stderr once moved there: the parent shows it
                traceback.print_exc()
            finally:
                os._exit(70)
        for fd in fds:
            os.close(fd)
        pidfd = os.pidfd_open(pid)  # before any reaping: the pid is still S's
        try:
            socket.send_fds(control, [json.dumps({"pid": pid}).encode()], [pidfd])
        finally:
            os.close(pidfd)


def _reap() -> None:
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _child_process(request: dict, fds: list[int]) -> None:
    """S: keep this child's descriptors only, make its namespaces, supervise it (see the module's doc)."""
    import ctypes
    import fcntl

    from grader.sandbox import child, supervisor

    os.setsid()
    # Above the numbers they move to, then in place; then every other descriptor closed.
    request_r, reply_w, stdout_w, stderr_w, control = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in fds)
    os.dup2(os.open(os.devnull, os.O_RDWR), 0)
    for target, fd in enumerate((stdout_w, stderr_w, request_r, reply_w, control), start=1):
        os.dup2(fd, target)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(SYS_CLOSE_RANGE, 6, ctypes.c_uint(0xFFFFFFFF), 0) != 0:  # Linux < 5.9
        os.closerange(6, os.sysconf("SC_OPEN_MAX"))

    def check(result: int, what: str) -> None:
        if result != 0:
            raise OSError(ctypes.get_errno(), f"{what}: {os.strerror(ctypes.get_errno())}")

    os.chdir(request["workdir"])
    os.sched_setaffinity(0, request["cpus"])  # affinity.py: the CPUs of the thread that asked for it
    namespaces = request["namespaces"]
    if namespaces:
        uid, gid = os.getuid(), os.getgid()
        check(
            libc.unshare(
                CLONE_NEWPID
                | CLONE_NEWNET
                | CLONE_NEWIPC
                | CLONE_NEWNS
                | (CLONE_NEWUSER if namespaces == "user" else 0)
            ),
            "unshare",
        )
        if namespaces == "user":  # root of the new user namespace is us, outside (--map-root-user)
            for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
                with open(f"/proc/self/{name}", "w") as file:
                    file.write(text)
        check(libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), "mount propagation")
        init = os.fork()
        if init:  # S: live as long as the namespace's init, and take it along if killed (--kill-child)
            _, status = os.waitpid(init, 0)
            os._exit(os.waitstatus_to_exitcode(status) & 0xFF)
        check(libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0), "PR_SET_PDEATHSIG")
        if request["mount_proc"]:
            check(libc.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None), "mount /proc")

    def start_child() -> int:
        pid = os.fork()
        if pid == 0:
            try:
                os.close(5)  # the supervisor's channel: the child never sees it
                child.serve(CHANNEL_FDS, CHANNEL_FDS + 1)
            except BaseException:  # noqa: BLE001 - trusted code failed before any student code ran
                traceback.print_exc()
            finally:
                os._exit(70)
        return pid

    supervisor.supervise(5, request["tmpfs"], start_child)


if __name__ == "__main__":
    main()
