"""System V IPC and POSIX message queues: kernel objects that any process may name by a key, that outlive
their maker and whose memory no limit of the child's counts. Two layers keep them from the child, each
tested here on its own: a private IPC namespace where namespaces exist (the objects die with it), and
seccomp everywhere (none is made). Without either, they stay on the machine: the control case, which
shows that the check below sees them. The attacks with an accomplice outside are in tests/attacks/."""

from __future__ import annotations

import ctypes
import errno
import os
import secrets
from pathlib import Path

import pytest

from grader.sandbox import fork_server, protocol, seccomp
from grader.sandbox.host import namespace_prefix
from grader.sandbox.limits import Limits
from grader.sandbox.runner import new_child

PROBE = "tests.hostile.probes:probe_call"
IPC_RMID = 0
SYSV = ("msg", "shm", "sem")
# Each object is made with the key the test gives (and mode 0666, as an accomplice's would be), then left.
MAKER = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
N = {numbers!r}

def raw(name, *args):
    result = libc.syscall(ctypes.c_long(N[name]), *(ctypes.c_long(a) if isinstance(a, int) else a for a in args))
    return result if result >= 0 else -ctypes.get_errno()

def f(key, queue):
    return {{
        "msg": raw("msgget", key, 0o1666),
        "shm": raw("shmget", key, 32 << 20, 0o1666),
        "sem": raw("semget", key, 4, 0o1666),
        "mq": raw("mq_open", queue.encode(), os.O_CREAT | os.O_RDWR, 0o666, None),
    }}
"""
NUMBERS = {name: seccomp.syscall_number(name) for name in ("msgget", "shmget", "semget", "mq_open")}

needs_seccomp = pytest.mark.skipif(not seccomp.available(), reason="needs libseccomp")
needs_namespaces = pytest.mark.skipif(not namespace_prefix(), reason="needs namespaces (root, or user namespaces)")
linux = pytest.mark.skipif(not os.path.isdir("/proc/sysvipc"), reason="needs Linux's /proc/sysvipc")
_libc = ctypes.CDLL(None, use_errno=True)


def left_with(key: int) -> dict[str, list[int]]:
    """The ids of the System V objects of this IPC namespace that have `key`, per kind."""
    found: dict[str, list[int]] = {}
    for kind in SYSV:
        for line in Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[0]) == key:
                found.setdefault(kind, []).append(int(fields[1]))
    return found


def queue_exists(name: str) -> bool:
    fd = _libc.mq_open(f"/{name}".encode(), os.O_RDONLY)
    if fd >= 0:
        os.close(fd)
    return fd >= 0


def remove(key: int, queue: str) -> None:
    """Remove what a control run left (by id: the key could be anyone's, the ids are those just seen)."""
    for kind, ids in left_with(key).items():
        for number in ids:
            if kind == "sem":
                _libc.semctl(number, 0, IPC_RMID)
            else:
                getattr(_libc, f"{kind}ctl")(number, IPC_RMID, None)
    _libc.mq_unlink(f"/{queue}".encode())


def make_in_a_child(limits: Limits) -> tuple[dict, int | None]:
    """What the child's MAKER returned, and the child's IPC namespace as the parent saw it while it ran."""
    key, queue = secrets.randbelow(1 << 30) + 1, f"taquin-ipc-{secrets.token_hex(4)}"
    child = new_child({"jeux": MAKER.format(numbers=NUMBERS)}, "jeux", ["tests.hostile.probes"], limits)
    try:
        hello = child.start()
        assert hello.ok, hello
        namespace = os.stat(f"/proc/{child.pid}/ns/ipc").st_ino
        reply = child.call(PROBE, {"function": "f", "args": [key, queue]}, 10)
    finally:
        child.close()
    assert reply.status == protocol.OK, reply
    return {"made": reply.value, "key": key, "queue": queue}, namespace


@linux
@needs_namespaces
@pytest.mark.parametrize("forked", [True, False], ids=["fork", "spawn"])
def test_a_private_ipc_namespace_takes_the_childs_objects_with_it(forked):
    """The namespace alone (no filter): the child makes a queue, 32 MiB of shared memory, semaphores and a
    POSIX queue; none is in the machine's namespace, then or after."""
    if forked and not fork_server.available():
        pytest.skip("the fork server needs Linux")
    result, namespace = make_in_a_child(Limits(fork_server=forked, seccomp=False))
    try:
        assert namespace != os.stat("/proc/self/ns/ipc").st_ino
        made = result["made"]
        assert all(made[kind] >= 0 for kind in SYSV), made  # made, in its namespace
        assert left_with(result["key"]) == {} and not queue_exists(result["queue"])
    finally:
        remove(result["key"], result["queue"])


@linux
@needs_seccomp
def test_seccomp_alone_makes_none():
    """The filter alone (no namespace: an ordinary teacher without user namespaces): every call is refused."""
    result, _ = make_in_a_child(Limits(namespaces=False))
    try:
        assert result["made"] == dict.fromkeys((*SYSV, "mq"), -errno.EPERM), result
        assert left_with(result["key"]) == {} and not queue_exists(result["queue"])
    finally:
        remove(result["key"], result["queue"])


@linux
def test_without_either_layer_the_objects_stay_on_the_machine():
    """The control case: neither namespace nor filter. The objects stay after the child (the POSIX queue
    too, though Landlock refuses to open it: mq_open makes it first), which is what the checks above see."""
    result, _ = make_in_a_child(Limits(namespaces=False, seccomp=False))
    try:
        assert sorted(left_with(result["key"])) == sorted(SYSV) and queue_exists(result["queue"]), result
    finally:
        remove(result["key"], result["queue"])
    assert left_with(result["key"]) == {} and not queue_exists(result["queue"])
