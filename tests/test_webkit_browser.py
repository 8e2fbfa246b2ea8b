"""The self-check in a real browser: `grader kit --web DIR` served by a local HTTP server with no other
origin reachable, the page opened in headless Chromium (selenium), files chosen and questions checked
as a student would.

- The sample class's copies (exercises/exemples/) on every question, alice's jeux.py as a notebook, and the
  project's wrong variants (tests/variants/*/*) on the questions each is wrong on (a variant of each
  family side by side in a copy), get in the page the points the native kit gives (`grader check
  --reference oracles --seed S` with the kit's own wheels: the same grader, no model answer, the same
  Hypothesis; every copy checked in one process, beside the browser), question by question, with no
  difference named as known.
- Every request the browser made (its network log: the page's and its worker's) went to the served origin.
- An endless loop in `bfs` is "temps dépassé" on q4, and q7 is still checked in the same page: through the
  interrupt buffer (the page served cross-origin isolated; a loop that catches every exception too, and
  a `time.sleep`), through sys.monitoring (served without the headers), and a loop inside C that neither
  can stop through the student's worker ended by the judge at the call's deadline and another started
  (its points on q4 the native kit's, its verdict a timeout).
- A jeux.py that answers nothing and tries to forge its verdict from the student's worker (the judge's
  globals, a fake verdict posted, the builtins patched, the worker's reply rewritten) gets 0 on each
  question, and the next honest copy its full points: the judge is out of its reach.
- What a copy's code leaves in its worker (a builtin, a module, an environment variable, a file) is not in
  the next copy's, and each copy's `random` draws anew: each student's worker is restored from the judge's
  snapshot, its entropy-drawn state drawn again.
- axe-core finds no WCAG 2.1 A/AA violation on each page kept as a screenshot (in tests/artifacts/, to be
  looked at), nor in the report drawn in its frame, which the screenshot waits for.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from test_reports_browser import browser_unavailable, assert_accessible

from grader.cli import main
from tests.webkit_page import (
    CHROMEDRIVER,
    CHROMIUM,
    check,
    chromium,
    native_kit,
    native_points,
    open_page,
    requested_urls,
    served,
    wait_for,
)
from variants import harness

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(__file__).parent / "artifacts"
SEED = 2017
CORE = ["q1", "q4", "q7", "q10", "q11", "q15", "q16", "q17", "q18"]
EXTENSIONS = ["x1", "x2", "x3", "x4"]


@pytest.fixture(scope="module")
def web_kit(tmp_path_factory):
    try:
        import selenium  # noqa: F401
    except ImportError:
        browser_unavailable("selenium is not installed")
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        browser_unavailable(f"{CHROMIUM} or {CHROMEDRIVER} is missing")
    out = tmp_path_factory.mktemp("web") / "kit"
    assert main(["kit", "--web", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def page(web_kit, tmp_path_factory):
    """The page, served cross-origin isolated, open and ready; then the origin every request must go to."""
    with served(web_kit, isolated=True) as (address, asked):
        driver = chromium(tmp_path_factory.mktemp("profile"))
        try:
            requested_urls(driver)  # the browser's own start (its new tab page) is not the kit's
            open_page(driver, address)
            yield driver, address.rsplit("/", 1)[0] + "/", asked
        finally:
            driver.quit()


@pytest.fixture(scope="module")
def native(web_kit, tmp_path_factory):
    """The native kit beside the web kit (its python): the same wheels, checked with `grader check`."""
    return native_kit(web_kit, tmp_path_factory.mktemp("native"))


PAINTED = "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(done));"


@contextlib.contextmanager
def in_report(driver):
    """WebDriver's commands in the page's report frame."""
    from selenium.webdriver.common.by import By

    driver.switch_to.frame(driver.find_element(By.ID, "report"))
    try:
        yield
    finally:
        driver.switch_to.default_content()


def screenshot(driver, name: str) -> None:
    """The whole page (the window as tall as the page) with its report drawn in the frame, kept in
    tests/artifacts/; the page and the report in its frame pass axe-core's WCAG 2.1 A/AA checks."""
    with in_report(driver):
        wait_for(driver, "return document.readyState === 'complete' && document.body.innerText.trim() !== ''", 30)
        assert_accessible(driver)
    assert_accessible(driver)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(height + 150, 12000))
    driver.execute_script("window.scrollTo(0, 0)")
    # Resized, the report's frame paints again on its own: two of its animation frames, then two of the
    # page's, before the picture (taken at once, a loaded machine's showed the frame blank).
    with in_report(driver):
        driver.execute_async_script(PAINTED)
    driver.execute_async_script(PAINTED)
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))
    driver.set_window_size(1280, 900)


def copies(work: Path) -> dict[str, tuple[list[Path], list[str]]]:
    """name -> (the files a student chooses, the questions checked): the sample class on every question
    (the extensions too for a copy with recherche.py; an archive's files taken out of it), the wrong
    variants on the questions they are wrong on, each as the module it answers (one of each family a copy)."""
    found = {}
    for entry in sorted((ROOT / "exercises" / "exemples").iterdir()):
        if entry.suffix == ".zip":
            with zipfile.ZipFile(entry) as archive:
                archive.extractall(work / entry.stem)
            files = sorted((work / entry.stem).rglob("*.py"))
        else:
            files = sorted(entry.glob("*.py")) if entry.is_dir() else [entry]
        extensions = EXTENSIONS if any(f.name == "recherche.py" for f in files) else []
        found[f"exemples/{entry.name}"] = (files, CORE + extensions)
    found["notebook"] = ([notebook(work / "notebook")], CORE[:5])
    by_family: dict[str, list] = {}
    for variant in harness.variants():
        wrong = [q for q, verdict in variant.declared if verdict == "wrong"]
        if wrong:
            by_family.setdefault(variant.family, []).append((variant, wrong))
    # A copy holds a wrong variant of each family side by side (each question reads its own module only):
    # fewer copies, each a page session with a student's worker of its own to start.
    for rank, side_by_side in enumerate(itertools.zip_longest(*by_family.values())):
        present = [entry for entry in side_by_side if entry is not None]
        folder = work / f"variants-{rank}"
        folder.mkdir(parents=True)
        for variant, _ in present:
            shutil.copy(variant.path, folder / f"{variant.family}.py")
        name = " + ".join(variant.name for variant, _ in present)
        found[name] = (sorted(folder.iterdir()), [qid for _, wrong in present for qid in wrong])
    return found


def notebook(folder: Path) -> Path:
    """Alice's jeux.py as a student's notebook: a cell per function, a markdown cell, a magic."""
    import nbformat

    source = (ROOT / "exercises" / "exemples" / "alice" / "jeux.py").read_text(encoding="utf-8")
    cells = [nbformat.v4.new_markdown_cell("# Mes réponses"), nbformat.v4.new_code_cell("%matplotlib inline")]
    cells += [nbformat.v4.new_code_cell(("def " if n else "") + part) for n, part in enumerate(source.split("\ndef "))]
    folder.mkdir(parents=True)
    path = folder / "mes_reponses.ipynb"
    path.write_text(nbformat.writes(nbformat.v4.new_notebook(cells=cells)), encoding="utf-8")
    return path


def test_the_page_gives_the_native_kits_points_question_by_question(page, native, tmp_path):
    driver, origin, asked = page
    checked = copies(tmp_path / "copies")
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # the native kit's checks beside the browser's
        natives = pool.submit(native_points, native, checked, SEED, tmp_path / "runs")
        in_pages = {name: check(driver, files, questions, SEED) for name, (files, questions) in checked.items()}
        # (screenshots: the last copy checked, with its report)
        screenshot(driver, "webkit-last-copy")
        in_native = natives.result()
    apart = {
        name: (files, [qid for qid in questions if in_pages[name][qid]["score"] != in_native[name][qid]["score"]])
        for name, (files, questions) in checked.items()
    }
    apart = {name: copy for name, copy in apart.items() if copy[1]}
    # Checked again one after the other: the two sides ran at once, and a time limit met under that load is
    # the machine's, not a difference of the grader (the same cases, by the seed).
    again = native_points(native, apart, SEED, tmp_path / "again") if apart else {}
    differ = {}
    for name, (files, questions) in apart.items():
        in_page = check(driver, files, questions, SEED)
        differing = [qid for qid in questions if in_page[qid]["score"] != again[name][qid]["score"]]
        if differing:  # each question that differs, with both verdicts
            differ[name] = {
                qid: (
                    in_page[qid]["score"],
                    in_page[qid]["status"],
                    again[name][qid]["score"],
                    again[name][qid]["status"],
                )
                for qid in differing
            }
    assert differ == {}
    assert_accessible(driver)
    urls = requested_urls(driver)
    # chrome:// is the browser's own resources (its built-in pages), which no web page can load: no network.
    assert urls and [u for u in urls if not u.startswith((origin, "data:", "blob:", "chrome://"))] == []
    assert "/pyodide/pyodide.asm.wasm" in asked and any(p.startswith("/wheels/taquin_grader-") for p in asked)


ENDLESS = {
    "loop": "def bfs():\n    while True:\n        pass\n",
    "loop_catching_everything": "def bfs():\n    while True:\n        try:\n            while True:\n"
    "                pass\n        except BaseException:\n            pass\n",
    "sleep": "import time\n\n\ndef bfs():\n    time.sleep(10 ** 6)\n",
    # A loop inside C, on game (1) towards 42 only (a few calls: each one costs the page a new worker).
    "loop_in_c": "def bfs():\n    if initial == 1 and final(42):\n        sum(range(10 ** 18))\n    return _bfs()\n",
}


def endless(tmp_path: Path, kind: str) -> Path:
    """Alice's jeux.py with an endless `bfs` (hers as `_bfs`, her other functions as they are)."""
    source = (ROOT / "exercises" / "exemples" / "alice" / "jeux.py").read_text(encoding="utf-8")
    copy = tmp_path / kind / "jeux.py"
    copy.parent.mkdir(parents=True)
    copy.write_text(source.replace("\ndef bfs(", "\ndef _bfs(") + "\n\n" + ENDLESS[kind], encoding="utf-8")
    return copy


def test_an_endless_bfs_is_a_timeout_and_the_next_question_is_checked(page, native, tmp_path):
    driver, _, _ = page
    for kind in ("loop", "loop_catching_everything", "sleep"):
        restarts = driver.execute_script("return window.selfCheck.restarts")
        verdicts = check(driver, [endless(tmp_path, kind)], ["q4", "q7"], SEED)
        assert verdicts["q4"]["status"] == "timeout" and verdicts["q4"]["score"] == 0, (kind, verdicts)
        assert verdicts["q7"]["status"] == "passed", (kind, verdicts)
        assert "temps dépassé" in driver.execute_script("return document.querySelector('#verdicts').innerText")
        assert driver.execute_script("return window.selfCheck.restarts") == restarts  # the interrupt stopped it
    screenshot(driver, "webkit-endless-bfs")
    # A loop inside C: the judge ends the student's worker and starts another; the points are the native kit's.
    copy = endless(tmp_path, "loop_in_c")
    verdicts = check(driver, [copy], ["q4", "q7"], SEED)
    assert driver.execute_script("return window.selfCheck.restarts") > restarts
    assert verdicts["q7"]["status"] == "passed"
    natively = native_points(native, {"loop_in_c": ([copy], ["q4"])}, SEED, tmp_path / "run")["loop_in_c"]
    assert verdicts["q4"]["score"] == natively["q4"]["score"] < 2
    assert "temps limite" in driver.execute_script("return document.querySelector('#details').innerText")


def test_without_isolation_sys_monitoring_stops_the_loop(web_kit, tmp_path):
    with served(web_kit, isolated=False) as (address, _):
        driver = chromium(tmp_path / "profile")
        try:
            open_page(driver, address)
            assert driver.execute_script("return window.selfCheck.isolated") is False
            verdicts = check(driver, [endless(tmp_path, "loop_catching_everything")], ["q4", "q7"], SEED)
            assert verdicts["q4"]["status"] == "timeout" and verdicts["q7"]["status"] == "passed"
            assert driver.execute_script("return window.selfCheck.restarts") == 0
            driver.find_element("id", "lang").click()  # English on the switch: the verdicts said again
            wait_for(driver, "return window.selfCheck.said === 'en'", 120)
            text = driver.execute_script("return document.body.innerText")
            assert "Check my work" in text and "timeout" in text and "Check finished: 2 / 4 points." in text
            assert not [word for word in ("Vérification", "Graine", "prêt", "réussi") if word in text]
            screenshot(driver, "webkit-english")
        finally:
            driver.quit()


# What a copy's code can leave behind in its worker's Python and files, and how a copy looks for it.
LEFT = (
    "import builtins, os, random, sys\n\nprint('tirage', random.getrandbits(64))\n\n\ndef left():\n"
    "    return (hasattr(builtins, 'left_by_a_copy') or 'left_by_a_copy' in sys.modules\n"
    "            or 'LEFT_BY_A_COPY' in os.environ or os.path.exists('/tmp/left_by_a_copy'))\n\n\n"
)
LEAVES = (
    "builtins.left_by_a_copy = True\nsys.modules['left_by_a_copy'] = sys\nos.environ['LEFT_BY_A_COPY'] = '1'\n"
    "open('/tmp/left_by_a_copy', 'w').close()\n\n\n"
)


def test_nothing_a_copy_leaves_in_its_worker_reaches_the_next_copy(page, tmp_path):
    """Each copy's student's worker is restored from the judge's snapshot: what a copy's code left there
    (a builtin, a module, an environment variable, a file) is not in the next copy's. The first copy's
    `solution_42` answers only where its own marks are seen (they are: its q1 passes), the next copy's
    only where none is (its q1 passes only if nothing leaked). Each prints its first `random` draw at import:
    the two differ (a snapshot holds the `random` state it was made with)."""
    driver, _, _ = page
    answer = "def solution_42():\n    return [1, 2, 4, 5, 10, 20, 21, 42] if {} left() else None\n"
    draws = set()
    for name, source in (("leaves", LEFT + LEAVES + answer.format("")), ("finds", LEFT + answer.format("not"))):
        copy = tmp_path / name / "jeux.py"
        copy.parent.mkdir()
        copy.write_text(source, encoding="utf-8")
        verdicts = check(driver, [copy], ["q1"], SEED)
        assert (verdicts["q1"]["score"], verdicts["q1"]["status"]) == (1, "passed"), (name, verdicts)
        details = driver.execute_script("return document.querySelector('#details').innerText")
        draws.update(re.findall(r"tirage (\d+)", details))
    # Each worker's `random` drew from the system's entropy, not from the state its snapshot holds.
    assert len(draws) == 2, draws


# Each forger's bfs answers nothing (0); at import it tries to make the page say otherwise.
FORGERS = {
    # The red team's forger (the judge's module patched where the page's Python would find it), and the
    # judge's module imported here and patched too.
    "judge_globals": (ROOT / "tests" / "webkit_forgers" / "judge_globals.py").read_text(encoding="utf-8"),
    # A verdict posted to whoever listens: the judge's worker is the only one that can hear it.
    "fake_verdict": "import js, json\n\nfull = json.dumps({'type': 'result', 'qid': 'q4', 'score': 2})\n"
    "js.postMessage(js.JSON.parse(full))\njs.postMessage(json.dumps({'status': 'ok', 'value': 2}))\n\n\n"
    "def bfs():\n    return 0\n",
    # Every check true, every length nought, in the worker that runs the student's code.
    "patched_builtins": "import builtins\n\nbuiltins.isinstance = lambda value, kind: True\n"
    "builtins.len = lambda value: 0\n\n\ndef bfs():\n    return 0\n",
    # The worker's own server found and made to answer "ok" with the value the student likes.
    "patched_reply": "import gc, json\n\nfor server in [o for o in gc.get_objects() if type(o).__name__ == 'FrameServer']:\n"
    "    handle = server.handle\n\n    def forged(text, handle=handle):\n        reply = json.loads(handle(text))\n"
    "        reply.update(status='ok', value=2)\n        return json.dumps(reply)\n\n"
    "    server.handle = forged\n\n\ndef bfs():\n    return 0\n",
}


def test_a_forged_verdict_is_nought_and_the_next_copy_is_judged_as_ever(page, tmp_path):
    driver, _, _ = page
    for name, source in FORGERS.items():
        copy = tmp_path / name / "jeux.py"
        copy.parent.mkdir()
        copy.write_text(source, encoding="utf-8")
        verdicts = check(driver, [copy], ["q1", "q4"], SEED)
        assert {qid: v["score"] for qid, v in verdicts.items()} == {"q1": 0, "q4": 0}, (name, verdicts)
        assert all(v["status"] != "passed" for v in verdicts.values()), (name, verdicts)
        shown = driver.execute_script("return document.querySelector('#verdicts').innerText")
        assert "réussi" not in shown and "0 / 2" in shown.replace("\u202f", " "), (name, shown)
    screenshot(driver, "webkit-forged-verdict")
    alice = check(driver, [ROOT / "exercises" / "exemples" / "alice" / "jeux.py"], ["q1", "q4"], SEED)
    assert {qid: (v["score"], v["status"]) for qid, v in alice.items()} == {"q1": (1, "passed"), "q4": (2, "passed")}
