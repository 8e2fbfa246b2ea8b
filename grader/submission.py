"""Find a student's modules in a folder, a single .py file or a .zip, and decode their sources.

Nothing here runs student code: a single file's part is told by the function names its syntax tree
defines. Sources are returned as text (UTF-8, or CP1252 with a warning when a Windows editor saved
them without a coding line), ready to be copied into a child's folder.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

# The modules of the conventions, and the names that tell a single file's part (`dfs` is not one:
# part II's answers define a `dfs` too).
MODULE_FUNCTIONS = {
    "jeux": {"solution_42", "bfs", "ids", "idastar", "h_jeu1"},
    "taquin": {"move", "tente_gauche", "tente_bas", "tente_droite", "tente_haut", "taquin"},
    "recherche": {"search", "astar", "bfs_taquin", "dfs_taquin"},
}
MAX_SOURCE_BYTES = 2 * 1024 * 1024
MAX_ZIP_BYTES = 20 * 1024 * 1024
MAX_FILES = 200


class SubmissionError(Exception):
    """A submission that cannot be read at all (not a folder, .py or .zip; a broken zip)."""


@dataclass
class Source:
    module: str
    text: str
    filename: str  # as found in the submission, for messages
    encoding: str = "utf-8"


@dataclass
class Submission:
    id: str
    sources: dict[str, Source] = field(default_factory=dict)  # module name -> source
    helpers: dict[str, str] = field(default_factory=dict)  # other .py files beside them: name -> text
    warnings: list[tuple[str, dict]] = field(default_factory=list)  # catalogue key and its fields

    def sources_text(self) -> dict[str, str]:
        """Every file to copy into a child's folder, by module name."""
        return {**self.helpers, **{name: src.text for name, src in self.sources.items()}}


def submission_id(path: Path) -> str:
    # `.` or `..` have no name of their own: the folder's real one is the student's.
    name = path.name if path.name not in ("", "..") else Path(path).resolve().name
    for suffix in (".zip", ".py"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def find_submissions(class_dir: Path) -> list[Path]:
    """One entry per student: a folder, a .py file or a .zip, hidden files skipped, sorted by name."""
    entries = []
    for entry in sorted(Path(class_dir).iterdir(), key=lambda p: p.name):
        if entry.name.startswith((".", "_")):
            continue
        if entry.is_dir() or entry.suffix.lower() in (".py", ".zip"):
            entries.append(entry)
    return entries


def load_submission(path: Path) -> Submission:
    path = Path(path)
    if path.is_dir():
        files = _folder_files(path)
    elif path.suffix.lower() == ".zip":
        files = _zip_files(path)
    elif path.suffix.lower() == ".py":
        files = {path.name: path.read_bytes()[: MAX_SOURCE_BYTES + 1]}
    else:
        raise SubmissionError(f"{path}: not a folder, a .py file or a .zip")
    return _assemble(submission_id(path), files)


def _folder_files(folder: Path) -> dict[str, bytes]:
    files = {}
    for file in sorted(folder.rglob("*.py")):
        relative = file.relative_to(folder)
        if any(part.startswith((".", "__")) for part in relative.parts[:-1]) or len(files) >= MAX_FILES:
            continue
        if file.is_file():
            with file.open("rb") as handle:
                files[relative.as_posix()] = handle.read(MAX_SOURCE_BYTES + 1)
    return files


def _zip_files(path: Path) -> dict[str, bytes]:
    """The .py members of a zip, read in memory: no path of the archive is ever written to disk."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise SubmissionError(f"{path.name}: {exc}") from None
    files, total = {}, 0
    with archive:
        for info in archive.infolist():
            name = PurePosixPath(info.filename)
            if info.is_dir() or name.suffix != ".py" or "__MACOSX" in name.parts or len(files) >= MAX_FILES:
                continue
            if info.file_size > MAX_SOURCE_BYTES or total + info.file_size > MAX_ZIP_BYTES:
                raise SubmissionError(f"{path.name}: {info.filename} is too large")
            total += info.file_size
            files[name.as_posix().lstrip("/")] = archive.read(info)
    return files


def _assemble(student: str, files: dict[str, bytes]) -> Submission:
    submission = Submission(id=student)
    # Shallowest first, so that a copy nested deeper (an old version in a sub-folder) loses.
    ordered = sorted(files.items(), key=lambda item: (item[0].count("/"), item[0]))
    texts = {}
    for name, data in ordered:
        if len(data) > MAX_SOURCE_BYTES:
            submission.warnings.append(("warning.too_large", {"file": name}))
            continue
        text, encoding = decode(data)
        if encoding not in ("utf-8", "utf-8-sig") and not _declares_coding(data):
            submission.warnings.append(("warning.encoding", {"file": name, "encoding": encoding}))
        texts[name] = (text, encoding)
    for name, (text, encoding) in texts.items():
        stem = PurePosixPath(name).stem
        if stem in MODULE_FUNCTIONS and stem not in submission.sources:
            submission.sources[stem] = Source(stem, text, name, encoding)
    if not submission.sources and len(texts) == 1:
        # A single file named freely: its part is told by the functions it defines.
        (name, (text, encoding)), = texts.items()
        for module in modules_defined(text):
            submission.sources[module] = Source(module, text, name, encoding)
    for name, (text, _) in texts.items():
        stem = PurePosixPath(name).stem
        if stem not in submission.sources and stem.isidentifier() and stem not in submission.helpers:
            submission.helpers[stem] = text
    return submission


def modules_defined(text: str) -> list[str]:
    """The parts a file answers, from the top-level function names it defines."""
    try:
        names = {node.name for node in ast.parse(text).body if isinstance(node, ast.FunctionDef)}
    except (SyntaxError, ValueError):
        # Broken files are still graded (their import fails visibly): fall back to a plain scan.
        names = set(re.findall(r"^def\s+(\w+)", text, flags=re.MULTILINE))
    scores = {module: len(names & functions) for module, functions in MODULE_FUNCTIONS.items()}
    return [module for module, score in scores.items() if score]


def decode(data: bytes) -> tuple[str, str]:
    """Decode a source as Python would (BOM, coding line), else UTF-8, else CP1252, else Latin-1."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data.decode(encoding), encoding
    except (SyntaxError, LookupError, UnicodeDecodeError):
        pass
    for encoding in ("cp1252", "latin-1"):
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte string")


def _declares_coding(data: bytes) -> bool:
    head = b"\n".join(data.splitlines()[:2])
    return re.search(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", head, flags=re.MULTILINE) is not None
