"""Where the product keeps what it computes once per machine (pattern databases, the 3×3 puzzle's
distances, Hypothesis' own files): TAQUIN_GRADER_CACHE if set, else the user cache folder. Standard
library only: imported at start-up.

A computed file is trusted only if its bytes have the sha256 pinned in the package (`pinned_bytes`): a
file that anyone rewrote (a student's code run without confinement, a damaged disk) is built again, since
a checksum kept beside the data could be rewritten with it."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

try:
    import fcntl
except ImportError:  # Windows: no advisory lock; concurrent builders only waste time (files are renamed in)
    fcntl = None  # type: ignore[assignment]  # (the module, or None where there is none)


def cache_dir() -> Path:
    if os.environ.get("TAQUIN_GRADER_CACHE"):
        return Path(os.environ["TAQUIN_GRADER_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "taquin-grader"


def pinned_bytes(
    path: Path, size: int, digest: str, build: Callable[[], tuple[bytes, Callable[[BinaryIO], None]]], what: str
) -> bytes:
    """The last `size` bytes of the file at `path` (after any header) if their sha256 is `digest`; else
    `build()` -> (the bytes, how to write the file), checked against `digest`, saved, and returned."""
    found = _verified(path, size, digest)
    if found is not None:
        return found
    path.parent.mkdir(parents=True, exist_ok=True)
    # One builder at a time (parallel graders share the cache): the others wait, then load its result.
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        found = _verified(path, size, digest)
        if found is None:
            found, write = build()
            if not _pinned(found, size, digest):  # the construction changed without its digest
                raise RuntimeError(f"{what} built here differs from its pinned digest")
            _write_atomically(path, write)
    return found


def _pinned(data: bytes, size: int, digest: str) -> bool:
    return len(data) == size and hashlib.sha256(data).hexdigest() == digest


def _verified(path: Path, size: int, digest: str) -> bytes | None:
    try:
        data = path.read_bytes()[-size:]
    except OSError:
        return None
    return data if _pinned(data, size, digest) else None


def _write_atomically(path: Path, write: Callable[[BinaryIO], None]) -> None:
    # Write then rename, so that a reader (or a build interrupted halfway) never sees a partial file.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
