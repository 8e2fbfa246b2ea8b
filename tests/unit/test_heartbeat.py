"""The heartbeat both leases use (the service's claim on an attempt, a distributed job's and a worker's
keys): it renews while the block runs, survives a store away for a moment, and stops with the block."""

from __future__ import annotations

import threading
import time

import pytest

from grader.run.heartbeat import Heartbeat

PERIOD = 0.01


class Beats:
    """Counts beats; `failing` beats raise first; `reached` is set at `wanted` beats."""

    def __init__(self, wanted: int, failing: int = 0, error: type[Exception] = ConnectionError):
        self.count, self.wanted, self.failing, self.error = 0, wanted, failing, error
        self.reached = threading.Event()

    def __call__(self) -> None:
        self.count += 1
        if self.count >= self.wanted:
            self.reached.set()
        if self.count <= self.failing:
            raise self.error("the store is away")


def stopped(beats: Beats) -> bool:
    """No beat comes any more (waits many periods)."""
    before = beats.count
    time.sleep(20 * PERIOD)
    return beats.count == before


def test_it_renews_while_the_block_runs_and_stops_with_it():
    beats = Beats(wanted=3)
    with Heartbeat(PERIOD, beats, settle=1.0):
        assert beats.reached.wait(10)
    assert stopped(beats)


def test_a_beat_failing_for_a_moment_does_not_end_the_renewals():
    beats = Beats(wanted=5, failing=2)
    with Heartbeat(PERIOD, beats, (ConnectionError,), settle=1.0):
        assert beats.reached.wait(10)
    assert stopped(beats)


def test_it_beats_at_once_only_when_asked():
    beats = Beats(wanted=1)
    with Heartbeat(3600, beats, first=True, settle=1.0):
        assert beats.reached.wait(10)
    assert beats.count == 1
    later = Beats(wanted=1)
    with Heartbeat(3600, later):
        assert not later.reached.wait(20 * PERIOD)


def test_the_block_s_error_goes_through_and_the_renewals_stop():
    beats = Beats(wanted=2)
    with pytest.raises(KeyError), Heartbeat(PERIOD, beats, settle=1.0):
        assert beats.reached.wait(10)
        raise KeyError("the work failed")
    assert stopped(beats)
