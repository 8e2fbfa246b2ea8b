"""Child side of the sandbox: the only process where a student's code ever runs.

Started by runner.py as `python -I child.py REQUEST_FD REPLY_FD` in a fresh temporary folder. It reads
its configuration, sets its own limits, imports the probes it was told to use (trusted code, before
anything of the student's), then imports the student's file by path and serves requests: each request
names a probe (a function `probe(module, payload)` of a question module) that installs the globals,
calls the student's functions and returns plain data.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import importlib  # noqa: E402
import importlib.util  # noqa: E402
import resource  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402

import timeout_decorator  # noqa: E402

from grader.sandbox import protocol  # noqa: E402

# Student code is often written the Caml way, recursively; Python's default of 1000 frames is too
# tight for that, and 3.11 no longer spends C stack on pure-Python calls.
RECURSION_LIMIT = 10_000
MAX_EVENTS = 50


def apply_limits(limits: dict) -> None:
    for name, value in (
        ("RLIMIT_AS", limits.get("memory_bytes")),
        ("RLIMIT_CPU", limits.get("cpu_seconds")),
        ("RLIMIT_FSIZE", limits.get("file_bytes")),
        ("RLIMIT_NPROC", limits.get("processes")),
        ("RLIMIT_CORE", 0),
    ):
        if value is not None and hasattr(resource, name):
            resource.setrlimit(getattr(resource, name), (value, value))


def load_probes(modules) -> dict:
    """Import the question modules whose probes this child may run: `module:function` -> callable."""
    table = {}
    for name in modules:
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if getattr(value, "is_probe", False):
                table[f"{name}:{attr}"] = value
    return table


def import_student(path: str, module_name: str, seconds: float):
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    timeout_decorator.timeout(seconds)(spec.loader.exec_module)(module)
    return module


def student_traceback(exc: BaseException, source: str) -> str:
    """The traceback's frames in the student's file only: the grader's own frames tell them nothing."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == source]
    lines = traceback.format_list(frames[-8:])
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines)[-4000:]


def describe(exc: BaseException) -> tuple[str, str]:
    """Map an exception that escaped a probe to a reply status and a one-line description."""
    if isinstance(exc, timeout_decorator.TimeoutError):
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


def run(call, source: str) -> dict:
    """Run `call()` and turn whatever happens into a reply body."""
    started = time.perf_counter()
    try:
        value = protocol.plain(call())
        reply = {"status": protocol.OK, "value": value}
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, SystemExit included
        status, text = describe(exc)
        reply = {"status": status, "error": text, "traceback": student_traceback(exc, source)}
    reply["seconds"] = time.perf_counter() - started
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the student may have replaced or closed the stream
            pass
    return reply


def main() -> None:
    request_fd, reply_fd = int(sys.argv[1]), int(sys.argv[2])
    config = protocol.read_frame(request_fd)
    nonce = config["nonce"]
    apply_limits(config["limits"])
    probes = load_probes(config["probe_modules"])
    sys.setrecursionlimit(RECURSION_LIMIT)
    sys.path[0] = config["workdir"]  # the student's own helper modules, and not the grader's sources
    source = config["source"]

    def reply(seq: int, body: dict) -> None:
        protocol.write_frame(reply_fd, {"nonce": nonce, "seq": seq, **body})

    module = None

    def do_import():
        nonlocal module
        module = import_student(source, config["module_name"], config["import_seconds"])
        return sorted(name for name, value in vars(module).items() if callable(value))

    hello = run(do_import, source)
    reply(0, hello)
    if hello["status"] != protocol.OK:
        return
    while True:
        try:
            request = protocol.read_frame(request_fd)
        except EOFError:
            return
        probe = probes[request["probe"]]
        payload = request["payload"]
        timed = timeout_decorator.timeout(request["timeout"])(lambda: probe(module, payload))
        reply(request["seq"], run(timed, source))


if __name__ == "__main__":
    main()
