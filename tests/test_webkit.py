"""`grader kit --web DIR`: the folder a teacher hands out for the self-check in the browser. Every file the
page loads is in it (no address of another origin in the page, its worker or the kit's manifest), the
pinned Pyodide files and wheels are the ones inside, with their modules' bytecode, and no file of it holds a model answer (the
criterion of tests/test_student_install.py, on every Python file of every wheel and archive in DIR).
The page itself, in a real browser: tests/test_webkit_browser.py."""

from __future__ import annotations

import ast
import hashlib
import json
import re
import zipfile

import pytest
from test_student_install import graded_functions

from grader.cli import main
from grader.webkit import PAGE_FILES, PYODIDE_FILES, PYODIDE_VERSION, WHEELS
from tests.webkit_page import kit_sources


@pytest.fixture(scope="module")
def web_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("web") / "kit"
    assert main(["kit", "--web", str(out)]) == 0
    return out


@pytest.mark.slow
def test_the_web_kit_holds_the_page_pyodide_and_the_wheels(web_kit):
    manifest = json.loads((web_kit / "kit.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == PYODIDE_VERSION
    assert sorted(p.name for p in (web_kit / "pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert sorted(p.name for p in (web_kit / "wheels").iterdir()) == sorted(manifest["wheels"])
    # The student's worker gets the grader's wheel only (the in-process child), none of the judge's others.
    assert [name for name in manifest["wheels"] if name.startswith("taquin_grader-")] == manifest["student_wheels"]
    for name, digest in WHEELS.items():
        assert hashlib.sha256((web_kit / "wheels" / name).read_bytes()).hexdigest() == digest
    assert all((web_kit / name).is_file() for name in PAGE_FILES)
    # Every module the page may import is there as bytecode (compiled at build time by Pyodide's own
    # Python, grader/web/compile.mjs): the standard library as bytecode only, each wheel's modules beside
    # a __pycache__ file of one cache tag in a bytecode zip the same worker unpacks.
    with zipfile.ZipFile(web_kit / "pyodide" / "python_stdlib.zip") as stdlib:
        names = stdlib.namelist()
    assert "os.pyc" in names and not [name for name in names if name.endswith(".py")]
    compiled, tags = {}, set()  # a module's source in a wheel -> the bytecode zip of its __pycache__ file
    for name in manifest["wheels"]:
        if name.endswith("-bytecode.zip"):
            with zipfile.ZipFile(web_kit / "wheels" / name) as archive:
                for entry in archive.namelist():
                    folder, _, file = entry.rpartition("__pycache__/")
                    module, tag, _ = file.rsplit(".", 2)
                    compiled[f"{folder}{module}.py"] = name
                    tags.add(tag)
    assert len(tags) == 1 and tags.pop().startswith("cpython-3")
    for wheel in manifest["wheels"]:
        if not wheel.endswith("-bytecode.zip"):
            with zipfile.ZipFile(web_kit / "wheels" / wheel) as archive:
                modules = [name for name in archive.namelist() if name.endswith(".py")]
            assert modules and all(module in compiled for module in modules), wheel
    assert {compiled[name] for name in ("grader/webcheck.py", "grader/sandbox/remote.py")} <= set(
        manifest["student_wheels"]
    )
    ids = [q["id"] for q in manifest["questions"]["fr"]]
    assert ids[:9] == ["q1", "q4", "q7", "q10", "q11", "q15", "q16", "q17", "q18"]
    assert [q["id"] for q in manifest["questions"]["en"]] == ids


@pytest.mark.slow
def test_no_file_the_page_loads_is_elsewhere(web_kit):
    for name in PAGE_FILES:
        text = (web_kit / name).read_text(encoding="utf-8")
        assert not re.findall(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), name
    assert "cdn" not in (web_kit / "kit.json").read_text(encoding="utf-8")


@pytest.mark.slow
def test_no_model_answer_is_in_the_web_kit(web_kit):
    graded = graded_functions()
    assert {"bfs", "ids", "idastar", "move", "dfs", "taquin", "search"} <= set(graded)
    sources = kit_sources(web_kit)
    assert any(name.endswith("grader/cli.py") for name in sources)  # the grader is there...

    def answers(source: bytes) -> list[str]:
        return [
            node.name
            for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and graded.get(node.name) == [a.arg for a in node.args.args]
        ]

    # ...but no function of the exercises, with its parameters, anywhere in the kit's Python files.
    assert {name: found for name, source in sources.items() if (found := answers(source))} == {}
    assert not [name for name in sources if re.search(r"/reference/(jeux|taquin|recherche)\.py$", name)]


def test_a_web_kit_is_written_into_a_new_or_empty_folder_only(tmp_path, capsys):
    taken = tmp_path / "pris"
    taken.mkdir()
    (taken / "notes.txt").write_text("à garder", encoding="utf-8")
    assert main(["kit", "--web", str(taken)]) == 2
    err = capsys.readouterr().err
    assert "n'est pas un dossier vide" in err and "Traceback" not in err


@pytest.mark.parametrize(("lang", "said"), [("fr", "a besoin de Node.js"), ("en", "needs Node.js")])
def test_without_node_the_web_kit_is_refused_with_a_message(tmp_path, monkeypatch, capsys, lang, said):
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # no node (nor npm) there
    assert main(["kit", "--web", str(tmp_path / "kit"), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not (tmp_path / "kit").exists()  # refused before anything is written
