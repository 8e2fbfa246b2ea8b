"""The teacher's notebook cell (grader/notebookcheck.py, docs/student-kit.md) in a real JupyterLite, offline.

The site is built here from the package registries only (`jupyter lite build`, jupyterlite-core and
jupyterlite-pyodide-kernel from PyPI): its Pyodide is the npm registry's core (the web kit's pinned
tarball), and the pure-Python wheels the kernel loads (micropip, IPython and theirs, comm, jedi) and the
ones the check needs (Hypothesis, Jinja2, MarkupSafe's Python modules) are PyPI's files, pinned by sha256
and named in a lock file of our own (the npm core's lock names the full distribution's builds, whose files
are on no registry). The activity is what a teacher uploads: the kit's wheel and a notebook whose cells
define a correct `bfs`, then a wrong one, then an endless one, each followed by the teacher's cell. In
headless Chromium the notebook is run whole; each cell's verdict on q4 must be `grader check`'s (native,
--reference oracles, same seed) on the notebook as it stood, the endless one "temps dépassé" with the
kernel going on, and no request may leave the served origin. One build, one notebook, one browser.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest
from test_reports_browser import browser_unavailable

from grader import webkit
from grader.text import i18n
from reference.cache import cache_dir
from tests.webkit_page import CHROMEDRIVER, CHROMIUM, chromium, native_points, requested_urls, served, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(__file__).parent / "artifacts"
SEED = 2017
# The wheels the kernel itself loads (the versions of the npm core's lock), PyPI's files with their sha256.
KERNEL_WHEELS = {
    "asttokens-3.0.1-py3-none-any.whl": "15a3ebc0f43c2d0a50eeafea25e19046c68398e487b9f1f5b517f7c0f40f976a",
    "comm-0.2.3-py3-none-any.whl": "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417",
    "decorator-5.2.1-py3-none-any.whl": "d316bb415a2d9e2d2b3abcc4084c6502fc09240e292cd76a76afc106a1c8e04a",
    "executing-2.2.1-py2.py3-none-any.whl": "760643d3452b4d777d295bb167ccc74c64a81df23fb5e08eff250c425a4b2017",
    "ipython-9.12.0-py3-none-any.whl": "0f2701e8ee86e117e37f50563205d36feaa259d2e08d4a6bc6b6d74b18ce128d",
    "ipython_pygments_lexers-1.1.1-py3-none-any.whl": "a9462224a505ade19a605f71f8fa63c2048833ce50abc86768a0d81d876dc81c",
    "jedi-0.19.2-py2.py3-none-any.whl": "a8ef22bde8490f57fe5c7681a3c83cb58874daf72b4784de3cce5b6ef6edb5b9",
    "matplotlib_inline-0.2.1-py3-none-any.whl": "d56ce5156ba6085e00a9d54fead6ed29a9c47e215cd1bba2e976ef39f5710a76",
    "micropip-0.11.1-py3-none-any.whl": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    "parso-0.8.6-py2.py3-none-any.whl": "2c549f800b70a5c4952197248825584cb00f033b29c692671d3bf08bf380baff",
    "prompt_toolkit-3.0.52-py3-none-any.whl": "9aac639a3bbd33284347de5ad8d68ecc044b91a762dc39b7c21095fcd6a19955",
    "pure_eval-0.2.3-py3-none-any.whl": "1db8e35b67b3d218d818ae653e27f06c3aa420901fa7b081ca98cbedc874e0d0",
    "pygments-2.20.0-py3-none-any.whl": "81a9e26dd42fd28a23a2d169d86d7ac03b46e2f8b59ed4698fb4785f946d0176",
    "six-1.17.0-py2.py3-none-any.whl": "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274",
    "stack_data-0.6.3-py3-none-any.whl": "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695",
    "traitlets-5.14.3-py3-none-any.whl": "b74e89e397b1ed28cc831db7aea759ba6640cb3de13090ca145426688ff1ac4f",
    "wcwidth-0.6.0-py3-none-any.whl": "1a3a1e510b553315f8e146c54764f4fb6264ffad731b3d78088cdb1478ffbdad",
}
# Dependencies the npm core's lock does not give (packages it lacks, or IPython 9's lexers).
MORE_DEPENDS = {
    "ipython": ["ipython-pygments-lexers"],
    "ipython-pygments-lexers": ["pygments"],
    "hypothesis": ["sortedcontainers"],
    "jinja2": ["markupsafe"],
}
CORRECT = (ROOT / "exercises" / "exemples" / "alice" / "jeux.py").read_text(encoding="utf-8")
WRONG = (ROOT / "tests" / "variants" / "jeux" / "wrong" / "bfs_pile.py").read_text(encoding="utf-8")
ENDLESS = "def bfs():\n    while True:\n        pass\n"


def teacher_cell(wheel: str) -> str:
    """The cell of docs/student-kit.md, with the seed the native check is given."""
    return (
        "import micropip\n"
        'await micropip.install(["hypothesis==6.155.7", "jinja2"])\n'
        f'await micropip.install("emfs:{wheel}", deps=False)\n'
        "from grader.notebookcheck import check\n"
        f'check(globals(), ["q4"], seed={SEED})\n'
    )


def notebook(cells: list[str]) -> dict:
    kernel = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    code = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c} for c in cells]
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": kernel}, "cells": code}


def kernel_wheel(store: Path, name: str, digest: str) -> Path:
    """A pinned wheel of the kernel's, for Pyodide's Python (IPython 9.12 needs 3.12 or newer, pip may run
    on an older one): from the web kit's cache, else `pip download`."""
    path = store / name
    if not (path.exists() and hashlib.sha256(path.read_bytes()).hexdigest() == digest):
        project, version = name.split("-")[:2]
        pinned = store / f"{name}.txt"
        pinned.write_text(f"{project}=={version} --hash=sha256:{digest}\n", encoding="utf-8")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", "--only-binary=:all:"]
            + ["--python-version", "3.14", "-q", "-d", str(store), "-r", str(pinned)],
            check=True,
            timeout=600,
        )
        pinned.unlink()
    return path


def lock_entry(name: str, version: str, path: Path, imports: list[str], depends: list[str]) -> dict:
    """A package of a `pyodide-lock.json`: its file `path`, beside the lock."""
    return {
        "name": name,
        "version": version,
        "file_name": path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def _distribution(into: Path) -> None:
    """The npm core of Pyodide, the wheels, and a lock file naming those wheels only."""
    store = cache_dir() / "web"
    store.mkdir(parents=True, exist_ok=True)
    with tarfile.open(webkit._pyodide(store)) as archive:
        for name in webkit.PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            assert member is not None
            (into / name).write_bytes(member.read())
    core = json.loads((into / "pyodide-lock.json").read_text(encoding="utf-8"))
    files = [kernel_wheel(store, name, digest) for name, digest in KERNEL_WHEELS.items()]
    files += [webkit._wheel(store, name, digest) for name, digest in webkit.WHEELS.items()]
    packages = {}
    for path in [*files, webkit._markupsafe(store)]:
        shutil.copy2(path, into / path.name)
        name, version = path.name.split("-")[:2]
        name = name.lower().replace("_", "-")
        with zipfile.ZipFile(path) as archive:
            tops = sorted({n.split("/")[0].removesuffix(".py") for n in archive.namelist() if ".dist-info" not in n})
        depends = [d.lower().replace("_", "-") for d in core["packages"].get(name, {}).get("depends", [])]
        packages[name] = lock_entry(name, version, path, tops, depends + MORE_DEPENDS.get(name, []))
    assert all(d in packages for p in packages.values() for d in p["depends"])
    (into / "pyodide-lock.json").write_text(json.dumps({"info": core["info"], "packages": packages}), encoding="utf-8")


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory, kit):
    """(the JupyterLite site's folder, the kit's wheel: the session's kit's): built once a session."""
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
        import selenium  # noqa: F401
    except ImportError as exc:
        browser_unavailable(f"{exc.name} is not installed (the test extra)")
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        browser_unavailable(f"{CHROMIUM} or {CHROMEDRIVER} is missing")
    work = tmp_path_factory.mktemp("jupyterlite")
    (wheel,) = kit.glob("*.whl")
    lite = work / "lite"
    (lite / "static" / "pyodide").mkdir(parents=True)  # the addon's well-known place for a Pyodide
    _distribution(lite / "static" / "pyodide")
    kernel = {"disablePyPIFallback": True}  # offline: micropip finds everything in the lock file
    config = {
        "exposeAppInBrowser": True,
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
    }
    (lite / "jupyter-lite.json").write_text(
        json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": config}), encoding="utf-8"
    )
    site = work / "site"
    jupyter = Path(sys.executable).with_name("jupyter")
    done = subprocess.run(
        [str(jupyter), "lite", "build", "--lite-dir", str(lite), "--output-dir", str(site)],
        capture_output=True,
        text=True,
        cwd=lite,
        timeout=600,
    )
    assert done.returncode == 0 and (site / "static" / "pyodide" / "pyodide.mjs").exists(), done.stderr[-3000:]
    return site, wheel


# The notebook uploaded and opened (its kernel's start and its run are waited for apart, by polling: an
# asynchronous script is held to the WebDriver client's read timeout); then the cells' text outputs, or an
# error's name and value.
_UPLOAD_AND_OPEN = """
const [notebook, wheelName, wheel, done] = arguments;
const app = window.jupyterapp, contents = app.serviceManager.contents;
contents.save(wheelName, {type: 'file', format: 'base64', content: wheel})
  .then(() => contents.save('activite.ipynb', {type: 'notebook', format: 'json', content: notebook}))
  .then(() => app.commands.execute('docmanager:open', {path: 'activite.ipynb', factory: 'Notebook'}))
  .then(widget => { window.activity = widget; widget.context.sessionContext.ready.then(() => window.ready = true); })
  .then(() => done('opened'), error => done(String(error)));
"""
_OUTPUTS = """
const cells = window.activity.content.widgets.map(w => w.model);
const said = cells.map(m => m.type !== 'code' ? '' : m.outputs.toJSON().map(o =>
  o.ename ? `${o.ename}: ${o.evalue}` : o.text || (o.data && o.data['text/plain']) || '').join('\\n'));
const failed = said.some(s => /^\\w+(Error|Exception)/m.test(s));
return (failed || said[said.length - 1]) && window.activity.context.sessionContext.session.kernel.status === 'idle'
  ? said : null;
"""
# A question's line of `grader check`'s text: its id, its points (French decimal comma), its status.
QUESTION_LINE = re.compile(r"^(q\d+)\s.*?\s(\d+(?:,\d+)?)/\d+\s+(.+)$", re.M | re.I)


def test_the_teachers_cell_in_jupyterlite_gives_grader_checks_verdicts(lite_site, tmp_path):
    site, wheel = lite_site
    check_cell = teacher_cell(wheel.name)
    cells = [CORRECT, check_cell, WRONG, check_cell, ENDLESS, check_cell]
    started = time.monotonic()
    with served(site, isolated=False) as (address, _):
        origin = address.removesuffix("index.html")
        driver = chromium(tmp_path / "profile")
        try:
            driver.get(origin + "lab/index.html")
            wait_for(driver, "return !!(window.jupyterapp && window.jupyterapp.serviceManager)", 180)
            driver.set_script_timeout(300)
            encoded = base64.b64encode(wheel.read_bytes()).decode("ascii")
            ran = driver.execute_async_script(_UPLOAD_AND_OPEN, notebook(cells), wheel.name, encoded)
            assert ran == "opened", ran
            wait_for(driver, "return window.ready === true", 600, 1)
            driver.execute_script("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            said = wait_for(driver, _OUTPUTS, 600, 1)
            seconds = time.monotonic() - started
            driver.execute_script(
                "window.activity.content.activeCellIndex = 5; window.activity.content.scrollToItem(5, 'start')"
            )
            time.sleep(2)  # the report's frame painted
            ARTIFACTS.mkdir(exist_ok=True)
            driver.save_screenshot(str(ARTIFACTS / "notebook-jupyterlite.png"))
            urls = [u for u in requested_urls(driver) if u.startswith(("http:", "https:", "ws:", "wss:"))]
        finally:
            driver.quit()
    print(f"JupyterLite: page opened to the last verdict {seconds:.1f} s")
    assert urls and all(u.startswith(origin) for u in urls), [u for u in urls if not u.startswith(origin)]
    assert_native_verdicts(cells, check_cell, said, tmp_path)


def assert_native_verdicts(cells: list[str], check_cell: str, said: list[str], tmp_path: Path) -> None:
    """Each teacher's cell's q4 (`said`: each cell's text; the teacher's cells second, fourth and sixth)
    is `grader check`'s (native, --reference oracles, same seed) on the notebook as it stood: right,
    then wrong, then out of time (the kernel went on to say so)."""
    verdicts = [QUESTION_LINE.findall(said[i]) for i in (1, 3, 5)]
    assert all(len(v) == 1 for v in verdicts), said
    # `grader check` natively, on each notebook as it stood when the teacher's cell ran
    copies = {}
    for number, end in enumerate((1, 3, 5)):
        path = tmp_path / f"etat{number}" / "activite.ipynb"
        path.parent.mkdir()
        path.write_text(json.dumps(notebook([c for c in cells[:end] if c != check_cell])), encoding="utf-8")
        copies[f"etat{number}"] = ([path], ["q4"])
    native = native_points(Path(sys.executable), copies, SEED, tmp_path / "native")
    for number, [(qid, score, status)] in enumerate(verdicts):
        expected = native[f"etat{number}"]["q4"]
        assert (qid.lower(), float(score.replace(",", "."))) == ("q4", expected["score"]), (
            said[2 * number + 1],
            expected,
        )
        assert status.strip() == i18n.t(f"status.{expected['status']}", "fr"), (status, expected)
    scores = [float(v[0][1].replace(",", ".")) for v in verdicts]
    assert scores[0] == 2 and scores[1] < 2  # right, then wrong
    assert verdicts[2][0][2].strip() == "temps dépassé"  # the endless bfs: the kernel went on to say so
