"""The child's supervisor: makes sure that no process started by a student's code outlives its grading.

Run by runner.py as `python -I -S supervisor.py CONTROL_FD TMPFS -- CHILD_COMMAND...` in the child's
folder (the spawn path), or called in a process forked by the fork server (zygote.py); standard library
only. TMPFS is `-`, or `BYTES:FILES:UID` when the supervisor runs as root of a
private mount namespace: it then mounts a tmpfs of that size and number of files, owned by UID, on the
child's folder (holding a copy of the files the parent put there), so that the child's disk use is
bounded and whatever it writes disappears with the namespace.
It is PID 1 of a fresh PID namespace when `unshare` is available (the kernel then kills every process
of the namespace when it exits), and otherwise a child subreaper (PR_SET_CHILD_SUBREAPER): processes
that escape the process group (double fork and `setsid`) are reparented to it, and it kills them.

It starts the child, then waits for whichever comes first: the child's end, or the end of the control
socket (the parent closed it, or died). It reports how the child ended on the control socket (a line
`exit N` or `signal N`, a channel the child never sees), kills every remaining descendant, and exits.
"""

import os
import select
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
MS_NOSUID, MS_NODEV, MS_NOEXEC = 2, 4, 8


def mount_tmpfs(spec: str) -> None:
    """Replace the current folder by a tmpfs holding the same files (written by the parent, read here
    before any student code ran); see the module's doc."""
    import ctypes

    size, files, uid = (int(x) for x in spec.split(":"))
    folder = os.getcwd()
    kept = {}
    for name in os.listdir("."):
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as file:
            kept[name] = file.read()
    libc = ctypes.CDLL(None, use_errno=True)
    options = f"size={size},nr_inodes={files},mode=0700,uid={uid},gid={uid}".encode()
    if libc.mount(b"tmpfs", folder.encode(), b"tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, options) != 0:
        raise OSError(ctypes.get_errno(), f"mount tmpfs on {folder}")
    os.chdir(folder)  # the tmpfs, not the folder it hides
    for name, data in kept.items():
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            os.write(fd, data)
            os.fchown(fd, uid, uid)
        finally:
            os.close(fd)


def become_subreaper() -> bool:
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def children() -> list[int]:
    """The processes whose parent is this one (reparented orphans included)."""
    me, found = os.getpid(), list[int]()
    try:
        entries = os.listdir("/proc")
    except OSError:  # no /proc (macOS): the parent's kill of the process group remains
        return found
    for entry in entries:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as file:
                    stat = file.read()
            except OSError:
                continue
            if int(stat[stat.rindex(b")") + 2 :].split()[1]) == me:
                found.append(int(entry))
    return found


def kill_descendants() -> None:
    """Kill until nothing is left: each killed process's own children are reparented here in turn.
    A wait blocks only when something was just killed (it ends at once); otherwise it polls, since an
    orphan not yet killed may still be on its way here."""
    while True:
        if os.getpid() == 1:
            try:
                os.kill(-1, signal.SIGKILL)  # PID 1: every other process of the namespace
                killed = True
            except ProcessLookupError:
                killed = False
        else:
            killed = False
            for pid in children():
                try:
                    os.kill(pid, signal.SIGKILL)
                    killed = True
                except ProcessLookupError:
                    pass
        try:
            if killed:
                os.waitpid(-1, 0)
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return
        if not killed:
            time.sleep(0.005)


def supervise(control: int, tmpfs: str, start_child) -> None:
    """Mount the child's tmpfs (TMPFS is `-` or BYTES:FILES:UID), start the child (`start_child()`
    returns its pid), report how it ended on `control`, then kill every remaining descendant.
    Runs in this script (spawn) or in a process forked by the fork server (zygote.py)."""
    if tmpfs != "-":
        mount_tmpfs(tmpfs)
    if os.getpid() != 1 and not become_subreaper():
        print("supervisor: no child subreaper; escaped processes may survive", file=sys.stderr)
    # Started before any handler is installed here, so that the child inherits none of them (a
    # forked child does not exec); a child that ends at once is seen by the first waitpid below.
    child = start_child()
    terminated = []
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: terminated.append(True))
    ended = None
    while ended is None and not terminated:
        try:
            while True:
                pid, status = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
                if pid == child:
                    ended = status
        except ChildProcessError:
            break
        if ended is not None:
            break
        ready, _, _ = select.select([control, wake_r], [], [])
        if wake_r in ready:
            os.read(wake_r, 512)
        if control in ready:
            break  # the parent is done with this child, or gone
    if ended is not None:
        report = f"signal {os.WTERMSIG(ended)}" if os.WIFSIGNALED(ended) else f"exit {os.WEXITSTATUS(ended)}"
        try:
            os.write(control, f"{report}\n".encode())
        except OSError:
            pass
    kill_descendants()


def main() -> None:
    control = int(sys.argv[1])
    command = sys.argv[4:]
    os.set_inheritable(control, False)

    def start_child() -> int:
        child = os.fork()
        if child == 0:
            try:
                os.execv(command[0], command)
            finally:
                os._exit(127)
        return child

    supervise(control, sys.argv[2], start_child)


if __name__ == "__main__":
    main()
