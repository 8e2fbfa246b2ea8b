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

Whatever the child does, `call` returns a `Reply`; a child that does not answer in time is killed with
all its descendants. Replies are validated (envelope, nonce, sequence, types and sizes) before use, and
the child's CPU time is read from the kernel, never from the child.
"""

from __future__ import annotations

import os
import re
import secrets
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

from grader.caches import register
from grader.errors import SandboxError
from grader.sandbox import calls, confine, fork_server, protocol, seccomp
from grader.sandbox.host import UidLease, children_of, make_folder, namespace_prefix, remove_root
from grader.sandbox.limits import Limits, Reply
from grader.text.message import Message
from grader.text.terminal import escaped

CHILD_SCRIPT = Path(__file__).with_name("child.py")
SUPERVISOR_SCRIPT = Path(__file__).with_name("supervisor.py")
# The child's own start (trusted code: imports, confinement), before the student's import and its limit.
START_SECONDS = 60.0
# The layers a child got on this machine, per `Limits`, as the first child verified them (per process).
VERIFIED: dict[Limits, dict] = register(f"{__name__}.VERIFIED", {})


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


class Child:
    """One child process serving one student module."""

    # Whether this path can give the child namespaces and a uid of its own (not the portable one).
    confinable = True

    def __init__(self, sources: dict[str, str], module_name: str, probe_modules: list[str], limits: Limits):
        self.module_name = module_name
        self.limits = limits
        self.nonce = secrets.token_hex(16)
        self.seq = 0
        self.root_user = hasattr(os, "geteuid") and os.geteuid() == 0
        linux = sys.platform.startswith("linux")
        self.prefix = namespace_prefix() if self.confinable and limits.namespaces and linux else []
        self._lease = UidLease(limits) if self.confinable and self.root_user else None
        self.uid = self._lease.uid if self._lease else None
        self._root: Path | None
        self._root, self.workdir = self._folder(sources)
        self.source = self.workdir / f"{module_name}.py"
        self.probe_modules = probe_modules
        self.proc: subprocess.Popen | fork_server.Forked | None = None
        self.pid: int | None = None  # the child's, in our PID namespace
        self.layers: dict = {}
        self.names: list[str] = []
        self._buffer = b""
        self._ended: str | None = None  # how the child ended, as the supervisor told
        self._nonblocking = False
        self._poller: select.poll | None = None
        self._cpu = 0.0

    # -- life cycle ---------------------------------------------------------------------------------
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
        lists its callables."""
        self._launch()
        wanted = self._confinement()
        try:
            self._send(
                {
                    "nonce": self.nonce,
                    "workdir": str(self.workdir),
                    "source": str(self.source),
                    "module_name": self.module_name,
                    "probe_modules": self.probe_modules,
                    "import_seconds": self.limits.import_seconds,
                    "confine": wanted,
                },
                time.monotonic() + START_SECONDS,
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
            VERIFIED.setdefault(self.limits, {"layers": self.describe(), "files_confined": self.files_confined()})
        except SandboxError:
            self.close()
            raise
        except (OSError, IndexError) as exc:  # the child is gone before we could look at it
            self.close()
            raise SandboxError(f"the child's confinement cannot be checked: {exc}") from None
        try:
            self._send({"go": True}, time.monotonic() + START_SECONDS)
        except (OSError, TimeoutError):
            return self._death()
        reply = self._await(0, self.limits.import_seconds)
        if reply.ok:
            self.names = [n for n in reply.value if isinstance(n, str)] if isinstance(reply.value, list) else []
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
            return fork_server.server().fork(
                {
                    "probe_modules": self.probe_modules,
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
        """The layers in force: what the kernel shows of the child (uid, no_new_privs, seccomp,
        capabilities, mount points, IPC namespace), and what it told before any student code ran (Landlock, which /proc does not show)."""
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
        status = {}
        with open(f"/proc/{self.pid}/status") as file:
            for line in file:
                key, _, value = line.partition(":")
                status[key] = value.split()
        problems = []
        if wanted["uid"] is not None and status["Uid"] != [str(wanted["uid"])] * 4:
            problems.append(f"uid {status['Uid']}")
        if (wanted["landlock"] or wanted["seccomp"]) and status.get("NoNewPrivs") != ["1"]:
            problems.append("no_new_privs")
        if wanted["seccomp"] and status.get("Seccomp") != ["2"]:
            problems.append("seccomp")
        if wanted["drop_capabilities"] and {status.get("CapEff", ["?"])[0], status.get("CapBnd", ["?"])[0]} != {
            "0" * 16
        }:
            problems.append("capabilities")
        if wanted["landlock"] and not told.get("landlock"):
            problems.append("landlock")
        if wanted["private_root"] and self._mount_points() != sorted(confine.private_root_mounts(str(self.workdir))):
            problems.append("private root")
        if self.prefix and os.stat(f"/proc/{self.pid}/ns/ipc").st_ino == os.stat("/proc/self/ns/ipc").st_ino:
            problems.append("IPC namespace")
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

    def _mount_points(self) -> list[str]:
        """The child's mount points, from the kernel (sorted; octal escapes of spaces and such undone)."""
        with open(f"/proc/{self.pid}/mountinfo") as file:
            return sorted(re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), line.split()[4]) for line in file)

    def describe(self) -> list[Message]:
        """The layers in force, as a report states them (said in its reader's language)."""
        limits, layers = self.limits, self.layers
        described = [Message("isolation.rlimits" if layers.get("rlimits") else "isolation.no_rlimits")]
        if layers.get("namespaces"):
            described.append(
                Message("isolation.namespaces_user" if layers["namespaces"] == "user" else "isolation.namespaces")
            )
        else:
            described.append(Message("isolation.subreaper"))
        if layers.get("private_root"):
            described.append(Message("isolation.private_root"))
        if layers.get("uid") is not None:
            described.append(
                Message("isolation.uid", {"first": limits.uid_first, "last": limits.uid_first + limits.uid_count - 1})
            )
        if layers.get("tmpfs"):
            described.append(Message("isolation.tmpfs", {"mib": limits.disk_bytes >> 20, "files": limits.disk_files}))
        landlock = layers.get("landlock")
        if landlock:
            kind = (
                "isolation.landlock_scoped"
                if landlock["scoped"]
                else "isolation.landlock_net"
                if landlock["net"]
                else "isolation.landlock"
            )
            described.append(Message(kind, {"abi": landlock["abi"]}))
        else:
            described.append(Message("isolation.no_landlock"))
        described.append(Message("isolation.seccomp" if layers.get("seccomp") else "isolation.no_seccomp"))
        return described

    def files_confined(self) -> bool:
        """Can the child reach files of others? Not with Landlock, nor as a uid of its own in a mount
        namespace (root's files closed by permissions, its writes in a tmpfs)."""
        return bool(self.layers.get("landlock")) or bool(
            self.layers.get("uid") is not None and self.layers.get("tmpfs")
        )

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

    @property
    def alive(self) -> bool:
        return self.proc is not None and self._ended is None and self.proc.poll() is None

    def call(self, probe: str, payload: dict, timeout: float, serve=None) -> Reply:
        """Run `probe` on `payload` in the child. While it runs, the child's call frames are answered
        by `serve`, the run's interface (a calls.Served, see grader/sandbox/calls.py); without `serve` a
        call frame is a protocol violation. The deadline covers the whole run, answers included: the
        handler's work stops at it too."""
        self.seq += 1
        deadline = time.monotonic() + timeout + self.limits.grace_seconds + 0.25 * timeout
        cpu, started = self.cpu(), time.monotonic()
        try:
            self._send({"seq": self.seq, "probe": probe, "payload": payload, "timeout": timeout}, deadline)
        except OSError:
            return self._death()
        except TimeoutError:
            self._kill()
            return Reply(protocol.TIMEOUT, error="the child did not read its request: it was killed")
        reply = self._await(self.seq, timeout, serve, deadline)
        reply.seconds = time.monotonic() - started
        # Without the kernel's clock, the parent's wall time: an upper bound, never the child's account.
        now = self.cpu()
        if cpu is not None and now is not None:
            reply.cpu_seconds = max(0.0, now - cpu)
        else:
            reply.cpu_seconds, reply.cpu_measured = reply.seconds, False
        return reply

    def close(self) -> None:
        """Kill the child and every process it started, and remove its folder."""
        if self.proc is not None:
            self._kill()
            self._close_channel()
            for capture in self._captures:
                capture.join(timeout=5.0)  # the pipes end with the child: only a stalled machine waits
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

    # -- internals ----------------------------------------------------------------------------------
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

    def _await(self, seq: int, timeout: float, serve=None, deadline: float | None = None) -> Reply:
        if deadline is None:
            deadline = time.monotonic() + timeout + self.limits.grace_seconds + 0.25 * timeout
        calls_answered = 0
        if serve is not None:
            serve.deadline = deadline
        try:
            while True:
                body = self._frame(deadline)
                if not protocol.is_call(body):
                    break
                name, args = protocol.check_call(body, self.nonce, seq)
                if serve is None:  # a run that serves no name: whatever it calls, it does not serve
                    raise calls.Violation("engine.reply.not_served", name=name[:40])
                self._answer(serve, name, args, seq, deadline)
                calls_answered += 1
            body = protocol.check_reply(body, self.nonce, seq)
            value = protocol.plain(body.get("value")) if body["status"] == protocol.OK else None
            reply = Reply(
                status=body["status"],
                value=value,
                error=body.get("error", "")[:4000],
                traceback=body.get("traceback", "")[:4000],
            )
        except TimeoutError:
            self._kill()
            reply = Reply(protocol.TIMEOUT, error="no answer before the deadline: the child was killed")
        except calls.Exhausted as exc:
            self._kill()
            reply = Reply(protocol.TIMEOUT, error=str(exc))
        except calls.Violation as exc:
            self._kill()
            reply = Reply(protocol.VIOLATION, error=exc.key, violation=(exc.key, exc.params))
        except (EOFError, BrokenPipeError):
            reply = self._death()
        except (protocol.ProtocolError, protocol.InvalidValue, ValueError, RecursionError) as exc:
            self._kill()
            reply = Reply(protocol.CRASHED, error=f"protocol violation: {str(exc)[:200]}")
        except BaseException:
            self._kill()  # the handler raised: a grader bug, the child is of no further use
            raise
        reply.calls = calls_answered
        return reply

    def _close_channel(self) -> None:
        for fd in (self._request_w, self._reply_r):
            try:
                os.close(fd)
            except OSError:
                pass

    def _frame(self, deadline: float):
        (size,) = struct.unpack(">I", self._read(4, deadline))
        if size > protocol.MAX_FRAME:
            raise protocol.ProtocolError("oversized frame")
        return protocol.parse_frame(self._read(size, deadline))

    def _answer(self, serve, name: str, args, seq: int, deadline: float) -> None:
        """Answer one call frame with the handler's value, or tell the child to stop."""
        try:
            answer = {"seq": seq, "answer": calls.answer(serve, name, args)}
        except calls.Stop as stop:
            answer = {"seq": seq, "stop": stop.reason}
        self._send(answer, deadline)

    def _send(self, obj, deadline: float) -> None:
        """Write a frame to the child without ever blocking past the deadline (a child that stops
        reading its requests must not hang the parent)."""
        if not self._nonblocking:
            os.set_blocking(self._request_w, False)
            self._nonblocking = True
        view = memoryview(protocol.frame_bytes(obj))
        while view:
            try:
                view = view[os.write(self._request_w, view) :]
            except BlockingIOError:
                if not select.select([], [self._request_w], [], max(0.0, deadline - time.monotonic()))[1]:
                    raise TimeoutError from None

    def _read(self, size: int, deadline: float) -> bytes:
        """Read from the reply pipe; once the supervisor says the child ended, only what is left."""
        if len(self._buffer) >= size:  # the usual case for a frame's body: no system call
            data, self._buffer = self._buffer[:size], self._buffer[size:]
            return data
        if self._poller is None:  # made once per child: a round trip costs a poll and a read
            self._poller = select.poll()
            self._poller.register(self._reply_r, select.POLLIN)
            self._poller.register(self._control, select.POLLIN)
        while len(self._buffer) < size:
            remaining = 0 if self._ended else deadline - time.monotonic()
            if remaining <= 0 and not self._ended:
                raise TimeoutError
            ready = {fd for fd, _ in self._poller.poll(remaining * 1000)}
            if self._reply_r in ready:
                chunk = os.read(self._reply_r, 1 << 16)  # a 1 MiB read buffer costs an mmap per call
                if not chunk:
                    raise EOFError
                self._buffer += chunk
            elif self._control.fileno() in ready:
                self._ended = self._control.recv(256).decode("ascii", "replace").strip() or "unknown"
                self._poller.unregister(self._control)
            elif self._ended:
                raise EOFError
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def _death(self) -> Reply:
        """The child went away: say how (signal, exit code), as the supervisor saw it."""
        if self._ended is None and self._control.fileno() != -1:
            if select.select([self._control], [], [], 2.0)[0]:
                self._ended = self._control.recv(256).decode("ascii", "replace").strip()
        ended = self._ended or ""
        self._ended = ended or "unknown"
        self._kill()
        how, _, number = ended.partition(" ")
        if how == "signal" and number.isdigit():
            code = int(number)
            name = signal.Signals(code).name if code in signal.valid_signals() else number
            if code == signal.SIGXCPU:
                return Reply(protocol.TIMEOUT, error=f"CPU time limit ({name})")
            return Reply(protocol.CRASHED, error=f"killed by signal {name}")
        if how == "exit":
            return Reply(protocol.CRASHED, error=f"the process exited (code {number})")
        return Reply(protocol.CRASHED, error="the reply channel was closed")
