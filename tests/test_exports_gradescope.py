"""Gradescope: the autograder zip is built, unpacked in a folder standing for /autograder, and its
run_autograder grades a real submission there; results.json is checked against Gradescope's
autograder specification and against the grader's own verdicts on the same submission."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.cli import main
from tests.test_isolation_cli import unconfined  # noqa: F401 - a machine without Landlock nor namespaces
from grader.judge.settings import Settings
from grader.run.jobs import grade_path
from grader.text.i18n import title
from grader.registry import all_questions
from grader.run.jobs import select

SAMPLE = Path(__file__).resolve().parents[1] / "exercises" / "exemples"
QUESTIONS = ["q1", "q4", "q7"]
TEST_KEYS = {
    "score": (int, float),
    "max_score": (int, float),
    "name": str,
    "number": str,
    "status": str,
    "output": str,
    "visibility": str,
}


def _check_schema(data: dict) -> None:
    """Gradescope's results.json: a number score, text output, visibility values it knows, tests with
    the keys and types it reads."""
    assert isinstance(data["score"], (int, float)) and isinstance(data["output"], str)
    assert data["visibility"] in ("hidden", "after_due_date", "after_published", "visible")
    assert data["stdout_visibility"] in ("hidden", "after_due_date", "after_published", "visible")
    assert isinstance(data["execution_time"], (int, float))
    assert set(data) <= {
        "score",
        "execution_time",
        "output",
        "output_format",
        "visibility",
        "stdout_visibility",
        "extra_data",
        "tests",
        "leaderboard",
    }
    for test in data["tests"]:
        assert set(test) <= set(TEST_KEYS) | {"tags", "extra_data", "output_format", "name_format"}
        for key, kind in TEST_KEYS.items():
            assert isinstance(test[key], kind), (key, test)
        assert test["status"] in ("passed", "failed")
        assert 0 <= test["score"] <= test["max_score"] + 1e-9
    assert data["score"] == pytest.approx(sum(t["score"] for t in data["tests"]))


@pytest.fixture(scope="module")
def autograder(tmp_path_factory):
    root = tmp_path_factory.mktemp("autograder")
    archive = root / "autograder.zip"
    assert main(["gradescope", "--out", str(archive), "--seed", "7", *sum((["-q", q] for q in QUESTIONS), [])]) == 0
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        assert {"setup.sh", "run_autograder", "settings.json"} <= set(names)
        assert any(n.startswith("taquin-grader/reference/answers/jeux.py") for n in names)
        assert any(n == "taquin-grader/pyproject.toml" for n in names)
        for name in ("setup.sh", "run_autograder"):
            assert stat.S_IMODE(zf.getinfo(name).external_attr >> 16) & 0o111  # executable for Gradescope
        zf.extractall(root / "source")
    settings = json.loads((root / "source" / "settings.json").read_text(encoding="utf-8"))
    assert settings["seed"] == 7 and settings["questions"] == QUESTIONS and settings["unsafe"] is False
    return root


def _run_autograder(root: Path, student: str) -> dict:
    submission = root / "submission"
    shutil.rmtree(submission, ignore_errors=True)
    shutil.copytree(SAMPLE / student, submission)
    (root / "results").mkdir(exist_ok=True)
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    done = subprocess.run(
        ["bash", str(root / "source" / "run_autograder")], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("student", ["alice", "chloe"])
def test_run_autograder_writes_gradescope_results(autograder, student):
    data = _run_autograder(autograder, student)
    _check_schema(data)
    # The same verdicts as the grader's own on the same submission, seed and questions.
    graded = grade_path(SAMPLE / student, select(all_questions(), QUESTIONS), Settings(seed=7))
    assert data["score"] == pytest.approx(graded.total, abs=1e-3)
    expected = {(q.id, title(c.title, "fr")): c.passed for q in graded.questions for c in q.checks}
    got = {(t["number"], t["name"].split(" · ", 1)[1]): t["status"] == "passed" for t in data["tests"]}
    assert got == expected  # one test per check group
    assert {t["number"] for t in data["tests"]} == set(QUESTIONS)
    if student == "chloe":  # the sample class's typical mistakes: some checks fail, with their reason
        assert any(t["status"] == "failed" and t["output"] for t in data["tests"])


def test_bad_autograder_options_exit_2(tmp_path, capsys):
    assert main(["gradescope", "--out", str(tmp_path / "a.zip"), "-q", "q99"]) == 2
    assert "q99" in capsys.readouterr().err
    assert not (tmp_path / "a.zip").exists()


@pytest.mark.slow
def test_the_zip_sources_install_with_their_data(autograder, tmp_path):
    """setup.sh runs `pip install` on the sources in the zip: they must build, templates, fonts and
    Korf's instances included (dependencies are not installed here: Gradescope's image fetches them)."""
    target = tmp_path / "installed"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(autograder / "source" / "taquin-grader"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for path in (
        "reports/templates/student.html",
        "reports/fonts/DejaVuSans.ttf",
        "reports/fonts/DejaVu-LICENSE.txt",
        "grader/data/korf100.txt",
        "reference/answers/jeux.py",
        "reports/exports/gradescope.py",
        "grader/run/gradescope.py",
    ):
        assert (target / path).is_file(), path
    setup = (autograder / "source" / "setup.sh").read_text(encoding="utf-8")
    assert "pip install -q /autograder/source/taquin-grader" in setup


def test_the_bareme_questions_by_default_extensions_on_request(tmp_path):
    """Without -q the autograder grades the barème's automatic questions (a perfect copy is 20/20, not
    "20/30" with four absent extensions); x1-x4 only with --extensions."""
    from grader.registry import all_questions

    def listed(*args) -> list[str]:
        archive = tmp_path / "a.zip"
        assert main(["gradescope", "--out", str(archive), "--seed", "3", *args]) == 0
        with zipfile.ZipFile(archive) as zf:
            return json.loads(zf.read("settings.json"))["questions"]

    exam = [q.id for q in all_questions() if not q.manual]
    assert listed() == exam and not any(q.startswith("x") for q in exam)
    assert listed("--extensions") == exam + [q.id for q in all_questions(extensions=True) if q.extension]


def test_the_total_is_rounded_once():
    """Three checks of 20/3 points each: the tests show 6.6667, the total is 20, not 20.0001."""
    from grader.results.records import Check, QuestionResult, SubmissionResult
    from reports.exports.gradescope import result

    third = 20 / 3
    checks = [Check(f"c{i}", "q4.petits_jeux", True, third, third) for i in range(3)]
    question = QuestionResult("q4", "q4.title", sum(c.points for c in checks), 20, "passed", checks)
    data = result(SubmissionResult("alice", question.score, 20, [question]), "fr")
    assert [t["score"] for t in data["tests"]] == [6.6667] * 3
    assert data["score"] == 20


def test_setup_says_so_when_the_image_python_is_too_old(tmp_path):
    """An image whose python3 is 3.8 and from which no newer Python can be installed (apt-get and
    add-apt-repository fail): setup.sh stops with a message naming the version and the fix."""
    archive = tmp_path / "a.zip"
    assert main(["gradescope", "--out", str(archive), "--seed", "3", "--lang", "en"]) == 0
    with zipfile.ZipFile(archive) as zf:
        setup = zf.read("setup.sh").decode()
    stubs = tmp_path / "bin"
    stubs.mkdir()
    for name, body in {
        "python3": 'if [ "$1" = --version ]; then echo "Python 3.8.10"; exit 0; fi; exit 1',
        "apt-get": "exit 100",
        "add-apt-repository": "exit 1",
    }.items():
        (stubs / name).write_text(f"#!/bin/sh\n{body}\n")
        (stubs / name).chmod(0o755)
    (stubs / "bash").symlink_to(shutil.which("bash"))
    (stubs / "sh").symlink_to(shutil.which("sh"))
    (tmp_path / "setup.sh").write_text(setup)
    done = subprocess.run(
        [shutil.which("bash"), str(tmp_path / "setup.sh")],
        env={"PATH": str(stubs)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "needs Python 3.10 or newer" in done.stderr and "Python 3.8.10" in done.stderr
    assert "Ubuntu 22.04" in done.stderr


def _root_of(tmp_path: Path, source: str, **settings) -> Path:
    root = tmp_path / "autograder"
    (root / "source").mkdir(parents=True)
    (root / "submission").mkdir()
    (root / "submission" / "jeux.py").write_text(source, encoding="utf-8")
    base = {"seed": 7, "questions": ["q1"], "lang": "fr", "memory_mib": 1024, "scheme": ""}
    (root / "source" / "settings.json").write_text(json.dumps({**base, **settings}), encoding="utf-8")
    return root


# Red team 7: in a container where neither Landlock nor namespaces work, the runner graded silently, and a
# child reading the zip's files (settings.json's seed, the model answers) put them in its visible feedback.
SPY = 'import glob\nfor f in glob.glob("/**/settings.json", recursive=True):\n    raise Exception(open(f).read())\n'


@pytest.mark.usefixtures("unconfined")
def test_the_runner_refuses_where_grade_refuses_and_the_student_sees_no_teacher_file(tmp_path, capsys):
    from grader.run import gradescope

    root = _root_of(tmp_path, SPY)
    assert gradescope.main(root) == 2
    assert "aucune couche" in capsys.readouterr().err  # `grader grade`'s refusal, for the teacher
    data = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert data["tests"] == [] and data["score"] == 0 and data["stdout_visibility"] == "hidden"
    assert "pas été corrigés" in data["output"] and str(root) not in json.dumps(data) and '"seed"' not in data["output"]


@pytest.mark.usefixtures("unconfined")
def test_the_runner_grades_unconfined_only_when_the_zip_says_unsafe_and_says_so(tmp_path):
    from grader.run import gradescope

    root = _root_of(tmp_path, SAMPLE.joinpath("alice", "jeux.py").read_text(encoding="utf-8"))
    assert main(["gradescope", "--out", str(tmp_path / "a.zip"), "--seed", "7", "-q", "q1", "--unsafe"]) == 0
    with zipfile.ZipFile(tmp_path / "a.zip") as archive:  # the opt-out as the teacher gives it
        archive.extract("settings.json", root / "source")
    assert json.loads((root / "source" / "settings.json").read_text(encoding="utf-8"))["unsafe"] is True
    assert gradescope.main(root) == 0
    data = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert data["output"].startswith("Votre code a tourné à part") and "pas confiné" in data["output"]
    assert data["score"] == 1


def test_a_runner_that_cannot_read_the_teachers_files_tells_the_student_nothing_of_them(tmp_path, capsys):
    from grader.run import gradescope

    root = _root_of(tmp_path, "", scheme="[questions.q1]\npoints = 'secret de l enseignant'\n")
    assert gradescope.main(root) == 2
    data = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert data["tests"] == [] and "secret" not in json.dumps(data) and str(root) not in json.dumps(data)
    assert "bareme.toml" in capsys.readouterr().err  # the teacher is told which file and why
