"""Long runs stop cleanly on SIGINT/SIGTERM and resume; --resume never mixes incompatible runs."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"
LOOPING = "def solution_42():\n    while True:\n        pass\n"


def _grade(klass: Path, out: Path, *extra: str, env=None, **kwargs):
    command = [sys.executable, "-m", "grader.cli", "grade", str(klass), "--out", str(out), "-q", "q1", *extra]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **kwargs)


def _class(tmp_path: Path, slow: int = 0) -> Path:
    klass = tmp_path / "classe"
    klass.mkdir()
    shutil.copytree(SAMPLE / "alice", klass / "a-alice")
    shutil.copytree(SAMPLE / "bruno", klass / "b-bruno")
    for i in range(slow):
        (klass / f"z-boucle{i}.py").write_text(LOOPING)
    return klass


def _ours(marker: str, work: Path) -> list[int]:
    """Processes of this test's run: workers carry the marker in their environment; the students'
    children (started with an empty environment) run in folders under `work`."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as handle:
                if marker.encode() in handle.read():
                    found.append(int(pid))
                    continue
            if os.readlink(f"/proc/{pid}/cwd").startswith(str(work)):
                found.append(int(pid))
        except OSError:
            pass
    return found


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_every_process_saves_the_graded_and_resume_completes(tmp_path, signum):
    klass = _class(tmp_path, slow=2)
    scheme = tmp_path / "lent.toml"
    scheme.write_text("time_floor = 20\n")  # the looping students stay busy long after the signal
    # The children's folders in a place of this test's own that the unprivileged child can reach.
    work = Path(tempfile.mkdtemp(prefix="stop-test-"))
    work.chmod(0o711)
    try:
        _stop_and_resume(klass, scheme, work, tmp_path / "rapport", signum)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _stop_and_resume(klass: Path, scheme: Path, work: Path, out: Path, signum: int) -> None:
    marker = f"TAQUIN_STOP_TEST={uuid.uuid4().hex}"
    env = {**os.environ, "TMPDIR": str(work), marker.split("=")[0]: marker.split("=")[1]}
    options = ["--workers", "2", "--scheme", str(scheme)]
    proc = _grade(klass, out, *options, env=env)
    deadline = time.monotonic() + 120
    while not ((out / "students" / "a-alice.json").exists() and (out / "students" / "b-bruno.json").exists()):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.2)
    time.sleep(3)  # the looping students are now being graded
    assert len(_ours(marker, work)) > 3  # the grader, its workers, the children
    signalled = time.monotonic()
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    stopped_in = time.monotonic() - signalled
    assert proc.returncode == 128 + signum, err
    assert "Traceback" not in err and "--resume" in err and "dans " in err and " : 2 sur 4." in err
    assert stopped_in < 15, stopped_in
    for _ in range(50):  # supervisors end their children as soon as their channel closes
        if not _ours(marker, work):
            break
        time.sleep(0.1)
    assert _ours(marker, work) == []
    assert list(work.iterdir()) == []  # every child's folder removed
    partial = json.loads((out / "results.json").read_text())
    assert partial["complete"] is False
    assert sorted(s["id"] for s in partial["submissions"]) == ["a-alice", "b-bruno"]
    # Resume: the two looping students are graded, the others kept (a marker shows alice is not regraded).
    saved = out / "students" / "a-alice.json"
    saved.write_text(saved.read_text().replace('"total": 1.0', '"total": 0.5'))
    resumed = _grade(klass, out, *options, "--resume", env=env)
    _, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    final = {s["id"]: s for s in json.loads((out / "results.json").read_text())["submissions"]}
    assert sorted(final) == ["a-alice", "b-bruno", "z-boucle0", "z-boucle1"]
    assert final["a-alice"]["total"] == 0.5
    assert {final[f"z-boucle{i}"]["questions"][0]["status"] for i in range(2)} == {"timeout"}
    assert "a-alice" not in err and "z-boucle0" in err


def _run(klass: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    proc = _grade(klass, out, "--workers", "1", *extra)
    stdout, stderr = proc.communicate(timeout=300)
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


def test_resume_regrades_changed_files_and_refuses_other_settings(tmp_path):
    klass = _class(tmp_path)
    out = tmp_path / "rapport"
    first = _run(klass, out)
    assert first.returncode == 0, first.stderr
    saved = json.loads((out / "results.json").read_text())
    assert saved["complete"] is True and saved["format_version"] >= 2
    assert saved["python"].count(".") == 2 and saved["hypothesis"]
    # Bruno fixes his answer: only he is regraded.
    fixed = (SAMPLE / "alice" / "jeux.py").read_text(encoding="utf-8")
    (klass / "b-bruno" / "jeux.py").write_text(fixed, encoding="utf-8")
    again = _run(klass, out, "--resume")
    assert again.returncode == 0, again.stderr
    assert "b-bruno" in again.stderr and "a-alice" not in again.stderr
    totals = {s["id"]: s["total"] for s in json.loads((out / "results.json").read_text())["submissions"]}
    assert totals == {"a-alice": 1.0, "b-bruno": 1.0}
    # Another language: results hold no text, so nobody is regraded and the reports speak it.
    english = _run(klass, out, "--resume", "--lang", "en")
    assert english.returncode == 0 and "a-alice" not in english.stderr and "b-bruno" not in english.stderr
    assert "Class results" in (out / "index.html").read_text(encoding="utf-8")
    # Another seed, or a folder an older grader wrote (results.json format 2): refused, nothing rewritten.
    before = (out / "results.json").read_bytes()
    # Without --seed, the resumed runs went on with the seed the first run drew and recorded.
    assert json.loads((out / "results.json").read_text())["seed"] == saved["seed"]
    refused = _run(klass, out, "--resume", "--seed", "999")
    assert refused.returncode == 2 and f"seed: {saved['seed']} -> 999" in refused.stderr
    assert "Traceback" not in refused.stderr
    manifest = out / "students" / ".run.json"
    manifest.write_text(manifest.read_text().replace('"format_version": 3', '"format_version": 2'))
    refused = _run(klass, out, "--resume")
    assert refused.returncode == 2 and "format_version: 2 -> 3" in refused.stderr and "Traceback" not in refused.stderr
    # A folder graded with --replay 2: its pages replay passed checks, a resumed run without it would not.
    manifest.write_text(
        manifest.read_text()
        .replace('"format_version": 2', '"format_version": 3')
        .replace('"replay": null', '"replay": 2')
    )
    refused = _run(klass, out, "--resume")
    assert refused.returncode == 2 and "replay: 2 -> null" in refused.stderr
    assert (out / "results.json").read_bytes() == before
    # Without --resume, a new run starts afresh in the same folder.
    assert _run(klass, out, "--seed", "999").returncode == 0
    assert json.loads((out / "results.json").read_text())["seed"] == 999
