"""Read what a teacher downloaded — a folder, a .zip, a .tar(.gz) — into a tree held in memory.

A tree maps a relative POSIX path to the file's bytes, or to a `Refused` marker when that member must
not be read (a path that climbs out, a link, a bomb). Only the files the grader may need are read
(Python sources, notebooks, nested archives, which are opened in turn); the others are listed by name
(`OTHER`), so that "handed in a PDF only" can be told from "handed in nothing". Nothing in an archive
is ever written to disk, and every read is capped whatever the archive's headers claim.

A problem with one member is a `Refused` marker in the tree, so that only the student it belongs to
pays for it; a problem with the archive as a whole (unreadable, too many members, too much data)
raises `ArchiveError`.
"""

from __future__ import annotations

import io
import os
import stat
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from grader.errors import SubmissionError

CODE_SUFFIXES = (".py", ".ipynb")
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")
# Folders and files that editors and operating systems add: never a student's work.
JUNK_PARTS = {"__MACOSX", "__pycache__", ".ipynb_checkpoints", ".git", ".idea", ".vscode", ".DS_Store", "Thumbs.db"}


@dataclass(frozen=True)
class ArchiveLimits:
    """What one archive (a class's or a student's, nested ones counted in their parent) may hold."""

    members: int = 5000  # entries listed, files and folders
    total_bytes: int = 256 << 20  # bytes read out of it, nested archives included
    source_bytes: int = 2 << 20  # one .py file
    notebook_bytes: int = 20 << 20  # one .ipynb (outputs and pictures make them big)
    nested_bytes: int = 64 << 20  # one archive inside the archive
    ratio: int = 200  # uncompressed / compressed, for members over `ratio_floor` bytes
    ratio_floor: int = 1 << 20
    depth: int = 3  # archives inside archives


LIMITS = ArchiveLimits()


@dataclass(frozen=True)
class Refused:
    """A member that was not read, and why (a catalogue key of grader/text/i18n/ and its parameters)."""

    key: str
    detail: str = ""


OTHER = Refused("", "")  # a file the grader does not need: listed, not read
FOLDER = Refused("", "/")  # a folder entry (`name/`): an empty Moodle submission is only that


class ArchiveError(SubmissionError):
    """A whole archive cannot be read (broken, or over the limits)."""


def is_archive(name: str) -> bool:
    return name.lower().endswith(ARCHIVE_SUFFIXES)


def wanted(name: str) -> bool:
    return name.lower().endswith(CODE_SUFFIXES) or is_archive(name)


def is_junk(path: str) -> bool:
    parts = PurePosixPath(path).parts
    return any(part in JUNK_PARTS or part.startswith("._") for part in parts)


def _cap(name: str, limits: ArchiveLimits) -> int:
    lower = name.lower()
    if lower.endswith(".py"):
        return limits.source_bytes
    if lower.endswith(".ipynb"):
        return limits.notebook_bytes
    return limits.nested_bytes


def _safe_name(name: str) -> str | None:
    """The member's path made relative and clean, or None when it is absolute or climbs out."""
    name = name.replace("\\", "/")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return None
    parts = [part for part in name.split("/") if part not in ("", ".")]
    if ".." in parts:
        return None
    return "/".join(parts)


def _triage(raw: str, link: str | None = None, special: bool = False) -> tuple[str | None, Refused | None]:
    """A member before it is read: (name, marker to record instead of reading it), (name, None) to
    read it, or (None, None) for clutter to skip."""
    name = _safe_name(raw)
    if name is None:
        return raw, Refused("intake.refused_path", raw)
    if is_junk(name):
        return None, None
    if link is not None:
        return name, Refused("intake.refused_link", link)
    if special:
        return name, Refused("intake.refused_special", raw)
    if not wanted(name):
        return name, OTHER
    return name, None


class _Budget:
    def __init__(self, limits: ArchiveLimits, label: str):
        self.limits, self.label, self.read = limits, label, 0

    def take(self, size: int) -> None:
        self.read += size
        if self.read > self.limits.total_bytes:
            raise ArchiveError("intake.archive_too_big", archive=self.label, limit=_mib(self.limits.total_bytes))


def _mib(size: int) -> str:
    return f"{size / (1 << 20):g} Mio"


def read_archive(
    data: bytes | Path, label: str, limits: ArchiveLimits = LIMITS, depth: int = 0, budget: _Budget | None = None
) -> dict[str, bytes | Refused]:
    """The members of a zip or tar archive (given as bytes or a path), nested archives opened in place
    (`sub.zip/jeux.py`)."""
    budget = budget or _Budget(limits, label)
    source = io.BytesIO(data) if isinstance(data, bytes) else data
    if label.lower().endswith(".zip"):
        members = _zip_members(source, label, limits, budget)
    else:
        members = _tar_members(source, label, limits, budget)
    tree: dict[str, bytes | Refused] = {}
    for name, content in members:
        tree[name] = content
        if isinstance(content, bytes) and is_archive(name):
            tree[name] = OTHER  # the archive itself is replaced by what it holds
            if depth + 1 >= limits.depth:
                tree[name] = Refused("intake.refused_depth", str(limits.depth))
                continue
            try:
                inner = read_archive(content, f"{label}/{name}", limits, depth + 1, budget)
            except ArchiveError as exc:
                tree[name] = _nested_refusal(exc)
                continue
            tree.update({f"{name}/{inner_name}": value for inner_name, value in inner.items()})
    return tree


def _zip_members(source, label: str, limits: ArchiveLimits, budget: _Budget):
    try:
        archive = zipfile.ZipFile(source)
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as exc:
        raise ArchiveError("intake.archive_broken", archive=label, detail=str(exc)) from None
    if len(infos) > limits.members:
        raise ArchiveError("intake.archive_members", archive=label, count=len(infos), limit=limits.members)
    with archive:
        for info in infos:
            if info.is_dir():
                if safe := _safe_name(info.filename):
                    yield safe + "/", FOLDER
                continue
            link = info.filename if stat.S_ISLNK(info.external_attr >> 16) else None
            name, marker = _triage(info.filename, link)
            if marker is not None:
                yield name, marker
            if marker is not None or name is None:
                continue
            cap = _cap(name, limits)
            ratio = info.file_size / max(info.compress_size, 1)
            if info.file_size > cap or (info.file_size > limits.ratio_floor and ratio > limits.ratio):
                yield name, Refused("intake.refused_bomb", f"{info.file_size} / {info.compress_size}")
                continue
            try:
                with archive.open(info) as member:
                    content = member.read(cap + 1)  # the header may lie: never trust file_size
            except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, RuntimeError) as exc:
                # RuntimeError: an encrypted member.
                yield name, Refused("intake.refused_broken", str(exc))
                continue
            budget.take(len(content))
            if len(content) > cap:
                yield name, Refused("intake.refused_bomb", f"> {cap}")
                continue
            yield name, content


def _tar_members(source, label: str, limits: ArchiveLimits, budget: _Budget):
    try:
        archive = (
            tarfile.open(fileobj=source, mode="r:*")
            if isinstance(source, io.BytesIO)
            else tarfile.open(source, mode="r:*")
        )
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise ArchiveError("intake.archive_broken", archive=label, detail=str(exc)) from None
    count = declared = 0
    with archive:
        try:
            for member in archive:
                count += 1
                if count > limits.members:
                    raise ArchiveError("intake.archive_members", archive=label, count=count, limit=limits.members)
                # Skipping a member decompresses it: the sizes the headers declare count against the budget.
                declared += member.size
                if declared > 4 * limits.total_bytes:
                    raise ArchiveError("intake.archive_too_big", archive=label, limit=_mib(limits.total_bytes))
                if member.isdir():
                    if safe := _safe_name(member.name):
                        yield safe + "/", FOLDER
                    continue
                link = f"{member.name} -> {member.linkname}" if member.issym() or member.islnk() else None
                name, marker = _triage(member.name, link, special=not member.isfile())
                if marker is not None:
                    yield name, marker
                if marker is not None or name is None:
                    continue
                cap = _cap(name, limits)
                if member.size > cap:
                    yield name, Refused("intake.refused_bomb", str(member.size))
                    continue
                handle = archive.extractfile(member)
                assert handle is not None  # a regular file: directories, links and special files are handled above
                content = handle.read(cap + 1)
                budget.take(len(content))
                yield name, content
        except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
            raise ArchiveError("intake.archive_broken", archive=label, detail=str(exc)) from None


def _nested_refusal(exc: ArchiveError) -> Refused:
    """An archive inside a student's submission that cannot be read: that student's problem only.
    (Over the whole budget too: the class's other students have budgets of their own.)"""
    if exc.key == "intake.archive_broken":
        return Refused("intake.refused_broken", exc.params["detail"])
    return Refused("intake.refused_bomb", str(exc.params.get("count") or exc.params.get("limit")))


def read_folder(folder: Path, limits: ArchiveLimits = LIMITS) -> dict[str, bytes | Refused]:
    """A folder on disk as a tree; links are listed as refused, never followed; archives are opened."""
    tree: dict[str, bytes | Refused] = {}
    budget = _Budget(limits, str(folder))
    count = 0
    for root, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in JUNK_PARTS)
        base = Path(root)
        for entry in dirs:
            if not (base / entry).is_symlink():
                tree[(base / entry).relative_to(folder).as_posix() + "/"] = FOLDER
        for entry in [*(d for d in dirs if (base / d).is_symlink()), *sorted(files)]:
            count += 1
            if count > limits.members:
                raise ArchiveError("intake.archive_members", archive=str(folder), count=count, limit=limits.members)
            path = base / entry
            name = path.relative_to(folder).as_posix()
            if is_junk(name):
                continue
            if path.is_symlink():
                tree[name] = Refused("intake.refused_link", name)
            elif not wanted(name):
                tree[name] = OTHER
            else:
                tree.update(read_file(path, name, limits, budget))
    return tree


def read_file(
    path: Path, name: str, limits: ArchiveLimits = LIMITS, budget: _Budget | None = None
) -> dict[str, bytes | Refused]:
    """One file on disk as a tree of one entry, or of what it holds when it is an archive."""
    budget = budget or _Budget(limits, str(path))
    cap = _cap(name, limits)
    try:
        content = _read_regular(path, cap + 1)
    except OSError as exc:  # a file this account may not read: that student's problem only
        return {name: Refused("intake.refused_broken", exc.strerror or str(exc))}
    if content is None:
        return {name: Refused("intake.refused_special", name)}
    budget.take(len(content))
    if len(content) > cap:
        return {name: Refused("intake.refused_bomb", f"> {cap}")}
    if not is_archive(name):
        return {name: content}
    try:
        inner = read_archive(content, name, limits, 0, budget)
    except ArchiveError as exc:
        return {name: _nested_refusal(exc)}
    return {f"{name}/{inner_name}": value for inner_name, value in inner.items()}


def _read_regular(path: Path, size: int) -> bytes | None:
    """Up to `size` bytes of a regular file; None for a named pipe, a device or a socket, which a plain
    open would wait on forever (a pipe), read without end (a device) or fail on (a socket)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    with open(path, "rb") as handle:
        return handle.read(size)
