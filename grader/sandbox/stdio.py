"""The sandbox's portable path, for a parent that lacks what process.py's paths need (a forking
supervisor, descriptors passed to it, `poll`): Windows, where many students check their work.

The child is `python -I child.py - -`: the protocol's frames travel on its standard input and output
(child.py moves them aside before any student code runs; the student's prints go to standard error).
There is no supervisor, no namespace, no uid of its own, no Landlock and no seccomp: the child applies
the rlimits where `resource` exists, and the reports say the child's files are not confined. What
stays the parent's, as on the other paths: the deadlines (threads carry the pipes, so a child that
stops reading or writing never blocks the parent past a deadline), the caps on output and on frames,
the validation of every reply, and the kill. Without a kernel clock of another process, a call's CPU
time is the parent's wall time (an upper bound). On Windows the kill ends the child only: a process
it started itself may outlive the check (a Job Object would be needed).

Linux runs this path in the tests, with the POSIX pieces made unavailable (tests/test_stdio.py).
"""

from __future__ import annotations

import os
import queue
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from grader.text.message import Message
from grader.sandbox import protocol
from grader.sandbox.deadline import Deadline
from grader.sandbox.limits import Reply
from grader.sandbox.process import CHILD_SCRIPT, Capture, Child

# Frames read ahead of the parent's wait: a child that floods its output blocks on the pipe, not us.
READ_AHEAD = 2
# While waiting for a frame, how often the parent looks whether the child has exited; once it has, how
# long its last frames may take to arrive (a process it left behind may hold the pipe open forever).
EXIT_POLL_SECONDS = 0.05
EXIT_DRAIN_SECONDS = 0.5


class StdioChild(Child):
    """A child on the portable path (see the module's doc)."""

    confinable = False
    _popen: subprocess.Popen  # self.proc, typed as this path's

    def _folder(self, sources: dict[str, str]) -> tuple[Path, Path]:
        """A private folder of ours (mkdtemp's mode 0700); the child runs as us, so no ownership to hand over."""
        root = Path(tempfile.mkdtemp(prefix="taquin-grader-"))
        folder = root / "work"
        folder.mkdir(mode=0o700)
        for name, text in sources.items():
            (folder / f"{name}.py").write_text(text, encoding="utf-8")
        return root, folder

    def _confinement(self) -> dict:
        return {**super()._confinement(), "landlock": False, "seccomp": False}

    def _launch(self) -> None:
        self.tmpfs = "-"
        # Windows' interpreter does not start without SYSTEMROOT; nothing else of ours is passed on.
        env = {name: os.environ[name] for name in ("SYSTEMROOT",) if name in os.environ}
        own_group = (  # so that a console's Ctrl+C or a kill of the group reaches only the child
            {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
            if hasattr(subprocess, "CREATE_NEW_PROCESS_GROUP")
            else {"start_new_session": True}
        )
        self.proc = self._popen = subprocess.Popen(
            [sys.executable, "-I", "-X", "utf8", str(CHILD_SCRIPT), "-", "-"],
            cwd=self.workdir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **own_group,
        )
        self._frames: queue.Queue = queue.Queue(maxsize=READ_AHEAD)
        self._writes: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._read_frames, daemon=True).start()
        threading.Thread(target=self._write_frames, daemon=True).start()
        self._captures = [Capture(self.proc.stderr, self.limits.output_bytes)]
        self._captures[0].start()

    def _verify(self, wanted: dict, told: dict) -> dict:
        """Nothing the kernel shows of another process is read here: only the rlimits the child said
        it applied, before any student code ran."""
        return {"rlimits": bool(told.get("rlimits")), "tmpfs": False, "namespaces": False, "uid": None}

    def describe(self) -> list[Message]:
        return [
            Message("isolation.rlimits" if self.layers.get("rlimits") else "isolation.no_rlimits"),
            Message("isolation.no_supervisor"),
            Message("isolation.no_landlock"),
            Message("isolation.no_seccomp"),
        ]

    def output(self) -> tuple[str, str, int]:
        """Standard output and error come as one stream on this path: shown as the output."""
        if self.proc is None:
            return "", "", 0
        (capture,) = self._captures
        return capture.text(), "", capture.dropped

    # -- the pipes, carried by threads ----------------------------------------------------------------
    def _read_frames(self) -> None:
        stream = self._popen.stdout
        assert stream is not None
        try:
            while True:
                head = stream.read(4)
                if len(head) < 4:
                    raise EOFError
                (size,) = struct.unpack(">I", head)
                if size > protocol.MAX_FRAME:
                    raise protocol.ProtocolError("oversized frame")
                body = stream.read(size)
                if len(body) < size:
                    raise EOFError
                try:
                    frame = protocol.parse_frame(body)
                except (ValueError, RecursionError):
                    raise protocol.ProtocolError("unreadable frame") from None
                self._frames.put(frame)
        except (EOFError, OSError, ValueError):
            self._frames.put(EOFError())
        except protocol.ProtocolError as exc:
            self._frames.put(exc)
        finally:
            stream.close()

    def _write_frames(self) -> None:
        stream = self._popen.stdin
        assert stream is not None
        while (item := self._writes.get()) is not None:
            data, done, failed = item
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError) as exc:
                failed.append(BrokenPipeError(str(exc)))
            done.set()

    def _send(self, obj, deadline: Deadline) -> None:
        done, failed = threading.Event(), list[BaseException]()
        self._writes.put((protocol.frame_bytes(obj), done, failed))
        if not done.wait(max(0.0, deadline.remaining())):
            raise TimeoutError
        if failed:
            raise failed[0]

    def _frame(self, deadline: Deadline):
        exited_at = None
        while True:
            if exited_at is not None and time.monotonic() >= exited_at + EXIT_DRAIN_SECONDS:
                raise EOFError
            remaining = deadline.remaining()
            if remaining <= 0:
                raise TimeoutError
            try:
                item = self._frames.get(timeout=min(EXIT_POLL_SECONDS, remaining))
                break
            except queue.Empty:
                if exited_at is None and self._popen.poll() is not None:
                    exited_at = time.monotonic()
        if isinstance(item, BaseException):
            self._frames.put(item)  # the answer to every later read too
            raise item
        return item

    # -- the end ----------------------------------------------------------------------------------
    def _kill(self) -> None:
        if hasattr(os, "killpg"):
            # Its own session: what it started without leaving it goes too, even once the child itself
            # has exited (a process group outlives its leader while a member lives, and holds the pipes).
            try:
                os.killpg(self._popen.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self._popen.poll() is None:
            self._popen.kill()
        self._popen.wait()

    def _close_channel(self) -> None:
        # The reader thread closes the child's stdout itself when its read ends: closing a buffered
        # stream from here would wait for that thread's lock, for as long as a process left behind
        # (Windows has no process group to kill) holds the pipe open.
        self._writes.put(None)
        try:
            if self._popen.stdin is not None:
                self._popen.stdin.close()
        except OSError:
            pass

    def _death(self) -> Reply:
        """The child went away: its exit status, as the operating system gives it to its parent."""
        try:
            code = self._popen.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            code = None
        if self._ended is None:
            self._ended = "unknown" if code is None else f"signal {-code}" if code < 0 else f"exit {code}"
        return super()._death()
