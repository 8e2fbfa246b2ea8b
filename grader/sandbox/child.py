"""Child side of the sandbox: the only process where a student's code ever runs.

Started by runner.py (through supervisor.py) as `python -I child.py REQUEST_FD REPLY_FD STDLIB` in its
own folder (STDLIB: the copy of the standard library it imports from, stdlib_copy.py; `child.py - -` on
the portable path of stdio.py: the pipes are its standard input and output), or forked by the fork
server (zygote.py), which has already imported what is imported here, and calls serve(). While it is still trusted (no student code loaded), it: reads its configuration; moves the
protocol's pipes out of sight; imports the probes it was told to use, the standard-library modules the
student's files import and confine.py; applies the operating-system confinement (confine.apply) and
tells the parent which layers are in force, and waits for the parent's go (given once the parent has
checked what the kernel shows of them). Only then does it import the student's file by path, and serve
requests: each names a probe (a function `probe(module, payload)` of a question module) that
installs the globals, calls the student's functions and returns plain data.

From the student's first line on, everything in this process belongs to the student (the threat
model in docs/sandbox.md): nothing here is a security layer. The kernel enforces the confinement, the parent
enforces the deadlines and the caps, measures the CPU time and validates every reply.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:  # (also imported by the in-process child: inprocess.py)
    sys.path.insert(0, ROOT)

from grader.sandbox import stdlib_copy  # noqa: E402

if __name__ == "__main__" and sys.argv[3:]:  # spawned: STDLIB, where to import the standard library from
    stdlib_copy.use(sys.argv[3])

import __future__  # noqa: E402
import ast  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import re  # noqa: E402
import secrets  # noqa: E402
import signal  # noqa: E402
import traceback  # noqa: E402

from grader.sandbox import calls, confine, protocol  # noqa: E402

# The compiler flags of `from __future__` imports, carried from a notebook's cell to the next.
FUTURE_FLAGS = sum(getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)

# Student code is often written the Caml way, recursively; Python's default of 1000 frames is too
# tight for that, and 3.11 no longer spends C stack on pure-Python calls.
RECURSION_LIMIT = 10_000

# Imported before the confinement: afterwards only the standard library is readable (and not even
# that when the interpreter sits in a folder the child's own uid cannot enter, e.g. under /root).
# Standard-library modules that the student's files import are preloaded too, except these, whose
# import has side effects (browser, display).
PRELOAD = (
    "array",
    "bisect",
    "collections",
    "copy",
    "dataclasses",
    "enum",
    "fractions",
    "functools",
    "heapq",
    "itertools",
    "math",
    "operator",
    "queue",
    "random",
    "re",
    "statistics",
    "string",
    "sys",
    "tempfile",
    "time",
    "typing",
    "abc",
    "decimal",
    "numbers",
    "pprint",
    "textwrap",
    "threading",
    "atexit",
    "encodings.latin_1",
    "encodings.cp1252",
    "encodings.ascii",
)
# The modules a line imports (`import a.b, c as d`, `from x.y import z`, after `;` or `:` too), read by a
# scan of the text: no syntax tree is built before the limits (a tree can take a thousand times a file's size).
IMPORTS = re.compile(
    r"(?:^|[;:])[ \t]*(?:import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)"
    r"|from[ \t]+(\w[\w.]*)[ \t]+import\b)",
    re.MULTILINE,
)
NEVER_PRELOAD = {
    "antigravity",
    "this",
    "turtle",
    "turtledemo",
    "tkinter",
    "idlelib",
    "webbrowser",
    "pydoc",
    "ensurepip",
    "venv",
    "__phello__",
    "__hello__",
}


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
    """Import PRELOAD and the standard-library modules the student's files import, but none that a file
    of the student's shadows (their own `queue.py` must be the `queue` they import)."""
    names = set(PRELOAD)
    for entry in os.listdir(workdir):
        if entry.endswith(".py"):
            with open(os.path.join(workdir, entry), encoding="utf-8", errors="replace") as file:
                for listed, module in IMPORTS.findall(file.read()):
                    names.update(part.split()[0] for part in listed.split(",") if part.strip())
                    names.add(module)
    names.discard("")
    shadowed = shadowed_by(workdir)
    import_stdlib(name for name in names if name.partition(".")[0] not in shadowed)


def shadowed_by(workdir: str) -> set[str]:
    """The module names the student's folder defines (the intake gives it flat `NAME.py` files only)."""
    return {entry.removesuffix(".py") for entry in os.listdir(workdir) if entry.endswith(".py")}


def forget_shadowed(workdir: str) -> None:
    """Drop the standard-library modules loaded early (PRELOAD, by the fork server too) that the student's
    folder shadows, so that their import finds their own file first, as plain Python would. Built-in
    modules (`sys`) cannot be shadowed in Python either; the grader's own stay (its probes use them)."""
    shadowed = (shadowed_by(workdir) & sys.stdlib_module_names) - set(sys.builtin_module_names)
    for name in [m for m in sys.modules if m.partition(".")[0] in shadowed]:
        del sys.modules[name]


def student_path(workdir: str) -> list[str]:
    """sys.path for the student's code: their folder (their own helper modules), then the standard library.
    Off it: the grader's sources and third-party packages (the grader's own, numpy or hypothesis), so that
    importing one fails as on a Python without it (ModuleNotFoundError, which code may catch) on every
    system alike: a student whose file imports numpy is told so at home, not at grading. On Linux, Landlock
    forbids reading them anyway: this is not a security layer."""
    grader = os.path.realpath(ROOT)

    def in_grader(entry: str) -> bool:
        try:
            return os.path.commonpath([grader, os.path.realpath(entry)]) == grader
        except ValueError:  # on another drive (Windows)
            return False

    kept = (
        e for e in sys.path if os.path.basename(os.path.normpath(e)) not in stdlib_copy.THIRD_PARTY and not in_grader(e)
    )
    return [workdir, *kept]


def import_stdlib(names) -> None:
    """Import those of `names` that are standard-library modules with no side effects. Never a program
    (`__main__`: `unittest.__main__` runs tests, `lib2to3.__main__` a refactoring) nor a test suite: this
    runs before the confinement and its limits."""
    for name in sorted(names):
        parts = name.split(".")
        if (
            parts[0] in sys.stdlib_module_names
            and parts[0] not in NEVER_PRELOAD
            and not {"__main__", "test", "tests"} & set(parts)
        ):
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - a name that is not a module: the student's import says so
                pass


def hide_channel(fd: int) -> int:
    """Move a protocol pipe to a random high descriptor, closed on exec; return the new number.
    Not a defence (the student owns this process): it keeps a careless `os.close(3)` from breaking it."""
    target = 100 + secrets.randbelow(900)
    while _is_open(target):
        target = 100 + secrets.randbelow(900)
    os.dup2(fd, target, inheritable=False)
    os.close(fd)
    return target


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _on_alarm(signum, frame):
    raise protocol.TimeLimit


def with_deadline(seconds: float, call, wall: float | None = None):
    """Run `call()` with a SIGPROF once this process has used `seconds` of CPU time (all its threads), and
    a SIGALRM at `wall` seconds of wall time unless None: the common case ends with a clean timeout and
    the line the code was on, whatever the machine's load. The parent's kill is the guarantee (these
    timers can be caught, ignored or blocked), and where `wall` is None it stops a run that sleeps
    (deadline.py)."""
    if not hasattr(signal, "setitimer"):  # Windows: only the parent's kill
        return call()
    timers = [(signal.SIGPROF, signal.ITIMER_PROF, seconds)]
    if wall is not None:
        timers.append((signal.SIGALRM, signal.ITIMER_REAL, wall))
    for number, timer, after in timers:
        signal.signal(number, _on_alarm)
        signal.setitimer(timer, max(after, 0.001))
    try:
        return call()
    finally:
        for _, timer, _ in timers:
            signal.setitimer(timer, 0)


def import_student(path: str, module_name: str, seconds: float, cells=()) -> tuple[object, list]:
    """The student's module imported under a deadline (of CPU and wall time alike), and the notebook cells
    that failed (`load_student`)."""
    return with_deadline(seconds, lambda: load_student(path, module_name, cells), seconds)


def load_student(path: str, module_name: str, cells=()) -> tuple[object, list]:
    """Import the student's module from `path`: a .py file as Python imports it (any error is the
    import's), a notebook's module (`cells`: each code cell's number and the line its part starts at,
    from the intake) cell by cell, as the student's kernel ran them: a cell that raises is left where it
    failed (what it defined before stays) and the next cells run. Returns the module and the cells that
    failed, each [number, line in the cell, exception's class name, its message] (`failed_cell`), at most
    FAILED_CELLS of them. Shared by this child and the in-process one (inprocess.py)."""
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None  # a .py path always has a source loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    if not cells:
        spec.loader.exec_module(module)
        return module, []
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    ends = [start - 1 for _, start in cells[1:]] + [len(lines)]
    failed, flags = [], 0
    for (number, start), end in zip(cells, ends):
        text = "\n".join(lines[start - 1 : end])
        try:
            offset = 1  # a parse error's line counts from the cell's part (its marker is line 1)
            tree = ast.parse(text, path)
            # The cell's lines numbered as in the module: a traceback or a compiler's error points there.
            offset = start
            code = compile(ast.increment_lineno(tree, start - 1), path, "exec", flags=flags, dont_inherit=True)
        except (SyntaxError, ValueError) as exc:  # the compiler's own error: this cell alone does not run
            lineno = exc.lineno if isinstance(exc, SyntaxError) else None
            failed.append(failed_cell(exc, number, lineno - offset if isinstance(lineno, int) else 0))
            continue
        flags |= code.co_flags & FUTURE_FLAGS  # a `from __future__` import holds for the cells after, as in IPython
        try:
            exec(code, vars(module))
        except MemoryError:
            raise
        except Exception as exc:  # noqa: BLE001 - the student's cell may raise anything; their kernel went on
            tb = BaseException.__dict__["__traceback__"].__get__(exc)
            frames = [n for f, n in traceback.walk_tb(tb) if f.f_code.co_filename == path]
            failed.append(failed_cell(exc, number, frames[0] - start if frames else 0))
    return module, failed[: protocol.FAILED_CELLS]


def failed_cell(exc: BaseException, number: int, line: int) -> list:
    """What is said of a cell that raised, read without running any of the student's code (their
    exception's `__str__`, `args` or class may be anything): [the cell's number, the `line` of the cell
    it was raised at (0: unknown), the class's own name, its first argument when that is a plain str]."""
    kind = type.__dict__["__name__"].__get__(type(exc))[: protocol.KIND_CHARS]
    args = BaseException.__dict__["args"].__get__(exc)
    message = args[0][: protocol.MESSAGE_CHARS] if args and type(args[0]) is str else ""
    return [number, max(line, 0), kind, message]


def imported(module, failed: list) -> dict:
    """The import's reply value: the module's callables and the notebook cells that failed."""
    return {"names": sorted(name for name, value in vars(module).items() if callable(value)), "failed_cells": failed}


def student_traceback(exc: BaseException, source: str) -> str:
    """The traceback's frames in the student's file only: the grader's own frames tell them nothing."""
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
    except BaseException:  # noqa: BLE001 - a student's exception whose __str__ itself fails
        text = type(exc).__name__
    return protocol.ERROR, text[:2000]


def run(call, source: str) -> dict:
    """Run `call()` and turn whatever happens into a reply body."""
    try:
        reply = {"status": protocol.OK, "value": protocol.plain_value(call())}
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, SystemExit included
        try:
            status, text = describe(exc)
            reply = {"status": status, "error": text, "traceback": student_traceback(exc, source)}
        except BaseException:  # noqa: BLE001 - e.g. a RecursionError again while formatting
            reply = {"status": protocol.ERROR, "error": type(exc).__name__, "traceback": ""}
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the student may have closed the stream
            pass
    return reply


def main() -> None:
    if sys.argv[1:] == ["-", "-"]:
        serve(*stdio_channel())
    else:
        serve(int(sys.argv[1]), int(sys.argv[2]))  # (argv[3] was used at the top)


def stdio_channel() -> tuple[int, int]:
    """The portable path (a parent without descriptor passing: Windows): the protocol's pipes are
    standard input and output. They get descriptors of their own; the student's `input()` then reads
    nothing and what it prints goes to standard error."""
    request_fd, reply_fd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return request_fd, reply_fd


def serve(request_fd: int, reply_fd: int) -> None:
    """The child's whole life on its two pipes (see the module's doc); never returns."""
    config = protocol.read_frame(request_fd)
    nonce = config["nonce"]
    workdir = config["workdir"]
    request_fd, reply_fd = hide_channel(request_fd), hide_channel(reply_fd)  # before RLIMIT_NOFILE
    channel = calls.connect(request_fd, reply_fd, nonce)  # probes' parent-served calls
    probes = load_probes(config["probe_modules"])
    preload(workdir)

    def reply(seq: int, body: dict) -> None:
        protocol.write_frame(reply_fd, {"nonce": nonce, "seq": seq, **body})

    try:
        layers = confine.apply({**config["confine"], "read_write": [workdir]})
    except (confine.ConfinementError, OSError) as exc:
        reply(protocol.CONFINED_SEQ, {"status": protocol.CRASHED, "error": f"confinement failed: {exc}"})
        os._exit(70)
    if confine.shares_uid(config["confine"]):
        confine.share_threads(config["confine"]["limits"]["processes"])
    reply(protocol.CONFINED_SEQ, {"status": protocol.OK, "value": layers})
    try:
        protocol.read_frame(request_fd)  # the parent's go, once it has checked what the kernel shows
    except EOFError:
        os._exit(0)
    sys.setrecursionlimit(RECURSION_LIMIT)
    sys.dont_write_bytecode = True
    sys.path[:] = student_path(workdir)
    import tempfile

    tempfile.tempdir = workdir  # the only folder the student's code may write in
    forget_shadowed(workdir)
    source = config["source"]
    module = None

    def do_import():
        nonlocal module
        module, failed = import_student(source, config["module_name"], config["import_seconds"], config["cells"])
        return imported(module, failed)

    hello = run(do_import, source)
    reply(0, hello)
    if hello["status"] != protocol.OK:
        os._exit(0)
    while True:
        try:
            request = protocol.read_frame(request_fd)
        except EOFError:
            os._exit(0)  # atexit handlers and lingering threads of the student's are not waited for
        if "probe" not in request:
            # The answer to a served call the run stopped waiting for (its deadline came first): the
            # parent sent it before reading that run's reply.
            continue
        probe = probes[request["probe"]]
        payload = request["payload"]
        channel.seq = request["seq"]
        reply(
            request["seq"],
            run(
                lambda: with_deadline(request["timeout"], lambda: probe(module, payload), request.get("wall")),  # noqa: B023
                source,
            ),
        )  # (run calls it at once: the loop variables are this request's)


if __name__ == "__main__":
    main()
