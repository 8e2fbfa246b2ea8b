"""`grader kit`: what a teacher hands out, installed and used as a student would.

The kit is written from this checkout; an ordinary account (a student's, created here) makes a fresh
virtual environment of Debian's python3, installs the kit's wheel with pip, and checks one question of
its own file with an empty home (no cache: the solver's tables come from the wheel, never built). No model
answer is importable there. How long that first check takes is a benchmark (benchmarks/bench_kit.py),
not a test.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

import pytest

from grader.cli import main
from grader.kit import MODEL_ANSWERS, STUBS
from tests.test_attacks import SYSTEM_PYTHON, account, as_root, copy_packages, system_python_or_skip

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
STUDENT = "taquin-student"
SANS_DEFI = ROOT / "benchmarks" / "schemes" / "sans-defi.toml"


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit") / "kit"
    assert main(["kit", "--out", str(out)]) == 0
    return out


@pytest.mark.slow
def test_the_kit_holds_the_wheel_without_answers_the_stubs_and_the_instructions(kit):
    (wheel,) = kit.glob("taquin_grader-*-py3-none-any.whl")
    assert sorted(p.name for p in kit.iterdir()) == sorted(["INSTALLER.md", "LISEZMOI.md", "exercices", wheel.name])
    for stub in STUBS:
        assert (kit / "exercices" / stub).read_bytes() == (EXERCISES / stub).read_bytes()
    assert (kit / "LISEZMOI.md").read_text(encoding="utf-8") == (EXERCISES / "README.md").read_text(encoding="utf-8")
    install = (kit / "INSTALLER.md").read_text(encoding="utf-8")
    assert f"pip install {wheel.name}" in install and "{wheel}" not in install
    assert all(system in install for system in ("## Linux", "## macOS", "## Windows"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "grader/cli.py" in names and not names & set(MODEL_ANSWERS)
    assert {f"reference/solver/tables/pdb-v1-{p}.xz" for p in ("0-4-5-8-9-12", "6-7-10-11-13-14", "1-2-3")} <= names


def test_a_kit_is_written_into_a_new_or_empty_folder_only(tmp_path, capsys):
    taken = tmp_path / "pris"
    taken.mkdir()
    (taken / "notes.txt").write_text("à garder", encoding="utf-8")
    assert main(["kit", "--out", str(taken)]) == 2
    err = capsys.readouterr().err
    assert "n'est pas un dossier vide" in err and "Traceback" not in err
    assert [p.name for p in taken.iterdir()] == ["notes.txt"]


@pytest.mark.slow
@as_root
def test_a_student_installs_the_kit_and_checks_a_question_without_any_model_answer(kit):
    system_python_or_skip()
    student = account(STUDENT)
    folder = Path(tempfile.mkdtemp(prefix="taquin-student-"))
    try:
        folder.chmod(0o755)
        shutil.copytree(kit, folder / "kit")
        (folder / "home").mkdir()  # empty: no cache, no configuration
        shutil.copy(SANS_DEFI, folder / "sans-defi.toml")  # q18 without its challenge (minutes of search)
        subprocess.run(["chown", "-R", f"{student.pw_uid}:{student.pw_gid}", folder], check=True)

        def as_student(*command, **options) -> subprocess.CompletedProcess:
            return subprocess.run(
                ["setpriv", f"--reuid={student.pw_uid}", f"--regid={student.pw_gid}", "--clear-groups", "--", *command],
                cwd=folder / "kit",
                env={"PATH": "/usr/bin:/bin", "HOME": str(folder / "home"), "LANG": "C.UTF-8"},
                capture_output=True,
                text=True,
                timeout=900,
                **options,
            )

        made = as_student(str(SYSTEM_PYTHON), "-m", "venv", ".venv")
        assert made.returncode == 0, made.stderr
        python = folder / "kit" / ".venv" / "bin" / "python"
        (wheel,) = (folder / "kit").glob("*.whl")
        installed = as_student(str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel.name)
        assert installed.returncode == 0, installed.stdout + installed.stderr
        # The dependencies pip would download (no network here): this venv's, copied in, as the student.
        site = Path(
            as_student(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
        )
        copy_packages(site, skipped=("taquin_grader",))
        subprocess.run(["chown", "-R", f"{student.pw_uid}:{student.pw_gid}", site], check=True)

        # The student fills in a stub (a correct taquin.py) and checks one question, as INSTALLER.md says.
        shutil.copy(EXERCISES / "exemples" / "alice" / "taquin.py", folder / "kit" / "exercices" / "taquin.py")
        grader = str(folder / "kit" / ".venv" / "bin" / "grader")
        checked = as_student(grader, "check", "exercices", "-q", "q18", "--scheme", str(folder / "sans-defi.toml"))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert "réussi" in checked.stdout and "Total : 3/3" in checked.stdout
        assert "Construction des tables" not in checked.stderr  # the wheel's tables, not a minute of building
        assert sorted(p.name for p in (folder / "home" / ".cache" / "taquin-grader").glob("pdb-*.npy")) == [
            "pdb-v1-0-4-5-8-9-12.npy",
            "pdb-v1-1-2-3.npy",
            "pdb-v1-6-7-10-11-13-14.npy",
        ]

        # No model answer to import: the package is there, its answers are not.
        for module in ("jeux", "taquin", "recherche"):
            tried = as_student(str(python), "-c", f"import reference.solver, reference.{module}")
            assert f"No module named 'reference.{module}'" in tried.stderr, tried.stderr
        assert not any((site / "reference" / f"{module}.py").exists() for module in ("jeux", "taquin", "recherche"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
