"""The reports opened in a real headless Chromium: no console error, no network, the table sorts, the
step-through moves the board (the exam's 4×4 taquin and the extension exercises' 3×3 and 4×4 puzzles),
and no script injected by a submission runs.

Screenshots go to pytest's temporary folder and are copied to tests/artifacts/ (git-ignored) to be
looked at. Without Chromium the tests skip locally, but fail in CI: CI must run them.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
from pathlib import Path

import pytest

from reports.render import file_names, render_class
from tests.report_fixtures import HOSTILE_ID, LONG_MOVES, PAYLOAD, PUZZLE_OPTIMAL, build_run

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ARTIFACTS = Path(__file__).parent / "artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
]


def browser_unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        browser_unavailable("selenium is not installed")
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        browser_unavailable(f"{CHROMIUM} or {CHROMEDRIVER} is missing")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def fr_class(tmp_path_factory):
    run = build_run("fr")
    index = render_class(run, tmp_path_factory.mktemp("report-fr"))
    return index, dict(zip((s.id for s in run.submissions), file_names([s.id for s in run.submissions])))


def open_page(driver, path: Path):
    driver.get(path.resolve().as_uri())
    driver.get_log("browser")  # drop what an earlier page logged
    driver.refresh()


def screenshot(driver, shots: Path, name: str, width: int = 1280, selector: str | None = None):
    """A full-page screenshot (the window made as tall as the page), or, given a selector, one
    phone-sized screen scrolled to that element."""
    if selector:
        driver.set_window_size(width, 844)
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView()", selector)
    else:
        driver.set_window_size(width, 900)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, min(height + 150, 12000))
    target = shots / f"{name}.png"
    driver.save_screenshot(str(target))
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(target, ARTIFACTS / target.name)
    driver.set_window_size(1280, 900)


def assert_clean(driver):
    """No console error, no request beyond the file itself, no injected script run, and no WCAG 2.1
    A/AA violation axe-core finds."""
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert driver.execute_script("return window.__pwned") is None
    assert "PWNED" not in driver.title
    assert_accessible(driver)


WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def assert_accessible(driver) -> None:
    """axe-core (the axe-core-python package's copy, run in the page by WebDriver) finds no violation
    of WCAG 2.0 and 2.1 at levels A and AA on the page as it is now."""
    from axe_core_python.selenium import Axe

    results = Axe().run(driver, options={"runOnly": {"type": "tag", "values": WCAG_21_AA}})
    found = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:5]) for v in results["violations"]]
    assert found == [], found


def _column(driver, index: int) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#grades tbody tr')).map(r => r.cells[arguments[0]].dataset.sort)",
        index,
    )


def test_class_page_sorts_by_name_and_total(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, _ = fr_class
    open_page(browser, index)
    assert browser.find_elements(By.CSS_SELECTOR, "svg.chart rect")  # histogram and pass rates drawn
    headers = browser.find_elements(By.CSS_SELECTOR, "#grades th button.sort")
    headers[0].click()
    names = _column(browser, 0)
    assert names == sorted(names, key=str.lower) or names == sorted(names)
    headers[0].click()
    assert _column(browser, 0) == names[::-1]
    headers[-1].click()
    totals = [float(x) for x in _column(browser, len(headers) - 1)]
    assert totals == sorted(totals)
    headers[-1].click()
    totals = [float(x) for x in _column(browser, len(headers) - 1)]
    assert totals == sorted(totals, reverse=True)
    screenshot(browser, shots, "class-fr")
    screenshot(browser, shots, "class-fr-phone", width=390, selector="#grades")
    assert_clean(browser)


def _cells(player) -> list[str]:
    from selenium.webdriver.common.by import By

    return [c.text for c in player.find_elements(By.CSS_SELECTOR, ".board .cell")]


def test_step_through_advances_the_board(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, names = fr_class
    open_page(browser, index.parent / names["bob"])
    players = browser.find_elements(By.CSS_SELECTOR, "#q18 .player")
    assert len(players) == 2  # the student's moves and the optimal ones
    for player in players:
        before = _cells(player)
        player.find_element(By.CSS_SELECTOR, "button[data-step=next]").click()
        after = _cells(player)
        assert after != before
        assert sorted(before) == sorted(after)  # a move permutes the tiles
        assert player.find_element(By.CSS_SELECTOR, ".k").text == "1"
        player.find_element(By.CSS_SELECTOR, "button[data-step=last]").click()
        assert _cells(player) == [str(v) for v in range(15)] + [""]  # both reach the goal
        player.find_element(By.CSS_SELECTOR, "button[data-step=first]").click()
        assert _cells(player) == before
    # The slider shows the same step as the buttons.
    slider = players[0].find_element(By.CSS_SELECTOR, "input[type=range]")
    browser.execute_script("arguments[0].value = 3; arguments[0].dispatchEvent(new Event('input'))", slider)
    assert players[0].find_element(By.CSS_SELECTOR, ".k").text == "3"
    assert players[0].find_elements(By.CSS_SELECTOR, ".moves li.apart")  # where the paths part
    screenshot(browser, shots, "student-bob")
    screenshot(browser, shots, "student-bob-phone", width=390)
    screenshot(browser, shots, "student-bob-phone-taquin", width=390, selector=".players")
    assert_clean(browser)


def test_illegal_moves_and_error_statuses(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, names = fr_class
    open_page(browser, index.parent / names["chloé durand"])
    player = browser.find_elements(By.CSS_SELECTOR, ".player")[0]
    player.find_element(By.CSS_SELECTOR, "button[data-step=last]").click()
    assert player.find_element(By.CSS_SELECTOR, ".k").text == "2"  # stops before the impossible move
    assert browser.find_element(By.CSS_SELECTOR, ".dropped").is_displayed()
    screenshot(browser, shots, "student-chloe")
    assert_clean(browser)


def test_puzzle_step_through_reaches_the_goal_and_stops_at_an_unknown_move(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, names = fr_class
    open_page(browser, index.parent / names["chloé durand"])
    student, optimal = browser.find_elements(By.CSS_SELECTOR, "#x3 .player")
    assert len(_cells(optimal)) == 9
    seen = [_cells(optimal)]
    for k in range(1, len(PUZZLE_OPTIMAL) + 1):
        optimal.find_element(By.CSS_SELECTOR, "button[data-step=next]").click()
        seen.append(_cells(optimal))
        assert optimal.find_element(By.CSS_SELECTOR, ".k").text == str(k)
        assert optimal.find_element(By.CSS_SELECTOR, ".move").text == PUZZLE_OPTIMAL[k - 1]
        assert seen[-1] != seen[-2] and sorted(seen[-1]) == sorted(seen[-2])
    assert seen[-1] == [str(v) for v in range(1, 9)] + [""]  # the goal, blank last
    assert optimal.find_element(By.CSS_SELECTOR, ".hval").text == "0"
    assert len(optimal.find_elements(By.CSS_SELECTOR, ".board .cell.home")) == 8
    # The student's path stops before the unknown "up", which is named.
    student.find_element(By.CSS_SELECTOR, "button[data-step=last]").click()
    assert student.find_element(By.CSS_SELECTOR, ".k").text == "3"
    assert _cells(student) == seen[3]
    assert student.find_element(By.CSS_SELECTOR, ".moves li.illegal").text == "up"
    assert "(up)" in browser.find_element(By.CSS_SELECTOR, "#x3 .note.ko").text
    student.find_element(By.CSS_SELECTOR, "button[data-step=prev]").click()
    assert student.find_element(By.CSS_SELECTOR, ".k").text == "2"
    screenshot(browser, shots, "student-chloe-x3")
    screenshot(browser, shots, "student-chloe-x3-phone", width=390, selector="#x3 .players")
    assert_clean(browser)


def test_long_puzzle_cut_by_the_grader(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, names = fr_class
    open_page(browser, index.parent / names["bob"])
    (player,) = browser.find_elements(By.CSS_SELECTOR, "#x4 .player")  # a DFS has no optimal to show
    assert len(_cells(player)) == 16
    before = _cells(player)
    player.find_element(By.CSS_SELECTOR, "button[data-step=next]").click()
    assert _cells(player) != before and sorted(_cells(player)) == sorted(before)
    player.find_element(By.CSS_SELECTOR, "button[data-step=last]").click()
    assert player.find_element(By.CSS_SELECTOR, ".k").text == str(len(LONG_MOVES))
    assert player.find_element(By.CSS_SELECTOR, ".moves li.more").is_displayed()
    screenshot(browser, shots, "student-bob-x4-phone", width=390, selector="#x4")
    assert_clean(browser)


def test_injected_scripts_do_not_run(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, names = fr_class
    for page in (index, index.parent / names[HOSTILE_ID], index.parent / "print.html"):
        open_page(browser, page)
        assert_clean(browser)
    open_page(browser, index.parent / names[HOSTILE_ID])
    body = browser.find_element(By.TAG_NAME, "body").text
    assert PAYLOAD in body  # shown as text, not run
    assert HOSTILE_ID in browser.find_element(By.TAG_NAME, "h1").text
    for player in browser.find_elements(By.CSS_SELECTOR, ".player"):
        player.find_element(By.CSS_SELECTOR, "button[data-step=last]").click()
    screenshot(browser, shots, "student-hostile")
    assert_clean(browser)


def test_print_page_and_game_graphs(browser, fr_class, shots):
    from selenium.webdriver.common.by import By

    index, _ = fr_class
    open_page(browser, index.parent / "print.html")
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.student")) == 6
    assert browser.find_elements(By.CSS_SELECTOR, "svg.graph g.node")  # the small game is drawn
    assert browser.find_elements(By.CSS_SELECTOR, "table.adjacency")  # the large one is listed
    screenshot(browser, shots, "print-all")
    assert_clean(browser)
    # Printed: one student per page at least, and no buttons on paper.
    pdf = base64.b64decode(browser.print_page())
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 6
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not any(e.is_displayed() for e in browser.find_elements(By.CSS_SELECTOR, ".controls, button"))
        screenshot(browser, shots, "print-all-media-print")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_english_pages(browser, tmp_path, shots):
    from selenium.webdriver.common.by import By

    run = build_run("en")
    index = render_class(run, tmp_path)
    open_page(browser, index)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert "Class results" in browser.title
    open_page(browser, tmp_path / "bob.html")
    assert "Your moves" in browser.find_element(By.TAG_NAME, "body").text
    screenshot(browser, shots, "student-bob-en")
    assert_clean(browser)


@pytest.mark.slow  # grades the whole sample class in sandboxes first
def test_real_sample_class(browser, tmp_path, shots, graded_sample_class):
    from selenium.webdriver.common.by import By

    from grader.results.records import load_run

    out = graded_sample_class
    # The pages are a function of results.json alone.
    again = render_class(load_run(out / "results.json"), tmp_path / "again")
    assert again.read_text(encoding="utf-8") == (out / "index.html").read_text(encoding="utf-8")
    open_page(browser, out / "index.html")
    assert_clean(browser)
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#grades td.name a")]
    assert len(links) == len(load_run(out / "results.json").submissions) >= 6
    headers = browser.find_elements(By.CSS_SELECTOR, "#grades th button.sort")
    headers[-1].click()
    totals = [float(x) for x in _column(browser, len(headers) - 1)]
    assert totals == sorted(totals)
    screenshot(browser, shots, "sample-class")
    for n, link in enumerate(links):
        browser.get(link)
        assert_clean(browser)
        screenshot(browser, shots, f"sample-student-{n}")
    open_page(browser, out / "print.html")
    assert_clean(browser)
