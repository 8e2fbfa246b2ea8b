"""Intake: what teachers download and students hand in, read without running anything."""

import io
import itertools
import json
import os
import re
import shutil
import signal
import socket
import stat
import sys
import tarfile
import warnings
import zipfile
from pathlib import Path

import nbformat
import pytest

from grader.errors import InputError
from grader.intake import DUPLICATE, NOT_SUBMITTED, SUBMITTED, UNREADABLE, find_class, load, load_submission
from grader.intake.archive import ArchiveError, ArchiveLimits, read_archive
from grader.intake.identity import file_part, identify, moodle_file, name_key, slug, unique_ids
from grader.intake.modules import defined_functions, names_used

JEUX = "def bfs():\n    return 0\n\ndef ids():\n    return 0\n"
TAQUIN = "def move(i, j):\n    pass\n\ndef taquin():\n    return []\n"


def zip_bytes(members: dict[str, bytes | str], symlinks=()) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
        for name, target in symlinks:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return buffer.getvalue()


def notebook(*cells: str, markdown: str = "# TP") -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(markdown)] + [nbformat.v4.new_code_cell(c) for c in cells]
    return nbformat.writes(nb)


def chosen(submission) -> dict[str, str]:
    return {module: source.filename for module, source in submission.sources.items()}


# -- one student's files -----------------------------------------------------------------------------
def test_folder_with_both_modules_and_a_helper(tmp_path):
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "jeux.py").write_text(JEUX)
    (tmp_path / "alice" / "taquin.py").write_text(TAQUIN)
    (tmp_path / "alice" / "outils.py").write_text("X = 1\n")
    sub = load_submission(tmp_path / "alice")
    assert (sub.id, sub.status) == ("alice", SUBMITTED)
    assert chosen(sub) == {"jeux": "jeux.py", "taquin": "taquin.py"}
    assert sub.helpers == {"outils": "X = 1\n"}
    assert sub.warnings == []  # the files are named as expected: nothing to say


def test_nested_copy_loses_to_the_shallowest_and_the_choice_is_reported(tmp_path):
    deep = tmp_path / "bob" / "tp" / "old"
    deep.mkdir(parents=True)
    (tmp_path / "bob" / "tp" / "jeux.py").write_text(JEUX)
    (deep / "jeux.py").write_text(JEUX.replace("0", "1"))
    sub = load_submission(tmp_path / "bob")
    assert sub.sources["jeux"].filename == "tp/jeux.py"
    ((key, params),) = sub.warnings
    assert key == "intake.module_chosen" and params["others"] == "tp/old/jeux.py"


@pytest.mark.parametrize(
    "files, expected",
    [
        ({"Jeux.py": JEUX}, {"jeux": "Jeux.py"}),
        ({"jeux (1).py": JEUX, "taquin-copie.py": TAQUIN}, {"jeux": "jeux (1).py", "taquin": "taquin-copie.py"}),
        ({"TP_taquin.py": TAQUIN, "TP_jeux.py": JEUX}, {"jeux": "TP_jeux.py", "taquin": "TP_taquin.py"}),
        ({"Dupont_TP.py": JEUX + TAQUIN}, {"jeux": "Dupont_TP.py", "taquin": "Dupont_TP.py"}),
        # A stub named jeux.py defines less than the renamed answer: the answer wins.
        ({"jeux.py": "def bfs():\n    raise NotImplementedError\n", "mon_tp.py": JEUX}, {"jeux": "mon_tp.py"}),
        # Equal definitions: the file named as the module wins over the one that only contains the name.
        ({"tp_jeux.py": JEUX, "jeux.py": JEUX}, {"jeux": "jeux.py"}),
        # A file named as the module is taken even when it defines nothing (its import error is the verdict).
        ({"jeux.py": "def bfs(:\n"}, {"jeux": "jeux.py"}),
        ({"notes.py": "x = 1\n"}, {}),
    ],
)
def test_modules_are_found_by_what_they_define(tmp_path, files, expected):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    sub = load_submission(tmp_path)
    assert chosen(sub) == expected
    reported = {params["module"]: params["file"] for key, params in sub.warnings if key == "intake.module_chosen"}
    renamed = {module: file for module, file in expected.items() if file != f"{module}.py"}
    assert {m: f for m, f in reported.items() if m in renamed} == renamed


def test_part_ii_dfs_does_not_make_a_file_a_taquin_answer(tmp_path):
    path = tmp_path / "x.py"
    path.write_text(JEUX + "def dfs(m, e, p):\n    return False\n")
    assert set(load_submission(path).sources) == {"jeux"}


def test_cp1252_source_without_coding_line_is_read_with_a_warning(tmp_path):
    path = tmp_path / "jeux.py"
    path.write_bytes("# déjà réussi — « oui »\n".encode("cp1252") + JEUX.encode())
    sub = load_submission(path)
    assert sub.sources["jeux"].text.startswith("# déjà réussi — « oui »")
    assert sub.sources["jeux"].encoding == "cp1252"
    assert sub.warnings == [("warning.encoding", {"file": "jeux.py", "encoding": "cp1252"})]


def test_declared_latin1_and_utf8_bom_need_no_warning(tmp_path):
    declared = tmp_path / "jeux.py"
    declared.write_bytes("# -*- coding: latin-1 -*-\n# é\n".encode("latin-1") + JEUX.encode())
    bom = tmp_path / "b" / "jeux.py"
    bom.parent.mkdir()
    bom.write_bytes(b"\xef\xbb\xbf# \xc3\xa9\n" + JEUX.encode())
    for path in (declared, bom):
        sub = load_submission(path)
        assert "# é" in sub.sources["jeux"].text
        assert sub.warnings == []


def test_notebook_code_cells_in_order_magics_and_shell_lines_dropped(tmp_path):
    path = tmp_path / "TP.ipynb"
    path.write_text(
        notebook(
            "%matplotlib inline\nimport math",
            "!pip install numpy\ndef bfs():\n    return 0",
            "%%bash\nls",
            "%%time\ndef ids():\n    return 0",
            "x = !ls\nY = 2",
        )
    )
    sub = load_submission(path)
    text = sub.sources["jeux"].text
    assert text.index("import math") < text.index("def bfs") < text.index("def ids")
    assert "%" not in text and "!" not in text and "ls" not in text and "Y = 2" in text
    compile(text, "TP.py", "exec")
    dropped = [params for key, params in sub.warnings if key == "intake.notebook_dropped"]
    assert dropped == [{"file": "TP.ipynb", "cells": "1, 2, 3, 4, 5"}]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"])
def test_a_notebook_cell_holding_a_separator_python_does_not_end_lines_on_keeps_its_code(tmp_path, separator):
    """Red team 7: a title pasted from the PDF (U+2028) in a string, or a form feed in a comment, cut the
    cell where Python does not: every function of the cell was absent. Lines end on \\n, \\r\\n, \\r only."""
    cell = f'TITRE = "Jeux{separator}à un joueur"  # vu{separator}page 2\r\n' + JEUX
    (tmp_path / "TP.ipynb").write_text(notebook(cell))
    text = load_submission(tmp_path).sources["jeux"].text
    namespace: dict = {}
    exec(compile(text, "TP.ipynb", "exec"), namespace)
    assert namespace["TITRE"] == f"Jeux{separator}à un joueur" and "bfs" in namespace


def test_a_source_saved_with_carriage_returns_alone_defines_what_python_sees(tmp_path):
    """Line ends as Python's import reads them (\\r alone, an old Mac editor's): `tp.py` answers jeux by
    what it defines, and its other separators (\\x0c in a comment) stay inside their lines."""
    (tmp_path / "tp.py").write_bytes(("# TP\x0c jeux\r" + JEUX.replace("\n", "\r")).encode())
    source = load_submission(tmp_path).sources["jeux"]
    assert source.filename == "tp.py" and source.text == "# TP\x0c jeux\n" + JEUX


def test_a_notebook_with_cells_without_ids_is_read_without_a_word_to_the_student(tmp_path):
    """Format 4.5 cells without ids (written by tools older than the format they claim): read, with no
    warning about the format, which is neither the student's business nor in their language."""
    old = json.loads(notebook(JEUX))
    for cell in old["cells"]:
        del cell["id"]
    (tmp_path / "TP.ipynb").write_text(json.dumps(old))
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        sub = load_submission(tmp_path)
    assert chosen(sub) == {"jeux": "TP.ipynb"}
    assert [str(w.message) for w in said] == []


def test_a_broken_notebook_is_reported_and_the_rest_still_read(tmp_path):
    (tmp_path / "TP.ipynb").write_text("{not json")
    (tmp_path / "taquin.py").write_text(TAQUIN)
    sub = load_submission(tmp_path)
    assert chosen(sub) == {"taquin": "taquin.py"}
    assert [key for key, _ in sub.warnings] == ["intake.notebook_unreadable"]


def test_a_notebook_with_a_lone_surrogate_is_reported_not_an_error_of_the_grader(tmp_path):
    """Red team 11: a cell holding `\\ud800` in the file's JSON, which no file can hold as UTF-8, stopped
    `grader check` with a traceback and made the student "erreur du correcteur" in `grader grade`."""
    cells = [
        {"cell_type": "code", "source": "def bfs():\n    return 0\n"},
        {"cell_type": "code", "source": "s = '\ud800'"},
    ]
    (tmp_path / "TP.ipynb").write_text(json.dumps({"nbformat": 4, "cells": cells}))
    (tmp_path / "taquin.py").write_text(TAQUIN)
    sub = load_submission(tmp_path)
    assert chosen(sub) == {"taquin": "taquin.py"}
    assert [key for key, _ in sub.warnings] == ["intake.notebook_unreadable"]
    assert "surrogates not allowed" in sub.warnings[0][1]["detail"]


def test_a_notebook_is_read_as_json_of_format_4_only(tmp_path):
    """Lines as a list or one string, as tools save them; format 3 (IPython 2) is said, not guessed."""
    cells = [
        {"cell_type": "code", "source": ["def bfs():\n", "    return 0\n"]},
        {"cell_type": "code", "source": "X = 1"},
    ]
    (tmp_path / "TP.ipynb").write_text(json.dumps({"nbformat": 4, "cells": cells}))
    assert (
        load_submission(tmp_path).sources["jeux"].text
        == "# --- cellule 1 ---\ndef bfs():\n    return 0\n\n# --- cellule 2 ---\nX = 1\n"
    )
    (tmp_path / "TP.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": [{"cells": cells}]}))
    sub = load_submission(tmp_path)
    assert sub.warnings[0] == (
        "intake.notebook_unreadable",
        {"file": "TP.ipynb", "detail": "notebook format 3 (format 4 is read)"},
    )


@pytest.mark.parametrize(
    "content, key",
    [
        # Past the values read before a parse: objects, lists or strings, anywhere in the file.
        (json.dumps({"nbformat": 4, "cells": [], "metadata": {"x": [{}] * 100_001}}), "intake.refused_notebook_tokens"),
        (
            json.dumps({"nbformat": 4, "cells": [], "metadata": {"x": ["a"] * 100_001}}),
            "intake.refused_notebook_tokens",
        ),
        (
            json.dumps({"nbformat": 4, "cells": [{"cell_type": "raw", "source": ""}] * 5_001}),
            "intake.refused_notebook_cells",
        ),
        (
            json.dumps({"nbformat": 4, "cells": [{"cell_type": "code", "source": "#" * (2 << 20)}] * 2}),
            "intake.refused_notebook_code",
        ),
    ],
    ids=["objects", "strings", "cells", "code"],
)
def test_a_notebook_past_the_bounds_makes_its_student_unreadable(tmp_path, content, key):
    (tmp_path / "TP.ipynb").write_text(content)
    (tmp_path / "jeux.py").write_text(JEUX)  # not taken: a refused file refuses the submission, as in an archive
    sub = load_submission(tmp_path)
    assert (sub.status, sub.sources, [k for k, _ in sub.warnings]) == (UNREADABLE, {}, [key])
    assert sub.warnings[0][1]["file"] == "TP.ipynb"


def test_the_values_of_a_notebook_are_counted_outside_its_strings(tmp_path):
    """Commas, brackets and escaped quotes inside a string are not values: a long cell of code reads."""
    source = 'x = [1, 2, {3: "\\"[,"}]\n' * 40_000  # 1.1 MB, 440,000 separators inside one string
    (tmp_path / "TP.ipynb").write_text(json.dumps({"nbformat": 4, "cells": [{"cell_type": "code", "source": source}]}))
    assert load_submission(tmp_path).status == SUBMITTED


def test_more_notebooks_than_a_student_hands_in_are_not_read(tmp_path):
    for n in range(21):
        (tmp_path / f"TP{n:02d}.ipynb").write_text(notebook(JEUX))
    sub = load_submission(tmp_path)
    assert (sub.status, sub.warnings) == (
        UNREADABLE,
        [("intake.refused_notebooks", {"file": "TP20.ipynb", "detail": "20"})],
    )


def test_empty_submission_is_not_submitted_and_says_what_was_found(tmp_path):
    (tmp_path / "vide").mkdir()
    (tmp_path / "pdf").mkdir()
    (tmp_path / "pdf" / "copie.pdf").write_bytes(b"%PDF")
    assert load_submission(tmp_path / "vide").status == NOT_SUBMITTED
    sub = load_submission(tmp_path / "pdf")
    assert sub.status == NOT_SUBMITTED
    assert sub.warnings == [("intake.no_code", {"files": "copie.pdf"})]


# -- archives and their attacks ---------------------------------------------------------------------
def test_zip_is_read_in_memory_junk_skipped(tmp_path):
    archive = tmp_path / "carla.zip"
    archive.write_bytes(zip_bytes({"carla/jeux.py": JEUX, "__MACOSX/carla/._jeux.py": "\x00\x01"}))
    sub = load_submission(archive)
    assert (sub.id, chosen(sub)) == ("carla", {"jeux": "carla.zip/carla/jeux.py"})


ATTACKS = {
    "dotdot": lambda: zip_bytes({"jeux.py": JEUX, "../../evil.py": "X = 2\n"}),
    "absolute": lambda: zip_bytes({"jeux.py": JEUX, "/tmp/evil.py": "X = 2\n"}),
    "ratio_bomb": lambda: zip_bytes({"jeux.py": JEUX, "taquin.py": b"#" * (8 << 20)}),
    "nested_bomb": lambda: zip_bytes(
        {
            "jeux.py": JEUX,
            "a.zip": zip_bytes({"b.zip": zip_bytes({"c.zip": zip_bytes({"d.zip": zip_bytes({"x.py": "1"})})})}),
        }
    ),
    "broken_nested": lambda: zip_bytes({"jeux.py": JEUX, "rendu.zip": b"PK\x03\x04 broken"}),
    "tar_dotdot": lambda: _tar({"jeux.py": JEUX, "../evil.py": "X = 2\n"}),
}


def _tar(members: dict[str, str], symlinks=(), hard_links=()) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            archive.addfile(info, io.BytesIO(text.encode()))
        for kind, links in ((tarfile.SYMTYPE, symlinks), (tarfile.LNKTYPE, hard_links)):
            for name, target in links:
                info = tarfile.TarInfo(name)
                info.type, info.linkname = kind, target
                archive.addfile(info)
    return buffer.getvalue()


# -- links and what is not the student's work --------------------------------------------------------
@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_a_link_in_an_archive_is_skipped_and_said_the_rest_is_read(tmp_path, kind):
    links = [("lea/aide.py", "/etc/passwd"), ("lea/taquin.py", "/etc/shadow")]
    if kind == "zip":
        data, name = zip_bytes({"lea/jeux.py": JEUX}, symlinks=[*links, ("lea/copie.txt", "jeux.py")]), "lea.zip"
    else:  # a hard link's member is another of the archive's: not followed either
        data, name = (
            _tar({"lea/jeux.py": JEUX}, symlinks=links, hard_links=[("lea/copie.txt", "lea/jeux.py")]),
            "lea.tar.gz",
        )
    (tmp_path / name).write_bytes(data)
    sub = load_submission(tmp_path / name)
    assert (sub.status, chosen(sub), sub.helpers) == (SUBMITTED, {"jeux": f"{name}/lea/jeux.py"}, {})
    assert sub.warnings == [
        ("intake.skipped_link", {"name": f"{name}/lea/aide.py"}),
        ("intake.skipped_link", {"name": f"{name}/lea/copie.txt"}),
        ("intake.refused_link", {"name": f"{name}/lea/taquin.py", "module": "taquin"}),
    ]
    assert "passwd" not in repr(sub) and "shadow" not in repr(sub)


def test_a_link_in_a_folder_is_skipped_and_said_a_link_as_a_module_is_refused(tmp_path):
    outside = tmp_path / "ailleurs.py"
    outside.write_text(TAQUIN)
    lea = tmp_path / "lea"
    (lea / "sous").mkdir(parents=True)
    (lea / "jeux.py").write_text(JEUX)
    (lea / "copie.txt").symlink_to("jeux.py")
    (lea / "aide.py").symlink_to(outside)
    (lea / "sous" / "taquin.py").symlink_to(outside)
    (lea / "tout").symlink_to(tmp_path)  # a link to a folder: never entered
    sub = load_submission(lea)
    assert (sub.status, chosen(sub), sub.helpers) == (SUBMITTED, {"jeux": "jeux.py"}, {})
    assert sub.warnings == [
        ("intake.skipped_link", {"name": "aide.py"}),
        ("intake.skipped_link", {"name": "copie.txt"}),
        ("intake.refused_link", {"name": "sous/taquin.py", "module": "taquin"}),
        ("intake.skipped_link", {"name": "tout"}),
    ]
    (lea / "taquin.py").write_text(TAQUIN)  # another file answers taquin: the link is only skipped
    assert ("intake.skipped_link", {"name": "sous/taquin.py"}) in load_submission(lea).warnings


def test_links_only_make_the_student_unreadable_not_not_submitted(tmp_path):
    outside = tmp_path / "ailleurs.py"
    outside.write_text(JEUX)
    (tmp_path / "classe" / "bob").mkdir(parents=True)
    (tmp_path / "classe" / "bob" / "jeux.py").symlink_to(outside)
    (tmp_path / "classe" / "zoe").symlink_to(tmp_path / "classe" / "bob")  # the whole entry a link
    bob, zoe = (load(entry) for entry in find_class(tmp_path / "classe").entries)
    assert (bob.status, bob.warnings) == (UNREADABLE, [("intake.refused_link", {"name": "jeux.py", "module": "jeux"})])
    assert (zoe.status, zoe.warnings) == (UNREADABLE, [("intake.skipped_link", {"name": "zoe"})])


def _venv(folder: Path) -> None:
    (folder / "bin").mkdir(parents=True)
    (folder / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (folder / "bin" / "python").symlink_to(sys.executable)
    (folder / "bin" / "activate_this.py").write_text(JEUX)
    packages = folder / "lib" / "python3.12" / "site-packages"
    packages.mkdir(parents=True)
    (packages / "jeux.py").write_text(JEUX)


def test_venvs_caches_packages_and_hidden_names_are_left_out_and_said(tmp_path):
    lea = tmp_path / "classe" / "lea"
    lea.mkdir(parents=True)
    (lea / "jeux.py").write_text(JEUX)
    _venv(lea / "env")  # told by its pyvenv.cfg, whatever its name
    (lea / "__pycache__").mkdir()
    (lea / "__pycache__" / "jeux.py").write_text(JEUX)
    (lea / "lib" / "site-packages").mkdir(parents=True)
    (lea / "lib" / "site-packages" / "taquin.py").write_text(TAQUIN)
    (lea / ".cache").mkdir()
    (lea / ".cache" / "taquin.py").write_text(TAQUIN)
    (lea / ".old.py").write_text(TAQUIN)
    _venv(tmp_path / "classe" / "env")  # a class's venv is no student
    (tmp_path / "classe" / "__pycache__").mkdir()
    warnings = [
        ("intake.venv", {"name": "env"}),
        ("intake.hidden", {"name": ".cache"}),
        ("intake.hidden", {"name": ".old.py"}),
        ("intake.tooling", {"name": "__pycache__"}),
        ("intake.tooling", {"name": "lib/site-packages"}),
    ]
    sub = load_submission(lea)
    assert (sub.status, chosen(sub), sub.helpers, sub.warnings) == (SUBMITTED, {"jeux": "jeux.py"}, {}, warnings)
    found = find_class(tmp_path / "classe")
    assert [entry.id for entry in found.entries] == ["lea"]
    assert found.notices == [("intake.tooling", {"name": "__pycache__"}), ("intake.venv", {"name": "env"})]
    archive = tmp_path / "lea.zip"
    shutil.make_archive(str(archive.with_suffix("")), "zip", tmp_path / "classe", "lea")
    sub = load_submission(archive)
    assert chosen(sub) == {"jeux": "lea.zip/lea/jeux.py"}
    assert sub.warnings == [(key, {"name": f"lea.zip/lea/{params['name']}"}) for key, params in warnings]


def test_a_venv_made_in_the_work_folder_keeps_the_work(tmp_path):
    _venv(tmp_path / "lea")  # `python -m venv .` in the student's own folder
    (tmp_path / "lea" / "jeux.py").write_text(JEUX)
    sub = load_submission(tmp_path / "lea")
    assert (sub.status, chosen(sub)) == (SUBMITTED, {"jeux": "jeux.py"})
    assert ("intake.skipped_link", {"name": "bin/python"}) in sub.warnings


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_each_archive_attack_costs_that_student_only(tmp_path, attack):
    klass = tmp_path / "classe"
    klass.mkdir()
    suffix = ".tar.gz" if attack.startswith("tar") else ".zip"
    (klass / f"mallory{suffix}").write_bytes(ATTACKS[attack]())
    (klass / "honest").mkdir()
    (klass / "honest" / "jeux.py").write_text(JEUX)
    found = find_class(klass)
    subs = {entry.id: load(entry) for entry in found.entries}
    assert subs["honest"].status == SUBMITTED and chosen(subs["honest"]) == {"jeux": "jeux.py"}
    mallory = subs["mallory"]
    assert mallory.status == UNREADABLE and mallory.sources == {}
    assert mallory.warnings and all(key.startswith("intake.refused_") for key, _ in mallory.warnings)
    assert not (tmp_path / "evil.py").exists() and not Path("/tmp/evil.py").exists()


@pytest.mark.parametrize("kind", ["pipe", "socket", "device"])
def test_a_special_file_on_disk_is_refused_without_waiting_on_it(tmp_path, kind):
    """A named pipe opened the usual way waits for a writer forever; a device reads without end."""
    klass = tmp_path / "classe"
    for student in ("mallory", "honest"):
        (klass / student).mkdir(parents=True)
    (klass / "honest" / "jeux.py").write_text(JEUX)
    special = klass / "mallory" / "jeux.py"
    if kind == "pipe":
        os.mkfifo(special)
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(special))
    else:
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(special, stat.S_IFCHR | 0o644, os.makedev(1, 5))  # /dev/zero's

    def hung(signum, frame):
        raise TimeoutError("the grader waited on a special file")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)  # a regression fails this test instead of hanging the run
    try:
        found = find_class(klass)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    subs = {entry.id: load(entry) for entry in found.entries}
    assert subs["honest"].status == SUBMITTED
    assert subs["mallory"].status == UNREADABLE
    assert subs["mallory"].warnings == [("intake.refused_special", {"file": "jeux.py", "detail": "jeux.py"})]
    assert load_submission(special).warnings == [("intake.refused_special", {"file": "jeux.py", "detail": "jeux.py"})]


def test_lying_sizes_are_capped_by_what_is_read(tmp_path):
    data = bytearray(zip_bytes({"jeux.py": b"#" * (3 << 20)}))
    # Rewrite the declared size in the central directory to 10 bytes: the reader must still stop at its cap.
    at = data.rindex(b"PK\x01\x02")
    data[at + 24 : at + 28] = (10).to_bytes(4, "little")
    tree = read_archive(bytes(data), "x.zip", ArchiveLimits(source_bytes=1 << 20))
    assert tree["jeux.py"].key in ("intake.refused_bomb", "intake.refused_broken")


def test_too_many_members_refuse_the_whole_archive(tmp_path):
    path = tmp_path / "many.zip"
    path.write_bytes(zip_bytes({f"f{i}.txt": "" for i in range(30)}))
    with pytest.raises(ArchiveError):
        read_archive(path, "many.zip", ArchiveLimits(members=20))


# -- identity and class layouts ---------------------------------------------------------------------
def test_moodle_names_give_display_name_participant_and_a_file_safe_id():
    who = identify("Élise Dupré-Lefèvre_123456_assignsubmission_file_", folder=True)
    assert (who.name, who.participant) == ("Élise Dupré-Lefèvre", "123456")
    assert who.id == "elise-dupre-lefevre_123456"
    assert identify("Zoé N'Diaye_7_assignsubmission_file", folder=True).participant == "7"  # Moodle 4.1+
    capytale = identify("dupont_jean.py", folder=False)
    assert (capytale.name, capytale.id) == ("dupont_jean", "dupont_jean")  # the name as given
    assert name_key("DUPRÉ-LEFÈVRE Élise") == name_key("Élise Dupré Lefèvre") == name_key("dupre_lefevre_elise")
    assert slug("李雷").startswith("eleve-")


def test_a_name_holding_moodles_mark_twice_points_at_no_participant():
    """Moodle writes its mark once, last in a folder's name and before the file's in a flat one: a name
    holding it twice was partly chosen by a student (a display name, a file name), so which mark is
    Moodle's cannot be told, and the entry has no participant."""
    folder = identify("Honest_1001_assignsubmission_file_x_1006_assignsubmission_file_", folder=True)
    assert (folder.participant, folder.name) == ("", "Honest_1001_assignsubmission_file_x_1006_assignsubmission_file_")
    flat = "Mallory_1006_assignsubmission_file_Honest_1001_assignsubmission_file_jeux.py"
    assert moodle_file(flat) is None
    assert identify(flat, folder=False).participant == ""
    assert moodle_file("Honest_1001_assignsubmission_file_jeux.py")[0].participant == "1001"


def test_a_backslash_in_a_class_archive_makes_no_participants_folder(tmp_path):
    """A file name with backslashes (read as folders, as Windows' zip tools write them) after a flat
    download's prefix would make a folder named with a classmate's mark: it holds two, so it is nobody's
    and cannot make the classmate's files two versions of one (a refused duplicate)."""
    members = {
        "Honest_1001_assignsubmission_file_jeux.py": JEUX,
        "Mallory_1006_assignsubmission_file_Honest_1001_assignsubmission_file_\\jeux.py": "def bfs():\n    return 1\n",
    }
    (tmp_path / "classe.zip").write_bytes(zip_bytes(members))
    found = find_class(tmp_path / "classe.zip")
    subs = {entry.identity.participant: load(entry) for entry in found.entries}
    assert subs["1001"].status == SUBMITTED and subs["1001"].sources["jeux"].text == JEUX
    assert [key for key, _ in found.notices] == ["intake.moodle_ambiguous"]


def test_a_flat_file_holding_moodles_prefix_twice_is_graded_under_its_name_and_said(tmp_path):
    (tmp_path / "Honest_1001_assignsubmission_file_jeux.py").write_text(JEUX)
    flat = "Mallory_1006_assignsubmission_file_Honest_1001_assignsubmission_file_jeux.py"
    (tmp_path / flat).write_text(JEUX)
    found = find_class(tmp_path)
    assert sorted((e.identity.participant, e.identity.name) for e in found.entries) == [
        ("", flat[: -len(".py")]),
        ("1001", "Honest"),
    ]
    assert found.notices == [("intake.moodle_ambiguous", {"file": flat})]


# Names the red team gave folders of one class: each is one student (issue 32).
COLLIDING = [
    "Léa Martin",
    "Lea Martin",
    "lea.martin",
    "Zoé",
    "Zoe",
    "Honest",
    "honest",
    "O'Brien",
    "O\u2019Brien",
    "\ufeffalice",
    "alice",
    "bob\tsmith",
    "bob smith",
    " bob smith ",
    "jean+paul",
    "ali\u200bce",
]


def _colliding_class(folder: Path, raw: bytes = b"\xff\xfe") -> Path:
    for name in COLLIDING:
        (folder / name).mkdir(parents=True)
        (folder / name / "jeux.py").write_text(JEUX)
    os.mkdir(bytes(folder) + b"/" + raw)
    with open(bytes(folder) + b"/" + raw + b"/jeux.py", "w") as handle:
        handle.write(JEUX)
    return folder


def test_every_folder_is_one_student_with_an_id_of_its_own(tmp_path):
    found = find_class(_colliding_class(tmp_path / "classe"))
    ids = [entry.id for entry in found.entries]
    assert len(ids) == len(set(ids)) == len(COLLIDING) + 1
    by_name = {entry.identity.name: entry for entry in found.entries}
    assert set(by_name) == {*COLLIDING, "\\xff\\xfe"}  # names exactly as given, bytes as escapes
    assert (
        by_name["honest"].id == "honest" and by_name["alice"].id == "alice" and by_name["lea.martin"].id == "lea.martin"
    )
    assert re.fullmatch(r"honest-[0-9a-f]{10}", by_name["Honest"].id)
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9._-]*", sid) for sid in ids)
    assert len({sid.casefold() for sid in ids}) == len(ids)  # apart on a case-insensitive disk too
    assert [load(entry).status for entry in found.entries] == [SUBMITTED] * len(ids)
    # The same class, read again, gives the same ids: `--resume` finds its students.
    assert [entry.id for entry in find_class(tmp_path / "classe").entries] == ids


def test_ids_depend_on_the_names_not_on_their_order():
    names = [("Honest", True), ("honest", True), ("honest.py", False), ("honest-73e29342b9", True), ("Zoé", True)]
    identities = [identify(name, folder=folder) for name, folder in names]
    made = {who.name + str(n): who.id for n, who in enumerate(unique_ids(identities))}
    for order in itertools.permutations(range(len(names))):
        again = unique_ids([identities[i] for i in order])
        assert {identities[i].name + str(i): who.id for i, who in zip(order, again)} == made
    assert len(set(made.values())) == len(names)
    assert "honest" not in made.values()  # `honest/` and `honest.py` meet: both take a digest


def test_a_folder_beside_an_archive_of_the_same_name_are_two_students_never_one_refused(tmp_path):
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "jeux.py").write_text(JEUX)
    (tmp_path / "Alice.zip").write_bytes(zip_bytes({"jeux.py": "def bfs(:\n"}))
    (tmp_path / "bruno.py").write_text(JEUX)
    found = find_class(tmp_path)
    subs = {entry.identity.name: load(entry) for entry in found.entries}
    assert sorted(subs) == ["Alice", "alice", "bruno"]
    assert {sub.status for sub in subs.values()} == {SUBMITTED}
    assert subs["alice"].id == "alice" and subs["Alice"].id.startswith("alice-")


def test_one_participants_entries_are_merged_and_two_versions_of_a_file_refused(tmp_path):
    """The participant number alone makes entries one student: Moodle's file and onlinetext folders
    merge; the same file in two different versions cannot be chosen between (refused, said)."""
    folder = "{}_{}_assignsubmission_{}_"
    (tmp_path / folder.format("Léa Bernard", 5, "file")).mkdir()
    (tmp_path / folder.format("Léa Bernard", 5, "file") / "jeux.py").write_text(JEUX)
    (tmp_path / folder.format("Léa Bernard", 5, "onlinetext")).mkdir()
    (tmp_path / folder.format("Léa Bernard", 5, "onlinetext") / "onlinetext.html").write_text("<p>voir</p>")
    (tmp_path / "Léa Bernard_5_assignsubmission_file_jeux.py").write_text(JEUX)  # the same file, flat
    (tmp_path / folder.format("Hugo Martin", 6, "file")).mkdir()
    (tmp_path / folder.format("Hugo Martin", 6, "file") / "jeux.py").write_text(JEUX)
    (tmp_path / "Hugo MARTIN_6_assignsubmission_file_jeux.py").write_text(JEUX.replace("0", "1"))
    found = find_class(tmp_path)
    hugo, lea = (load(entry) for entry in found.entries)
    assert (lea.id, lea.status, chosen(lea)) == ("lea-bernard_5", SUBMITTED, {"jeux": "jeux.py"})
    assert (hugo.id, hugo.status) == ("hugo-martin_6", DUPLICATE)
    ((key, params),) = hugo.warnings
    assert key == "intake.duplicate" and params["file"] == "jeux.py" and params["participant"] == "6"
    assert found.notices == [("intake.participant_names", {"participant": "6", "names": "Hugo MARTIN, Hugo Martin"})]


def test_hidden_entries_are_left_out_and_said_junk_is_skipped_unsaid(tmp_path):
    for name in (".cache", "__MACOSX", ".DS_Store", "__alice", "bruno"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "jeux.py").write_text(JEUX)
    (tmp_path / ".secret.py").write_text(JEUX)
    found = find_class(tmp_path)
    assert [entry.identity.name for entry in found.entries] == ["__alice", "bruno"]
    assert found.notices == [("intake.hidden", {"name": ".cache"}), ("intake.hidden", {"name": ".secret.py"})]


def test_names_that_are_not_utf8_are_read_and_said_as_escapes(tmp_path):
    student = tmp_path / "classe" / "eve"
    student.mkdir(parents=True)
    (student / "jeux.py").write_text(JEUX)
    with open(bytes(student) + b"/\xff\xfe.py", "w") as handle:
        handle.write(JEUX)
    (found,) = find_class(tmp_path / "classe").entries
    assert set(found.tree) == {"jeux.py", "\\xff\\xfe.py"}
    assert len(found.digest()) == 64
    sub = load(found)
    assert chosen(sub) == {"jeux": "jeux.py"} and sub.warnings[0][1]["others"] == "\\xff\\xfe.py"


def test_file_names_the_grader_writes_hold_no_control_bidi_or_windows_character():
    assert file_part("Zo\u202eé\u2066 N\u200b'Diaye\x00\t<x>/y\\z:*?\"|\u2028") == "Zoé N'Diaye x y z"
    assert file_part("\udcff\udcfe  .. ") == "xff xfe"  # the escapes' backslashes: Windows refuses them
    assert file_part("…" * 200).encode() == ("…" * 40).encode()  # 120 bytes at most, whole characters
    assert file_part("\u202e") == ""


def test_a_source_over_its_size_says_so(tmp_path):
    (tmp_path / "jeux.py").write_text(JEUX)
    (tmp_path / "donnees.py").write_bytes(b"#" * ((2 << 20) + 1))
    sub = load_submission(tmp_path)
    assert sub.status == UNREADABLE
    assert sub.warnings == [("intake.refused_size", {"file": "donnees.py", "detail": "2"})]


def test_what_a_file_defines_is_read_by_a_line_scan():
    text = "def a(x):\n    def b():\n        pass\nasync def c ():\n    pass\nclass K:\n    def m(self): pass\n"
    assert defined_functions(text) == {"a", "c"}
    assert defined_functions("x = [" + "[" * 100_000 + "]" * 100_000 + "]\ndef bfs(g):\n    pass\n") == {"bfs"}


def test_a_student_over_the_limits_is_refused_alone_in_a_folder_or_in_the_class_archive(tmp_path):
    """5001 files in one student's folder, or in one student's part of the class's archive (wrapped in a
    folder, as Moodle's zip is, or not): that student is unreadable, said clearly; the class is graded."""
    many = {f"f{i}.txt": "" for i in range(5001)}
    folder = tmp_path / "classe"
    (folder / "mallory").mkdir(parents=True)
    first, *others = (folder / "mallory" / name for name in many)
    first.write_text("")
    for other in others:  # names of one empty file: what is refused is their number (a tenth of the CPU)
        os.link(first, other)
    (folder / "honest").mkdir()
    (folder / "honest" / "jeux.py").write_text(JEUX)
    moodle = "{}_{}_assignsubmission_file_/"
    members = {moodle.format("Honest", 1) + "jeux.py": JEUX, **{moodle.format("Mallory", 2) + n: "" for n in many}}
    (tmp_path / "a.zip").write_bytes(zip_bytes(members))
    (tmp_path / "b.zip").write_bytes(zip_bytes({f"TP taquin-4242/{n}": v for n, v in members.items()}))
    for klass in (folder, tmp_path / "a.zip", tmp_path / "b.zip"):
        subs = {entry.identity.name: load(entry) for entry in find_class(klass).entries}
        honest, mallory = subs.pop("Honest" if "Honest" in subs else "honest"), subs.popitem()[1]
        assert honest.status == SUBMITTED and mallory.status == UNREADABLE
        assert mallory.warnings[0][0] == "intake.refused_members" and mallory.warnings[0][1]["detail"] == "5000"
    checked = load_submission(folder / "mallory")
    assert checked.warnings == [("intake.refused_members", {"file": "mallory", "detail": "5000"})]


def test_in_a_class_archive_each_student_has_a_budget_of_their_own():
    limits = ArchiveLimits(total_bytes=1000, class_bytes=10_000)
    data = zip_bytes({"mallory/a.py": "#" * 600, "mallory/b.py": "#" * 600, "honest/jeux.py": JEUX})
    tree = read_archive(data, "classe.zip", limits, per_student=True)
    assert tree["honest/jeux.py"] == JEUX.encode() and tree["mallory/a.py"] == b"#" * 600
    assert tree["mallory/b.py"].key == "intake.refused_total"
    with pytest.raises(ArchiveError):  # a student's own archive: refused whole, as before
        read_archive(data, "mallory.zip", limits)


def test_more_files_than_the_childs_folder_holds_are_that_students_verdict(tmp_path):
    """Red team 7: helpers within the bytes read that overflow the child's 16 MiB, 1,024-file tmpfs made
    every question the grader's error (as root, or with user namespaces); now the student is refused,
    said, before any child starts, in every configuration. Here 1,100 files of a few bytes; bytes that
    grow past it once written in UTF-8, through the command: tests/test_notebook_bomb.py."""
    (tmp_path / "jeux.py").write_text(JEUX)
    (tmp_path / "aide0000.py").write_text("x = 1\n")
    for number in range(1, 1100):  # names of one file: their count is what is refused
        os.link(tmp_path / "aide0000.py", tmp_path / f"aide{number:04d}.py")
    submission = load_submission(tmp_path)
    assert submission.status == UNREADABLE and submission.sources == {} and submission.helpers == {}
    params = {"file": "aide1023.py", "detail": "16", "files": "1023"}
    assert submission.warnings == [("intake.refused_folder", params)]


def test_a_file_that_is_not_a_class_is_a_usage_error(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("")
    with pytest.raises(InputError):
        find_class(notes)
    broken = tmp_path / "classe.zip"
    broken.write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(InputError) as refused:
        find_class(broken)
    assert refused.value.key == "intake.archive_broken"


def test_the_names_a_source_uses_are_read_by_a_scan_that_skips_comments_and_strings():
    source = '''"""A docstring naming minimum."""
# minimum, in a comment
x = "minimum" + 'a\\'b' + r"c" + f"{y}"
def dfs(m, p):
    global minimum
    return obj.attr
'''
    names, strings = names_used(source)
    assert {"x", "dfs", "m", "p", "global", "minimum", "obj", "attr"} <= names and "y" not in names
    assert {"minimum", "c"} <= strings
    assert "minimum" not in names_used(source.replace("    global minimum\n", ""))[0]
    assert names_used("x = [" + "[" * 100_000 + "]" * 100_000 + "]\n")[0] == {"x"}
    assert names_used("s = '''never closed\nminimum = 1\n")[0] == {"s"}
