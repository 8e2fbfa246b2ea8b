"""Attacks on a classmate's grade through what the grader reads of a class rather than through code
(issue 32, items 4, 5, 6 and 9): names that fold into a classmate's, bytes that are not UTF-8 in a
folder's or a helper's name, a display name holding Moodle's pattern, hidden folders, bidi overrides,
links to a classmate's folder, archives nested in archives, and helper files made to cost the teacher's
process a parse (a 1.9 MB list, 50 MB, a deep nesting). Each entry of the class is (its name as bytes,
its files as {name: bytes}, the verdict expected on q1); victims hand in the right answer and must
keep full marks, attackers a wrong one or none.
"""

from __future__ import annotations

import io
import os
import zipfile

HONEST = b"def solution_42():\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n"
WRONG = b"def solution_42():\n    return []\n"
# What a student would hand in to win the module's choice if merged with a classmate: it defines more of
# the module's functions than an honest file does.
GREEDY = WRONG + b"".join(b"def %s(*a):\n    return None\n" % name for name in (b"bfs", b"ids", b"idastar"))
DEEP = 100_000  # levels of nesting: deeper than any parser goes
BIG_HELPER = b"x = [" + b"1," * 950_000 + b"]\n"  # 1.9 MB: a syntax tree of about a gigabyte
HUGE_HELPER_BYTES = 50 << 20


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


MOODLE = "{}_{}_assignsubmission_file_"
# Victims: each must keep q1's full marks. Display names as the class shows them.
VICTIMS: dict[bytes, dict[bytes, bytes]] = {
    b"honest": {b"jeux.py": HONEST},
    "Léa Martin".encode(): {b"jeux.py": HONEST},
    "Zoé".encode(): {b"jeux.py": HONEST},
    b"alice": {b"jeux.py": HONEST},
    b"O'Brien": {b"jeux.py": HONEST},
    MOODLE.format("Honest Student", 1001).encode(): {b"jeux.py": HONEST},
}
# Attackers, with the verdict each gets on q1 (their own, never a classmate's).
ATTACKS: dict[str, tuple[bytes, dict[bytes, bytes], str]] = {
    "case": (b"Honest", {b"jeux.py": GREEDY}, "failed"),
    "edge_spaces": (b" honest ", {b"jeux.py": GREEDY}, "failed"),
    "tab": (b"honest\t", {b"jeux.py": GREEDY}, "failed"),
    "newline": (b"honest\n", {b"jeux.py": GREEDY}, "failed"),
    "long_name": (b"honest" * 42, {b"jeux.py": GREEDY}, "failed"),  # 252 bytes: no id nor file that long
    "same_stem_file": (b"honest.py", {b"": GREEDY}, "failed"),
    "same_stem_archive": (b"HONEST.zip", {b"": _zip({"jeux.py": GREEDY})}, "failed"),
    "accents": (b"Lea Martin", {b"jeux.py": GREEDY}, "failed"),
    "punctuation": (b"lea.martin", {b"jeux.py": GREEDY}, "failed"),
    "accent_only": (b"Zoe", {b"jeux.py": GREEDY}, "failed"),
    "bom": ("\ufeffalice".encode(), {b"jeux.py": GREEDY}, "failed"),
    "zero_width": ("ali\u200bce".encode(), {b"jeux.py": GREEDY}, "failed"),
    "apostrophe": ("O\u2019Brien".encode(), {b"jeux.py": GREEDY}, "failed"),
    "bidi_override": ("\u202eéoZ".encode(), {b"jeux.py": GREEDY}, "failed"),
    "not_utf8_folder": (b"\xff\xfe", {b"jeux.py": GREEDY, b"\xfe\xff.py": b"X = 1\n"}, "failed"),
    "not_utf8_helper": (b"eve", {b"jeux.py": GREEDY, b"aide\xe9.py": b"X = 1\n"}, "failed"),
    # Moodle: a display name holding a classmate's pattern; a flat file holding it twice.
    "moodle_name_pattern": (MOODLE.format("Honest Student_1001_assignsubmission_file_x", 1006).encode(), {b"jeux.py": GREEDY}, "failed"),
    "moodle_flat_twice": (
        (MOODLE.format("Mallory", 1007) + MOODLE.format("Honest Student", 1001) + "jeux.py").encode(),
        {b"": GREEDY},
        "failed",
    ),
    # A link to a classmate's folder, or to a classmate's file from one's own: refused, read nowhere.
    "link_to_classmate": (b"honest-copy", {b"->": b"honest"}, "missing"),
    "link_to_classmate_file": (b"mallory", {b"jeux.py->": b"../honest/jeux.py"}, "missing"),
    # Archives in archives holding a classmate's name: they stay the attacker's own files.
    "nested_archives": (
        b"nested.zip",
        {b"": _zip({"jeux.py": GREEDY, "inner.zip": _zip({"honest/jeux.py": GREEDY, "Honest_1001_assignsubmission_file_/jeux.py": GREEDY})})},
        "failed",
    ),
    # Work before the limits: helpers never imported, made to cost a parse; a module nested too deep.
    "big_helper": (b"big-helper", {b"jeux.py": WRONG, b"aide.py": BIG_HELPER}, "failed"),
    "huge_helper": (b"huge-helper", {b"jeux.py": WRONG, b"aide.py": b"#" * HUGE_HELPER_BYTES}, "missing"),
    "deep_helper": (b"deep-helper", {b"jeux.py": WRONG, b"aide.py": b"x = " + b"(" * DEEP + b")" * DEEP + b"\n"}, "failed"),
    "deep_module": (b"deep-module", {b"jeux.py": WRONG + b"y = " + b"[" * DEEP + b"]" * DEEP + b"\n"}, "error"),
    # Hidden: left out, and said.
    "hidden": (b".cache", {b"jeux.py": GREEDY}, ""),
}


def build(class_dir: bytes) -> None:
    """Write the class: every victim and every attacker, names as raw bytes (a name that is not UTF-8
    is what a teacher's disk may hold). A file name ending in `->` is a symbolic link to its content;
    an empty file name is the entry itself, a file."""
    entries = [*VICTIMS.items(), *((name, files) for name, files, _ in ATTACKS.values())]
    for name, files in entries:
        path = os.path.join(class_dir, name)
        if files.keys() == {b"->"}:
            os.symlink(files[b"->"], path)
            continue
        if files.keys() == {b""}:
            with open(path, "wb") as handle:
                handle.write(files[b""])
            continue
        os.mkdir(path)
        for file, content in files.items():
            if file.endswith(b"->"):
                os.symlink(content, os.path.join(path, file[:-2]))
            else:
                with open(os.path.join(path, file), "wb") as handle:
                    handle.write(content)
