"""A process's own peak resident memory.

Not `getrusage(RUSAGE_SELF).ru_maxrss`: Linux carries that peak across execve, so a process started by a
large one (pytest late in a long run) reports its parent's peak. VmHWM is the peak of this address space."""

from __future__ import annotations


def peak_resident_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc/self/status")
