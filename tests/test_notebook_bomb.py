"""The red team's notebook bomb (tests/attacks/notebook_bomb.py): notebooks of millions of `{}` in a zip
cost the teacher's process a bounded memory, and make their student "unreadable", said, while a classmate
is graded. The intake reads a class as the teacher in every configuration (nothing of it runs in a child),
so one configuration tells all three. The service's side: tests/test_service_uploads.py."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main
from grader.text.i18n import say
from grader.text.message import Message
from tests.attacks.notebook_bomb import write_bombs

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice" / "jeux.py"
# The intake's peak memory past its imports and the bytes it read (each student may have up to
# ArchiveLimits.total_bytes read and held, 64 MiB): what parsing may add (nbformat's parse made it
# 195 MiB for small.zip, 3.4 GB for big.zip).
GROWTH_BYTES = 100 << 20
# The intake of one class in a fresh interpreter: its peak resident memory's growth, and what it read.
INTAKE = """
import json, sys
from pathlib import Path
from grader.intake import find_class, load
from tests.attacks.memory import peak_resident_bytes
before = peak_resident_bytes()
entries = find_class(Path(sys.argv[1])).entries
loaded = [load(entry) for entry in entries]
grown = peak_resident_bytes() - before
held = sum(len(data) for entry in entries for data in entry.tree.values() if isinstance(data, bytes))
print(json.dumps({"grown": grown, "held": held, "read": {s.id: [s.status, s.warnings] for s in loaded}}))
"""


# What each is refused for: a notebook past the JSON values read before a parse, or more bytes in all than
# the child's folder holds.
REFUSED = {"small.zip": "intake.refused_notebook_tokens", "big.zip": "intake.refused_notebook_tokens"}
REFUSED["long.zip"] = "intake.refused_total"


@pytest.fixture(scope="module")
def bombs(tmp_path_factory) -> dict[str, Path]:
    return write_bombs(tmp_path_factory.mktemp("bombs"))


@pytest.mark.slow
@pytest.mark.parametrize("bomb", ["small.zip", "big.zip", "long.zip"])
def test_a_notebook_bomb_costs_the_teachers_process_bounded_memory(tmp_path, bombs, bomb):
    klass = tmp_path / "classe"
    (klass / "mallory").mkdir(parents=True)
    shutil.copy(bombs[bomb], klass / "mallory" / bomb)
    done = subprocess.run(
        [sys.executable, "-c", INTAKE, str(klass)], cwd=ROOT, capture_output=True, text=True, timeout=600, check=True
    )
    measured = json.loads(done.stdout)
    print(bomb, "intake's peak growth", measured["grown"] >> 20, "MiB for", measured["held"] >> 20, "MiB read")
    assert measured["grown"] - measured["held"] < GROWTH_BYTES, measured
    status, warnings = measured["read"]["mallory"]
    assert status == "unreadable"
    assert [key for key, _ in warnings] == [REFUSED[bomb]]


def test_helpers_past_the_childs_folder_are_refused_by_their_sizes_before_a_byte_is_read(tmp_path):
    """Red team 7 (`big-helpers-memory-and-grader-error`): 120 helpers of 2 MB, each under the 2 MiB a
    source may weigh, the student under the 256 MiB then allowed: the intake held 230 MB (peak 743 MB for
    the run), then every question was the grader's error (the child's 16 MiB tmpfs full before it ran).
    Sparse files here: their sizes on disk are the attack's, reading them would cost what it cost."""
    klass = tmp_path / "classe"
    (klass / "alice").mkdir(parents=True)
    shutil.copy(ALICE, klass / "alice" / "jeux.py")
    (klass / "mallory").mkdir()
    shutil.copy(ALICE, klass / "mallory" / "jeux.py")
    for number in range(120):
        with open(klass / "mallory" / f"aide{number:03d}.py", "wb") as helper:
            helper.truncate(2_000_000)
    done = subprocess.run(
        [sys.executable, "-c", INTAKE, str(klass)], cwd=ROOT, capture_output=True, text=True, timeout=600, check=True
    )
    measured = json.loads(done.stdout)
    assert measured["grown"] < 32 << 20 and measured["held"] < 1 << 20, measured
    assert measured["read"]["alice"] == ["submitted", []]
    status, warnings = measured["read"]["mallory"]
    assert status == "unreadable" and [key for key, _ in warnings] == ["intake.refused_total"]


def test_helpers_that_would_overflow_the_childs_folder_are_a_verdict_not_the_graders_error(tmp_path, capsys):
    """The same red team's second effect: helpers within the bytes read (7 of 1.9 MB) that overflow the
    child's tmpfs once written in UTF-8 (CP1252's `€`: 3 bytes each) made every question "erreur du
    correcteur" as root or with user namespaces; now `check` refuses them, said, before any child runs."""
    (tmp_path / "jeux.py").write_bytes(ALICE.read_bytes())
    for number in range(7):
        (tmp_path / f"aide{number}.py").write_bytes(b"# " + b"\x80" * 1_900_000)
    assert main(["check", str(tmp_path), "-q", "q1", "--seed", "1"]) == 2
    said = capsys.readouterr()
    assert "dépasseraient ce qu'il tient (16 Mio, 1023 fichiers)" in said.out + said.err
    assert "correcteur" not in said.out + said.err


@pytest.mark.slow
def test_notebook_bombs_are_refused_for_their_students_only_while_a_classmate_is_graded(tmp_path, bombs):
    klass = tmp_path / "classe"
    for student, bomb in [("mallory", "small.zip"), ("oscar", "big.zip"), ("trudy", "long.zip")]:
        (klass / student).mkdir(parents=True)
        shutil.copy(bombs[bomb], klass / student / bomb)
    (klass / "alice").mkdir()
    shutil.copy(ALICE, klass / "alice" / "jeux.py")
    out = tmp_path / "rapport"
    assert main(["grade", str(klass), "--out", str(out), "-q", "q1", "--seed", "1", "--workers", "2"]) == 0
    graded = {s["id"]: s for s in json.loads((out / "results.json").read_text(encoding="utf-8"))["submissions"]}
    assert graded["alice"]["status"] == "graded"
    assert [q["status"] for q in graded["alice"]["questions"]] == ["passed"]
    said = {}
    for student in ("mallory", "oscar", "trudy"):
        assert graded[student]["status"] == "unreadable"
        assert [q["status"] for q in graded[student]["questions"]] == ["missing"]
        (warning,) = graded[student]["warnings"]
        said[student] = [say(Message.from_dict(warning), lang) for lang in ("fr", "en")]
    assert said["mallory"] == [
        "small.zip/nb000.ipynb refusé : plus de 200000 valeurs JSON (listes, objets, chaînes), ce qu'aucun éditeur "
        "n'écrit pour un notebook ; il n'est pas lu. Effacez ses sorties et renvoyez-le, ou rendez le code en .py",
        "small.zip/nb000.ipynb refused: over 200000 JSON values (lists, objects, strings), which no editor writes "
        "for a notebook; it is not read. Clear its outputs and send it again, or hand the code in as a .py file",
    ]
    assert said["oscar"][0].startswith("big.zip/nb.ipynb refusé : plus de 200000 valeurs JSON")
    assert said["trudy"] == [
        "long.zip refusé : la copie dépasse 64 Mio en tout (fichiers Python, notebooks et archives) ; rien de plus "
        "n'en est lu",
        "long.zip refused: the submission is over 64 MiB in all (Python files, notebooks and archives); nothing "
        "more of it is read",
    ]
