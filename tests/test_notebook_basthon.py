"""The teacher's notebook cell (grader/notebookcheck.py) in Basthon's kernel, the Python of Capytale's
notebooks, headless and offline.

Built from the package registries only: Basthon's Python kernel is the npm registry's
@basthon/kernel-python3 (its `basthon` package, the one its lock names by sha256, and its IPython
stand-in), on the Pyodide it pins (npm's `pyodide` 0.26.4, Python 3.12); micropip and packaging, at the
versions Basthon's lock names, are PyPI's files, as are the wheels the check needs (the web kit's), all
named in a lock file of our own (Basthon's names Pyodide's builds of them, on no registry). Node runs
what Basthon's worker runs (tests/basthon_kernel.mjs; its JavaScript layer, @basthon/kernel-base, is not
on the npm registry at the version kernel-python3 names: a stand-in). The activity: the kit's wheel in
the kernel's folder (a Capytale activity's "Fichiers"), the cells of tests/test_notebook_jupyterlite.py
(a correct `bfs`, a wrong one, an endless one, each followed by the teacher's cell); each cell's q4 must be
`grader check`'s (native, --reference oracles, same seed) on the notebook as it stood, and no request may
leave for the network.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
from test_notebook_jupyterlite import (
    CORRECT,
    ENDLESS,
    WRONG,
    kernel_wheel,
    assert_native_verdicts,
    lock_entry,
    teacher_cell,
)
from test_reports_browser import browser_unavailable

from grader import webkit
from reference.cache import cache_dir

pytestmark = [pytest.mark.slow]

HARNESS = Path(__file__).with_name("basthon_kernel.mjs")
# Basthon's kernel and the Pyodide it pins (its worker.js's PYODIDE_VERSION), with npm's integrity.
BASTHON = (
    "@basthon/kernel-python3",
    "0.78.6",
    "sha512-cQUi5vRC7SA2RVmRufWv4EltJpBp9DyV/MTknEzRIwplExBmX2QEnl4NPJOiYqvV5K3ocBWsgEGTnT1xEnxWsw==",
)
PYODIDE = (
    "pyodide",
    "0.26.4",
    "sha512-z2CHsjVlhhJi5tYBF0AYAfNEPo3zq/z+xOpFtk1tweJkRaTqU4UK/7pLvo8DBU2VDPH31vB3pSI+8fnoqrVrFg==",
)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# Basthon's lock's micropip and its dependency, PyPI's files.
MICROPIP = {
    "micropip-0.6.0-py3-none-any.whl": "d6ebd9581a2f446141f782f813c3b9a41efdebedddd9d2e0cc11b2cee3d23761",
    "packaging-23.2-py3-none-any.whl": "8c491190033a9af7e1d931d0b5dacc2ef47509b34dd0de67ed209b5203fc88c7",
}
# What each package of our lock is: (the lock's name, its file's name prefix, what it imports, its dependencies)
PACKAGES = {
    "basthon": ("basthon.tar", ["basthon"], []),
    "ipython": ("ipython-", ["IPython"], []),
    "micropip": ("micropip-", ["micropip"], ["packaging"]),
    "packaging": ("packaging-", ["packaging"], []),
    "hypothesis": ("hypothesis-", ["hypothesis"], ["sortedcontainers"]),
    "sortedcontainers": ("sortedcontainers-", ["sortedcontainers"], []),
    "jinja2": ("jinja2-", ["jinja2"], ["markupsafe"]),
    "markupsafe": ("markupsafe-", ["markupsafe"], []),
}


def _site(into: Path) -> None:
    """Basthon's Pyodide, its kernel's packages and the wheels, and a lock file naming them."""
    store = cache_dir() / "web"
    store.mkdir(parents=True, exist_ok=True)
    with tarfile.open(webkit.npm_tarball(store, *PYODIDE)) as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            assert member is not None
            (into / name).write_bytes(member.read())
    with tarfile.open(webkit.npm_tarball(store, *BASTHON)) as archive:
        basthon_lock = json.load(archive.extractfile("package/lib/dist/pyodide-lock.json"))  # type: ignore[arg-type]
        for name in ("basthon.tar", "modules/ipython-0.0.1-py3-none-any.whl"):
            member = archive.extractfile(f"package/lib/dist/{name}")
            assert member is not None
            (into / Path(name).name).write_bytes(member.read())
    files = [kernel_wheel(store, name, digest) for name, digest in MICROPIP.items()]
    files += [webkit._wheel(store, name, digest) for name, digest in webkit.WHEELS.items()]
    for path in [*files, webkit._markupsafe(store)]:
        shutil.copy2(path, into / path.name)
    packages = {}
    for name, (prefix, imports, depends) in PACKAGES.items():
        (path,) = [p for p in into.iterdir() if p.name.startswith(prefix)]
        version = "0.0.1" if name in ("basthon", "ipython") else path.name.split("-")[1]
        packages[name] = lock_entry(name, version, path, imports, depends)
    # Basthon's own package, as its kernel's lock names it (the file its kernel loads, unchanged)
    assert packages["basthon"]["sha256"] == basthon_lock["packages"]["basthon"]["sha256"]
    lock = {"info": basthon_lock["info"], "packages": packages}
    (into / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def test_the_teachers_cell_in_basthons_kernel_gives_grader_checks_verdicts(kit, tmp_path):
    if shutil.which("node") is None:
        browser_unavailable("node is missing")
    site = tmp_path / "basthon"
    site.mkdir()
    _site(site)
    (wheel,) = kit.glob("*.whl")
    check_cell = teacher_cell(wheel.name)
    cells = [CORRECT, check_cell, WRONG, check_cell, ENDLESS, check_cell, "len(In)"]
    job = tmp_path / "job.json"
    files = {wheel.name: base64.b64encode(wheel.read_bytes()).decode("ascii")}
    job.write_text(json.dumps({"files": files, "cells": cells}), encoding="utf-8")
    done = subprocess.run(["node", str(HARNESS), str(site), str(job)], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    ran = json.loads(done.stdout.strip().splitlines()[-1])
    assert ran["refused"] == []  # offline: nothing asked of the network (micropip found all in the lock)
    said = ran["cells"]
    assert said[-1]["text"] == "8"  # Basthon keeps IPython's `In`: "" then each cell's code
    assert all("<iframe" in said[i]["html"] for i in (1, 3, 5))  # the report, under the cell
    assert_native_verdicts(cells, check_cell, [cell["text"] for cell in said], tmp_path)
