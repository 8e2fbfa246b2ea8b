"""`grader kit --web DIR`: the self-check as a static folder, for students who cannot install anything.

    DIR/index.html, app.js, style.css              the page (grader/web/)
    DIR/worker.js, student.js                      the judge's Web Worker, the student's (their own Pyodide each)
    DIR/unzip.js                                   the kit's wheels unpacked by the browser, for both workers
    DIR/kit.json                                   what the worker loads, the questions, the versions
    DIR/pyodide/                                   Pyodide (the npm registry's `pyodide` package, pinned),
                                                   its standard library compiled to bytecode
    DIR/wheels/                                    the grader's wheel (no model answer: grader/kit.py's
                                                   checks) and the pure-Python wheels it needs, and their
                                                   modules' bytecode (grader/web/compile.mjs)

Any web server serves it, a local one too, with no network: every file the page loads is in DIR. The
grader runs in the judge's worker, the student's module in the student's worker, which answers the
judge's frames only (grader/webcheck.py, grader/sandbox/remote.py). Served with the headers
`Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy: require-corp`, the page is
cross-origin isolated and stops a student's endless loop with Pyodide's interrupt buffer; without them,
sys.monitoring does in the student's worker (docs/student-kit.md).

What comes from outside is fetched at build time by the ordinary clients (`npm pack`, `pip download`),
checked against the digests pinned here, and kept in the user's cache folder: a second build needs no
network. Pyodide's own Python, run by Node (which came with npm), compiles every module the page may
import, so that the student's browser compiles none.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from grader.errors import UsageError
from grader.kit import build_kit
from grader.text import i18n
from grader.webcheck import question_list
from reference.cache import cache_dir

PAGE = Path(__file__).with_name("web")
PAGE_FILES = ("index.html", "app.js", "worker.js", "student.js", "unzip.js", "style.css")
COMPILER = PAGE / "compile.mjs"  # build time only: not one of the page's files
# Pyodide from the npm registry: its version and the tarball's integrity (npm's sha512, as `npm view
# pyodide@VERSION dist.integrity` says it). Its files the page loads: the rest (consoles, type
# declarations, source maps) stays out.
PYODIDE_VERSION = "314.0.8"
PYODIDE_INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The pure-Python wheels the grader needs in Pyodide (its check path: Hypothesis and its one dependency,
# the report's Jinja2), each with its sha256. Hypothesis 6.155.7 is the last release without a compiled
# part (docs/dependencies.md). MarkupSafe publishes no pure wheel: its source's Python modules are taken
# (its pure fallback renders the templates).
WHEELS = {
    "hypothesis-6.155.7-py3-none-any.whl": "9f634bdb1f9e9b8ab6ba09431cf2deedb750c96978125a6fb3c5a0f6c6db4131",
    "sortedcontainers-2.4.0-py2.py3-none-any.whl": "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0",
    "jinja2-3.1.6-py3-none-any.whl": "85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67",
}
MARKUPSAFE = ("markupsafe-3.0.3.tar.gz", "722695808f4b6457b320fdc131280796bdceb04ab50fe1795cd540799ebe1698")
MARKUPSAFE_ZIP = "markupsafe-3.0.3-pure.zip"
BUILD_SECONDS = 900


@dataclass
class WebKit:
    files: list[str]  # paths in the folder
    size: int  # bytes, all files
    wheel: str  # the grader's wheel


def build_web_kit(out: Path) -> WebKit:
    """Write the web kit into `out` (a new or empty folder); say what it holds."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError("kit.out_not_empty", path=out)
    if shutil.which("node") is None:  # said before the grader's wheel is built (a minute)
        raise UsageError("kit.node_missing")
    with tempfile.TemporaryDirectory(prefix="grader-webkit-") as tmp:
        wheel = build_kit(Path(tmp) / "kit")["wheel"]  # checked there: no model answer, no solver
        store = cache_dir() / "web"
        store.mkdir(parents=True, exist_ok=True)
        pyodide = _pyodide(store)
        wheels = [_wheel(store, name, digest) for name, digest in WHEELS.items()] + [_markupsafe(store)]
        (out / "wheels").mkdir(parents=True, exist_ok=True)
        (out / "pyodide").mkdir()
        shutil.copy2(wheel, out / "wheels" / wheel.name)
        for path in wheels:
            shutil.copy2(path, out / "wheels" / path.name)
    with tarfile.open(pyodide) as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            assert member is not None  # a file of the pinned tarball
            (out / "pyodide" / name).write_bytes(member.read())
    grader = out / "wheels" / wheel.name.replace("-py3-none-any.whl", "-bytecode.zip")
    dependencies = out / "wheels" / "dependencies-bytecode.zip"
    _compile(
        store,
        out / "pyodide",
        (out / "wheels" / wheel.name, grader),
        ([out / "wheels" / p.name for p in wheels], dependencies),
    )
    for name in PAGE_FILES:
        shutil.copy2(PAGE / name, out / name)
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "wheels": [wheel.name, grader.name, *(path.name for path in wheels), dependencies.name],
        # The student's worker runs the in-process child only: the grader's wheel, none of the judge's others.
        "student_wheels": [wheel.name, grader.name],
        "questions": {lang: json.loads(question_list(lang)) for lang in i18n.LANGS},
    }
    (out / "kit.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    return WebKit(files, sum((out / f).stat().st_size for f in files), wheel.name)


def _pyodide(store: Path) -> Path:
    """The pinned Pyodide tarball."""
    return npm_tarball(store, "pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)


def npm_tarball(store: Path, package: str, version: str, integrity: str) -> Path:
    """A package of the npm registry, pinned: from the cache `store`, or `npm pack`, its integrity checked."""
    tarball = store / f"{package.lstrip('@').replace('/', '-')}-{version}.tgz"  # as npm pack names it
    if not (tarball.exists() and _integrity(tarball.read_bytes()) == integrity):
        with tempfile.TemporaryDirectory(dir=store) as tmp:
            _run(["npm", "pack", f"{package}@{version}", "--pack-destination", tmp, "--silent"], package)
            fetched = Path(tmp) / tarball.name
            if not fetched.exists() or _integrity(fetched.read_bytes()) != integrity:
                raise UsageError("kit.integrity", what=f"{package} {version}")
            fetched.replace(tarball)
    return tarball


def _compile(store: Path, pyodide: Path, grader: tuple[Path, Path], dependencies: tuple[list[Path], Path]) -> None:
    """The standard library in `pyodide` replaced by its bytecode, and the bytecode of the grader's wheel's
    modules and of its dependencies' (wheels, bytecode zip) written (grader/web/compile.mjs). What
    depends on pinned files only (the standard library's, the dependencies') is compiled once, then taken
    from the cache."""
    pinned = hashlib.sha256(json.dumps([PYODIDE_VERSION, WHEELS, MARKUPSAFE]).encode()).hexdigest()[:16]
    kept = {
        pyodide / "python_stdlib.zip": store / f"python_stdlib-{pinned}-bytecode.zip",
        dependencies[1]: store / f"dependencies-{pinned}-bytecode.zip",
    }
    job: dict = {"pyodide": str(pyodide), "stdlib": None, "bytecode": {str(grader[1]): [str(grader[0])]}}
    cached = all(path.exists() for path in kept.values())
    if cached:  # (Node's Pyodide then starts on the compiled standard library too)
        for target, path in kept.items():
            shutil.copy2(path, target)
    else:
        job["stdlib"] = str(kept[pyodide / "python_stdlib.zip"].with_suffix(".part"))  # renamed once whole
        job["bytecode"][str(kept[dependencies[1]].with_suffix(".part"))] = [str(path) for path in dependencies[0]]
    _run(["node", str(COMPILER), json.dumps(job)], "bytecode (node)")
    if not cached:
        for target, path in kept.items():
            path.with_suffix(".part").replace(path)
            shutil.copy2(path, target)


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def _wheel(store: Path, name: str, digest: str) -> Path:
    """A pinned file of PyPI, from the cache or `pip download` (checked against its hash by pip too)."""
    path = store / name
    if path.exists() and hashlib.sha256(path.read_bytes()).hexdigest() == digest:
        return path
    project, version = name.removesuffix(".tar.gz").split("-")[:2]
    binary = ["--only-binary=:all:"] if name.endswith(".whl") else ["--no-binary=:all:"]
    with tempfile.TemporaryDirectory(dir=store) as tmp:
        pinned = Path(tmp) / "requirements.txt"
        pinned.write_text(f"{project}=={version} --hash=sha256:{digest}\n", encoding="utf-8")
        _run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", *binary, "-q", "-d", tmp]
            + ["-r", str(pinned)],
            name,
        )
        fetched = Path(tmp) / name
        if not fetched.exists() or hashlib.sha256(fetched.read_bytes()).hexdigest() != digest:
            raise UsageError("kit.integrity", what=name)
        fetched.replace(path)
    return path


def _markupsafe(store: Path) -> Path:
    """MarkupSafe's Python modules (no compiled speedups), as a zip to unpack into site-packages."""
    target = store / MARKUPSAFE_ZIP
    sdist = _wheel(store, *MARKUPSAFE)
    packed = io.BytesIO()
    with tarfile.open(sdist) as archive, zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as zipped:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            parts = member.name.split("/")
            if member.isfile() and parts[1:3] == ["src", "markupsafe"] and not member.name.endswith(".c"):
                data = archive.extractfile(member)
                assert data is not None  # a regular file
                zipped.writestr(zipfile.ZipInfo("/".join(parts[2:]), (1980, 1, 1, 0, 0, 0)), data.read())
    target.write_bytes(packed.getvalue())
    return target


def _run(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UsageError("kit.fetch_failed", what=what, detail=str(exc)) from None
    if done.returncode != 0:
        raise UsageError("kit.fetch_failed", what=what, detail=(done.stdout + done.stderr).strip()[-1500:])
