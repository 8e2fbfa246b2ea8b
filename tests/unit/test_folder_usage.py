"""The parent's count of a child's folder where no tmpfs bounds it (grader/sandbox/host.py)."""

from __future__ import annotations

import os

from grader.sandbox import host

MIB = 1 << 20


def test_an_entry_gone_before_its_look_is_skipped_and_the_count_goes_on(tmp_path, monkeypatch):
    """Red team 6: a child removing and making names again without end made every count stop at the
    first name gone, before the folder that held its data."""
    (tmp_path / "a_flicker").write_bytes(b"")
    (tmp_path / "H").mkdir()
    (tmp_path / "H" / "data").write_bytes(os.urandom(2 * MIB))
    listed = host.listed

    def listed_then_one_gone(fd, at_most=None):
        entries = listed(fd, at_most)
        for entry in entries:
            if entry.name == "a_flicker":
                os.unlink(entry.name, dir_fd=fd)
        return entries

    monkeypatch.setattr(host, "listed", listed_then_one_gone)
    used_bytes, entries = host.folder_usage(tmp_path, 4096)
    assert used_bytes >= 2 * MIB and entries == 3
