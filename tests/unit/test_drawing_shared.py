"""A class run's workers share its draws through a folder (grader/judge/drawing.py `cases`); the class run
itself is tests/test_draws_shared.py."""

from __future__ import annotations

import pickle

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


def test_cases_are_stored_as_data_and_read_back_with_their_types(shared):
    cases = [((1, "a"), [True, None, 2.5], {(0, 1): {"x": frozenset({3})}, "k": set()}), [[], ()]]
    drawing.cases(KEY, lambda: cases)
    (stored,) = shared.glob("*.json")
    assert b"pickle" not in stored.read_bytes() and drawing.cases(KEY, _never) == cases
    read = drawing.cases(KEY, _never)
    assert [type(v) for v in read[0]] == [tuple, list, dict] and type(read[0][2][(0, 1)]["x"]) is frozenset


class Planted:
    def __reduce__(self):
        return (exec, ("import pathlib; pathlib.Path('ran').write_text('x')",))


@pytest.mark.parametrize(
    "planted",
    [
        pickle.dumps([Planted()]),  # what the workers read before: run when loaded
        b'{"key": "%s", "cases": [{"object": ["os.system", "id"]}]}',  # a container the cases never hold
        b'{"key": "%s", "cases": [{"dict": [[1]]}]}',  # a dict's item that is not a pair
        b'{"key": "%s", "cases": [{"set": [[1]]}]}',  # a set of an unhashable value
        b'{"key": "another", "cases": [1]}',  # another key's cases
        b'{"key": "%s", "cases": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",  # deeper than any reader
        b"\xff not JSON",
    ],
    ids=["pickle", "unknown_container", "dict_item", "unhashable", "other_key", "deep", "bytes"],
)
def test_a_file_planted_in_the_shared_folder_is_never_loaded_as_cases(shared, monkeypatch, planted):
    """A child no layer confines (`grader grade --unsafe`) may write the run's folder: whatever it puts
    where a group's cases go, the worker draws them itself, and nothing it names runs."""
    monkeypatch.chdir(shared)
    drawing.cases(KEY, lambda: [1])
    (stored,) = shared.glob("*.json")
    key = repr(KEY).encode()
    stored.write_bytes(b'{"key": "%s", "cases": [["kept"]]}' % key)
    assert drawing.cases(KEY, _never) == [["kept"]]  # the control: a well-formed file of the key is read
    stored.write_bytes(planted.replace(b"%s", key))
    assert drawing.cases(KEY, lambda: ["drawn"]) == ["drawn"]
    assert not (shared / "ran").exists()


def test_a_case_of_another_type_is_drawn_but_not_shared(shared):
    class Grid(list):
        pass

    assert drawing.cases(KEY, lambda: [Grid([1])]) == [[1]]
    assert not list(shared.glob("*.json")) and drawing.cases(KEY, lambda: [2]) == [2]


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
    with executor.shared_draws() as folder:
        assert folder is None
    drawing.share(folder)  # what a worker is given then: no folder, its own draws
    assert drawing.cases(KEY, lambda: [1]) == [1] and drawing.cases(KEY, lambda: [2]) == [2]


def test_q18s_deep_instances_are_found_by_one_worker_and_read_as_found_by_the_others(shared, monkeypatch):
    """q18's deep states (the solver's searches and climbs from the seed) go through the run's folder as a
    group's cases do: the second worker reads the very states the first found, searching nothing. (Found
    here as the search gives them, (state, blank value, optimum or None), without the search's time.)"""
    from grader.questions.taquin import cases as taquin_cases

    searched = ((tuple(range(16)), -1, None), ((1, 0, *range(2, 16)), 99, 41))
    instances = tuple(taquin_cases.Instance(*row) for row in searched)
    monkeypatch.setattr(taquin_cases, "_deep_instances", lambda seed: searched)
    assert taquin_cases.deep_instances.__wrapped__(5) == instances and list(shared.glob("*.json"))  # stored
    monkeypatch.setattr(taquin_cases, "_deep_instances", lambda seed: _never())
    read = taquin_cases.deep_instances.__wrapped__(5)  # another worker
    assert read == instances and all(type(case.state) is tuple for case in read)
