"""Intake: from what a teacher downloaded (or a student points `grader check` at) to submissions.

One loader, one rule (docs/intake.md):

1. The class is a folder, a .zip or a .tar(.gz); it is read into memory (grader/intake/archive.py),
   nested archives opened, hostile members refused. When it holds a single folder that itself holds
   Moodle-named entries, that folder is the class.
2. Each top-level entry is a student: a folder, a .py, an .ipynb or an archive; its id is unique in the
   class and depends on its own name only, unless another entry would take the same one
   (grader/intake/identity.py). Moodle's names (`Nom Prénom_<participant>_assignsubmission_<plugin>_`,
   as folders or as prefixes of flat files) give the display name and participant id, and one
   participant's entries (file, onlinetext) are merged: the participant number is the only thing that
   makes two entries one student. Other names (Capytale's `nom_prenom.py`, plain folders) are the
   display name as given. Other files at the top (Capytale's report, a CSV) are not students: they are
   listed as ignored; what is not a student's work (a hidden name, a venv, `__pycache__`) is left out,
   and said, here and inside each student's files alike (`left_out`).
3. A student's modules are chosen by what the files define (grader/intake/modules.py: a line scan, no
   parse: nothing of a student's is parsed outside its child); notebooks count as their code cells,
   read with the standard library's JSON parser only once their shape is known to be bounded (a
   notebook past those bounds makes its student "unreadable").
4. An entry with no Python file nor notebook is "not submitted"; one with a refused member (a broken
   or hostile archive) is "unreadable": that student only. A link is never followed: it is left out
   and said, the rest graded; a student whose only code is links is "unreadable".
"""

from __future__ import annotations

import hashlib
import mmap
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from grader.errors import InputError, SubmissionError
from grader.sandbox.limits import Limits
from grader.intake.archive import (
    CODE_SUFFIXES,
    LINK,
    OTHER,
    VENV_MARK,
    ArchiveError,
    Refused,
    Skipped,
    is_archive,
    is_junk,
    left_out,
    read_archive,
    read_file,
    read_folder,
    refusal,
    venv_roots,
    wanted,
)
from grader.intake.identity import (
    Identity,
    identify,
    is_ambiguous,
    is_moodle,
    module_stem,
    moodle_file,
    raw_name,
    strip_suffixes,
    text_name,
    unique_ids,
)
from grader.intake.modules import (
    NOTEBOOK_FILES,
    module_functions,
    Candidate,
    NotebookModule,
    NotebookRefused,
    choose,
    declares_coding,
    decode,
    defined_functions,
    notebook_source,
)

# What became of a submission before any grading (SubmissionResult.status takes these values, and
# "graded" or "grader_failed" after grading).
SUBMITTED = "submitted"
NOT_SUBMITTED = "not_submitted"
UNREADABLE = "unreadable"
DUPLICATE = "duplicate"

Tree = dict[str, "bytes | Refused"]
# What `grader grade` writes in its output folder, and how a class folder tells one apart from a student's
# (`grader grade . --out rapport`, run from the class folder, would otherwise make "rapport" a student).
RUN_MANIFEST = PurePosixPath("students", ".run.json")


@dataclass
class Source:
    module: str
    text: str
    filename: str  # as found in the submission, for messages
    encoding: str = "utf-8"
    # A notebook's code cells, run one by one at import: (number, the line its part starts at); none for a .py.
    cells: tuple[tuple[int, int], ...] = ()


@dataclass
class Submission:
    id: str
    name: str = ""
    participant: str = ""
    status: str = SUBMITTED
    sources: dict[str, Source] = field(default_factory=dict)  # module name -> source
    helpers: dict[str, str] = field(default_factory=dict)  # other .py files beside them: name -> text
    warnings: list[tuple[str, dict]] = field(default_factory=list)  # catalogue key and its fields

    def sources_text(self) -> dict[str, str]:
        """Every file to copy into a child's folder, by module name."""
        return {**self.helpers, **{name: src.text for name, src in self.sources.items()}}


@dataclass
class Entry:
    """One student as found in the class: who, and their files read but not yet interpreted."""

    identity: Identity
    tree: Tree
    origins: list[str]  # the class entries it was made of, for messages
    duplicate: str = ""  # a file two entries of one participant hold in two different versions

    @property
    def id(self) -> str:
        return self.identity.id

    def digest(self) -> str:
        """The content's fingerprint: `--resume` regrades an entry whose files changed."""
        hasher = hashlib.sha256()
        for path in sorted(self.tree):
            value = self.tree[path]
            hasher.update(raw_name(path) + b"\0")
            hasher.update(value if isinstance(value, bytes) else f"refused:{value.key}".encode())
            hasher.update(b"\0")
        return hasher.hexdigest()


@dataclass
class Found:
    entries: list[Entry]
    notices: list[tuple[str, dict]] = field(default_factory=list)  # files at the top that are no student


# -- finding the students -----------------------------------------------------------------------------
def find_class(path: Path) -> Found:
    """The students of a class folder or archive, sorted by id."""
    path = Path(path)
    if not path.exists():
        raise InputError("error.path_missing", path=str(path))
    outputs: list[tuple[str, dict]] = []
    if path.is_dir():
        top = _folder_top(path, outputs)
    elif is_archive(path.name):
        try:
            tree = read_archive(path, path.name, per_student=True)
        except ArchiveError as exc:
            raise InputError(exc.key, **exc.params) from None
        top = _tree_top(tree)
    elif wanted(path.name):
        top = [(path.name, False, read_file(path, path.name))]
    else:
        raise InputError("intake.not_a_class", path=str(path))
    found = _entries(_unwrap(top))
    found.notices[:0] = outputs
    return found


def _folder_top(folder: Path, outputs: list[tuple[str, dict]]) -> list[tuple[str, bool, Tree]]:
    """The folder's entries; the grader's own output folders are left out, and said in `outputs`."""
    top: list[tuple[str, bool, Tree]] = []
    for child in sorted(folder.iterdir(), key=lambda p: raw_name(p.name)):
        if is_junk(child.name):
            continue
        if left_out(child.name):
            top.append((child.name, child.is_dir(), {}))  # said and left out by `_entries`, never read
        elif not child.is_symlink() and os.path.lexists(child / VENV_MARK):
            top.append((child.name, True, {VENV_MARK: OTHER}))  # the same: only the mark that tells it is listed
        elif child.is_symlink():
            top.append((child.name, False, {text_name(child.name): Skipped(LINK)}))
        elif (child / RUN_MANIFEST).is_file():
            outputs.append(("intake.grader_output", {"folder": text_name(child.name)}))
        elif child.is_dir():
            try:
                tree = read_folder(child)
            except ArchiveError as exc:  # over a student's limits: that student's problem only
                tree = {text_name(child.name): refusal(exc)}
            top.append((child.name, True, tree))
        else:
            top.append((child.name, False, read_file(child, child.name) if wanted(child.name) else {child.name: OTHER}))
    return top


def _tree_top(tree: Tree) -> list[tuple[str, bool, Tree]]:
    """A tree's top-level entries: folders with their sub-trees, files with themselves."""
    folders: dict[str, Tree] = {}
    files: dict[str, Tree] = {}
    for name, value in tree.items():
        head, _, rest = name.partition("/")
        if name.endswith("/") and not rest.strip("/"):  # a folder at the top (a left-out one: said by `_entries`)
            folders.setdefault(head, {})
            continue
        # A refused member's raw name (`../x`, `/etc/x`) has no folder: it is a top-level file of its own.
        if rest and not (isinstance(value, Refused) and value.key == "intake.refused_path"):
            if head in files:  # an archive at the top, opened in place: its members stay with it
                files[head][name] = value
            else:
                folders.setdefault(head, {})[rest] = value
        else:
            files.setdefault(name, {})[name] = value
    top = [(name, True, sub) for name, sub in folders.items()] + [(name, False, sub) for name, sub in files.items()]
    return sorted(top, key=lambda item: item[0])


def _unwrap(top: list[tuple[str, bool, Tree]]) -> list[tuple[str, bool, Tree]]:
    """An archive or folder that wraps the class in one folder (`TP taquin-123/Nom Prénom_..._/`)."""
    while len(top) == 1 and top[0][1]:
        inner = _tree_top(top[0][2])
        if not any(is_moodle(name) for name, _, _ in inner):
            break
        top = inner
    return top


def _entries(top: list[tuple[str, bool, Tree]]) -> Found:
    found = Found(entries=[])
    participants: dict[str, Entry] = {}
    entries: list[Entry] = []
    for name, is_folder, tree in top:
        shown = text_name(name)
        skipped = left_out(name) or ("intake.venv" if is_folder and "" in venv_roots(tree) else None)
        if skipped:
            found.notices.append((skipped, {"name": shown}))
            continue
        flat = None if is_folder else moodle_file(name)
        if flat:
            # A Moodle download not in folders: `Nom Prénom_12_assignsubmission_file_jeux.py`.
            identity, rest = flat
            tree = {text_name(rest) + path[len(shown) :]: value for path, value in tree.items()}
        elif is_folder or wanted(name) or any(isinstance(v, Refused) and v.key for v in tree.values()):
            identity = identify(name, folder=is_folder)
            if is_ambiguous(name):  # Moodle's mark twice: whose it is cannot be told
                found.notices.append(("intake.moodle_ambiguous", {"file": shown}))
        else:
            found.notices.append(("intake.ignored", {"file": shown}))
            continue
        same = participants.get(identity.participant) if identity.participant else None
        if same is None:
            entry = Entry(identity, dict(tree), [shown])
            entries.append(entry)
            if identity.participant:
                participants[identity.participant] = entry
            continue
        if identity.name != same.identity.name:
            found.notices.append(
                (
                    "intake.participant_names",
                    {"participant": identity.participant, "names": f"{same.identity.name}, {identity.name}"},
                )
            )
        same.origins.append(shown)
        _merge(same, tree)
    for entry, identity in zip(entries, unique_ids([entry.identity for entry in entries])):
        entry.identity = identity
    found.entries = sorted(entries, key=lambda e: e.id)
    return found


def _merge(entry: Entry, other: Tree) -> None:
    """Another entry of the same participant (Moodle's onlinetext beside its file, a download not in
    folders): its files join the entry's; a path both hold with different contents is two versions of
    one file, which the grader cannot choose between (`duplicate`)."""
    for path, value in other.items():
        if path not in entry.tree:
            entry.tree[path] = value
        elif entry.tree[path] != value:
            entry.duplicate = entry.duplicate or path


def entry_for(path: Path) -> Entry:
    """One student's submission (`grader check PATH`): a folder, a .py, an .ipynb or an archive."""
    path = Path(path)
    if not path.exists():
        raise InputError("error.path_missing", path=str(path))
    name = path.resolve().name
    try:
        tree = read_folder(path) if path.is_dir() else read_file(path, path.name)
    except ArchiveError as exc:
        tree = {text_name(path.name): refusal(exc)}
    if not path.is_dir() and not wanted(path.name):
        raise InputError("intake.not_a_submission", path=str(path))
    return Entry(identify(name, folder=path.is_dir()), tree, [text_name(path.name)])


# -- reading one student ------------------------------------------------------------------------------
def load(entry: Entry) -> Submission:
    """The entry's modules, sources decoded, with the warnings that tell what was taken and why."""
    identity = entry.identity
    submission = Submission(id=identity.id, name=identity.name, participant=identity.participant)
    if entry.duplicate:
        submission.status = DUPLICATE
        origins = ", ".join(entry.origins)
        params = {"participant": identity.participant, "file": entry.duplicate, "origins": origins}
        submission.warnings.append(("intake.duplicate", params))
        return submission
    tree, venvs = _without_venvs(entry.tree)
    # Refused (hostile, broken, over a limit) voids the student; merely left out (`Skipped`) does not.
    refused = {
        path: value
        for path, value in tree.items()
        if isinstance(value, Refused) and value.key and not isinstance(value, Skipped)
    }
    if refused:
        for path, value in sorted(refused.items()):
            _refused(submission, value.key, path, value.detail)
        return submission
    submission.warnings.extend(("intake.venv", {"name": root.rstrip("/")}) for root in venvs)
    notebooks = sorted(p for p, data in tree.items() if isinstance(data, bytes) and p.lower().endswith(".ipynb"))
    if len(notebooks) > NOTEBOOK_FILES:
        return _refused(submission, "intake.refused_notebooks", notebooks[NOTEBOOK_FILES], str(NOTEBOOK_FILES))
    try:
        candidates = _candidates(tree, submission.warnings)
    except NotebookRefused as exc:  # a notebook no editor writes: parsing it is the cost (that student only)
        return _refused(submission, exc.key, exc.path, exc.detail)
    _take_modules(submission, candidates)
    _take_helpers(submission, candidates)
    over = _past_child_folder(submission)
    if over:
        submission.sources, submission.helpers, submission.status = {}, {}, UNREADABLE
        params = {"file": over, "detail": str(Limits.disk_bytes >> 20), "files": str(Limits.disk_files - 1)}
        submission.warnings.append(("intake.refused_folder", params))
        return submission
    links = _skipped(tree, submission)
    if candidates:
        return submission
    if links or (tree and all(value == Skipped(LINK) for value in tree.values())):
        submission.status = UNREADABLE  # its code is links only, said by `_skipped`: not "not submitted"
        return submission
    submission.status = NOT_SUBMITTED
    others = sorted(path for path, value in tree.items() if value is OTHER)
    if others:
        submission.warnings.append(("intake.no_code", {"files": ", ".join(others[:10])}))
    else:
        submission.warnings.append(("intake.empty", {}))
    return submission


def _without_venvs(tree: Tree) -> tuple[Tree, list[str]]:
    """The tree without the virtual environments inside it, and their folders. One at the top (a
    student's work folder made a venv, `python -m venv .`) keeps its files: its links and packages are
    left out anyway."""
    roots: list[str] = []
    for root in venv_roots(tree):  # sorted: an outer venv comes before those inside it
        if root and not any(root.startswith(outer) for outer in roots):
            roots.append(root)
    return {path: value for path, value in tree.items() if not any(path.startswith(root) for root in roots)}, roots


def _skipped(tree: Tree, submission: Submission) -> list[str]:
    """Say what was left out (`Skipped`); a link named as a module's file (`taquin.py`) that no other
    file answered is said as that module's questions going ungraded. Returns the links named as Python
    files or notebooks: with nothing else to grade, they make the student unreadable, not "not submitted"."""
    modules = module_functions()
    links = []
    for path, value in sorted(tree.items()):
        if not isinstance(value, Skipped):
            continue
        module = module_stem(path) if value.key == LINK and path.lower().endswith(CODE_SUFFIXES) else ""
        if module:
            links.append(path)
        if module in modules and module not in submission.sources:
            submission.warnings.append(("intake.refused_link", {"name": path, "module": module}))
        else:
            submission.warnings.append((value.key, {"name": path.rstrip("/")}))
    return links


def _candidates(tree: Tree, warnings: list) -> list[Candidate]:
    """The entry's Python sources and notebooks that hold code, shallowest first, each decoded; what
    was dropped or guessed on the way is said in `warnings`."""
    candidates = []
    for path, data in sorted(tree.items(), key=lambda item: (item[0].count("/"), item[0])):
        if not isinstance(data, bytes):
            continue
        if path.lower().endswith(".ipynb"):
            notebook = _notebook_module(path, data, warnings)
            if notebook is not None and notebook.text.strip():
                text, cells = notebook.text, tuple(notebook.cells)
                candidates.append(Candidate(path, text, "utf-8", defined_functions(text), cells))
            continue
        if not path.lower().endswith(".py"):
            continue
        text, encoding = decode(data)
        if encoding not in ("utf-8", "utf-8-sig") and not declares_coding(data):
            warnings.append(("warning.encoding", {"file": path, "encoding": encoding}))
        if text.strip():  # a blank file is no answer: "not submitted"
            candidates.append(Candidate(path, text, encoding, defined_functions(text)))
    return candidates


def _notebook_module(path: str, data: bytes, warnings: list) -> NotebookModule | None:
    """A notebook's code cells as one module (None when it cannot be read), the cells dropped from said;
    NotebookRefused, naming the file, for one past the bounds the intake reads."""
    try:
        notebook = notebook_source(data)
    except NotebookRefused as exc:
        raise NotebookRefused(exc.key, exc.detail, path) from None
    except ValueError as exc:
        warnings.append(("intake.notebook_unreadable", {"file": path, "detail": str(exc)[:200]}))
        return None
    if notebook.touched:
        warnings.append(("intake.notebook_dropped", {"file": path, "cells": ", ".join(map(str, notebook.touched))}))
    return notebook


def _take_modules(submission: Submission, candidates: list[Candidate]) -> None:
    """The file chosen for each module, said when it was not chosen by its name alone."""
    for choice in choose(candidates):
        c = choice.candidate
        submission.sources[choice.module] = Source(choice.module, c.text, c.path, c.encoding, c.cells)
        if choice.reason != "name" or choice.others:
            functions = sorted(c.defines & module_functions()[choice.module])
            params = {
                "module": choice.module,
                "file": c.path,
                "functions": ", ".join(functions) or "-",
                "others": ", ".join(choice.others) or "-",
            }
            submission.warnings.append(("intake.module_chosen", params))


def _take_helpers(submission: Submission, candidates: list[Candidate]) -> None:
    """The other .py files a module may import, by their module name."""
    taken = {source.filename for source in submission.sources.values()}
    for c in candidates:
        stem = strip_suffixes(PurePosixPath(c.path).name)
        if (
            c.path not in taken
            and c.path.endswith(".py")
            and stem.isidentifier()
            and stem not in submission.sources
            and stem not in submission.helpers
        ):
            submission.helpers[stem] = c.text


def _past_child_folder(submission: Submission) -> str | None:
    """The first of the files a child's folder gets (`sources_text`) past what its tmpfs holds, in bytes
    (each file takes whole pages) or in files (the folder itself takes one): None when all fit. Checked
    before any child starts, in every configuration, so that a student over it gets this verdict and
    never the grader's error of a tmpfs full before the child ran (red team 7). The bytes read are bound
    by the same size already (`ArchiveLimits.total_bytes`), but a source decoded as CP1252 can take up to
    three times its bytes in UTF-8, and a thousand small files a page each."""
    used, files = 0, 1
    for name, text in submission.sources_text().items():
        used += -(-len(text.encode("utf-8")) // mmap.PAGESIZE) * mmap.PAGESIZE
        files += 1
        if used > Limits.disk_bytes or files > Limits.disk_files:
            return f"{name}.py"
    return None


def _refused(submission: Submission, key: str, path: str, detail: str) -> Submission:
    """The submission unreadable for a refused file (an archive's member, a notebook), said with `key`."""
    submission.status = UNREADABLE
    submission.warnings.append((key, {"file": path, "detail": detail}))
    return submission


def load_submission(path: Path) -> Submission:
    """One student's submission from a path (`grader check`, tests)."""
    return load(entry_for(path))


__all__ = [
    "DUPLICATE",
    "NOT_SUBMITTED",
    "SUBMITTED",
    "UNREADABLE",
    "Entry",
    "Found",
    "Source",
    "Submission",
    "SubmissionError",
    "entry_for",
    "find_class",
    "load",
    "load_submission",
]
