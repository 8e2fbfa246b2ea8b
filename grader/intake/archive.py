"""Read what a teacher downloaded — a folder, a .zip, a .tar(.gz) — into a tree held in memory.

A tree maps a relative POSIX path to the file's bytes, or to a `Refused` marker when that member must
not be read (a path that climbs out, a bomb), or to a `Skipped` one for what is left out and said while
the rest is read (a link, never followed; a hidden name; a folder Python fills itself). Only the files
the grader may need are read (Python sources, notebooks, nested archives, which are opened in turn); the
others are listed by name (`OTHER`), so that "handed in a PDF only" can be told from "handed in
nothing". Nothing in an archive is ever written to disk, and every read is capped whatever the
archive's headers claim.

A problem with one member is a `Refused` marker in the tree, so that only the student it belongs to
pays for it; a problem with the archive as a whole (unreadable, too many members, too much data)
raises `ArchiveError`. In a class's archive (`per_student`), each top-level entry is a student with
limits of their own: a student over their member count or their bytes has their members refused, and
only the whole class over the class's limits (many students at once) refuses the archive.
"""

from __future__ import annotations

import io
import os
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from grader.errors import SubmissionError
from grader.intake.identity import is_moodle, text_name
from grader.sandbox.limits import Limits

CODE_SUFFIXES = (".py", ".ipynb")
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")
# Folders and files that editors and operating systems add: never a student's work, skipped unsaid.
JUNK_PARTS = {"__MACOSX", ".ipynb_checkpoints", ".git", ".idea", ".vscode", ".DS_Store", "Thumbs.db"}
# Folders Python makes or fills, never a student's work: left out, and said (`left_out`). A virtual
# environment is told by the file at its top, whatever its name (`venv_roots`).
TOOLING_PARTS = {"__pycache__", "site-packages"}
VENV_MARK = "pyvenv.cfg"


@dataclass(frozen=True)
class ArchiveLimits:
    """What one student's files (a folder, an archive, their part of a class's archive; nested archives
    counted in their parent) may hold, and a class's archive as a whole."""

    members: int = 5000  # entries listed, files and folders
    # The bytes read of a student's files (Python sources, notebooks, archives, an archive counted with
    # what it holds), all together, and the most any one notebook or archive may weigh. Four times what
    # the child's folder holds: a notebook carries its outputs (plots as base64 images), which never reach
    # the child; what does is checked against the folder once decoded (intake._past_child_folder). In a
    # folder, told by the files' sizes before any byte is read; in an archive, by what is read, never more
    # than this and one byte.
    total_bytes: int = 4 * Limits.disk_bytes
    class_members: int = 200_000  # a class's archive, every student together
    class_bytes: int = 2 << 30
    source_bytes: int = 2 << 20  # one .py file
    ratio: int = 200  # uncompressed / compressed, for members over `ratio_floor` bytes
    ratio_floor: int = 1 << 20
    depth: int = 3  # archives inside archives


LIMITS = ArchiveLimits()
WRAPPERS = 4  # folders that may wrap a class's Moodle-named entries in its archive


@dataclass(frozen=True)
class Refused:
    """A member that was not read, and why (a catalogue key of grader/text/i18n/ and its parameters)."""

    key: str
    detail: str = ""


@dataclass(frozen=True)
class Skipped(Refused):
    """A member or folder left out, and said, while the rest of the student's files are read: a link
    (never followed), a hidden name, Python's own folders (`left_out`)."""


LINK = "intake.skipped_link"  # the key of a link's notice
OTHER = Refused("", "")  # a file the grader does not need: listed, not read
FOLDER = Refused("", "/")  # a folder entry (`name/`): an empty Moodle submission is only that


class ArchiveError(SubmissionError):
    """A whole archive cannot be read (broken, or over the limits)."""


def is_archive(name: str) -> bool:
    return name.lower().endswith(ARCHIVE_SUFFIXES)


def wanted(name: str) -> bool:
    return name.lower().endswith(CODE_SUFFIXES) or is_archive(name)


def is_junk(path: str) -> bool:
    """Clutter an editor or a system adds (`__MACOSX`, `.DS_Store`, `._jeux.py`): skipped unsaid."""
    parts = PurePosixPath(path).parts
    return any(part in JUNK_PARTS or part.startswith("._") for part in parts)


def left_out(name: str) -> str | None:
    """Why a file or folder of this name (one part of a path) is left out and said, as the catalogue key
    of the notice; None for one to read. The same rule for a class's entries and a student's files."""
    if name.startswith("."):
        return "intake.hidden"
    if name in TOOLING_PARTS:
        return "intake.tooling"
    return None


def venv_roots(paths: Iterable[str]) -> list[str]:
    """The folders of a tree's `paths` that hold a virtual environment (`pyvenv.cfg` at their top), as
    prefixes ending in `/` (`""`: the tree's own top)."""
    return sorted(path[: -len(VENV_MARK)] for path in paths if path == VENV_MARK or path.endswith("/" + VENV_MARK))


def _left_out_member(name: str, folder: bool) -> tuple[str, Skipped] | None:
    """The marker for a member under (or being) a left-out name: recorded once for the whole folder."""
    parts = name.split("/")
    for depth, part in enumerate(parts):
        key = left_out(part)
        if key:
            inner = depth < len(parts) - 1 or folder
            return "/".join(parts[: depth + 1]) + ("/" if inner else ""), Skipped(key)
    return None


def _cap(name: str, limits: ArchiveLimits) -> int:
    return limits.source_bytes if name.lower().endswith(".py") else limits.total_bytes


def _safe_name(name: str) -> str | None:
    """The member's path made relative and clean (and text: a name that is not UTF-8 has its bytes as
    escapes), or None when it is absolute or climbs out."""
    name = text_name(name).replace("\\", "/")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return None
    parts = [part for part in name.split("/") if part not in ("", ".")]
    if ".." in parts:
        return None
    return "/".join(parts)


def _triage(
    raw: str, link: bool = False, special: bool = False, folder: bool = False
) -> tuple[str | None, Refused | None]:
    """A member before it is read: (name, marker to record instead of reading it), (name, None) to
    read it, or (None, None) for clutter to skip. A folder is recorded as `name/`."""
    name = _safe_name(raw)
    if name is None:
        return text_name(raw), Refused("intake.refused_path", text_name(raw))
    if is_junk(name) or (folder and not name):
        return None, None
    skipped = _left_out_member(name, folder)
    if skipped:
        return skipped
    if folder:
        return name + "/", FOLDER
    if link:
        return name, Skipped(LINK)
    if special:
        return name, Refused("intake.refused_special", text_name(raw))
    if not wanted(name):
        return name, OTHER
    return name, None


class _Budget:
    """Bytes read and members listed, for one archive and the archives nested in it; in a class's
    archive (`per_student`), for each student (each top-level name) too."""

    def __init__(self, limits: ArchiveLimits, label: str, per_student: bool = False):
        self.limits, self.label, self.per_student = limits, label, per_student
        self.bytes_cap = limits.class_bytes if per_student else limits.total_bytes
        self.members_cap = limits.class_members if per_student else limits.members
        self.read = 0
        self.students: dict[str, list[int]] = {}  # per_student: [members, bytes] of each

    def owner(self, name: str, owner: str | None) -> str:
        """Whose a member is: that of the archive it is nested in; in a class's archive, the student of
        its top-level name, or of its first Moodle-named folder when folders wrap the class (as
        grader.intake unwraps them: `TP taquin-123/Nom Prénom_12_assignsubmission_file_/`)."""
        if owner is not None or not self.per_student:
            return owner or ""
        parts = name.split("/")
        moodle = next((n for n, part in enumerate(parts[:WRAPPERS]) if is_moodle(part)), 0)
        return "/".join(parts[: moodle + 1])

    def admit(self, owner: str) -> Refused | None:
        """Count one member of `owner`'s: once that student is over their limits, the marker to record
        instead of reading it; else None."""
        if not self.per_student:
            return None
        counts = self.students.setdefault(owner, [0, 0])
        counts[0] += 1
        if counts[0] > self.limits.members:
            return Refused("intake.refused_members", str(self.limits.members))
        return self._over(counts)

    def room(self, owner: str = "") -> int:
        """The bytes `owner` may still have read (the whole archive's, in a class's archive, bound them too)."""
        left = self.bytes_cap - self.read
        if self.per_student:
            left = min(left, self.limits.total_bytes - self.students.get(owner, [0, 0])[1])
        return max(left, 0)

    def take(self, size: int, owner: str = "") -> Refused | None:
        """Count `size` bytes read for `owner`: the marker to record instead of them when that student is
        now over their bytes, else None; past the whole archive's bytes, ArchiveError."""
        self.read += size
        if self.read > self.bytes_cap:
            raise ArchiveError("intake.archive_too_big", archive=self.label, limit=_mib(self.bytes_cap))
        if not self.per_student:
            return None
        counts = self.students.setdefault(owner, [0, 0])
        counts[1] += size
        return self._over(counts)

    def _over(self, counts: list[int]) -> Refused | None:
        if counts[1] > self.limits.total_bytes:
            return Refused("intake.refused_total", _mib(self.limits.total_bytes))
        return None


def _too_big(cap: int) -> Refused:
    return Refused("intake.refused_size", _mib(cap))


def _mib(size: int) -> str:
    """A size in MiB, as the catalogue's messages write it beside their unit (Mio, MiB)."""
    return f"{size / (1 << 20):g}"


def read_archive(
    data: bytes | Path,
    label: str,
    limits: ArchiveLimits = LIMITS,
    depth: int = 0,
    budget: _Budget | None = None,
    owner: str | None = None,
    per_student: bool = False,
) -> dict[str, bytes | Refused]:
    """The members of a zip or tar archive (given as bytes or a path), nested archives opened in place
    (`sub.zip/jeux.py`). `per_student`: a class's archive, each top-level name with limits of its own;
    `owner`: whose members a nested archive's are."""
    budget = budget or _Budget(limits, label, per_student)
    source = io.BytesIO(data) if isinstance(data, bytes) else data
    if label.lower().endswith(".zip"):
        members = _zip_members(source, label, limits, budget, owner)
    else:
        members = _tar_members(source, label, limits, budget, owner)
    tree: dict[str, bytes | Refused] = {}
    for name, content in members:
        tree[name] = content
        if isinstance(content, bytes) and is_archive(name):
            tree[name] = OTHER  # the archive itself is replaced by what it holds
            if depth + 1 >= limits.depth:
                tree[name] = Refused("intake.refused_depth", str(limits.depth))
                continue
            try:
                inner = read_archive(content, f"{label}/{name}", limits, depth + 1, budget, budget.owner(name, owner))
            except ArchiveError as exc:
                tree[name] = refusal(exc)
                continue
            tree.update({f"{name}/{inner_name}": value for inner_name, value in inner.items()})
    return tree


def _zip_members(source, label: str, limits: ArchiveLimits, budget: _Budget, owner: str | None):
    try:
        archive = zipfile.ZipFile(source)
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as exc:
        raise ArchiveError("intake.archive_broken", archive=label, detail=str(exc)) from None
    if len(infos) > budget.members_cap:
        raise ArchiveError("intake.archive_members", archive=label, count=len(infos), limit=budget.members_cap)
    with archive:
        for info in infos:
            link = stat.S_ISLNK(info.external_attr >> 16)
            name, marker = _triage(info.filename, link, folder=info.is_dir())
            if name is None:
                continue
            marker = budget.admit(budget.owner(name, owner)) or marker
            if marker is not None:
                yield name, marker
                continue
            cap = _cap(name, limits)
            ratio = info.file_size / max(info.compress_size, 1)
            if info.file_size > cap:
                yield name, _too_big(cap)
                continue
            if info.file_size > limits.ratio_floor and ratio > limits.ratio:
                yield name, Refused("intake.refused_bomb", f"{info.file_size} / {info.compress_size}")
                continue
            try:
                with archive.open(info) as member:
                    # The header may lie: never trust file_size, never read past what may be held.
                    content = member.read(min(cap, budget.room(budget.owner(name, owner))) + 1)
            except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, RuntimeError) as exc:
                # RuntimeError: an encrypted member.
                yield name, Refused("intake.refused_broken", str(exc))
                continue
            over = budget.take(len(content), budget.owner(name, owner))
            yield name, over or (_too_big(cap) if len(content) > cap else content)


def _tar_members(source, label: str, limits: ArchiveLimits, budget: _Budget, owner: str | None):
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
                if count > budget.members_cap:
                    raise ArchiveError("intake.archive_members", archive=label, count=count, limit=budget.members_cap)
                # Skipping a member decompresses it: the sizes the headers declare count against the budget.
                declared += member.size
                if declared > 4 * budget.bytes_cap:
                    raise ArchiveError("intake.archive_too_big", archive=label, limit=_mib(budget.bytes_cap))
                # A hard link's member is another of the archive's, but read as a link is: never followed.
                link = member.issym() or member.islnk()
                special = not (member.isfile() or member.isdir())
                name, marker = _triage(member.name, link, special, folder=member.isdir())
                if name is None:
                    continue
                marker = budget.admit(budget.owner(name, owner)) or marker
                if marker is not None:
                    yield name, marker
                    continue
                cap = _cap(name, limits)
                if member.size > cap:
                    yield name, _too_big(cap)
                    continue
                handle = archive.extractfile(member)
                assert handle is not None  # a regular file: directories, links and special files are handled above
                content = handle.read(min(cap, budget.room(budget.owner(name, owner))) + 1)
                yield name, budget.take(len(content), budget.owner(name, owner)) or content
        except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
            raise ArchiveError("intake.archive_broken", archive=label, detail=str(exc)) from None


def refusal(exc: ArchiveError) -> Refused:
    """A student's archive or folder that cannot be read as a whole: that student's problem only, said
    as a refused member. (Over the whole budget too: the class's other students have budgets of their own.)"""
    if exc.key == "intake.archive_broken":
        return Refused("intake.refused_broken", exc.params["detail"])
    if exc.key == "intake.archive_members":
        return Refused("intake.refused_members", str(exc.params["limit"]))
    return Refused("intake.refused_total", exc.params["limit"])


def read_folder(folder: Path, limits: ArchiveLimits = LIMITS) -> dict[str, bytes | Refused]:
    """A folder on disk as a tree; links are listed as skipped, never followed; left-out names
    (`left_out`) are listed, never entered; archives are opened. ArchiveError, before any file is read,
    when the files to read weigh more than `total_bytes` together (their sizes on disk)."""
    tree: dict[str, bytes | Refused] = {}
    count = 0
    wanted_files: list[tuple[Path, str]] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        base = Path(root)
        kept = []
        for entry in sorted(d for d in dirs if d not in JUNK_PARTS):
            name = text_name((base / entry).relative_to(folder).as_posix())
            key = left_out(entry)
            if key:
                tree[name + "/"] = Skipped(key)
            elif (base / entry).is_symlink():
                files.append(entry)
            else:
                tree[name + "/"] = FOLDER
                kept.append(entry)
        dirs[:] = kept
        for entry in sorted(files):
            count += 1
            if count > limits.members:
                raise ArchiveError("intake.archive_members", archive=str(folder), count=count, limit=limits.members)
            path = base / entry
            name = text_name(path.relative_to(folder).as_posix())
            if is_junk(name):
                continue
            key = left_out(entry)
            if key:
                tree[name] = Skipped(key)
            elif path.is_symlink():
                tree[name] = Skipped(LINK)
            elif not wanted(name):
                tree[name] = OTHER
            else:
                wanted_files.append((path, name))
    if sum(_size(path) for path, _ in wanted_files) > limits.total_bytes:
        raise ArchiveError("intake.archive_too_big", archive=str(folder), limit=_mib(limits.total_bytes))
    budget = _Budget(limits, text_name(str(folder)))
    for path, name in wanted_files:
        tree.update(read_file(path, name, limits, budget))
    return tree


def _size(path: Path) -> int:
    """A file's size on disk without reading it (0 for what is not read: a pipe, a device, a file gone)."""
    try:
        info = os.stat(path)
    except OSError:
        return 0
    return info.st_size if stat.S_ISREG(info.st_mode) else 0


def read_file(
    path: Path, name: str, limits: ArchiveLimits = LIMITS, budget: _Budget | None = None
) -> dict[str, bytes | Refused]:
    """One file on disk as a tree of one entry, or of what it holds when it is an archive; ArchiveError
    when what it holds takes `budget` past the student's bytes."""
    name = text_name(name)
    budget = budget or _Budget(limits, text_name(str(path)))
    try:
        content = _read_regular(path, name, _cap(name, limits))
    except OSError as exc:  # a file this account may not read: that student's problem only
        return {name: Refused("intake.refused_broken", exc.strerror or str(exc))}
    if isinstance(content, Refused):
        return {name: content}
    budget.take(len(content))
    if not is_archive(name):
        return {name: content}
    try:
        inner = read_archive(content, name, limits, 0, budget)
    except ArchiveError as exc:
        return {name: refusal(exc)}
    return {f"{name}/{inner_name}": value for inner_name, value in inner.items()}


def _read_regular(path: Path, name: str, cap: int) -> bytes | Refused:
    """A regular file of at most `cap` bytes, told by its size before any byte is read (and never more
    than one byte past `cap`, should it grow meanwhile). Refused past it, and for a named pipe, a device
    or a socket, which a plain open would wait on forever (a pipe), read without end (a device) or fail
    on (a socket)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        return Refused("intake.refused_special", name)
    if info.st_size > cap:
        return _too_big(cap)
    with open(path, "rb") as handle:
        content = handle.read(cap + 1)
    return _too_big(cap) if len(content) > cap else content
