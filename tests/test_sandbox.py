"""The sandbox's layers, each on its own: limits, a uid per child, the supervisor's kill of escaped
processes (namespace and subreaper), Landlock and seccomp, the CPU time from the kernel, deadlines, the
protocol, output capture. Every test runs on each way of starting a child: forked by the fork server
(Linux's default), spawned (macOS's path, forced here) and the portable path (stdio.py: Windows'),
except the tests of layers the portable path does not have (marked `confined`). The fork server's own
tests are in test_fork_server.py; the attacks that combine the layers are in tests/attacks/."""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from grader.sandbox import affinity, confine, fork_server, protocol, seccomp, stdlib_copy
from grader.sandbox.limits import Limits
from grader.errors import SandboxError
from grader.sandbox.host import namespace_prefix
from grader.sandbox.runner import new_child

PROBE = "tests.hostile.probes:probe_call"
ROOT = Path(__file__).resolve().parent.parent
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="the privilege drop happens only as root")
needs_landlock = pytest.mark.skipif(confine.landlock_abi() < 6, reason="needs Landlock ABI >= 6")
needs_seccomp = pytest.mark.skipif(not seccomp.available(), reason="needs libseccomp")


PATH = {"fork_server": fork_server.available(), "stdio": False}  # how children start; set by `start`
# A layer the portable path does not have (a uid of its own, namespaces, Landlock, seccomp, the kernel's
# clock of the child): tested on the other two paths only.
confined = pytest.mark.confined


def pytest_generate_tests(metafunc):
    """Each test on every start path; on the portable one, only the tests of layers it has."""
    confined_only = metafunc.definition.get_closest_marker("confined") is not None
    metafunc.parametrize("start", ["fork", "spawn"] + ([] if confined_only else ["stdio"]), indirect=True)


@pytest.fixture(autouse=True)
def start(request, monkeypatch):
    if request.param == "fork" and not fork_server.available():
        pytest.skip("the fork server needs Linux")
    monkeypatch.setitem(globals(), "PATH", {"fork_server": request.param == "fork", "stdio": request.param == "stdio"})
    return request.param


def run(source: str, function: str = "f", args=(), timeout: float = 2.0, **limits):
    """Start a child on `source` (as jeux.py), call `function`; (start reply, call reply, output, seconds)."""
    child = new_child({"jeux": textwrap.dedent(source)}, "jeux", ["tests.hostile.probes"], Limits(**PATH, **limits))
    started = time.monotonic()
    try:
        hello = child.start()
        reply = child.call(PROBE, {"function": function, "args": list(args)}, timeout) if hello.ok else None
        return hello, reply, child, time.monotonic() - started
    finally:
        child.close()


def call(source: str, **kwargs):
    hello, reply, _, _ = run(source, **kwargs)
    assert hello.ok, hello
    return reply


def test_a_child_runs_on_the_cpu_its_grading_thread_holds():
    # grader/sandbox/affinity.py: a served call's round trip then stays on one CPU.
    with affinity.one_cpu(f"test-{os.getpid()}") as cpu:
        reply = call("import os\ndef f():\n    return sorted(os.sched_getaffinity(0))\n")
    assert reply.value == ([cpu] if cpu is not None else sorted(os.sched_getaffinity(0))), reply


def test_third_party_packages_are_missing_as_on_a_python_without_them():
    """The same on every start path: an import of numpy (the grader's own dependency) fails with the
    ModuleNotFoundError a student's code may catch, not with the kernel's refusal, and neither the grader's
    sources nor any site-packages are on the path."""
    reply = call("""
        import os, sys
        try:
            import numpy
        except ImportError as exc:
            numpy = type(exc).__name__
        def f():
            return [numpy, [p for p in sys.path if "site-packages" in p or os.path.isdir(os.path.join(p, "grader"))]]
    """)
    assert reply.value == ["ModuleNotFoundError", []], reply


def processes_with(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                found.append(int(entry))
        except OSError:
            pass
    return found


# -- limits -------------------------------------------------------------------------------------------
def test_environment_is_empty_isolated_and_without_core_dumps():
    reply = call("""
        import os, sys, resource
        def f():
            return [sorted(os.environ), sys.flags.isolated, list(resource.getrlimit(resource.RLIMIT_CORE)),
                    os.getcwd() == os.path.dirname(__file__)]
    """)
    assert reply.value == [["LC_CTYPE"], 1, [0, 0], True]  # LC_CTYPE: Python's own UTF-8 coercion


def test_memory_hog_is_a_memory_verdict():
    reply = call("def f():\n    return len(bytearray(1 << 31))\n", memory_bytes=256 << 20)
    assert reply.status == protocol.MEMORY


def test_cpu_limit_kills_a_loop_the_deadline_would_not():
    reply = call("def f():\n    while True:\n        pass\n", timeout=30, cpu_seconds=1)
    assert reply.status == protocol.TIMEOUT and "CPU" in reply.error


def test_file_size_limit_is_an_error_not_a_death():
    reply = call("def f():\n    open('big', 'wb').write(bytes(2 << 20))\n", file_bytes=1 << 20)
    assert reply.status == protocol.ERROR and "File too large" in reply.error


def test_stdin_is_closed():
    assert call("def f():\n    return input()\n").error.startswith("EOFError")


@confined
@as_root
def test_process_limit_binds_after_the_drop():
    reply = call(
        """
        import os, time
        def f():
            count = 0
            try:
                for _ in range(200):
                    if os.fork() == 0:
                        time.sleep(30)
                        os._exit(0)
                    count += 1
            except OSError:
                return count
            return -1
    """,
        seccomp=False,
        processes=16,
    )
    assert reply.ok and 0 <= reply.value < 16


# -- a uid per child ----------------------------------------------------------------------------------
@confined
@as_root
def test_root_gives_each_child_its_own_uid_and_the_stdlib_still_imports():
    source = """
        import os, colorsys
        def f():
            import heapq, collections, itertools, functools, enum, dataclasses, random, re, statistics
            open('scratch.txt', 'w').write('ok')
            return [os.getresuid(), os.getresgid(), os.getgroups(), open('scratch.txt').read(),
                    round(colorsys.rgb_to_hsv(1, 0, 0)[1])]
    """
    limits = Limits(uid_first=61000, uid_count=3, **PATH)
    children = [
        new_child({"jeux": textwrap.dedent(source)}, "jeux", ["tests.hostile.probes"], limits) for _ in range(3)
    ]
    try:
        replies = [c.call(PROBE, {"function": "f"}, 5) for c in children if c.start().ok]
        uids = sorted(r.value[0][0] for r in replies)
        assert uids == [61000, 61001, 61002]
        for reply in replies:
            uid = reply.value[0][0]
            assert reply.value == [[uid] * 3, [uid] * 3, [], "ok", 1]
        with pytest.raises(SandboxError, match="in use"):  # a fourth concurrent child: no uid left
            new_child({"jeux": ""}, "jeux", [], limits)
    finally:
        for child in children:
            child.close()


def test_child_folder_is_private_and_removed(tmp_path):
    child = new_child({"jeux": "def f():\n    return 1\n"}, "jeux", ["tests.hostile.probes"], Limits(**PATH))
    root = child.workdir.parent
    try:
        assert child.start().ok
        # The child passes through and lists nothing; on the portable path it runs as us: nobody else may.
        assert (root.stat().st_mode & 0o777) == (0o700 if PATH["stdio"] else 0o711)
        assert (child.workdir.stat().st_mode & 0o777) == 0o700
    finally:
        child.close()
    assert not root.exists()


@confined
def test_cpu_seconds_come_from_the_kernel_not_the_child():
    """A busy call costs its CPU time even when the child lies about time; a sleeping one costs none."""
    hello, busy, child, _ = run(
        """
        import time
        def f():
            clock = time.process_time
            start = clock()
            time.perf_counter = time.process_time = time.monotonic = lambda: 0.0
            while clock() - start < 0.4:
                pass
    """,
        timeout=30,
    )
    assert 0.3 < busy.cpu_seconds <= busy.seconds + 0.05, busy
    sleeping = call("import time\ndef f():\n    time.sleep(0.4)\n")
    assert sleeping.cpu_seconds < 0.1 and sleeping.seconds >= 0.4, sleeping


@confined
def test_a_child_starved_of_processor_time_is_not_stopped_by_the_load():
    """Six busy processes on the child's processor: its 0.05 s of CPU take several times its 0.15 s limit
    on the wall clock. Before, the child's own alarm counted wall time and stopped it there; its timer
    counts CPU time now, and the parent's deadline no time it waited for a processor (deadline.py)."""
    source = "import time\ndef f():\n    t = time.process_time()\n    while time.process_time() - t < 0.05: pass\n"
    with affinity.one_cpu(f"test-{os.getpid()}") as cpu:
        if cpu is None:
            pytest.skip("the child shares no processor of its own with the busy processes")
        child = new_child({"jeux": source}, "jeux", ["tests.hostile.probes"], Limits(**PATH))
        burners = []
        try:
            hello = child.start()  # before the busy processes: only the call is starved
            # Each in a session of its own: with autogroup scheduling a session shares a CPU as one task.
            burners = [
                subprocess.Popen([sys.executable, "-c", "while 1: pass"], start_new_session=True) for _ in range(6)
            ]
            for burner in burners:
                os.sched_setaffinity(burner.pid, {cpu})
            time.sleep(0.5)  # their interpreters started and busy: on a quiet machine the call would beat them
            reply = child.call(PROBE, {"function": "f", "args": []}, 0.15)
        finally:
            for burner in burners:
                burner.kill()
                burner.wait()
            child.close()
    assert hello.ok and reply.ok and reply.seconds > 0.15 > reply.cpu_seconds, reply


@confined
def test_a_thread_working_only_between_calls_is_counted_in_the_next_call():
    """Red team 7: a thread that computes only while no call runs (a table built while the parent draws
    cases) was counted in no call. Its CPU time since the child's previous reply is now in the next call's."""
    child = new_child(
        {
            "jeux": textwrap.dedent(
                """
                import threading, time
                idle = threading.Event()
                idle.set()
                spent = [0.0]
                def spin():
                    while True:
                        idle.wait()  # never while a call runs
                        start = time.thread_time()
                        for _ in range(20000):
                            pass
                        spent[0] += time.thread_time() - start
                threading.Thread(target=spin, daemon=True).start()
                def f():
                    idle.clear()
                    try:
                        return spent[0]
                    finally:
                        idle.set()
                """
            )
        },
        "jeux",
        ["tests.hostile.probes"],
        Limits(**PATH),
    )
    try:
        assert child.start().ok
        first = child.call(PROBE, {"function": "f"}, 5.0)
        time.sleep(0.6)  # the parent busy elsewhere: the thread works
        second = child.call(PROBE, {"function": "f"}, 5.0)
    finally:
        child.close()
    assert first.ok and second.ok, (first, second)
    between = second.value - first.value  # the thread's own count (a yardstick here, never a fact)
    assert between > 0.02, (first, second)
    assert second.idle_seconds >= 0.8 * between and second.cpu_seconds >= second.idle_seconds, second


@confined
@pytest.mark.skipif("--mount-proc" not in namespace_prefix(), reason="needs a mount namespace")
def test_disk_budget_binds_in_the_childs_tmpfs():
    reply = call(
        """
        import errno
        def f():
            written = files = 0
            try:
                while written < 64 << 20:
                    with open(f'big{written}', 'wb') as out:
                        out.write(bytes(1 << 20))
                    written += 1 << 20
            except OSError as exc:
                full = exc.errno
            try:
                for files in range(200):
                    open(f'small{files}', 'w').close()
            except OSError as exc:
                return [written, full == errno.ENOSPC, files, exc.errno == errno.ENOSPC]
    """,
        disk_bytes=4 << 20,
        disk_files=100,
        timeout=20,
    )
    written, full, files, no_inode = reply.value
    assert written <= 4 << 20 and full and files < 100 and no_inode, reply


def test_the_child_skips_the_layers_a_system_does_not_have():
    """Windows and macOS, seen from Linux: no `resource`, no Landlock, no libseccomp, no setitimer."""
    code = textwrap.dedent("""
        import json, signal, sys
        sys.modules['resource'] = None
        sys.platform = 'darwin'
        del signal.setitimer
        from grader.sandbox import child, confine, seccomp
        layers = confine.apply({'limits': {'memory_bytes': 1 << 30}, 'uid': None, 'landlock': False,
                                'seccomp': False, 'read_write': ['.']})
        print(json.dumps([layers, confine.landlock_abi(), seccomp.available(),
                          child.with_deadline(0.01, lambda: 'ran')]))
    """)
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{code}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == [{"rlimits": False}, 0, False, "ran"]


# -- no process outlives its grading ------------------------------------------------------------------
ESCAPE = """
    import os, time
    def f(sleeper):
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv('/bin/sleep', ['/bin/sleep', sleeper])
            os._exit(0)
        time.sleep(0.3)
        return 'escaped'
"""


@confined
@pytest.mark.parametrize("namespaces", [True, False], ids=["pid-namespace", "subreaper"])
def test_double_fork_and_setsid_do_not_survive(namespaces):
    if namespaces and not namespace_prefix():
        pytest.skip("unshare does not work here")
    marker = f"{secrets.randbelow(10**6) + 10**6}.{secrets.randbelow(10**6):06d}"
    hello, reply, child, _ = run(
        ESCAPE, args=[marker], seccomp=False, landlock=False, private_root=False, namespaces=namespaces
    )
    assert reply.value == "escaped"
    for _ in range(50):
        if not processes_with(marker):
            break
        time.sleep(0.1)
    assert processes_with(marker) == []


def test_a_dead_child_is_reported_with_its_exit_code_even_if_a_grandchild_holds_the_pipes():
    """The grandchild would hold the pipes for 30 s: the call and the child's end are over well before
    the call's own 10 s deadline (the portable path's close once waited for the grandchild)."""
    started = time.monotonic()
    reply = call(
        """
        import os, time
        def f():
            if os.fork() == 0:
                time.sleep(30)
            os._exit(3)
    """,
        seccomp=False,
        timeout=10,
    )
    assert reply.status == protocol.CRASHED and "code 3" in reply.error
    assert time.monotonic() - started < 10


# -- Landlock and seccomp: refusals the kernel makes ---------------------------------------------------
REFUSALS = {
    "open('/tmp/escape-{tag}', 'w')": "Permission denied",
    f"open({str(ROOT / 'reference' / 'answers' / 'jeux.py')!r}).read()": "Permission denied",
    "os.listdir('/etc')": "Permission denied",
    "subprocess.run(['true'])": "Operation not permitted",
    "os.system('true')": "32512",  # the C library's system() says 127 when it cannot start a shell
    "os.fork()": "Operation not permitted",
    "os.posix_spawn('/bin/true', ['true'], dict())": "Operation not permitted",
    "os.execv('/bin/true', ['true'])": "Operation not permitted",
    "socket.socket().connect(('127.0.0.1', 80))": "Operation not permitted",
    "os.kill(os.getppid(), 9)": "Operation not permitted",
    "os.killpg(0, 9)": "Operation not permitted",
    "ctypes.CDLL(None).ptrace(16, 1, 0, 0)": "-1",
}


@confined
@needs_landlock
@needs_seccomp
@pytest.mark.parametrize("code", list(REFUSALS))
def test_the_kernel_refuses(code):
    tag = secrets.token_hex(4)
    # Without the private root, which would hide the paths before Landlock is asked (its own test is below).
    reply = call(
        f"import ctypes, os, socket, subprocess, sys\ndef f():\n    return {code.format(tag=tag)}\n", private_root=False
    )
    assert (reply.ok and str(reply.value) == REFUSALS[code]) or REFUSALS[code] in reply.error, reply
    assert not Path(f"/tmp/escape-{tag}").exists()


@confined
@pytest.mark.skipif(not namespace_prefix(), reason="needs namespaces: without them there is no private root")
def test_the_private_root_holds_the_folder_and_the_standard_library_only():
    """Outside its folder and the standard library, the child finds nothing, not even the names (which
    Landlock would refuse to read but let `stat`); without the private root it would (the second run)."""
    outside = [str(ROOT / "README.md"), "/etc/passwd", sys.executable, "/proc/self/status"]
    source = f"""
import errno, os
def f():
    def seen(path):
        try:
            os.stat(path)
            return True
        except OSError as exc:
            return errno.errorcode[exc.errno]
    return [[seen(p) for p in {outside!r}], sorted(os.listdir('/')), seen(os.__file__), seen('jeux.py')]
"""
    kept = {path.split(os.sep)[1] for path in confine.private_root_mounts("/tmp/x", stdlib_copy.for_children())[1:]}
    private = call(source, landlock=False, seccomp=False)
    assert private.value == [["ENOENT"] * len(outside), sorted(kept), True, True], private
    usual = call(source, landlock=False, seccomp=False, private_root=False)
    assert "ENOENT" not in usual.value[0], usual  # found, or not allowed through a folder: but there


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the copy is made where children are confined")
def test_the_childrens_standard_library_is_a_private_copy_gone_with_its_process(tmp_path):
    """The children's copy of the standard library (the page-cache channel) where they could write it (the
    one kept in the cache: tests/test_sandbox_stdlib.py): in a folder only this user may enter, without
    third-party packages or the test suite; removed at the exit of the process that made it; a copy left
    by a process that died without its exit is removed by the next one (a live process's is kept)."""
    dead = tmp_path / f"taquin-stdlib-{int(Path('/proc/sys/kernel/pid_max').read_text()) + 1}-a"
    alive = tmp_path / f"taquin-stdlib-{os.getpid()}-b"
    dead.mkdir()
    alive.mkdir()
    code = (
        "import os, stat\nfrom grader.sandbox import stdlib_copy\ncopy = stdlib_copy.for_children(False)\n"
        "print(copy, oct(stat.S_IMODE(os.stat(os.path.dirname(copy)).st_mode)), os.path.exists(copy + '/os.py'))\n"
        "print(sorted(set(os.listdir(copy)) & {'site-packages', 'dist-packages', 'test', 'idlelib'}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    (copy, mode, has_os), left_out = (line.split() for line in done.stdout.splitlines())
    assert copy.startswith(str(tmp_path.resolve())) and mode == "0o700" and has_os == "True", done.stdout
    assert left_out == ["[]"]
    assert not Path(copy).exists()
    assert not dead.exists() and alive.exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="mounts a file system: run as root (CI does)")
def test_the_childrens_standard_library_is_not_copied_where_nothing_may_be_executed():
    """A temporary folder mounted noexec (a hardened /tmp) cannot hold the copy (its extension modules are
    mapped executable): the copy kept in $HOME's cache is used, and a child imports them; a cache mounted
    noexec is refused with a clear error."""
    base = Path(tempfile.mkdtemp(prefix="taquin-noexec-"))
    base.chmod(0o711)  # each child's uid passes through it to its folder
    noexec, home = base / "noexec", base / "home"
    noexec.mkdir()
    (home / ".cache").mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "noexec,size=1m", "tmpfs", str(noexec)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("TAQUIN_GRADER_CACHE", "XDG_CACHE_HOME")}
    try:
        code = (
            "from grader.sandbox.process import Child\nfrom grader.sandbox.limits import Limits\n"
            "from grader.sandbox import stdlib_copy\n"
            "child = Child({'jeux': 'import math\\ndef f():\\n    return math.isqrt(49)'}, 'jeux', [], Limits())\n"
            "print(child.start().ok, child.stdlib, stdlib_copy.for_children(False))\nchild.close()\n"
        )
        # A temporary folder mounted noexec, then a cache mounted noexec.
        done, refused = (
            subprocess.run(
                [sys.executable, "-c", code],
                env={**env, "HOME": str(home), variable: str(noexec)},
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=120,
            )
            for variable in ("TMPDIR", "TAQUIN_GRADER_CACHE")
        )
    finally:
        subprocess.run(["umount", str(noexec)], check=True)
        shutil.rmtree(base)
    ok, shared, private = done.stdout.split() or [done.stderr[-2000:]] * 3
    assert ok == "True", done.stderr[-2000:]
    assert shared.startswith(str(home / ".cache" / "taquin-grader" / "stdlib-")), shared
    assert private.startswith(str(home / ".cache" / stdlib_copy.PREFIX)), private
    assert refused.returncode != 0 and f"{noexec} is mounted noexec" in refused.stderr, refused.stderr[-2000:]


# Calls that Landlock does not cover, each made on something the child may reach (its own file, a socket of
# its own, one of its own threads: `tid`), so that only seccomp refuses them. N: this architecture's numbers.
SECCOMP_REFUSES = {
    "chmod": "os.chmod('jeux.py', 0o640)",  # not its mode (0600): the child answers that one itself
    "fchmod": "os.fchmod(fd, 0o600)",
    "fchmodat": "os.chmod('jeux.py', 0o600, dir_fd=folder)",
    "fchmodat2": "raw('fchmodat2', -100, b'jeux.py', 0o600, 0)",
    "chown": "os.chown('jeux.py', os.getuid(), os.getgid())",
    "fchown": "os.fchown(fd, os.getuid(), os.getgid())",
    "lchown": "os.lchown('jeux.py', os.getuid(), os.getgid())",
    "fchownat": "os.chown('jeux.py', os.getuid(), os.getgid(), dir_fd=folder)",
    "utimensat": "os.utime('jeux.py', (0, 0))",
    "futimens": "os.utime(fd, (0, 0))",
    "utime": "raw('utime', b'jeux.py', None)",
    "utimes": "raw('utimes', b'jeux.py', None)",
    "futimesat": "raw('futimesat', -100, b'jeux.py', None)",
    "setxattr": "os.setxattr('jeux.py', 'user.taquin', b'1')",
    "fsetxattr": "os.setxattr(fd, 'user.taquin', b'1')",
    "removexattr": "os.removexattr('jeux.py', 'user.taquin')",
    "getxattr": "os.getxattr('jeux.py', 'user.taquin')",
    "listxattr": "os.listxattr('jeux.py')",
    "setxattrat": "raw('setxattrat', -100, b'jeux.py', 0, b'user.taquin', None, 0)",
    "file_setattr": "raw('file_setattr', -100, b'jeux.py', None, 0, 0)",
    "socketpair_datagrams": "socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)",
    "sendto_an_address": "a.sendto(b'x', '/run/taquin-nowhere')",
    "sendmsg": "a.sendmsg([b'x'])",
    "connect": "a.connect('/run/taquin-nowhere')",
    "bind": "a.bind('\\0taquin-bind-{tag}')",
    "listen": "a.listen()",
    "prlimit_another": "resource.prlimit(tid, resource.RLIMIT_NOFILE)",
    "prlimit_by_own_pid": "resource.prlimit(os.getpid(), resource.RLIMIT_NOFILE)",
    "setpriority_another": "os.setpriority(os.PRIO_PROCESS, tid, 5)",
    "setpriority_group": "os.setpriority(os.PRIO_PGRP, 0, 5)",
    "setpriority_user": "os.setpriority(os.PRIO_USER, 0, 5)",
    "sched_setaffinity_another": "os.sched_setaffinity(tid, os.sched_getaffinity(0))",
    "sched_setscheduler_another": "os.sched_setscheduler(tid, os.SCHED_OTHER, os.sched_param(0))",
    "sched_setparam_another": "os.sched_setparam(tid, os.sched_param(0))",
    "ioprio_set_another": "raw('ioprio_set', 1, tid, (2 << 13) | 4)",
    "ioprio_set_user": "raw('ioprio_set', 3, 0, (2 << 13) | 4)",
    "sched_getaffinity_another": "os.sched_getaffinity(tid)",
    "sched_getscheduler_another": "os.sched_getscheduler(tid)",
    "sched_getparam_another": "os.sched_getparam(tid)",
    "sched_rr_get_interval_another": "os.sched_rr_get_interval(tid)",
    "getpriority_another": "os.getpriority(os.PRIO_PROCESS, tid)",
    "getpriority_user": "os.getpriority(os.PRIO_USER, 0)",
    "ioprio_get_another": "raw('ioprio_get', 1, tid)",
    "getpgid_another": "os.getpgid(tid)",
    "getsid_another": "os.getsid(tid)",
    "cpu_clock_of_the_parent": "time.clock_gettime(((~os.getppid()) << 3) | 2)",
    "cpu_clock_of_a_thread": "time.clock_getres(((~tid) << 3) | 6)",
    "pidfd_open": "os.close(os.pidfd_open(os.getpid()))",
    "sigio_owner": "fcntl.fcntl(a, fcntl.F_SETOWN, os.getpid())",
    "sigio_owner_ioctl": "fcntl.ioctl(a, 0x8901, struct.pack('i', os.getpid()))",
    "open_tree": "os.close(raw('open_tree', -100, b'.', 0))",
    # System V IPC and POSIX message queues: objects others can name, which outlive the child. Each made
    # private and removed at once, or aimed at no object (-1), so that the run without the filter leaves none.
    "msgget": "raw('msgctl', raw('msgget', 0, 0o1600), 0, None)",
    "shmget": "raw('shmctl', raw('shmget', 0, 4096, 0o1600), 0, None)",
    "semget": "raw('semctl', raw('semget', 0, 1, 0o1600), 0, 0, 0)",
    "msgsnd": "raw('msgsnd', -1, b'0' * 16, 8, 0o4000)",
    "msgrcv": "raw('msgrcv', -1, bytes(16), 8, 0, 0o4000)",
    "msgctl": "raw('msgctl', -1, 2, bytes(128))",
    "shmat": "raw('shmat', -1, None, 0)",
    "shmdt": "raw('shmdt', None)",
    "shmctl": "raw('shmctl', -1, 2, bytes(128))",
    "semop": "raw('semop', -1, bytes(8), 1)",
    "semtimedop": "raw('semtimedop', -1, bytes(8), 1, None)",
    "semctl": "raw('semctl', -1, 0, 2, 0)",
    "mq_open": "os.close(raw('mq_open', b'taquin-{tag}', os.O_CREAT | os.O_RDWR, 0o600, None))",
    "mq_unlink": "raw('mq_unlink', b'taquin-{tag}')",
    "mq_timedsend": "raw('mq_timedsend', -1, b'x', 1, 0, None)",
    "mq_timedreceive": "raw('mq_timedreceive', -1, bytes(16), 16, None, None)",
    "mq_notify": "raw('mq_notify', -1, None)",
    "mq_getsetattr": "raw('mq_getsetattr', -1, None, bytes(64))",
    # Watches on names, and state shared through a file: locks, leases, directory notifications.
    "inotify_init1": "os.close(raw('inotify_init1', 0))",
    "inotify_add_watch": "raw('inotify_add_watch', -1, b'.', 0xFFF)",
    "inotify_rm_watch": "raw('inotify_rm_watch', -1, 1)",
    "fanotify_mark": "raw('fanotify_mark', -1, 1, 1, -100, b'.')",
    "flock": "fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)",
    "lockf": "fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)",
    "getlk": "fcntl.fcntl(fd, fcntl.F_GETLK, struct.pack('hhqqi', fcntl.F_WRLCK, 0, 0, 0, 0))",
    "ofd_setlk": "fcntl.fcntl(fd, 37, struct.pack('hhqqi', fcntl.F_RDLCK, 0, 0, 0, 0))",
    "setlease": "fcntl.fcntl(fd, 1024, fcntl.F_RDLCK)",
    # DN_DELETE on a folder nothing is deleted from, so that no SIGIO comes without the filter.
    "dnotify": "os.mkdir('watched') or fcntl.fcntl(os.open('watched', os.O_RDONLY), 1026, 8)",
    "set_rw_hint": "fcntl.fcntl(fd, 1036, struct.pack('Q', 0))",
    "get_rw_hint": "fcntl.fcntl(fd, 1035, bytes(8))",
    # Which pages of a file are in memory, asked without loading them, and pages let go: the page cache.
    "mincore": "raw('mincore', ctypes.addressof(ctypes.c_char.from_buffer(page)), 4096, ctypes.create_string_buffer(1))",
    "cachestat": "raw('cachestat', fd, bytes(16), bytes(64), 0)",
    "preadv2_nowait": "os.preadv(fd, [bytearray(8)], 0, os.RWF_NOWAIT)",
    "fadvise_dontneed": "os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)",
    # A page of a mapped file dropped from the child's own mapping, to be faulted in again.
    "madvise_dontneed": "mapped.madvise(mmap.MADV_DONTNEED)",
    "madvise_pageout": "mapped.madvise(21)",
    "mremap_dontunmap": "raw('mremap', ctypes.addressof(ctypes.c_char.from_buffer(page)), 4096, 4096, 1 | 4, 0)",
    "io_setup": "raw('io_setup', 1, ctypes.byref(ctypes.c_ulong(0)))",
    # A wake that is not process-private, met by any process waiting on the same file page (shared futex).
    "futex_wake_shared": "raw('futex', shared_page, 1, 1, None)",
    "futex_cmp_requeue_shared": "raw('futex', shared_page, 4, 1, 1, shared_page, 0)",
    "futex2_wake_shared": "raw('futex_wake', shared_page, 0xFFFFFFFF, 1, 2)",  # FUTEX2_SIZE_U32, not private
    # Counters of the whole machine others move: free space, free memory, number of threads.
    "statfs": "os.statvfs('.')",
    "fstatfs": "os.statvfs(fd)",
    "sysinfo": "raw('sysinfo', bytes(128))",
    # A file's metadata by descriptor (its owner may, whatever Landlock allows): flags, fsxattr.
    "fs_ioc_setflags": "fcntl.ioctl(fd, 0x40086602, fcntl.ioctl(fd, 0x80086601, bytes(8)))",
    "fs_ioc_getflags": "fcntl.ioctl(fd, 0x80086601, bytes(8))",
    "fs_ioc_fssetxattr": "fcntl.ioctl(fd, 0x401C5820, bytes(28))",
    # A file made without a name: its blocks held outside every folder count.
    "open_tmpfile": "os.close(raw('open', b'.', os.O_TMPFILE | os.O_WRONLY, 0o600))",
    "openat_tmpfile": "os.close(os.open('.', os.O_TMPFILE | os.O_WRONLY, 0o600))",
    "openat2": "raw('openat2', -100, b'jeux.py', None, 24)",
    # Blocks past RLIMIT_FSIZE: beyond the end (KEEP_SIZE), or a size grown by INSERT_RANGE.
    "fallocate_keep_size": "with open('kept', 'wb') as out:\n    raw('fallocate', out.fileno(), 1, 0, 4 << 20)",
    "fallocate_insert_range": "with open('inserted', 'wb') as out:\n    raw('fallocate', out.fileno(), 0x20, 0, 4096)",
    # A file emptied by its name or by a read-only open: before Landlock's ABI 3, the shared standard library.
    "truncate_by_name": "open('kept', 'w').write('x')\nos.truncate('kept', 0)",
    "open_read_truncating": "open('kept', 'w').write('x')\nos.close(os.open('kept', os.O_RDONLY | os.O_TRUNC))",
    "sync": "raw('sync')",
    "syncfs": "raw('syncfs', fd)",
    # A process that is not dumpable hides its /proc from a parent of its uid, which counts files there.
    "set_dumpable": "raw('prctl', 4, 0, 0, 0, 0)",
    # A pipe's pages counted against the account's quota: the teacher's other pipes shrink past it.
    "setpipe_sz": "r, w = os.pipe()\ntry:\n    fcntl.fcntl(w, 1031, 1 << 17)\nfinally:\n    os.close(r), os.close(w)",
}
# What stays allowed: the same calls on the child itself (pid 0), a socketpair's stream.
SECCOMP_ALLOWS = {
    "prlimit_itself": "resource.setrlimit(resource.RLIMIT_NOFILE, resource.getrlimit(resource.RLIMIT_NOFILE))",
    "setpriority_itself": "os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0) + 1)",
    "sched_setaffinity_itself": "os.sched_setaffinity(0, os.sched_getaffinity(0))",
    "ioprio_set_itself": "raw('ioprio_set', 1, 0, (2 << 13) | 4)",
    "read_itself": "os.getpriority(os.PRIO_PROCESS, 0) + os.getpgid(0) + os.getsid(0) + raw('ioprio_get', 1, 0)"
    " + len(os.sched_getaffinity(0)) + os.sched_getscheduler(0) + os.sched_getparam(0).sched_priority",
    "own_cpu_clocks": "time.process_time() + time.thread_time() + time.clock_getres(time.CLOCK_PROCESS_CPUTIME_ID)",
    "stream_pair": "a.sendall(b'ping') or b.recv(4)",
    "sigio_no_owner": "fcntl.fcntl(a, fcntl.F_SETOWN, 0)",
    "fcntl_flags": "fcntl.fcntl(fd, fcntl.F_SETFD, fcntl.fcntl(fd, fcntl.F_GETFD))",
    "inheritable_by_ioctl": "os.set_inheritable(fd, True) or os.set_inheritable(fd, False)",  # FIONCLEX, FIOCLEX
    "futex_wake_private": "raw('futex', shared_page, 129, 1, None)",
    # A shared wait whose word differs at once (EAGAIN): the filter let it through, as the thread join's.
    "futex_wait_shared": "try:\n    raw('futex', shared_page, 0, ctypes.c_uint32.from_address(shared_page).value + 1, None)\n"
    "except OSError as exc:\n    assert exc.errno == errno.EAGAIN, exc",
    "truncate_by_descriptor": "with open('shrunk', 'w') as out:\n    out.write('xx')\n    out.truncate(1)",
    "fallocate_plain": "with open('allocated', 'wb') as out:\n    os.posix_fallocate(out.fileno(), 0, 4096)",
    # Removals are Landlock's, after the kernel's lookup: a name that is not there is ENOENT.
    "unlink_missing": "try:\n    os.unlink('absent')\nexcept FileNotFoundError:\n    pass",
    "rmdir_missing": "try:\n    os.rmdir('absent')\nexcept FileNotFoundError:\n    pass",
    "rename_missing": "try:\n    os.replace('absent', 'jeux.py')\nexcept FileNotFoundError:\n    pass",
    "link_and_write": "open('linked', 'w').write('x') and os.link('linked', 'linked_too')",
    "reads_and_advice": "os.preadv(fd, [bytearray(8)], 0) + (os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_WILLNEED) or 0)",
}
SECCOMP_CHILD = """
import ctypes, errno, fcntl, mmap, os, resource, socket, struct, threading, time
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long  # an address (mremap's)
N = {numbers!r}
page = mmap.mmap(-1, 4096)
with open('jeux.py', 'rb') as source:  # a page of a file: a futex there is keyed by the file, not the process
    mapped = mmap.mmap(source.fileno(), 0, access=mmap.ACCESS_COPY)
shared_page = ctypes.addressof(ctypes.c_char.from_buffer(mapped))

def raw(name, *args):
    result = libc.syscall(ctypes.c_long(N[name]), *(ctypes.c_long(a) if isinstance(a, int) else a for a in args))
    if result < 0:
        raise OSError(ctypes.get_errno(), name)
    return result

def f(calls):
    release = threading.Event()
    tids = []
    worker = threading.Thread(target=lambda: (tids.append(threading.get_native_id()), release.wait()))
    worker.start()
    while not tids:
        pass
    tid, folder, fd = tids[0], os.open('.', os.O_RDONLY), os.open('jeux.py', os.O_RDONLY)
    outcome = {{}}
    for name, code in calls.items():
        a, b = socket.socketpair()
        try:
            exec(code)
            outcome[name] = 'ran'
        except OSError as exc:
            outcome[name] = exc.errno
        a.close(), b.close()
    release.set()
    return outcome
"""


@confined
@needs_seccomp
def test_seccomp_refuses_what_landlock_does_not_cover():
    """Each call fails with EPERM (a PermissionError) under the filter, and does not without it (then it
    runs, or fails otherwise): the refusal is the filter's. The same calls on the child itself still run."""
    names = {
        name
        for code in (*SECCOMP_REFUSES.values(), *SECCOMP_ALLOWS.values())
        for name in re.findall(r"raw\('(\w+)'", code)
    }
    numbers = {name: seccomp.syscall_number(name) for name in names}
    source = SECCOMP_CHILD.format(numbers=numbers)
    tag = secrets.token_hex(4)  # one for all: the queue mq_open makes without the filter, mq_unlink removes
    calls = {name: code.format(tag=tag) for name, code in {**SECCOMP_REFUSES, **SECCOMP_ALLOWS}.items()}
    confined_reply = call(source, args=[calls], timeout=10)
    free_reply = call(source, args=[calls], timeout=10, seccomp=False)
    assert confined_reply.ok and free_reply.ok, (confined_reply, free_reply)
    assert {n: v for n, v in confined_reply.value.items() if n in SECCOMP_REFUSES} == dict.fromkeys(
        SECCOMP_REFUSES, errno.EPERM
    )
    assert {n: v for n, v in confined_reply.value.items() if n in SECCOMP_ALLOWS} == dict.fromkeys(
        SECCOMP_ALLOWS, "ran"
    )
    # Those two aim at groups of processes, which hold another uid's here (the supervisor's, as root): the
    # kernel refuses too. With the teacher's uid and no PID namespace they reach the teacher's processes:
    # tests/attacks has them (`renice_the_teacher`).
    assert {n for n, v in free_reply.value.items() if v == errno.EPERM} <= {"setpriority_group", "ioprio_set_user"}


INT80_GETPID = """
import ctypes, mmap, os
def f():
    code = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    code.write(bytes([0xB8, 20, 0, 0, 0, 0xCD, 0x80, 0xC3]))  # mov eax, 20 (i386 getpid); int 0x80; ret
    call = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(code)))
    return [call(), os.getpid()]
"""


@confined
@needs_seccomp
@pytest.mark.skipif(os.uname().machine != "x86_64", reason="x86-64's 32-bit entry")
def test_a_call_through_another_architectures_entry_kills_the_child():
    """The filter's rules name x86-64's numbers: a call made through the i386 entry (`int 0x80`, where
    the numbers differ) must not slip past them; libseccomp's check of the architecture kills."""
    free = call(INT80_GETPID, seccomp=False)
    if not free.ok or free.value[0] != free.value[1]:
        pytest.skip(f"no 32-bit entry on this kernel: {free}")
    confined_reply = call(INT80_GETPID)
    assert confined_reply.status == protocol.CRASHED and "SIGSYS" in confined_reply.error, confined_reply


@confined
@needs_landlock
@pytest.mark.parametrize("preloaded", [False, True], ids=["alone", "reference-preloaded"])
def test_the_model_answer_cannot_be_imported_from_the_checkout(preloaded):
    """A student who puts the checkout on sys.path cannot import the model answer, and the kernel is
    what refuses. Python's import system says it two ways: a refused read is a PermissionError, but a
    refused look at the folder is a ModuleNotFoundError (it takes a folder it cannot stat or list for an
    empty one). Which one a child meets depends on what its fork server imported before (the extensions'
    probes, grader.questions.recherche.probes, import the `reference` package and its folder's listing, cached
    there) and on whether the child's uid may pass through the folders above the checkout (a clone under
    a 0700 folder, as `mktemp -d` makes, may not): so the test asks for either, and for the kernel's
    refusal to list and to read the folder from the same child."""
    folder = ROOT / "reference" / "answers"
    source = f"""
import os, sys
def f():
    sys.path.insert(0, {str(ROOT)!r})
    try:
        __import__("reference.answers.jeux")
        imported = "imported"
    except BaseException as exc:
        imported = type(exc).__name__
    refused = []
    for look in (lambda: os.listdir({str(folder)!r}), lambda: open({str(folder / "jeux.py")!r}).read()):
        try:
            look()
            refused.append(False)
        except PermissionError:
            refused.append(True)
    return [imported, refused]
"""
    probes = ["tests.hostile.probes", *(["grader.questions.recherche.probes"] if preloaded else [])]
    child = new_child({"jeux": source}, "jeux", probes, Limits(**PATH, private_root=False))
    try:
        assert child.start().ok
        reply = child.call(PROBE, {"function": "f", "args": []}, 5.0)
    finally:
        child.close()
    imported, refused = reply.value
    assert imported in ("PermissionError", "ModuleNotFoundError") and refused == [True, True], reply


@needs_landlock
@confined
def test_landlock_alone_keeps_files_and_tcp_out():
    reply = call(
        """
        import os, socket
        def f():
            out = []
            for action in (lambda: open('/etc/hostname').read(), lambda: open('/tmp/x-landlock', 'w'),
                           lambda: socket.socket().connect(('127.0.0.1', 22))):
                try:
                    action()
                    out.append('allowed')
                except OSError as exc:
                    out.append(type(exc).__name__)
            return out
    """,
        seccomp=False,
        namespaces=False,
    )
    assert reply.value == ["PermissionError", "PermissionError", "PermissionError"], reply


def test_legitimate_code_runs_confined():
    reply = call("""
        import collections, enum, logging, os, pathlib, sys, tempfile, threading
        def f():
            Point = collections.namedtuple('Point', 'x y')
            Move = enum.Enum('Move', 'GAUCHE DROITE')
            logging.getLogger('x').info('quiet')
            with open('notes.txt', 'w') as out:
                out.write('ok')
            # A tmpfs bounds the folder: what a student removes yet holds is counted there.
            with tempfile.TemporaryFile() as scratch, tempfile.NamedTemporaryFile(dir='.') as named:
                scratch.write(b'x'), named.write(b'x')
            pathlib.Path('absent').unlink(missing_ok=True)
            os.replace('notes.txt', 'kept.txt')
            with open(os.devnull, 'w') as null:
                print('hidden', file=null)
            found = []
            worker = threading.Thread(target=lambda: found.append(sum(range(10))))
            worker.start()
            worker.join()
            return [Point(1, 2).x, Move.DROITE.name, open('kept.txt').read(), found]
    """)
    assert reply.value == [1, "DROITE", "ok", [45]], reply


# -- deadlines: the parent's kill is the guarantee ----------------------------------------------------
EVASIONS = {
    "catch": "while True:\n        try:\n            while True: pass\n        except BaseException: pass",
    "ignore": "signal.signal(signal.SIGALRM, signal.SIG_IGN)\n    signal.signal(signal.SIGPROF, signal.SIG_IGN)\n"
    "    while True: pass",
    "reset": "signal.setitimer(signal.ITIMER_PROF, 0)\n    signal.alarm(0)\n    while True: pass",
    "block": "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGPROF})\n    while True: pass",
    "c_sum": "return sum(range(10**12))",
    "c_power": "return 10**10**8 % 7",
    "c_regex": "return bool(re.match(r'(a+)+$', 'a' * 64 + 'b'))",
    "sleep": "time.sleep(60)",
}


@pytest.mark.parametrize("name", list(EVASIONS))
def test_every_timeout_evasion_ends_at_the_deadline(name):
    source = f"import re, signal, time\ndef f():\n    {EVASIONS[name]}\n"
    hello, reply, _, seconds = run(source, timeout=0.5, grace_seconds=0.3)
    assert reply.status == protocol.TIMEOUT, reply
    # Limit + grace + margin, on the clock the deadline keeps: CPU time for a loop, whatever the machine's
    # load (its waits for a processor push the kill back); the wall's, with the child's start, for a sleep.
    assert reply.cpu_seconds < 0.5 + 0.3 + 0.125 + 0.5 and (name != "sleep" or seconds < 0.5 + 0.3 + 0.125 + 2.0)


def test_busy_threads_with_the_timers_signals_blocked_end_at_the_deadline():
    """Red team 11: eight threads hashing (the GIL let go: every one on a processor), SIGALRM and SIGPROF
    blocked in all of them. Their waits for a processor, summed, grow faster than the wall clock and pushed
    the parent's kill back to its last bound (9 times): the child's CPU time now passes the deadline too."""
    source = (
        "import hashlib, signal, threading\n"
        "def burn():\n    data = bytes(1 << 16)\n    while True:\n        hashlib.sha256(data).digest()\n"
        "def f():\n"
        "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGPROF})\n"
        "    for _ in range(8):\n"
        "        threading.Thread(target=burn, daemon=True).start()\n"
        "    burn()\n"
    )
    hello, reply, _, seconds = run(source, timeout=0.2, grace_seconds=0.1)
    assert reply.status == protocol.TIMEOUT, reply
    bound = 0.2 + 0.1 + 0.05
    # CPU time comes at most as fast as the child's processors give it; the wall's bound holds the start.
    assert reply.cpu_seconds < bound * (len(os.sched_getaffinity(0)) + 1) and seconds < bound * 3 + 2.0, reply


# -- the protocol cannot be forged --------------------------------------------------------------------
def test_stdout_is_not_the_results_channel():
    frame = json.dumps({"nonce": "x", "seq": 1, "status": "ok", "value": 42})
    reply = call(f"def f():\n    print({frame!r})\n    return 7\n")
    assert reply.value == 7


@pytest.mark.parametrize(
    "garbage",
    [
        "b'\\xff' * 64",
        'struct.pack(\'>I\', 40) + b\'{"nonce": "0", "seq": 1, "status": "ok"}\'',
        "struct.pack('>I', 200000) + b'[' * 200000",
        "struct.pack('>I', 2**31)",
        "struct.pack('>I', 5) + b'\"\\xe9t\\xe9\"'",
    ],
    ids=["bytes", "wrong-nonce", "deep-json", "huge-frame", "not-utf8"],
)
def test_garbage_on_the_reply_pipe_is_a_verdict(garbage):
    reply = call(f"""
        import os, struct
        def f():
            for fd in range(3, 1024):
                try:
                    os.write(fd, {garbage})
                except OSError:
                    pass
            return 1
    """)
    assert reply.status == protocol.CRASHED and "protocol violation" in reply.error, reply


def test_lying_values_are_invalid_not_crashes():
    for expr, status in [
        ("float('nan')", protocol.INVALID),
        ("10 ** 1000", protocol.INVALID),
        ("Lie(3)", protocol.INVALID),
        ("x", protocol.INVALID),
        ("object()", protocol.INVALID),
    ]:
        reply = call(f"""
            class Lie(int):
                def __eq__(self, other):
                    return True
            x = []
            x.append(x)
            def f():
                return {expr}
        """)
        assert reply.status == status, (expr, reply)


# -- output -------------------------------------------------------------------------------------------
def test_output_flood_is_capped_and_counted():
    hello, reply, child, seconds = run(
        """
        import sys
        def f():
            line = 'x' * 1023 + '\\n'
            for _ in range(200 * 1024):
                sys.stdout.write(line)
            return 1
    """,
        timeout=20,
    )
    out, err, dropped = child.output()
    assert reply.value == 1 and len(out) == 64 * 1024 and dropped >= 200 * 1024 * 1024 - 64 * 1024


# -- the fork server: what a child may reach of it ----------------------------------------------------
def _descriptors():
    return """
        import os, stat
        def f():
            kinds = {}
            for fd in range(1024):
                try:
                    mode = os.fstat(fd).st_mode
                except OSError:
                    continue
                kinds[str(fd)] = 'fifo' if stat.S_ISFIFO(mode) else 'chr' if stat.S_ISCHR(mode) else 'other'
            return kinds
    """


def test_a_child_holds_its_own_pipes_and_nothing_else():
    """No socket (the zygote's control socket would fork unconfined processes), no file, no classmate's
    pipe: /dev/null, its stdout and stderr, its request and reply pipes."""
    kinds = call(_descriptors()).value
    assert sorted(kinds.values()) == ["chr", "fifo", "fifo", "fifo", "fifo"], kinds
    assert kinds["0"] == "chr" and kinds["1"] == kinds["2"] == "fifo"
