"""What the parent checks of a child's confinement before the student's code loads, from what the kernel
shows of the child (/proc/PID: uid, no_new_privs, seccomp, capabilities, mount points, IPC namespace)
and what the child told before any student code ran (Landlock, which /proc does not show); and the
layers in force, as a report states them.
"""

from __future__ import annotations

import os
import re

from grader.sandbox import confine
from grader.sandbox.limits import Limits
from grader.text.message import Message

NO_CAPABILITIES = "0" * 16


def proc_status(pid: int) -> dict[str, list[str]]:
    """/proc/PID/status, its fields split."""
    status = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            key, _, value = line.partition(":")
            status[key] = value.split()
    return status


def identity_problems(status: dict[str, list[str]], wanted: dict, told: dict) -> list[str]:
    """What the child's status contradicts of the identity and filters it was to take: its uid, no new
    privileges, seccomp's filter mode, no capability left; and Landlock, as the child told."""
    problems = []
    if wanted["uid"] is not None and status["Uid"] != [str(wanted["uid"])] * 4:
        problems.append(f"uid {status['Uid']}")
    if (wanted["landlock"] or wanted["seccomp"]) and status.get("NoNewPrivs") != ["1"]:
        problems.append("no_new_privs")
    if wanted["seccomp"] and status.get("Seccomp") != ["2"]:
        problems.append("seccomp")
    capabilities = {status.get("CapEff", ["?"])[0], status.get("CapBnd", ["?"])[0]}
    if wanted["drop_capabilities"] and capabilities != {NO_CAPABILITIES}:
        problems.append("capabilities")
    if wanted["landlock"] and not told.get("landlock"):
        problems.append("landlock")
    return problems


def namespace_problems(pid: int, wanted: dict, workdir: str, namespaced: bool) -> list[str]:
    """What the child's namespaces contradict: its private root's mount points, an IPC namespace of its own."""
    problems = []
    if wanted["private_root"] and mount_points(pid) != sorted(confine.private_root_mounts(workdir, wanted["stdlib"])):
        problems.append("private root")
    if namespaced and os.stat(f"/proc/{pid}/ns/ipc").st_ino == os.stat("/proc/self/ns/ipc").st_ino:
        problems.append("IPC namespace")
    return problems


def mount_points(pid: int) -> list[str]:
    """The child's mount points, from the kernel (sorted; octal escapes of spaces and such undone)."""
    with open(f"/proc/{pid}/mountinfo") as file:
        return sorted(re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), line.split()[4]) for line in file)


def described(limits: Limits, layers: dict) -> list[Message]:
    """The layers in force, as a report states them (said in its reader's language)."""
    said = [Message("isolation.rlimits" if layers.get("rlimits") else "isolation.no_rlimits")]
    if layers.get("namespaces"):
        said.append(Message("isolation.namespaces_user" if layers["namespaces"] == "user" else "isolation.namespaces"))
    else:
        said.append(Message("isolation.subreaper"))
    if layers.get("private_root"):
        said.append(Message("isolation.private_root"))
    if layers.get("uid") is not None:
        said.append(
            Message("isolation.uid", {"first": limits.uid_first, "last": limits.uid_first + limits.uid_count - 1})
        )
    if layers.get("tmpfs"):
        said.append(Message("isolation.tmpfs", {"mib": limits.disk_bytes >> 20, "files": limits.disk_files}))
    elif layers.get("disk_watch"):
        said.append(
            Message(
                "isolation.watched_folder",
                {"mib": limits.watched_disk_bytes >> 20, "files": limits.watched_disk_files},
            )
        )
    said.append(_landlock(layers.get("landlock")))
    said.append(Message("isolation.seccomp" if layers.get("seccomp") else "isolation.no_seccomp"))
    return said


def _landlock(landlock: dict | None) -> Message:
    if not landlock:
        return Message("isolation.no_landlock")
    kind = (
        "isolation.landlock_scoped"
        if landlock["scoped"]
        else "isolation.landlock_net"
        if landlock["net"]
        else "isolation.landlock"
    )
    return Message(kind, {"abi": landlock["abi"]})


def files_confined(layers: dict) -> bool:
    """Can the child reach files of others? Not with Landlock, nor as a uid of its own in a mount
    namespace (root's files closed by permissions, its writes in a tmpfs)."""
    return bool(layers.get("landlock")) or bool(layers.get("uid") is not None and layers.get("tmpfs"))
