"""The web kit's page driven as a student would: served by a local HTTP server, opened in a headless
Chromium, files chosen, questions ticked, verdicts read. Shared by tests/test_webkit*.py and
benchmarks/bench_webkit.py.

The server is the standard library's, on 127.0.0.1, with the headers that make the page cross-origin
isolated when asked (Pyodide's interrupt buffer then stops an endless loop), and it records every path
asked of it. The browser's own network log (Chrome's performance log) says where each request went.
"""

from __future__ import annotations

import contextlib
import functools
import json
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.test_reports_browser import CHROMEDRIVER, CHROMIUM, FLAGS

ISOLATION_HEADERS = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def __init__(self, *args, isolated: bool, asked: list, **kwargs):
        self.isolated, self.asked = isolated, asked
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        if self.isolated:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:
        self.asked.append(self.path)
        super().do_GET()

    def log_message(self, format, *args) -> None:  # quiet: the paths are kept in `asked`
        pass


@contextlib.contextmanager
def served(folder: Path, isolated: bool):
    """(the page's address, the paths asked) while a local server serves `folder`."""
    asked: list[str] = []
    handler = functools.partial(_Handler, directory=str(folder), isolated=isolated, asked=asked)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html", asked
    finally:
        server.shutdown()
        server.server_close()


def chromium(profile: Path):
    """A headless Chromium with its network log kept (selenium, Debian's chromium and chromedriver, the
    flags of tests/test_reports_browser.py: no background traffic of the browser's own)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


def requested_urls(driver) -> list[str]:
    """Every URL the browser asked for since the last call (the page's and its worker's), from its log."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def wait_for(driver, script: str, seconds: float, poll: float = 0.25):
    """The value of `script` once it is truthy; TimeoutError past `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(poll)
    raise TimeoutError(f"still false after {seconds} s: {script}")


def open_page(driver, address: str, seconds: float = 180.0) -> float:
    """Open the page and wait until Python is ready in its worker; the seconds it took, from the page's
    own clock (navigation start)."""
    driver.get(address)
    return wait_for(driver, "return window.selfCheck && window.selfCheck.ready", seconds)


def check(driver, files: list[Path], questions: list[str], seed: int, seconds: float = 1800.0) -> dict:
    """Choose `files`, tick `questions` only, give `seed`, press Check and wait for the report: each
    question's {"score", "status", "at"} (at: seconds since the page opened when its verdict came)."""
    from selenium.webdriver.common.by import By

    driver.execute_script(
        "window.selfCheck.finished = null; window.selfCheck.failed = null; window.selfCheck.verdicts = {};"
        "window.selfCheck.files = null"
    )
    pick = driver.find_element(By.ID, "pick")
    driver.execute_script("arguments[0].value = ''", pick)
    pick.send_keys("\n".join(str(Path(path).resolve()) for path in files))
    names = json.dumps(sorted(Path(path).name for path in files), separators=(",", ":"))
    wait_for(driver, f"return JSON.stringify([...(window.selfCheck.files || [])].sort()) === '{names}'", 30, 0.05)
    for box in driver.find_elements(By.CSS_SELECTOR, "#families input[type=checkbox]"):
        if box.is_selected() != (box.get_attribute("value") in questions):
            box.click()
    seed_box = driver.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    driver.find_element(By.ID, "check").click()
    over(driver, seconds)
    rows = driver.execute_script(
        "return [...document.querySelectorAll('#verdicts tbody tr')].map("
        "r => [r.dataset.qid, Number(r.dataset.score), r.dataset.status])"
    )
    at = driver.execute_script("return window.selfCheck.verdicts")
    return {qid: {"score": score, "status": status, "at": at.get(qid)} for qid, score, status in rows}


def over(driver, seconds: float) -> None:
    """Wait for the check under way to end (the page's "selfcheck" event: no polling; asked again each
    minute, within the WebDriver client's own read timeout); AssertionError with the page's message if it
    failed, TimeoutError past `seconds`."""
    driver.set_script_timeout(90)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const said = () => done({ over: true, failed: window.selfCheck.failed || null });"
            "if (window.selfCheck.finished || window.selfCheck.failed) said();"
            "else { const later = setTimeout(() => done({ over: false }), 60000);"
            "window.addEventListener('selfcheck', () => { clearTimeout(later); said(); }, { once: true }); }"
        )
        if state["over"]:
            assert state["failed"] is None, state["failed"]
            return
    raise TimeoutError(f"no end of the check after {seconds} s")


def kit_sources(folder: Path) -> dict[str, bytes]:
    """Every Python file inside the web kit's wheels and archives, by `archive/path`."""
    import zipfile

    sources = {}
    for archive in sorted((folder / "wheels").iterdir()):
        with zipfile.ZipFile(archive) as opened:
            for name in opened.namelist():
                if name.endswith(".py"):
                    sources[f"{archive.name}/{name}"] = opened.read(name)
    return sources


def native_kit(folder: Path, target: Path) -> Path:
    """The native kit beside the web kit `folder`: a venv at `target` of this interpreter holding the web kit's
    own wheels (the same grader without model answers, the same Hypothesis) and this environment's other
    packages (numpy, ...), but not the grader's editable install, whose finder would hand the kit the
    model answers of the checkout (the kit then takes them as installed). Returns its python."""
    import subprocess
    import sys
    import sysconfig
    import zipfile

    from tests.test_attacks import copy_packages

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True)
    python = target / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    assert site != Path(sysconfig.get_paths()["purelib"])
    for archive in sorted((folder / "wheels").iterdir()):
        with zipfile.ZipFile(archive) as opened:
            opened.extractall(site)
    copy_packages(site, skipped=("taquin_grader",))  # the kit's wheels first: theirs are kept
    return python


# The native kit's `grader check` on many copies in one process: its imports and its sandbox's start paid
# once, not once a copy (the checks themselves are the same command's).
_BATCH = """
import contextlib, io, json, sys
from grader.cli import main

jobs = json.loads(sys.argv[1])
done = {}
for name, command in jobs.items():
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(command)
    done[name] = {"code": code, "printed": printed.getvalue()}
print(json.dumps(done))
"""


def native_points(kit: Path, copies: dict[str, tuple[list[Path], list[str]]], seed: int, work: Path) -> dict:
    """`grader check COPY --reference oracles --seed SEED --json -q ...` of the native kit (`kit`: its
    python) on each copy (name -> (its files, the questions checked)), all in one process: name -> each
    question's {"score", "status"}."""
    import shutil
    import subprocess

    jobs = {}
    for number, (name, (files, questions)) in enumerate(copies.items()):
        copy = work / f"{number}" / "copie"
        copy.mkdir(parents=True)
        for path in files:
            shutil.copy(path, copy / Path(path).name)
        command = ["check", str(copy), "--reference", "oracles", "--seed", str(seed), "--json"]
        jobs[name] = command + [arg for qid in questions for arg in ("-q", qid)]
    done = subprocess.run(
        [str(kit), "-c", _BATCH, json.dumps(jobs)], capture_output=True, text=True, cwd=work, timeout=3600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    points = {}
    for name, run in json.loads(done.stdout).items():
        assert run["code"] in (0, 1), (name, run)
        questions = json.loads(run["printed"])["questions"]
        points[name] = {q["id"]: {"score": q["score"], "status": q["status"]} for q in questions}
    return points
