"""Who a submission belongs to: the display name and LMS participant id its folder or file name
carries, the file-safe id the grader files it under, and the name key rosters are joined on.

Every top-level entry of a class is one student. Names are never folded into one another: a display
name is the entry's name exactly as given (bytes that are not UTF-8 written as `\\xff` escapes), and an
id is the name itself when it already is a plain file-safe id (`alice`, `tp-3`), else a readable slug
followed by a digest of the exact name (`lea-martin-3f2a91c0d4`). Ids that would still meet, in the
class as a whole, take a longer digest (`unique_ids`). Only the LMS's own participant number
(Moodle's `_<participant>_assignsubmission_`) says that two entries are the same student.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, replace

# Moodle's "download all submissions" folder: `Nom Prénom_<participant>_assignsubmission_<plugin>_`
# (4.1+ drops the last `_`), anchored at the end.
MOODLE_FOLDER = re.compile(r"^(?P<name>.+)_(?P<participant>\d{1,18})_assignsubmission_(?P<plugin>[a-z]+)_?$", re.DOTALL)
# Every place Moodle's mark `_<participant>_assignsubmission_<plugin>_` stands in a name (overlapping ones
# too; the last `_` may end a folder's name): a name holding it twice cannot be told, since a student
# chose part of it (a display name, or a file name made a folder by a backslash in an archive).
MOODLE_MARK = re.compile(r"(?=_(\d{1,18})_assignsubmission_([a-z]+)(?:_|$))")
# What browsers and systems append to a file saved twice: `jeux (1).py`, `jeux-copie.py`, `jeux copy 2.py`.
COPY_SUFFIX = re.compile(r"(\s*\(\d+\)|[\s_-]+(copie|copy)(\s*\d+)?)+$", re.IGNORECASE)
# An id that is already file-safe everywhere: lower-case ASCII letters and digits, inner `.`, `_`, `-`,
# short enough for a file name with any extension.
PLAIN_ID = re.compile(r"[a-z0-9](?:[a-z0-9_-]|\.(?!\.)){0,62}(?<![._-])")
# Names Windows refuses for a file, whatever its extension (an output folder may be copied there).
WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)
SLUG_CHARS = 40  # the readable part of an id
# Characters a file or folder name the grader writes never holds: format characters (bidi overrides and
# isolates, zero-width ones, a BOM), private and unassigned ones are dropped; control characters, line
# and paragraph separators, any space and those Windows refuses in a name are one plain space.
DROPPED_IN_FILE_NAMES = frozenset({"Cf", "Co", "Cn"})
SPACED_IN_FILE_NAMES = frozenset({"Cc", "Zl", "Zp", "Zs"})
WINDOWS_FORBIDDEN = frozenset('/\\:*?"<>|')
DIGEST_LENGTHS = (10, 20, 64)  # hex digits of the digest an id takes, longer only where ids still meet


@dataclass(frozen=True)
class Identity:
    id: str  # file-safe: lower-case ASCII letters, digits, `-`, `_`, `.`
    name: str  # as the LMS shows it, exactly (bytes that are not UTF-8 as `\xff` escapes)
    participant: str = ""  # the LMS's participant number, when the download gives one
    origin: bytes = b""  # what the id's digest is taken of: the exact entry name, or the participant


def raw_name(name: str) -> bytes:
    """The bytes a name was read from: a name from a disk keeps the bytes that are not UTF-8 as lone
    surrogates (Python's surrogateescape); any other lone surrogate is kept as it is encoded."""
    try:
        return name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogatepass")


def text_name(name: str) -> str:
    """A name as text any file, page or terminal can hold: the same characters, but the bytes that are
    not UTF-8 written as `\\xff` escapes (so that two such names stay apart, and readable)."""
    return raw_name(name).decode("utf-8", "backslashreplace")


def ascii_fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def slug(text: str) -> str:
    """A readable file-safe form of a name: accents dropped, lower case, anything else a dash. Not
    unique: the class's ids add a digest where names meet (`unique_ids`)."""
    folded = re.sub(r"[^a-z0-9._-]+", "-", ascii_fold(text).lower()).strip("-._")
    # A name with no Latin letter at all still gets an id of its own.
    return folded or "eleve-" + digest(raw_name(text), 8)


def short_slug(text: str) -> str:
    """`slug`, cut to what an id shows of a name (NFKD can make one character eighteen)."""
    return re.sub(r"([._-])[._-]+", r"\1", slug(text))[:SLUG_CHARS].rstrip("-._")


def is_plain_id(text: str) -> bool:
    """Whether `text` can be an id as it is: file-safe on every system, and no name Windows refuses."""
    return PLAIN_ID.fullmatch(text) is not None and text.split(".")[0] not in WINDOWS_RESERVED


def digest(origin: bytes, length: int) -> str:
    return hashlib.sha256(origin).hexdigest()[:length]


def file_part(text: str, limit: int = 120) -> str:
    """`text` as one part of a path the grader writes (a feedback folder named after a student): the
    characters DROPPED_IN_FILE_NAMES dropped, SPACED_IN_FILE_NAMES and WINDOWS_FORBIDDEN as one plain
    space, bytes that are not UTF-8 as escapes; no space or dot at either end; at most `limit` bytes of
    UTF-8 (255 bytes is the most most file systems take for a name). May be empty: the caller has a
    name of its own for that."""
    kept = []
    for char in unicodedata.normalize("NFC", text_name(text)):
        category = unicodedata.category(char)
        if category in SPACED_IN_FILE_NAMES or char in WINDOWS_FORBIDDEN:
            kept.append(" ")
        elif category not in DROPPED_IN_FILE_NAMES:
            kept.append(char)
    name = " ".join("".join(kept).split()).strip(". ")
    while len(name.encode("utf-8")) > limit:
        name = name[:-1].rstrip(". ")
    return name


def name_key(name: str) -> str:
    """Names compared as a roster join needs: accents, case, punctuation and word order ignored."""
    words = re.split(r"[^a-z0-9]+", ascii_fold(name).casefold())
    return " ".join(sorted(word for word in words if word))


def strip_suffixes(filename: str) -> str:
    """The stem of a file name without its extension(s) (`.py`, `.ipynb`, `.tar.gz`...)."""
    lower = filename.lower()
    for suffix in (".tar.gz", ".tgz", ".tar", ".zip", ".ipynb", ".py"):
        if lower.endswith(suffix):
            return filename[: -len(suffix)]
    return filename


def module_stem(filename: str) -> str:
    """A file's stem as a module name would be: `Jeux (1).py` -> `jeux`, `TP-taquin.py` -> `tp_taquin`."""
    stem = COPY_SUFFIX.sub("", strip_suffixes(filename.rsplit("/", 1)[-1]))
    return re.sub(r"[^a-z0-9]+", "_", ascii_fold(stem).lower()).strip("_")


def is_moodle(entry_name: str) -> bool:
    """Whether a class entry is named as Moodle names a participant's folder or file."""
    return MOODLE_MARK.search(entry_name) is not None


def is_ambiguous(entry_name: str) -> bool:
    """Whether a name holds Moodle's mark more than once: read as a plain name, with no participant."""
    return len(MOODLE_MARK.findall(entry_name)) > 1


def moodle_file(entry_name: str) -> tuple[Identity, str] | None:
    """A file of Moodle's download not in folders, `Nom Prénom_12_assignsubmission_file_jeux.py`: its
    participant's identity and the file's own name; None when the name holds no Moodle prefix, or holds
    it more than once (which one is Moodle's cannot be told: it is then read as a plain name)."""
    marks = list(MOODLE_MARK.finditer(entry_name))
    if len(marks) != 1:
        return None
    mark = marks[0]
    end = mark.start() + len(f"_{mark[1]}_assignsubmission_{mark[2]}_")
    if end >= len(entry_name) or mark.start() == 0:
        return None
    return moodle_identity(entry_name[: mark.start()], mark[1]), entry_name[end:]


def moodle_identity(name: str, participant: str) -> Identity:
    shown = text_name(name)
    return Identity(
        id=f"{short_slug(shown)}_{participant}",
        name=shown,
        participant=participant,
        origin=b"participant\0" + participant.encode(),
    )


def identify(entry_name: str, *, folder: bool) -> Identity:
    """The identity a class folder's top-level entry (a folder or a file) names. Its id is the one it
    would have alone in its class; `unique_ids` makes the class's ids distinct."""
    match = MOODLE_FOLDER.match(entry_name) if folder and not is_ambiguous(entry_name) else None
    if match:
        return moodle_identity(match["name"], match["participant"])
    stem = text_name(strip_suffixes(entry_name) if not folder else entry_name)
    origin = (b"folder\0" if folder else b"file\0") + raw_name(entry_name)
    return Identity(id=stem if is_plain_id(stem) else _digested(stem, origin, 0), name=stem, origin=origin)


def _digested(name: str, origin: bytes, step: int) -> str:
    return f"{short_slug(name)}-{digest(origin, DIGEST_LENGTHS[step])}"


def free_id(identity: Identity, taken: set[str]) -> str:
    """`identity`'s id, or where `taken` holds it the same with a digest, longer while it is taken: an
    id made for a roster's student without a submission, beside ids already given."""
    longer = (_digested(identity.name, identity.origin, step) for step in range(len(DIGEST_LENGTHS)))
    return next(sid for sid in (identity.id, *longer) if sid not in taken)


def unique_ids(identities: list[Identity]) -> list[Identity]:
    """The identities with ids made distinct, deterministically: any id two of them share is replaced,
    for each of them, by its slug and a digest of its own origin, longer while ids still meet. Whether
    an id changes depends only on the others' ids, never on the order they come in."""
    ids = [identity.id for identity in identities]
    steps = [-1] * len(ids)  # -1: the id it would have alone
    while True:
        seen: dict[str, list[int]] = {}
        for index, sid in enumerate(ids):
            seen.setdefault(sid, []).append(index)
        clashing = [index for same in seen.values() if len(same) > 1 for index in same]
        if not clashing:
            break
        movable = [index for index in clashing if steps[index] + 1 < len(DIGEST_LENGTHS)]
        # Each origin is distinct (a name of its listing, or a participant): full digests never meet.
        assert movable, "two entries with one origin"
        for index in movable:
            steps[index] += 1
            identity = identities[index]
            ids[index] = _digested(identity.name, identity.origin, steps[index])
    return [replace(identity, id=sid) for identity, sid in zip(identities, ids)]
