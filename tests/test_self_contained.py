"""Everything a test or an example needs is inside the repository (CI runs README's commands on a fresh
clone, with an empty $HOME and nothing beside it: .ci/run)."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return [ROOT / name for name in listed.splitlines()]
    except (OSError, subprocess.CalledProcessError):
        return [p for p in ROOT.rglob("*") if p.is_file() and not {".git", ".venv"} & set(p.parts)]


def test_no_code_reads_outside_the_repository():
    outside = re.compile(r"""\.\./shared|/work/|["']shared["']\s*[,)/]|parents\[(\d+)\]""")
    offenders = []
    for path in tracked_files():
        if path == Path(__file__).resolve():
            continue  # the patterns above
        if path.suffix in (".py", ".toml", ".cfg", ".sh", ".txt", ".json") or path.name == "run":
            text = path.read_text(encoding="utf-8", errors="replace")
            depth = len(path.relative_to(ROOT).parts) - 1  # parents[depth] is the repository's root
            offenders += [
                f"{path.relative_to(ROOT)}: {m.group(0)}"
                for m in outside.finditer(text)
                if m.group(1) is None or int(m.group(1)) > depth
            ]
    assert offenders == []


def test_ci_runs_readme_s_first_command_on_an_outside_clone():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^    (python3 -m venv .*)$", readme, flags=re.MULTILINE)
    first, second = commands[:2]
    assert "grader grade exercises/exemples" in first and "pytest" in second
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    # .ci/run takes both commands from README itself (the second one's pytest runs the unit layer there).
    assert "grep -m1 '^    python3 -m venv' README.md" in ci and "git clone" in ci
    assert "grep -m1 '^    python3 -m venv.*python -m pytest$' README.md" in ci and 'HOME="$(mktemp -d)"' in ci
    assert re.fullmatch(r"python3 -m venv.*python -m pytest", second)
    # The whole suite runs by that very command, in this checkout.
    assert 'bash -uo pipefail -c "$tests"\n' in ci
