"""A class graded while the grading account is busy, with students who start threads and fill their
folder: what an ordinary teacher without user namespaces (and a student at home, on Ubuntu >= 24.04)
meets, where the child shares the account's uid and its folder is a plain folder of the disk. Run as
`python shared_account_scene.py BASE REPORT.json` by tests/test_sandbox_nouserns.py, as root or as an
ordinary user, with or without user namespaces.

The account is made busy first: a process of the same uid holds BUSY idle threads (a browser holds
hundreds), more than a child's `Limits.processes`, which RLIMIT_NPROC counted against every task of the
uid. The students (each a jeux.py; q1 and q4 graded):
- `alice`: the sample answer;
- `thread_user`: the same, with its BFS run in a thread of a large stack (the usual recipe for deep
  recursion in Python): a correct answer, full marks;
- `deep_nest`: q1's answer after nesting folders DEPTH deep in its folder (deeper than Python's recursion
  limit: shutil.rmtree recursed on Python 3.11 and left the folder), the refusal of a full folder caught;
- `mallory`: red team 5's: at import the same nest and FILL files of 1 MiB beside it;
- `many_files`: at import, empty files until its folder refuses one;
- `hidden_fill`: at import, files of 1 MiB in a folder it made unreadable (mode 0300), until refused;
- `hoarder`: red team 6's: at import, HOARD files of 1 MiB, each kept (one page mapped and its
  descriptor closed, or one in ten with its descriptor open) and its name removed (unlinked, or every
  other one renamed over), so that its blocks are in no folder the parent counts; it goes on when a
  removal is refused, stops when a write is, and says how many MiB it hid;
- `tidy`: alice's answer, which at import removes a file that does not exist, as careful code does
  (red team 8: `unlink(missing_ok=True)`, `except FileNotFoundError`), uses what removes or
  renames files: tempfile's temporary files and folder, os.replace, shutil.rmtree, and keeps data in an
  SQLite file of its folder (`sqlite3.connect("memo.db")`: the child's file locks being refused, it
  failed with "access permission denied"), in a `shelve` and in a `dbm` file (`dbm.dumb` sets each
  file's mode, which seccomp refuses: they failed with "Operation not permitted").
Then red team 7's duel (`thread_duel`): a thief's child fills the uid's room after an honest child
started, a burster's fills it in bursts between the parent's looks, and the honest one starts a thread.
Then a run of POOL workers (`crowded_pool`): after an honest child started, a child per other worker
fills its share of threads (a thread bomb, within the rules); the honest one then starts 24 threads of its
own; and whether the account can still start a thread.
Written to REPORT: each student's points and statuses per question, their checks' messages and output,
the duel's and the crowded pool's replies, whether a thread could still start, the children's folders left in
the temporary folder, the processes left.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BUSY = 60
DEPTH = 1500
FILL = 200
HOARD = 100
BOMB_LIMIT = 5000

THREAD_BFS = """

import threading as _threading

_own_bfs = bfs


def bfs():
    found = []
    _threading.stack_size(64 * 1024 * 1024)
    worker = _threading.Thread(target=lambda: found.append(_own_bfs()))
    worker.start()
    worker.join()
    return found[0]
"""

ANSWER = "[1, 2, 4, 5, 10, 20, 21, 42]"
GAME = "initial = None\nsuivants = None\nfinal = None\nh = None\n"

# Red team 7's thief, against a child started before it: once past any wrapper of the thread start (the
# grader's child wraps it where it shares the uid: confine.share_threads), it fills the uid's room with
# idle threads and holds it.
UNWRAPPED = """import _thread, threading, time

start = _thread.start_new_thread
while getattr(start, "__closure__", None):
    start = next(cell.cell_contents for cell in start.__closure__ if callable(cell.cell_contents))
threading.stack_size(65536)
"""
THIEF = f"""{UNWRAPPED}hold = threading.Event()


def grow():
    hold.wait(0.05)  # once the import replied
    while True:
        try:
            start(hold.wait, ())
        except RuntimeError:
            hold.wait(0.002)


start(grow, ())


def f():
    return 0
"""
# A thief in bursts: past the wrapper likewise, it fills the uid's room, holds it 80 ms, lets it go for a
# moment and fills it again, hoping to be within its share at each of the parent's looks and over it in
# between (docs/sandbox.md: the looks come at instants it cannot foresee, and a burst that meets one ends it).
BURSTER = f"""{UNWRAPPED}

def bursts():
    time.sleep(0.05)  # once the import replied
    while True:
        gate = _thread.allocate_lock()
        gate.acquire()
        while True:
            try:
                start(lambda gate=gate: (gate.acquire(), gate.release()), ())
            except RuntimeError:  # the room is full
                break
        time.sleep(0.08)
        gate.release()
        time.sleep(0.002)


start(bursts, ())


def f():
    return 0
"""
HONEST = """import threading


def f():
    found = []
    worker = threading.Thread(target=lambda: found.append(42))
    worker.start()
    worker.join()
    return found[0]
"""


# `grader grade --workers 9`: the fewest workers whose other children, each holding its share, took the
# whole room a child sharing the uid had before it counted the pool (Limits.workers).
POOL = 9
# A classmate's child, a thread bomb: at import, threads of small stacks until one is refused (its share is
# full: on a shared uid the thread start refuses it, so it is never past its share and the parent's watch
# has nothing to stop), held.
FILLER = f"""import threading

hold = threading.Event()
threading.stack_size(65536)
started = 0
try:
    while started < {BOMB_LIMIT}:
        threading.Thread(target=hold.wait, daemon=True).start()
        started += 1
except RuntimeError:
    pass


def f():
    return started
"""
# An honest child that needs its normal room: 24 threads at once, within its share of 32 tasks (in a user
# namespace its supervisor's count with it: 29 threads at most).
ROOMY = """import threading


def f():
    hold = threading.Event()
    threading.stack_size(65536)
    started = 0
    try:
        for _ in range(24):
            threading.Thread(target=hold.wait, daemon=True).start()
            started += 1
    finally:
        hold.set()
    return started
"""


def crowded_pool() -> dict:
    """A run of POOL workers: an honest child starts, then one child per other worker fills its share;
    then the honest child starts its threads. Each one's reply (status, value, the error, a stop's key)."""
    from grader.sandbox.limits import Limits
    from grader.sandbox.runner import new_child

    probe, children = "tests.hostile.probes:probe_call", []
    try:
        for source in [ROOMY] + [FILLER] * (POOL - 1):
            children.append(new_child({"jeux": source}, "jeux", ["tests.hostile.probes"], Limits(workers=POOL)))
            assert children[-1].start().ok
        honest, *fillers = [said(child.call(probe, {"function": "f"}, 10.0)) for child in children]
    finally:
        with ThreadPoolExecutor(len(children) or 1) as closing:  # each waits for its threads to end
            list(closing.map(lambda child: child.close(), children))
    return {"honest": honest, "fillers": fillers}


def said(reply) -> list:
    """A reply as the report keeps it: status, value, the error, a stop's message key."""
    return [str(reply.status), reply.value, reply.error[:200], reply.violation and reply.violation[0]]


def thread_duel() -> dict:
    """An honest child starts a thread after a thief's child and a burster's, started after it, filled the
    uid's room: each one's reply (status, value, the message key of a stop)."""
    import time

    from grader.sandbox.limits import Limits
    from grader.sandbox.runner import new_child

    probe, children = "tests.hostile.probes:probe_call", []
    try:
        for source in (HONEST, THIEF, BURSTER):
            children.append(new_child({"jeux": source}, "jeux", ["tests.hostile.probes"], Limits()))
            assert children[-1].start().ok
        time.sleep(0.5)  # the thieves fill the room
        replies = [child.call(probe, {"function": "f"}, 10.0) for child in children]
    finally:
        for child in children:
            child.close()
    return {name: said(reply) for name, reply in zip(("honest", "thief", "burster"), replies)}


DEEP_NEST = f"""import os
{GAME}

def solution_42():
    here = os.open(".", os.O_RDONLY)
    try:
        for _ in range({DEPTH}):
            os.mkdir("n")
            os.chdir("n")
    except OSError:  # a full folder (a tmpfs's inodes)
        pass
    os.fchdir(here)
    return {ANSWER}
"""

MALLORY = f"""import os
{GAME}
_here = os.open(".", os.O_RDONLY)
for _ in range({DEPTH}):
    os.mkdir("n")
    os.chdir("n")
for _i in range({FILL}):
    with open(f"fill{{_i}}", "wb") as _out:
        _out.write(b"y" * (1 << 20))
os.fchdir(_here)


def solution_42():
    return {ANSWER}
"""

HIDDEN_FILL = f"""import os
{GAME}
os.mkdir("hidden", 0o300)  # written in, listed by nobody (the child cannot chmod: seccomp)
for _i in range(1000):
    with open(f"hidden/fill{{_i}}", "wb") as _out:
        _out.write(b"z" * (1 << 20))


def solution_42():
    return {ANSWER}
"""

HOARDER = f"""import ctypes, os
{GAME}
_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
_kept, _hidden = [], 0
for _i in range({HOARD}):
    try:
        with open(f"hoard{{_i}}", "wb") as _out:
            _out.write(b"h" * (1 << 20))
        _file = open(f"hoard{{_i}}", "rb")
    except OSError:  # a full folder
        break
    if _i % 10:  # one page mapped holds the whole file, without a descriptor (PROT_READ, MAP_SHARED)
        _libc.mmap(None, 4096, 1, 1, _file.fileno(), 0)
        _file.close()
    else:  # so does an open descriptor
        _kept.append(_file)
    try:
        if _i % 2:  # its name taken by another file (a rename over it)
            open("cover", "w").close()
            os.replace("cover", f"hoard{{_i}}")
        else:
            os.unlink(f"hoard{{_i}}")
        _hidden += 1
    except OSError:
        pass


def solution_42():
    print(f"hidden {{_hidden}} MiB")
    return {ANSWER}
"""

TIDY = """
import dbm as _dbm
import os as _os
import pathlib as _pathlib
import shelve as _shelve
import shutil as _shutil
import sqlite3 as _sqlite3
import tempfile as _tempfile

_pathlib.Path("memo.txt").unlink(missing_ok=True)
try:
    _os.remove("absent.txt")
except FileNotFoundError:
    pass
with _tempfile.TemporaryFile() as _scratch, _tempfile.NamedTemporaryFile() as _named:
    _scratch.write(b"x"), _named.write(b"x")
with _tempfile.TemporaryDirectory() as _folder:
    _pathlib.Path(_folder, "a").write_text("a")
    _os.replace(_pathlib.Path(_folder, "a"), _pathlib.Path(_folder, "b"))
_os.makedirs("tree/leaf")
_shutil.rmtree("tree")
_db = _sqlite3.connect("memo.db")
_db.execute("create table if not exists memo (n integer)")
_db.executemany("insert into memo values (?)", [(_n,) for _n in range(100)])
_db.commit()
assert _db.execute("select sum(n) from memo").fetchone() == (4950,)
with _shelve.open("shelf") as _shelf:
    _shelf["moves"] = ["haut", "gauche"]
with _shelve.open("shelf") as _shelf:
    assert _shelf["moves"] == ["haut", "gauche"]
with _dbm.open("keys", "c") as _keys:
    _keys["seen"] = "1"
"""

MANY_FILES = f"""{GAME}
for _i in range(100_000):
    open(f"f{{_i}}", "w").close()


def solution_42():
    return {ANSWER}
"""


def busy_account() -> subprocess.Popen:
    """A process of this uid holding BUSY idle threads until its standard input closes."""
    code = (
        "import sys, threading\n"
        f"for _ in range({BUSY}):\n"
        "    threading.Thread(target=sys.stdin.read, daemon=True).start()\n"
        "print('ready', flush=True)\n"
        "sys.stdin.read()\n"
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "ready\n"
    return process


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's grader and tests
    base, report = Path(sys.argv[1]), Path(sys.argv[2])
    from tests.attacks.scene_setup import prepare

    cache, class_dir, out, tmp = prepare(base)

    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.results.scoring import Scheme
    from grader.run.grading import grade_class
    from grader.run.jobs import select
    from grader.sandbox import confine
    from tests.attacks.scene import processes_in

    checkout = Path(__file__).resolve().parents[1]
    alice = (checkout / "exercises" / "exemples" / "alice" / "jeux.py").read_text()
    sources = {
        "alice": alice,
        "thread_user": alice + THREAD_BFS,
        "deep_nest": DEEP_NEST,
        "mallory": MALLORY,
        "many_files": MANY_FILES,
        "hidden_fill": HIDDEN_FILL,
        "hoarder": HOARDER,
        "tidy": alice + TIDY,
    }
    for name, source in sources.items():
        (class_dir / name).mkdir()
        (class_dir / name / "jeux.py").write_text(source)

    desktop = busy_account()
    tasks = confine.tasks_of(os.getuid())
    try:
        # Containment, not speed: a generous floor, so that a loaded machine's slow disk decides nothing.
        settings = Settings(seed=2017, scheme=Scheme(time_floor=2.0))
        run = grade_class(class_dir, out, select(all_questions(), ["q1", "q4"]), settings, workers=2)
        duel = thread_duel()
        crowd = crowded_pool()
        started = []
        probe = threading.Thread(target=started.append, args=[True])
        probe.start()
        probe.join()
    finally:
        desktop.stdin.close()
        desktop.wait()

    students = {s.id: s for s in run.submissions}
    json.dump(
        {
            "user": os.geteuid(),
            "isolation": run.limits["isolation"],
            "tasks_of_the_account": tasks,
            "verdicts": {sid: {q.id: [str(q.status), q.score] for q in s.questions} for sid, s in students.items()},
            "totals": {sid: [s.total, s.max] for sid, s in students.items()},
            "status": {sid: str(s.status) for sid, s in students.items()},
            "results": {sid: (out / "students" / f"{sid}.json").read_text(encoding="utf-8") for sid in students},
            "thread_started_after": started == [True],
            "thread_duel": duel,
            "crowded_pool": crowd,
            "left_in_tmp": sorted(name for name in os.listdir(tmp) if name.startswith("taquin-grader-")),
            "processes": processes_in(tmp),
        },
        report.open("w"),
    )


if __name__ == "__main__":
    main()
