"""Child side of the sandbox: the only process where a student's code ever runs.

Started by runner.py (through supervisor.py) as `python -I child.py REQUEST_FD REPLY_FD` in a fresh
temporary folder. In this order, it: reads its configuration; moves the protocol's pipes out of sight;
sets its limits; imports the probes it was told to use and the standard-library modules students
commonly import (trusted code, while the interpreter's files are still readable); drops to an
unprivileged user when started as root; installs the audit hook; only then imports the student's file
by path and serves requests. Each request names a probe (a function `probe(module, payload)` of a
question module) that installs the globals, calls the student's functions and returns plain data.

In-process tampering cannot be fully prevented (the student's code shares this interpreter): the layers
here make it hard and visible; the parent validates every reply and judges on its own.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import ast  # noqa: E402
import builtins  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import resource  # noqa: E402
import secrets  # noqa: E402
import signal  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402

import timeout_decorator  # noqa: E402

from grader.sandbox import calls, protocol  # noqa: E402

# Student code is often written the Caml way, recursively; Python's default of 1000 frames is too
# tight for that, and 3.11 no longer spends C stack on pure-Python calls.
RECURSION_LIMIT = 10_000
MAX_EVENTS = 50

# Imported before the privilege drop: once the child runs as `nobody`, the interpreter's standard
# library may be unreadable (e.g. under /root/.pyenv). Standard-library modules that the student's
# files import are preloaded too (what `ctypes`, `socket` or `subprocess` can do is then refused by the
# audit hook, and reported), except these, whose import has side effects (browser, display).
PRELOAD = (
    "array", "bisect", "collections", "copy", "dataclasses", "enum", "fractions", "functools", "heapq",
    "itertools", "math", "operator", "queue", "random", "re", "statistics", "string", "sys", "tempfile",
    "time", "typing", "abc", "decimal", "numbers", "pprint", "textwrap", "threading", "atexit",
    "encodings.latin_1", "encodings.cp1252", "encodings.ascii",
)
NEVER_PRELOAD = {"antigravity", "this", "turtle", "turtledemo", "tkinter", "idlelib", "webbrowser",
                 "pydoc", "ensurepip", "venv", "__phello__", "__hello__"}

# Audit events that start a process, or touch the network or native code: always refused.
PROCESS_EVENTS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
                  "os.forkpty", "pty.spawn", "os.startfile")
REFUSED_PREFIXES = ("socket.", "ctypes.", "_ctypes.")
# Audit events whose first argument (two for a rename or a link) is a path that gets changed.
PATH_WRITE_EVENTS = ("os.remove", "os.rmdir", "os.rename", "os.mkdir", "os.chmod", "os.chown",
                     "os.link", "os.symlink", "os.truncate", "os.utime", "shutil.rmtree", "shutil.move",
                     "os.setxattr", "os.removexattr", "shutil.copyfile", "shutil.copytree")
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def apply_limits(limits: dict) -> None:
    for name, value in (
        ("RLIMIT_AS", limits.get("memory_bytes")),
        ("RLIMIT_CPU", limits.get("cpu_seconds")),
        ("RLIMIT_FSIZE", limits.get("file_bytes")),
        ("RLIMIT_NPROC", limits.get("processes")),
        ("RLIMIT_NOFILE", limits.get("open_files")),
        ("RLIMIT_CORE", 0),
    ):
        if value is not None and hasattr(resource, name):
            # CPU: SIGXCPU at the soft limit (a timeout verdict); the hard one would SIGKILL at once.
            hard = value + 1 if name == "RLIMIT_CPU" else value
            resource.setrlimit(getattr(resource, name), (value, hard))
    # A file grown past RLIMIT_FSIZE is then an OSError the student's code sees, not a silent death.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def load_probes(modules) -> dict:
    """Import the question modules whose probes this child may run: `module:function` -> callable."""
    table = {}
    for name in modules:
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if getattr(value, "is_probe", False):
                table[f"{name}:{attr}"] = value
    return table


def preload(workdir: str) -> None:
    """Import PRELOAD and the standard-library modules the student's files import."""
    names = set(PRELOAD)
    for entry in os.listdir(workdir):
        if entry.endswith(".py"):
            try:
                with open(os.path.join(workdir, entry), "rb") as file:
                    tree = ast.parse(file.read())
            except Exception:  # noqa: BLE001 - unparsable: reported when the module is imported
                continue  # reported when the module is imported
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
    for name in sorted(names):
        if name.partition(".")[0] in sys.stdlib_module_names and name.partition(".")[0] not in NEVER_PRELOAD:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - a name that is not a module: the student's import says so
                pass


def hide_channel(fd: int) -> int:
    """Move a protocol pipe to a random high descriptor, closed on exec; return the new number."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    while True:
        target = 100 + secrets.randbelow(max(1, min(soft, 1024) - 100))
        try:
            os.fstat(target)
        except OSError:
            break
    os.dup2(fd, target, inheritable=False)
    os.close(fd)
    return target


def drop_privileges(uid: int) -> None:
    """Become `uid` (group too, no supplementary groups): RLIMIT_NPROC binds, root's files are closed."""
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise RuntimeError("privilege drop failed")


class AuditHook:
    """PEP 578 hook: refuses what a student's code has no reason to do, and remembers each attempt."""

    def __init__(self, workdir: str, protected: list[str]):
        self.workdir = os.path.realpath(workdir)
        self.protected = [os.path.realpath(p) for p in protected]
        self.events: list[str] = []
        self.busy = False

    def _inside(self, path, root: str) -> bool:
        full = os.path.realpath(os.path.abspath(os.fsdecode(path)))
        return full == root or full.startswith(root + os.sep)

    def _refuse(self, description: str):
        if description not in self.events and len(self.events) < MAX_EVENTS:
            self.events.append(description)
        raise PermissionError(f"refused by the grader's sandbox: {description}")

    def __call__(self, event: str, args: tuple) -> None:
        if self.busy:  # events raised by the hook's own work (realpath, repr)
            return
        self.busy = True
        try:
            description = self.judge(event, args)
        finally:
            self.busy = False
        if description:
            self._refuse(description)

    def judge(self, event: str, args: tuple) -> str | None:
        """What the student's code tried, when it is refused; None when it is allowed."""
        if event == "open":
            path, mode, flags = args
            if isinstance(path, int):
                return None  # an open descriptor: its path, if any, was judged when it was opened
            writes = any(c in mode for c in "wax+") if mode else bool(flags & WRITE_FLAGS)
            if writes and not self._inside(path, self.workdir) and os.fsdecode(path) != os.devnull:
                return f"open({os.fsdecode(path)!r}, {mode or 'w'!r})"
            if any(self._inside(path, root) for root in self.protected):
                return f"open({os.fsdecode(path)!r}, {mode or 'r'!r})"
            return None
        if event == "import":
            name = args[0]
            if name.partition(".")[0] in ("grader", "reference"):
                return f"import {name}"
            return None
        if event in PATH_WRITE_EVENTS:
            paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
            if event in ("os.symlink", "os.link"):
                paths = paths[1:]  # the link's target may be anything; opening it is judged by path
            if any(not self._inside(p, self.workdir) for p in paths):
                return f"{event}({', '.join(repr(os.fsdecode(p)) for p in paths)})"
            return None
        if event.startswith(PROCESS_EVENTS):
            return f"{event}({_short(args[0])})" if args else event
        if event.startswith(REFUSED_PREFIXES):
            return f"{event}({_short(args[1])})" if event == "socket.connect" and len(args) > 1 else event
        if event in ("os.kill", "os.killpg"):
            pid, sig = args
            if event == "os.kill" and pid == os.getpid():
                return None
            return f"{event}({pid}, {sig})"
        if event == "signal.pthread_kill":
            return f"{event}({args[1]})"
        if event == "sys._getframe":
            # Other frames are fine (namedtuple, enum and logging ask for them); the grader's are not.
            filename = args[0].f_code.co_filename
            if any(self._inside(filename, root) for root in self.protected):
                return f"sys._getframe() -> {os.path.basename(filename)}"
            return None
        if event == "sys._current_frames":
            return event
        return None

    def take(self) -> list[str]:
        events, self.events = self.events, []
        return events


def _short(value) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = type(value).__name__
    return text[:120]


class Guard:
    """The module attributes the child itself relies on, put back after each call of student code
    (a student may replace `builtins.len`, `json.dumps`, `os.write`...)."""

    def __init__(self, modules):
        self.saved = [(vars(m), dict(vars(m))) for m in modules]

    def restore(self) -> None:
        for namespace, saved in self.saved:
            for key in [k for k in namespace if k not in saved]:
                del namespace[key]
            namespace.update(saved)


def import_student(path: str, module_name: str, seconds: float):
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    timeout_decorator.timeout(seconds, timeout_exception=protocol.TimeLimit)(spec.loader.exec_module)(module)
    return module


def student_traceback(exc: BaseException, source: str) -> str:
    """The traceback's frames in the student's file only: the grader's own frames tell them nothing
    (and reading their source lines would be refused by the audit hook)."""
    walk = [(f, n) for f, n in traceback.walk_tb(exc.__traceback__) if f.f_code.co_filename == source]
    lines = traceback.format_list(traceback.StackSummary.extract(walk[-8:]))
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines)[-4000:]


def describe(exc: BaseException) -> tuple[str, str]:
    """Map an exception that escaped a probe to a reply status and a one-line description."""
    if isinstance(exc, protocol.TimeLimit):
        return protocol.TIMEOUT, "time limit"
    if isinstance(exc, MemoryError):
        return protocol.MEMORY, "MemoryError"
    if isinstance(exc, NotImplementedError):
        return protocol.NOT_IMPLEMENTED, "NotImplementedError"
    if isinstance(exc, protocol.Missing):
        return protocol.MISSING, str(exc)
    if isinstance(exc, protocol.InvalidValue):
        return protocol.INVALID, str(exc)
    try:
        text = f"{type(exc).__name__}: {exc}"
    except BaseException:  # a student's exception whose __str__ itself fails
        text = type(exc).__name__
    return protocol.ERROR, text[:2000]


def run(call, source: str, guard: Guard) -> dict:
    """Run `call()` and turn whatever happens into a reply body."""
    started = time.perf_counter()
    try:
        result = call()
        guard.restore()
        reply = {"status": protocol.OK, "value": protocol.plain(result)}
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, SystemExit included
        guard.restore()
        try:
            status, text = describe(exc)
            reply = {"status": status, "error": text, "traceback": student_traceback(exc, source)}
        except BaseException:  # noqa: BLE001 - e.g. a RecursionError again while formatting
            reply = {"status": protocol.ERROR, "error": type(exc).__name__, "traceback": ""}
    reply["seconds"] = time.perf_counter() - started
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the student may have closed the stream
            pass
    return reply


def main() -> None:
    request_fd, reply_fd = int(sys.argv[1]), int(sys.argv[2])
    config = protocol.read_frame(request_fd)
    nonce = config["nonce"]
    workdir = config["workdir"]
    request_fd, reply_fd = hide_channel(request_fd), hide_channel(reply_fd)  # before RLIMIT_NOFILE
    channel = calls.connect(request_fd, reply_fd, nonce)  # probes' parent-served calls
    apply_limits(config["limits"])
    probes = load_probes(config["probe_modules"])
    preload(workdir)
    if config.get("drop_to") is not None:
        drop_privileges(config["drop_to"])
    sys.setrecursionlimit(RECURSION_LIMIT)
    sys.dont_write_bytecode = True
    sys.path[0] = workdir  # the student's own helper modules, and not the grader's sources
    import tempfile

    tempfile.tempdir = workdir  # the only folder the student's code may write in
    source = config["source"]
    hook = None
    if config.get("audit", True):
        probe_files = {sys.modules[p.__module__].__file__ for p in probes.values()}
        protected = [os.path.join(ROOT, "grader"), os.path.join(ROOT, "reference"), *probe_files]
        hook = AuditHook(workdir, protected)
        for name in [n for n in sys.modules if n.partition(".")[0] in ("grader", "reference")]:
            del sys.modules[name]  # the child keeps its references; the student has to import anew
        sys.addaudithook(hook)
    import json
    import math
    import struct

    guard = Guard([builtins, sys, os, json, json.encoder, struct, math, time, traceback, protocol,
                   timeout_decorator.timeout_decorator])

    def reply(seq: int, body: dict) -> None:
        guard.restore()
        if hook is not None:
            body["events"] = hook.take()
        protocol.write_frame(reply_fd, {"nonce": nonce, "seq": seq, **body})

    module = None

    def do_import():
        nonlocal module
        module = import_student(source, config["module_name"], config["import_seconds"])
        return sorted(name for name, value in vars(module).items() if callable(value))

    hello = run(do_import, source, guard)
    reply(0, hello)
    if hello["status"] != protocol.OK:
        os._exit(0)
    while True:
        try:
            request = protocol.read_frame(request_fd)
        except EOFError:
            os._exit(0)  # atexit handlers and lingering threads of the student's are not waited for
        probe = probes[request["probe"]]
        payload = request["payload"]
        timed = timeout_decorator.timeout(request["timeout"], timeout_exception=protocol.TimeLimit)(
            lambda: probe(module, payload))
        channel.seq = request["seq"]
        reply(request["seq"], run(timed, source, guard))


if __name__ == "__main__":
    main()
