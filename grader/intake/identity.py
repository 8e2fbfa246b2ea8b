"""Who a submission belongs to: the display name and LMS participant id its folder or file name
carries, the file-safe id the grader files it under, and the name key rosters are joined on."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

# Moodle's "download all submissions": `Nom Prénom_<participant>_assignsubmission_<plugin>_` for a
# folder, and the same prefix before the original file name when the download is not in folders.
MOODLE = re.compile(
    r"^(?P<name>.+?)_(?P<participant>\d+)_assignsubmission_(?P<plugin>[a-z]+)_?(?P<rest>.*)$", re.DOTALL
)
# What browsers and systems append to a file saved twice: `jeux (1).py`, `jeux-copie.py`, `jeux copy 2.py`.
COPY_SUFFIX = re.compile(r"(\s*\(\d+\)|[\s_-]+(copie|copy)(\s*\d+)?)+$", re.IGNORECASE)


@dataclass(frozen=True)
class Identity:
    id: str  # file-safe: lower-case ASCII letters, digits, `-`, `_`, `.`
    name: str  # as the LMS shows it
    participant: str = ""  # the LMS's participant number, when the download gives one
    plugin: str = ""  # Moodle's submission plugin (file, onlinetext), else ""


def ascii_fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def slug(text: str) -> str:
    """A file-safe id: accents dropped, lower case, anything else a dash."""
    folded = re.sub(r"[^a-z0-9._-]+", "-", ascii_fold(text).lower()).strip("-._")
    # A name with no Latin letter at all still gets an id of its own.
    return folded or "eleve-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


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


def moodle(entry_name: str) -> re.Match | None:
    return MOODLE.match(entry_name)


def identify(entry_name: str) -> Identity:
    """The identity a class folder's top-level entry (a folder or a file) names."""
    match = moodle(entry_name)
    if match:
        name, participant = match["name"].strip(), match["participant"]
        return Identity(id=f"{slug(name)}_{participant}", name=name, participant=participant, plugin=match["plugin"])
    stem = strip_suffixes(entry_name)
    # Capytale names its copies `nom_prenom`: the display name has the underscores as spaces.
    name = re.sub(r"[_\s]+", " ", stem).strip() or stem
    return Identity(id=slug(stem), name=name)
