"""Kernel objects outside the sandbox that a child must neither reach nor add to, for the scene
(tests/attacks/scene.py): an accomplice's System V queue, shared memory and semaphores and POSIX message
queue and /dev/shm file, all anyone's to use, and a futex on a standard-library file it waits on; a System V queue and a POSIX queue of the teacher's own
(mode 0600, which a child with her uid could remove). After the run, `seen` tells what reached them and
what the children left on the machine (System V objects as /proc/sysvipc lists them, POSIX queues as
the mqueue file system the test mounted lists them, keys); `remove` takes away the scene's objects and
anything left, so that a failing run does not leave the machine dirty either.

Linux's C library calls through ctypes (Python has no binding for System V IPC or POSIX queues).
"""

from __future__ import annotations

import ctypes
import json
import os
import threading
from pathlib import Path

IPC_CREAT, IPC_RMID, GETVAL = 0o1000, 0, 12
SYSV = ("msg", "shm", "sem")


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    if not hasattr(libc, "mq_open"):  # the C library before glibc 2.34 keeps them apart
        libc = ctypes.CDLL("librt.so.1", use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    return libc


class MqAttr(ctypes.Structure):
    _fields_ = [(name, ctypes.c_long) for name in ("flags", "maxmsg", "msgsize", "curmsgs", "a", "b", "c", "d")]


def sysv_objects() -> dict[tuple[str, int], dict]:
    """Every System V object of this IPC namespace: (kind, id) -> its /proc/sysvipc line as a dict."""
    found = {}
    for kind in SYSV:
        header, *lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
        for line in lines:
            fields = dict(zip(header.split(), line.split()))
            found[(kind, int(fields["msqid" if kind == "msg" else f"{kind}id"]))] = fields
    return found


class FutexWaiter(threading.Thread):
    """An accomplice waiting on the first word of a standard-library file (json's, which the children
    read too), as a futex that is not process-private: a child's wake there would reach it. Counts the
    times it was woken until `stop`."""

    def __init__(self, libc):
        super().__init__(daemon=True)
        from grader.sandbox import libseccomp

        self.libc, self.number, self.woken, self.stopped = libc, libseccomp.syscall_number("futex"), 0, False
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
        fd = os.open(json.__file__, os.O_RDONLY)
        self.page = ctypes.c_void_p(libc.mmap(None, 4096, 1, 2, fd, 0))  # PROT_READ, MAP_PRIVATE
        os.close(fd)

    def run(self) -> None:
        word = ctypes.c_uint32.from_address(self.page.value).value
        timeout = (ctypes.c_long * 2)(0, 100_000_000)
        while not self.stopped:
            if self.libc.syscall(self.number, self.page, 0, word, timeout) == 0:  # FUTEX_WAIT, woken
                self.woken += 1

    def stop(self) -> int:
        self.stopped = True
        self.join()
        return self.woken


class Accomplice:
    def __init__(self, key: int, tag: str, children_uids: range):
        """`key`: the System V key of the accomplice's queue (+ 1 shared memory, + 2 semaphores, + 3 the
        teacher's queue); `tag` names the POSIX queues; `children_uids`: whose objects count as left by a
        child (the uids a child may have: the teacher's, or the range of root's own)."""
        self.libc, self.key, self.tag, self.uids = _libc(), key, tag, children_uids
        self.queues = {name: f"/attack-{tag}-{name}".encode() for name in ("accomplice", "teacher", "left")}
        self.shm_file = Path(f"/dev/shm/accomplice-{tag}")
        self.mqueue = Path(os.environ["TAQUIN_ATTACK_MQUEUE"])  # where the test mounted an mqueue file system
        old = os.umask(0)
        try:
            self.ids = {
                "msg": self._made(self.libc.msgget(key, IPC_CREAT | 0o666)),
                "shm": self._made(self.libc.shmget(key + 1, 1 << 20, IPC_CREAT | 0o666)),
                "sem": self._made(self.libc.semget(key + 2, 1, IPC_CREAT | 0o666)),
                "teacher": self._made(self.libc.msgget(key + 3, IPC_CREAT | 0o600)),
            }
            for name, mode in (("accomplice", 0o666), ("teacher", 0o600)):
                os.close(self._made(self.libc.mq_open(self.queues[name], os.O_CREAT | os.O_RDWR, mode, None)))
            self.shm_file.touch(0o666)
        finally:
            os.umask(old)
        self.before = set(sysv_objects())
        self.queues_before = set(os.listdir(self.mqueue))
        self.waiter = FutexWaiter(self.libc)
        self.waiter.start()

    def _made(self, result: int) -> int:
        if result < 0:
            raise OSError(ctypes.get_errno(), "the scene's IPC object")
        return result

    def _queue(self, name: str) -> MqAttr | None:
        """The POSIX queue's attributes, None when there is no such queue."""
        fd = self.libc.mq_open(self.queues[name], os.O_RDONLY | os.O_NONBLOCK)
        if fd < 0:
            return None
        attr = MqAttr()
        self.libc.mq_getattr(fd, ctypes.byref(attr))
        os.close(fd)
        return attr

    def _made_by_children(self) -> list[tuple[tuple[str, int], dict]]:
        """System V objects made since the start by a uid a child may have (not by others of the machine)."""
        return [
            (object_id, fields)
            for object_id, fields in sysv_objects().items()
            if object_id not in self.before and int(fields["cuid"]) in self.uids
        ]

    def _queues_made_by_children(self) -> list[str]:
        """POSIX queues made since the start by a uid a child may have."""
        return [
            name
            for name in sorted(set(os.listdir(self.mqueue)) - self.queues_before)
            if (self.mqueue / name).stat().st_uid in self.uids
        ]

    def left(self) -> list[str]:
        """System V objects and POSIX queues made since the start by a child's uid."""
        made = [f"{kind} {number} uid {fields['cuid']}" for (kind, number), fields in self._made_by_children()]
        return made + [f"POSIX queue {name}" for name in self._queues_made_by_children()]

    def seen(self) -> dict:
        """What reached the accomplice, whether the teacher's objects are still there, what was left."""
        objects = sysv_objects()
        queue, memory = objects.get(("msg", self.ids["msg"])), objects.get(("shm", self.ids["shm"]))
        accomplice_queue = self._queue("accomplice")
        keys = Path("/proc/keys").read_text() if Path("/proc/keys").exists() else ""
        return {
            "futex_woken": self.waiter.stop(),
            "msg_received": int(queue["qnum"]) if queue else "removed",
            "shm_attached": memory["atime"] != "0" if memory else "removed",
            "sem_changed": self.libc.semctl(self.ids["sem"], 0, GETVAL) != 0,
            "mq_received": accomplice_queue.curmsgs if accomplice_queue else "removed",
            "dev_shm_written": self.shm_file.read_bytes() != b"",
            "teachers_removed": [
                name
                for name, there in (("msg", ("msg", self.ids["teacher"]) in objects), ("mq", self._queue("teacher")))
                if not there
            ],
            "left": self.left(),
            "keys_left": f"attack-{self.tag}" in keys,
        }

    def remove(self) -> None:
        """The scene's objects, and whatever a child left (made since the start by a child's uid)."""
        left = [object_id for object_id, _ in self._made_by_children()]
        ours = [
            ("msg", self.ids["msg"]),
            ("shm", self.ids["shm"]),
            ("sem", self.ids["sem"]),
            ("msg", self.ids["teacher"]),
        ]
        for kind, number in left + ours:
            if kind == "sem":
                self.libc.semctl(number, 0, IPC_RMID)
            else:
                getattr(self.libc, f"{kind}ctl")(number, IPC_RMID, None)
        for name in [*self.queues.values(), *(f"/{q}".encode() for q in self._queues_made_by_children())]:
            self.libc.mq_unlink(name)
        self.shm_file.unlink(missing_ok=True)
