"""A class run's workers share its draws through a folder (grader/judge/drawing.py `cases`); the class run
itself is tests/test_draws_shared.py."""

from __future__ import annotations

import pytest

from grader.judge import drawing

KEY = (2017, "q4", "petits_jeux", 40, "games()")


@pytest.fixture
def shared(tmp_path):
    drawing.share(str(tmp_path))
    yield tmp_path
    drawing.share(None)


def _never():
    raise AssertionError("drawn again")


def test_what_one_worker_drew_another_reads_as_it_was(shared):
    cases = [((1, 2), {"a": [3]}, frozenset({4}))]
    assert drawing.cases(KEY, lambda: cases) == cases
    assert drawing.cases(KEY, _never) == cases  # another worker: read, not drawn
    assert drawing.cases((*KEY[:4], "games(n=2)"), lambda: ["other"]) == ["other"]  # another key, its own


def test_without_a_shared_folder_each_process_draws_its_own():
    assert drawing.cases(KEY, lambda: [1]) == [1]
    assert drawing.cases(KEY, lambda: [2]) == [2]


def test_a_folder_gone_with_its_run_costs_only_the_draw(shared):
    shared.rmdir()
    assert drawing.cases(KEY, lambda: [1]) == [1]


def test_a_run_that_cannot_make_its_folder_leaves_each_worker_its_own_draws(monkeypatch):
    from grader.run import executor

    def full_disk(**_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(executor.tempfile, "TemporaryDirectory", full_disk)
    with executor._shared_draws() as folder:
        assert folder is None
    drawing.share(folder)  # what a worker is given then: no folder, its own draws
    assert drawing.cases(KEY, lambda: [1]) == [1] and drawing.cases(KEY, lambda: [2]) == [2]
