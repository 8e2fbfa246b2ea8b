"""Parent side of the sandbox: start a child for one student module, send requests, enforce deadlines.

Each child gets a folder of its own, made by this process without following links, in a private
directory (the child can neither replace its folder nor see its classmates'). It holds a copy of the
submission's sources only. The child starts under supervisor.py, which runs as PID 1 of new PID, network,
IPC and mount namespaces when `unshare` allows it (else as a child subreaper), mounts a size- and
file-limited tmpfs on the child's folder when it can, and kills every process of the child's when it is
done. On Linux, these processes are forked by the fork server (zygote.py, through fork_server.py)
from an interpreter that has already imported what a child needs; elsewhere, or with
`Limits(fork_server=False)`, they are spawned (`unshare`, supervisor.py, child.py). The child confines itself with confine.py before loading student code (a uid of its own when we
are root, Landlock, seccomp) and tells which layers are in force; the parent checks what the kernel
shows of them (/proc/PID/status), and only then lets the child load the student's file.

Whatever the child does, `call` (channel.py, the protocol's end) returns a `Reply`; a child that does not answer in time is killed with
all its descendants. Replies are validated (envelope, nonce, sequence, types and sizes) before use, and
the child's CPU time is read from the kernel, never from the child.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from grader.caches import register
from grader.errors import SandboxError
from grader.sandbox import confine, fork_server, protocol, seccomp, stdlib_copy, verification
from grader.sandbox.channel import Channel
from grader.sandbox.deadline import Deadline, processor_waits
from grader.sandbox.host import DiskWatch, UidLease, children_of, make_folder, namespace_prefix, remove_root
from grader.sandbox.limits import Limits, Reply
from grader.text.message import Message
from grader.text.terminal import escaped

CHILD_SCRIPT = Path(__file__).with_name("child.py")
SUPERVISOR_SCRIPT = Path(__file__).with_name("supervisor.py")
# The child's own start (trusted code: imports, confinement), before the student's import and its limit.
START_SECONDS = 60.0
# The layers a child got on this machine, per `Limits`, as the first child verified them (per process).
VERIFIED: dict[Limits, dict] = register(f"{__name__}.VERIFIED", {})


def stdlib_protected(limits: Limits) -> bool:
    """Whether a child started with `limits` cannot write its copy of the standard library, which may then
    be the one kept in this user's cache (stdlib_copy.for_children): a read-only bind in its private root;
    a uid of its own (as root); or Landlock's read-only rule with seccomp, which refuses chmod and utime
    (Landlock leaves them to a file's owner: the child's uid, without the other two), on a kernel whose
    Landlock also refuses truncation (ABI 3: before it, a child sharing the teacher's uid could empty the
    shared copy's files and break every later run of that account)."""
    private_root = limits.namespaces and limits.private_root and bool(namespace_prefix())
    landlock = limits.landlock and confine.landlock_abi() >= confine.TRUNCATE_ABI
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    return private_root or root or (landlock and limits.seccomp and seccomp.available())


class Capture(threading.Thread):
    """Drain one of the child's output pipes, keeping the first `cap` bytes and counting the rest."""

    def __init__(self, stream, cap: int):
        super().__init__(daemon=True)
        self.stream, self.cap = stream, cap
        self.kept = bytearray()
        self.dropped = 0

    def run(self) -> None:
        while chunk := self.stream.read1(65536):
            room = self.cap - len(self.kept)
            self.kept += chunk[:room]
            self.dropped += max(0, len(chunk) - room)

    def text(self) -> str:
        return escaped(self.kept.decode("utf-8", errors="replace"))


class Child(Channel):
    """One child process serving one student module: started, its confinement verified, killed; the
    protocol spoken with it is its Channel's."""

    # Whether this path can give the child namespaces and a uid of its own (not the portable one).
    confinable = True

    def __init__(self, sources: dict[str, str], module_name: str, probe_modules: list[str], limits: Limits, cells=()):
        """`cells`: the module's notebook cells, run one by one at import (grader/intake's Source.cells)."""
        super().__init__(limits)
        self.module_name, self.cells = module_name, cells
        self.root_user = hasattr(os, "geteuid") and os.geteuid() == 0
        linux = sys.platform.startswith("linux")
        self.prefix = namespace_prefix() if self.confinable and limits.namespaces and linux else []
        self._lease = UidLease(limits) if self.confinable and self.root_user else None
        self.uid = self._lease.uid if self._lease else None
        self._root: Path | None
        self._root, self.workdir = self._folder(sources)
        # The standard library it reads (not on the portable path, whose reads nothing confines).
        self.stdlib = stdlib_copy.for_children(stdlib_protected(limits)) if self.confinable else None
        self.source = self.workdir / f"{module_name}.py"
        self.probe_modules = probe_modules
        self.proc: subprocess.Popen | fork_server.Forked | None = None
        self.pid: int | None = None  # the child's, in our PID namespace
        self.layers: dict = {}
        self.names: list[str] = []
        self.failed_cells: list[protocol.FailedCell] = []
        self._cpu = 0.0
        self._disk_watch: DiskWatch | None = None

    def _confinement(self) -> dict:
        """What the child must apply before loading student code (it refuses to go on otherwise)."""
        return {
            "limits": self.limits.as_dict(),
            # Where the child may make a mount namespace: the parent's `unshare` worked (root, or a user namespace).
            "private_root": self.limits.private_root and bool(self.prefix),
            "uid": self.uid,
            "drop_capabilities": bool(self.prefix) and not self.root_user,
            "landlock": self.limits.landlock and confine.landlock_abi() > 0,
            "seccomp": self.limits.seccomp and seccomp.available(),
            "stdlib": self.stdlib,
        }

    def _tmpfs(self) -> str:
        if "--mount-proc" not in self.prefix:
            return "-"
        owner = self.uid if self.uid is not None else 0  # root of the user namespace: us, outside
        return f"{self.limits.disk_bytes}:{self.limits.disk_files}:{owner}"

    def _folder(self, sources: dict[str, str]) -> tuple[Path, Path]:
        return make_folder(sources, self.uid)

    def _launch(self) -> None:
        """Start the child's processes with the protocol's pipes, the supervisor's channel and the
        captures of the child's output."""
        request_r, self._request_w = os.pipe()
        self._reply_r, reply_w = os.pipe()
        # The supervisor's channel: it tells how the child ended, and sees its end when we are done.
        self._control, control_child = socket.socketpair()
        self.tmpfs = self._tmpfs()
        try:
            if self.limits.fork_server:
                self.proc = self._fork(request_r, reply_w, control_child.fileno())
            else:
                self.proc = self._spawn(request_r, reply_w, control_child.fileno())
        except BaseException:
            for fd in (self._request_w, self._reply_r):
                os.close(fd)
            self.close()
            raise
        finally:
            os.close(request_r)
            os.close(reply_w)
            control_child.close()
        self._captures = [
            Capture(self.proc.stdout, self.limits.output_bytes),
            Capture(self.proc.stderr, self.limits.output_bytes),
        ]
        for capture in self._captures:
            capture.start()

    def start(self) -> Reply:
        """Spawn the child, check its confinement, import the student's module; the reply's value
        gives its callables and a notebook's failed cells (`names`, `failed_cells`: protocol.imported)."""
        self._launch()
        wanted = self._confinement()
        try:
            self._send(
                {
                    "nonce": self.nonce,
                    "workdir": str(self.workdir),
                    "source": str(self.source),
                    "module_name": self.module_name,
                    "cells": [list(cell) for cell in self.cells],
                    "probe_modules": self.probe_modules,
                    "import_seconds": self.limits.import_seconds,
                    "confine": wanted,
                },
                Deadline(START_SECONDS, self.waited),
            )
        except (OSError, TimeoutError):
            pass  # a child gone or stuck at once: awaiting its reply tells how
        confined = self._await(protocol.CONFINED_SEQ, START_SECONDS)
        try:
            if not confined.ok or not isinstance(confined.value, dict):
                self.close()
                said = self.output()[1].strip()[-500:]
                raise SandboxError(
                    f"the child could not confine itself: {confined.error or confined.value}"
                    + (f" ({said})" if said else "")
                )
            self.layers = self._verify(wanted, confined.value)
            if self.tmpfs == "-" and self.pid is not None:  # no tmpfs bounds its folder: we do
                self._disk_watch = DiskWatch(self.workdir, self.limits, self.pid)
                self._disk_watch.start()
                self.layers["disk_watch"] = True
            VERIFIED.setdefault(self.limits, {"layers": self.describe(), "files_confined": self.files_confined()})
        except SandboxError:
            self.close()
            raise
        except (OSError, IndexError) as exc:  # the child is gone before we could look at it
            self.close()
            raise SandboxError(f"the child's confinement cannot be checked: {exc}") from None
        cpu, started = self.cpu(), time.monotonic()
        try:
            self._send({"go": True}, Deadline(START_SECONDS, self.waited))
        except (OSError, TimeoutError):
            return self._death()
        # Timed: the import's CPU counts in the first case the child runs (grader/judge/session.py).
        reply = self._timed(self._await(0, self.limits.import_seconds), cpu, started)
        if reply.ok:
            self.names, self.failed_cells = protocol.imported(reply.value)
        return reply

    def _spawn(self, request_r: int, reply_w: int, control: int) -> subprocess.Popen:
        """The spawn path: `unshare`, supervisor.py and child.py, each a new interpreter."""
        return subprocess.Popen(
            [
                *self.prefix,
                sys.executable,
                "-I",
                "-S",
                str(SUPERVISOR_SCRIPT),
                str(control),
                self.tmpfs,
                "--",
                sys.executable,
                "-I",
                "-X",
                "utf8",
                str(CHILD_SCRIPT),
                str(request_r),
                str(reply_w),
                *filter(None, [self.stdlib]),
            ],
            cwd=self.workdir,
            env={},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(request_r, reply_w, control),
            start_new_session=True,
        )

    def _fork(self, request_r: int, reply_w: int, control: int) -> fork_server.Forked:
        """The fork server's path: the same processes and namespaces, forked from a warm interpreter."""
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        try:
            namespaces = None if not self.prefix else "root" if self.root_user else "user"
            return fork_server.server(self.stdlib).fork(
                {
                    "probe_modules": self.probe_modules,
                    "stdlib": self.stdlib,
                    "workdir": str(self.workdir),
                    "tmpfs": self.tmpfs,
                    "namespaces": namespaces,
                    "mount_proc": "--mount-proc" in self.prefix,
                    "cpus": sorted(os.sched_getaffinity(0)),  # the forked child runs where this thread does
                },
                [request_r, reply_w, out_w, err_w, control],
                os.fdopen(out_r, "rb"),
                os.fdopen(err_r, "rb"),
            )
        except BaseException:
            os.close(out_r)
            os.close(err_r)
            raise
        finally:
            os.close(out_w)
            os.close(err_w)

    def _verify(self, wanted: dict, told: dict) -> dict:
        """The layers in force: what the kernel shows of the child and what it told before any student
        code ran (grader/sandbox/verification.py); a layer wanted and not in force stops everything."""
        layers = {
            "rlimits": bool(told.get("rlimits")),
            "tmpfs": self.tmpfs != "-",
            "namespaces": "user" if self.prefix and not self.root_user else bool(self.prefix),
        }
        if not sys.platform.startswith("linux"):
            return {**layers, "landlock": None, "seccomp": False, "uid": None}
        assert self.proc is not None  # started
        supervisor = self.proc.pid if not self.prefix else children_of(self.proc.pid)[0]
        self.pid = children_of(supervisor)[0]
        problems = verification.identity_problems(verification.proc_status(self.pid), wanted, told)
        problems += verification.namespace_problems(self.pid, wanted, str(self.workdir), bool(self.prefix))
        if problems:
            raise SandboxError(f"the child's confinement is not in force: {', '.join(problems)}")
        return {
            **layers,
            "private_root": wanted["private_root"],
            "uid": wanted["uid"],
            "landlock": told.get("landlock"),
            "seccomp": wanted["seccomp"],
            "capabilities": "none" if wanted["drop_capabilities"] else None,
        }

    def _await(self, seq: int, timeout: float, serve=None, deadline: Deadline | None = None) -> Reply:
        """The reply; where the parent counts the child's folder, judged on what the folder holds then."""
        reply = super()._await(seq, timeout, serve, deadline)
        return self._disk_reply(reply)

    def _death(self) -> Reply:
        """How the child went away; killed for what its folder held, the student's verdict that says so."""
        return self._disk_reply(super()._death())

    def _disk_reply(self, reply: Reply) -> Reply:
        """`reply`, unless the child's folder or its tasks are past their budget (host.DiskWatch): then
        that verdict."""
        if self._disk_watch is None or not self._disk_watch.look():
            return reply
        return Reply(protocol.VIOLATION, error=reply.error, violation=self._disk_watch.verdict())

    def describe(self) -> list[Message]:
        """The layers in force, as a report states them (said in its reader's language)."""
        return verification.described(self.limits, self.layers)

    def files_confined(self) -> bool:
        """Can the child reach files of others? (grader/sandbox/verification.py)"""
        return verification.files_confined(self.layers)

    def cpu(self) -> float | None:
        """The child's CPU time so far (every thread, user and system), from the kernel's clock of the
        process (Linux): never what the child says. Once the child is gone, the last value read; None
        where there is no such clock (macOS, Windows)."""
        if self.pid is None:
            return None
        try:
            self._cpu = time.clock_gettime(((~self.pid) << 3) | 2)  # CPUCLOCK_SCHED of a process
        except OSError:
            pass
        return self._cpu

    def waited(self) -> float | None:
        return processor_waits(self.pid)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self._ended is None and self.proc.poll() is None

    def close(self) -> None:
        """Kill the child and every process it started, and remove its folder."""
        if self.proc is not None:
            self._kill()
            self._close_channel()
            for capture in self._captures:
                capture.join(timeout=5.0)  # the pipes end with the child: only a stalled machine waits
        if self._disk_watch is not None:
            self._disk_watch.stop()
            self._disk_watch = None
        if self._root is not None:
            remove_root(self._root)
            self._root = None
        if self._lease is not None:
            self._lease.release()
            self._lease = None

    def output(self) -> tuple[str, str, int]:
        """(stdout, stderr, bytes dropped) captured so far: all of it once `close` returned."""
        if self.proc is None:
            return "", "", 0
        out, err = self._captures
        return out.text(), err.text(), out.dropped + err.dropped

    def _kill(self) -> None:
        """Close the supervisor's channel (it then kills every descendant and exits); SIGKILL its
        process group if it takes too long."""
        if self._control.fileno() != -1:
            self._control.close()
        assert self.proc is not None  # started
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.proc.wait()
