"""The test tree itself: pytest collects tests/ and tests/unit/ in one session (CI), where two test
files of the same name are an import-file-mismatch error that stops the whole run."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_name():
    names = Counter(path.name for path in TESTS.rglob("test_*.py") if "__pycache__" not in path.parts)
    assert [name for name, count in names.items() if count > 1] == []
