"""The kit as a student reads it: every `grader` command that LISEZMOI.md and INSTALLER.md show runs
as written, from the kit's folder, with the grader installed from the kit's wheel into the venv that
INSTALLER.md makes there (`.venv`), an empty home and no checkout in sight. Each one ends as a check
ends (0: every question passed, 1: some did not; never 2, "the file does not exist"), and what it says
is French a student reads: no English, no plural written "(s)", "d'" before a vowel, one plain
sentence about the sandbox and no configuration key. The exam's text, which the kit cannot hand out,
is not named as a file of the kit.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.french import french_faults, page_text
from tests.test_attacks import copy_packages

pytestmark = pytest.mark.slow

RUN_ALONE = ("grader questions",)  # sub-commands that take no argument
JARGON = ("rlimits", "Landlock", "seccomp", "serveur de fork", "dependances", "ABI")


def commands(text: str) -> list[str]:
    """The `grader` commands a Markdown text shows: its code blocks' lines (indented or fenced, comments
    left out) and its inline code, but a sub-command's bare name ("`grader check`" names the command)."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        elif (fenced or line.startswith("    ")) and line.strip().startswith("grader "):
            found.append(line.strip().split(" #", 1)[0].strip())
    inline = re.findall(r"`(grader [^`]+)`", text)
    return found + [c for c in inline if len(c.split()) > 2 or c in RUN_ALONE]


@pytest.fixture(scope="module")
def kit(kit, tmp_path_factory) -> Path:
    """A copy of the session's kit, with the venv INSTALLER.md makes in it: the kit's wheel, and the
    dependencies pip would download (no network here) copied from this venv."""
    folder = tmp_path_factory.mktemp("kit-commands") / "kit"
    shutil.copytree(kit, folder)
    python = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([python, "-m", "venv", str(folder / ".venv")], check=True, timeout=300)
    venv_python = folder / ".venv" / "bin" / "python"
    (wheel,) = folder.glob("*.whl")
    subprocess.run(
        [venv_python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel.name],
        cwd=folder,
        check=True,
        timeout=600,
    )
    site = subprocess.run(
        [venv_python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    copy_packages(Path(site), skipped=("taquin_grader",))
    return folder


def _run(kit: Path, command: str, home: Path) -> subprocess.CompletedProcess:
    """`command` as a student types it in a terminal opened in the kit's folder, the venv activated."""
    env = {
        "PATH": f"{kit / '.venv' / 'bin'}:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "VIRTUAL_ENV": str(kit / ".venv"),
    }
    return subprocess.run(command, shell=True, cwd=kit, env=env, capture_output=True, text=True, timeout=900)


def test_every_command_of_the_kit_runs_as_written_from_its_folder(kit, tmp_path):
    readme = (kit / "LISEZMOI.md").read_text(encoding="utf-8")
    install = (kit / "INSTALLER.md").read_text(encoding="utf-8")
    shown = commands(readme) + commands(install)
    assert len(commands(readme)) >= 5 and "grader check exercices -q q1" in shown
    home = tmp_path / "home"
    home.mkdir()
    for command in dict.fromkeys(shown):  # each once, as written
        done = _run(kit, command, home)
        said = done.stdout + done.stderr
        assert done.returncode in (0, 1), (command, said)  # a check's ending: never "n'existe pas" (2)
        assert "n'existe pas" not in said and "Traceback" not in said, (command, said)
        if "--lang en" in command:
            continue
        assert french_faults(said) == [], (command, french_faults(said))
        if command.startswith("grader check") and "--details" not in command:
            assert "bac à sable" in said and not any(word in said for word in JARGON), (command, said)
    details = _run(kit, "grader check exercices/jeux.py -q q4 --details", home)
    assert "Isolation du code des élèves" in details.stderr  # the layers, on request
    page = (kit / "rapport" / "index.html").read_text(encoding="utf-8")  # `--html rapport`
    seen = page_text(page)
    assert french_faults(seen) == [] and "bac à sable" in seen
    before = seen.split("Détails techniques")[0]  # the limits and layers only in the section opened on request
    assert not any(word in before for word in JARGON), before


def test_the_kit_names_no_file_it_does_not_hold(kit):
    """The exam's text is not in the kit (it is the concours's, which the kit does not hand out): the
    instructions do not name it as a file; every other file they name is there, or made by a command."""
    for name in ("LISEZMOI.md", "INSTALLER.md"):
        text = (kit / name).read_text(encoding="utf-8")
        assert "sujet-x-ens" not in text and ".pdf" not in text
        for path in re.findall(r"`([\w./-]+\.(?:py|md|whl))`", text):
            assert (kit / path).exists() or (kit / "exercices" / path).exists() or "*" in path, (name, path)
    assert "n'est pas dans ce kit" in (kit / "LISEZMOI.md").read_text(encoding="utf-8")
