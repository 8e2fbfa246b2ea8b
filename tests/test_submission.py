"""The submission loader: folders, single files, zips, encodings — without running anything."""
import zipfile

import pytest

from grader.submission import SubmissionError, find_submissions, load_submission

JEUX = "def bfs():\n    return 0\n\ndef ids():\n    return 0\n"
TAQUIN = "def move(i, j):\n    pass\n\ndef taquin():\n    return []\n"


def test_folder_with_both_modules_and_a_helper(tmp_path):
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "jeux.py").write_text(JEUX)
    (tmp_path / "alice" / "taquin.py").write_text(TAQUIN)
    (tmp_path / "alice" / "outils.py").write_text("X = 1\n")
    sub = load_submission(tmp_path / "alice")
    assert sub.id == "alice"
    assert set(sub.sources) == {"jeux", "taquin"}
    assert sub.helpers == {"outils": "X = 1\n"}
    assert sub.sources_text()["jeux"] == JEUX


def test_nested_folder_as_an_lms_gives_it_and_shallowest_copy_wins(tmp_path):
    deep = tmp_path / "bob" / "tp" / "old"
    deep.mkdir(parents=True)
    (tmp_path / "bob" / "tp" / "jeux.py").write_text(JEUX)
    (deep / "jeux.py").write_text("# old version\n")
    sub = load_submission(tmp_path / "bob")
    assert sub.sources["jeux"].text == JEUX
    assert sub.sources["jeux"].filename == "tp/jeux.py"


@pytest.mark.parametrize("text, modules", [(JEUX, {"jeux"}), (TAQUIN, {"taquin"}), (JEUX + TAQUIN, {"jeux", "taquin"}),
                                           ("def bfs(:\n", {"jeux"}), ("x = 1\n", set())])
def test_single_file_part_is_told_by_its_functions(tmp_path, text, modules):
    path = tmp_path / "Dupont_Jean.py"
    path.write_text(text)
    sub = load_submission(path)
    assert sub.id == "Dupont_Jean"
    assert set(sub.sources) == modules


def test_part_ii_dfs_does_not_make_a_file_a_taquin_answer(tmp_path):
    path = tmp_path / "x.py"
    path.write_text(JEUX + "def dfs(m, e, p):\n    return False\n")
    assert set(load_submission(path).sources) == {"jeux"}


def test_zip_is_read_in_memory_and_hostile_paths_write_nothing(tmp_path):
    archive = tmp_path / "carla.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("carla/jeux.py", JEUX)
        z.writestr("../../evil.py", "X = 2\n")
        z.writestr("__MACOSX/carla/._jeux.py", "\x00\x01")
    sub = load_submission(archive)
    assert sub.id == "carla"
    assert sub.sources["jeux"].text == JEUX
    assert "evil" in sub.helpers  # kept as a helper module by name, never written by its path
    assert not (tmp_path.parent / "evil.py").exists()


def test_broken_zip_is_a_submission_error(tmp_path):
    path = tmp_path / "d.zip"
    path.write_bytes(b"not a zip")
    with pytest.raises(SubmissionError):
        load_submission(path)


def test_cp1252_source_without_coding_line_is_read_with_a_warning(tmp_path):
    path = tmp_path / "jeux.py"
    path.write_bytes("# déjà réussi — « oui »\n".encode("cp1252") + JEUX.encode())
    sub = load_submission(path)
    assert sub.sources["jeux"].text.startswith("# déjà réussi — « oui »")
    assert sub.sources["jeux"].encoding == "cp1252"
    assert sub.warnings == [("warning.encoding", {"file": "jeux.py", "encoding": "cp1252"})]


def test_declared_latin1_and_utf8_bom_need_no_warning(tmp_path):
    declared = tmp_path / "a.py"
    declared.write_bytes("# -*- coding: latin-1 -*-\n# é\n".encode("latin-1") + JEUX.encode())
    bom = tmp_path / "b.py"
    bom.write_bytes(b"\xef\xbb\xbf# \xc3\xa9\n" + JEUX.encode())
    for path in (declared, bom):
        sub = load_submission(path)
        assert "# é" in sub.sources["jeux"].text
        assert sub.warnings == []


def test_class_folder_lists_one_entry_per_student(tmp_path):
    for name in ("b", "a"):
        (tmp_path / name).mkdir()
    (tmp_path / "c.py").write_text(JEUX)
    (tmp_path / "d.zip").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / ".DS_Store").write_text("")
    assert [p.name for p in find_submissions(tmp_path)] == ["a", "b", "c.py", "d.zip"]
