"""Attacks through what the grader reads of a class (tests/attacks/names.py: names folding into a
classmate's, bytes that are not UTF-8, Moodle's pattern in a name, links, nested archives, hidden
folders, bidi overrides, helpers made to cost a parse), graded in the three configurations the grader
runs in (tests/test_attacks.py): every victim keeps full marks, every attacker gets its own verdict and
nothing more, each entry is one student with one page and one id (the same after `--resume`), the
exports run, no file name written holds a control or bidi character, and the grader's processes stay
small, measured from outside while they grade.
"""

from __future__ import annotations

import os
import threading
import unicodedata
from pathlib import Path

import pytest

from tests.attacks import names
from tests.test_attacks import scene_as_root, scene_as_teacher, as_root

SCENE = Path("tests") / "attacks" / "names_scene.py"
# The peak resident memory of any grader process (the teacher's command and its workers, not the
# students' children, which have limits of their own): before issue 32, the 1.9 MB helper alone made it
# 1.1 GiB.
GRADER_PEAK_BYTES = 400 << 20


class PeakWatch:
    """Samples, from outside, the peak resident memory (VmHWM) of the scene's process and its children
    (the grading workers) while it runs: the most any of them reached."""

    def __init__(self) -> None:
        self.peaks: dict[int, int] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> PeakWatch:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()

    @property
    def peak(self) -> int:
        return max(self.peaks.values(), default=0)

    def _watch(self) -> None:
        while not self.stop.wait(0.05):
            for pid in _grader_processes():
                self.peaks[pid] = max(self.peaks.get(pid, 0), _high_water(pid))


def _grader_processes() -> list[int]:
    """The scene's process (found by its command line) and its direct children."""
    table: dict[int, tuple[int, bytes]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        table[int(entry)] = (int(stat.rsplit(")", 1)[1].split()[1]), cmdline)
    scenes = {
        pid for pid, (_, cmdline) in table.items() if str(SCENE).encode() in cmdline and b"setpriv" not in cmdline
    }
    return [pid for pid, (parent, _) in table.items() if pid in scenes or parent in scenes]


def _high_water(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _check(report: dict, peak: int) -> None:
    from grader.intake.identity import text_name

    expected = {text_name(os.fsdecode(name)): "passed" for name in names.VICTIMS}
    expected.update({text_name(os.fsdecode(name)): status for name, _, status in names.ATTACKS.values() if status})
    got = {name: status for name, (status, _, _) in report["verdicts"].items()}
    assert got == expected
    victims = [report["verdicts"][text_name(os.fsdecode(name))] for name in names.VICTIMS]
    assert all(score == most > 0 for _, score, most in victims)  # full marks, every one
    assert report["participants"]["Honest Student_1001_assignsubmission_file_"] == "1001"
    assert set(report["participants"].values()) == {"", "1001"}  # nobody took 1001 from its owner
    twice = [names.ATTACKS[a][0].decode() for a in ("moodle_name_pattern", "moodle_flat_twice")]
    assert sorted(report["notices"]) == sorted(
        [
            ".cache ignored: its name starts with a dot (hidden); rename it to have it graded",
            *(
                f"{name}: Moodle's prefix (_<participant>_assignsubmission_) is in it twice, which one is its own "
                "cannot be told: graded under this name, with no participant number"
                for name in twice
            ),
        ]
    )
    assert report["index"] and report["pages"]
    assert len(set(report["ids"])) == len(report["ids"]) == len(expected)
    assert report["resumed_ids"] == report["ids"] and report["regraded_on_resume"] == []
    unsafe = [
        name
        for name in report["written"]
        if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in name)
    ]
    assert unsafe == []
    assert not any("\u202e" in name for name in report["written"])
    assert 0 < peak < GRADER_PEAK_BYTES, peak


@pytest.mark.slow
@as_root
def test_name_attacks_as_root():
    with PeakWatch() as watch:
        report = scene_as_root(SCENE)
    assert report["user"] == 0 and report["feedback"]  # the Moodle feedback folders and zip made and read
    _check(report, watch.peak)


@pytest.mark.slow
@as_root
@pytest.mark.parametrize("user_namespaces", [True, False], ids=["user-namespaces", "no-user-namespaces"])
def test_name_attacks_as_an_ordinary_teacher(teacher_python, user_namespaces):
    with PeakWatch() as watch:
        report = scene_as_teacher(teacher_python, user_namespaces, SCENE)
    assert report["user"] == teacher_python[0]
    _check(report, watch.peak)
