"""A class made of every attack of catalogue.py plus two honest students, graded as a teacher would
(`grade_class`, two workers), with canaries everywhere a student must not reach; writes what it saw
as JSON. Run as `python scene.py BASE REPORT.json` by tests/test_attacks.py, as root or as an
ordinary user, with whatever python can import the grader (the checks are made here, by the same
user that graded, and judged by the test).

BASE receives the teacher's fake $HOME, the cache, the class, the output and the run's temporary
folder; the checkout and the venv are the ones this python imports the grader from.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import socket
import subprocess
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path

CANARIES = {".bashrc": "# the teacher's bashrc\n", ".profile": "# profile\n",
            ".ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY----- canary\n"}
HONEST = "def solution_42():\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n"


def snapshot(folder: Path) -> dict[str, str]:
    """Every file's hash and every folder under `folder` (Python's byte-code caches aside)."""
    found = {}
    for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
        if "__pycache__" in path.parts:
            continue
        try:
            found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        except OSError:
            found[str(path)] = "unreadable"
    return found


def processes_in(folder: Path) -> list[str]:
    """Processes whose working folder is inside `folder` (the children's folders are there)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and os.readlink(f"/proc/{entry}/cwd").startswith(str(folder)):
                found.append(f"{entry} {Path(f'/proc/{entry}/cmdline').read_bytes()[:200]!r}")
        except OSError:
            pass
    return found


def metadata(paths: list[Path]) -> dict[str, list]:
    """Mode, owner, extended attributes and a file's modification time of each path (a chmod, chown,
    setxattr or utime shows). Not a folder's time: the grader's own byte-code caches change it."""
    found = {}
    for path in paths:
        info = os.lstat(path)
        try:
            attributes = sorted(os.listxattr(path, follow_symlinks=False))
        except OSError:
            attributes = []
        changed = None if path.is_dir() else info.st_mtime_ns
        found[str(path)] = [info.st_mode, info.st_uid, info.st_gid, changed, attributes]
    return found


def scheduling(pids: list[int]) -> dict[str, list]:
    """Nice value, CPU and open-file limits, CPUs and I/O priority of each process."""
    import ctypes
    import resource

    from grader.sandbox import libseccomp

    libc = ctypes.CDLL(None, use_errno=True)
    ioprio_get = libseccomp.syscall_number("ioprio_get")
    return {
        str(pid): [
            os.getpriority(os.PRIO_PROCESS, pid),
            list(resource.prlimit(pid, resource.RLIMIT_CPU)),
            list(resource.prlimit(pid, resource.RLIMIT_NOFILE)),
            sorted(os.sched_getaffinity(pid)),
            os.sched_getscheduler(pid),
            libc.syscall(ioprio_get, 1, pid),  # IOPRIO_WHO_PROCESS
        ]
        for pid in pids
    }


def unix_listeners(base: Path) -> tuple[socket.socket, socket.socket]:
    """A datagram and a stream socket at paths anyone may write (a child that can name them could reach
    them, as it could any service of the machine's)."""
    listeners = []
    for kind, name in ((socket.SOCK_DGRAM, "dgram.sock"), (socket.SOCK_STREAM, "stream.sock")):
        listener = socket.socket(socket.AF_UNIX, kind)
        listener.bind(str(base / name))
        os.chmod(base / name, 0o777)
        if kind == socket.SOCK_STREAM:
            listener.listen()
        listener.setblocking(False)
        listeners.append(listener)
    return listeners[0], listeners[1]


def received(listener: socket.socket) -> int:
    """Datagrams or connections waiting on a listener."""
    count = 0
    while True:
        try:
            listener.recv(64) if listener.type == socket.SOCK_DGRAM else listener.accept()
        except BlockingIOError:
            return count
        count += 1


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's grader and tests
    base, report = Path(sys.argv[1]), Path(sys.argv[2])
    home, cache, class_dir, out, tmp = (base / name for name in ("home", "cache", "class", "out", "tmp"))
    for folder in (home / ".ssh", cache, class_dir, tmp):
        folder.mkdir(parents=True)
    tmp.chmod(0o711)  # as root, each child's uid passes through to its own folder
    for name, text in CANARIES.items():
        (home / name).write_text(text)
    (cache / "patterns.bin").write_bytes(b"pattern database canary")
    os.environ.update(HOME=str(home), TAQUIN_GRADER_CACHE=str(cache))
    tempfile.tempdir = str(tmp)  # inherited by the workers (fork)

    import grader
    from grader.cli import format_result
    from grader.judge.settings import Settings
    from grader.run.grading import grade_class
    from grader.registry import all_questions
    from grader.results.scoring import Scheme
    from grader.results.records import isolation_text
    from grader.sandbox.limits import Limits
    from tests.attacks import catalogue
    from tests.attacks.accomplice import Accomplice
    from tests.attacks.memory import peak_resident_bytes

    checkout = Path(grader.__file__).resolve().parent.parent
    site = Path(sysconfig.get_paths()["purelib"])
    listener = socket.create_server(("127.0.0.1", 0))
    connections = []
    threading.Thread(target=lambda: connections.append(listener.accept()), daemon=True).start()
    dgram, stream = unix_listeners(base)
    bystander = subprocess.Popen(["sleep", "900"])  # another process of the teacher's, her shell say
    tag = secrets.token_hex(4)
    ipc_key = secrets.randbelow(1 << 29) + 1
    limits = Limits(import_seconds=5.0)
    children_uids = range(limits.uid_first, limits.uid_first + limits.uid_count) if os.geteuid() == 0 else \
        range(os.geteuid(), os.geteuid() + 1)
    accomplice = Accomplice(ipc_key, tag, children_uids)
    victim = class_dir / "victim.py"
    victim.write_text(HONEST)
    (class_dir / "honest.py").write_text(HONEST)
    where = dict(home=home, checkout=checkout, site=site, cache=cache, out=out, victim=victim, tmp=tmp,
                 port=listener.getsockname()[1], dgram=base / "dgram.sock", stream=base / "stream.sock", tag=tag,
                 ipc_key=ipc_key)
    for name in catalogue.ATTACKS:
        (class_dir / f"{name}.py").write_text(catalogue.source(name, **where))

    # The children's copy of the standard library, kept in the cache as an earlier run on this machine left
    # it (where the children cannot write it): watched with the rest, so that a child that changed it shows.
    from grader.sandbox import process, stdlib_copy
    stdlib_copy.for_children(process.stdlib_protected(limits))
    watched = [home, cache, class_dir] + [checkout / p for p in ("grader", "reference", "reports", "exercises")]
    before = {str(f): snapshot(f) for f in watched}
    teacher_paths = [home, home / ".ssh", *(home / name for name in CANARIES), cache, cache / "patterns.bin", site,
                     checkout / "grader"]
    metadata_before, scheduling_before = metadata(teacher_paths), scheduling([os.getpid(), bystander.pid])
    site_before = sorted(os.listdir(site))
    q1 = [q for q in all_questions() if q.id == "q1"]
    # Verdicts here are about containment, not speed: a generous time floor, so that a slow disk or a
    # neighbour's fork bomb on a loaded machine cannot turn an attack that did no harm into a timeout.
    settings = Settings(scheme=Scheme(time_floor=2.0), limits=limits)
    try:
        run = grade_class(class_dir, out, q1, settings, workers=2)
        ipc = accomplice.seen()
    finally:
        accomplice.remove()
    after = {str(f): snapshot(f) for f in watched}
    metadata_after, scheduling_after = metadata(teacher_paths), scheduling([os.getpid(), bystander.pid])
    bystander.kill()

    by_id = {s.id: s for s in run.submissions}
    changed = [path for folder in before for path in set(before[folder]) | set(after[folder])
               if before[folder].get(path) != after[folder].get(path)]
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    json.dump({
        "user": os.geteuid(),
        "isolation": isolation_text(run.limits, "en"),
        "verdicts": {name: by_id[name].questions[0].status for name in by_id},
        "changed": changed,
        "site_added": sorted(set(os.listdir(site)) - set(site_before) - {"__pycache__"}),  # ours, not theirs
        "out_files": written,
        "results_bytes": (out / "results.json").stat().st_size,
        # The children's copy of the standard library goes at the grader's exit (tests/test_attacks.py checks).
        "left_in_tmp": sorted(name for name in os.listdir(tmp) if not name.startswith("taquin-stdlib-")),
        "left_outside": sorted(str(p) for d in (Path("/tmp"), Path("/dev/shm")) for p in d.glob(f"attack-{tag}-*")),
        "processes": processes_in(tmp),
        "connections": len(connections),
        "metadata_changed": {p: [metadata_before[p], metadata_after[p]] for p in metadata_before
                             if metadata_before[p] != metadata_after[p]},
        "scheduling_changed": {p: [scheduling_before[p], scheduling_after[p]] for p in scheduling_before
                               if scheduling_before[p] != scheduling_after[p]},
        "unix_received": received(dgram) + received(stream),
        "ipc": ipc,
        "peak_mib": peak_resident_bytes() >> 20,  # the grader's, in MiB
        "terminal": format_result(by_id["escape_sequences"], "en"),
    }, report.open("w"))


if __name__ == "__main__":
    main()
