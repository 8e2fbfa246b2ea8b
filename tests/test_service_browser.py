"""The service as people use it, in a real headless Chromium: a student opens their link, submits a
wrong then a right answer and sees each verdict arrive without reloading; the teacher signs in, sees
both in the dashboard and downloads the gradebook. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import io
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.service_harness import ROOT, Server, require_service_extra
from tests.importers import spreadsheet_table
from tests.test_reports_browser import ARTIFACTS, assert_accessible, browser  # noqa: F401 - the shared Chromium fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]
require_service_extra()

WRONG = ROOT / "tests" / "submissions" / "jeux" / "bfs_plus_un.py"
RIGHT = ROOT / "reference" / "jeux.py"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("service"), ["alice", "bruno <b>&amp;", "chloe"])
    yield server
    server.stop()


def _shot(driver, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(max(height, 600), 4000))
    driver.save_screenshot(str(ARTIFACTS / f"service-{name}.png"))
    driver.set_window_size(1280, 900)


def _wait(driver, condition, timeout=240):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.3).until(condition)


def _send(driver, path: Path, attempt: int) -> None:
    """Post the form (one page load: 303 back to the page), then mark the page to tell a reload."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, "files").send_keys(str(path))
    driver.find_element(By.ID, "send").click()
    _wait(driver, lambda d: d.current_url.endswith(f"#a{attempt}"), timeout=30)
    driver.execute_script("window.__marker = arguments[0]", f"attempt {attempt}")


def _verdict(driver, attempt: int) -> set:
    """Wait for the attempt's row to say done; the states it went through on the way."""
    seen = set()

    def done(d):
        row = d.execute_script(
            "const r = document.getElementById(arguments[0]); return r && r.dataset.state", f"a{attempt}"
        )
        seen.add(row)
        return row == "done"

    _wait(driver, done)
    assert driver.execute_script("return window.__marker") == f"attempt {attempt}"  # never reloaded
    return seen


def _row_state(driver, attempt_index: int):
    rows = driver.execute_script(
        "return Array.from(document.querySelectorAll('#attempts tbody tr')).map("
        "r => [r.dataset.state, r.querySelector('.score').textContent])"
    )
    return rows[attempt_index] if len(rows) > attempt_index else None


def test_student_then_teacher(browser, server):  # noqa: F811 - pytest's fixture
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(server.links["alice"])
    assert "alice" in driver.find_element(By.TAG_NAME, "h1").text

    _send(driver, WRONG, 1)
    assert _verdict(driver, 1) & {"queued", "running"}  # seen waiting, then the verdict came by itself
    wrong = _row_state(driver, 0)[1]
    assert wrong.endswith("/3") and "." not in wrong and float(wrong.split("/")[0].replace(",", ".")) < 3  # "1,2/3"
    _wait(driver, lambda d: d.find_element(By.ID, "report").get_attribute("src").endswith("/1/report?lang=fr"))
    _shot(driver, "student-wrong")

    _send(driver, RIGHT, 2)
    assert _verdict(driver, 2) & {"queued", "running"}
    assert _row_state(driver, 0)[1] == "3/3" and _row_state(driver, 1)[1] == wrong
    _wait(driver, lambda d: d.find_element(By.ID, "report").get_attribute("src").endswith("/2/report?lang=fr"))
    # The report of the latest attempt is the CLI's student report, in its frame, with its own CSP.
    frame = driver.find_element(By.ID, "report")
    driver.switch_to.frame(frame)
    _wait(driver, lambda d: "3" in d.find_element(By.TAG_NAME, "body").text)
    body = driver.find_element(By.TAG_NAME, "body").text
    assert "bfs" in body and "918273645" not in body and "Graine" not in body  # the class seed is never shown
    driver.switch_to.default_content()
    _shot(driver, "student-right")
    report_url = driver.find_element(By.ID, "report").get_attribute("src")
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe

    driver.get(report_url)
    _shot(driver, "student-report")
    # English switch: the page and the live states in English.
    driver.get(server.links["alice"] + "?lang=en")
    _wait(driver, lambda d: "done" in d.find_element(By.ID, "attempts").text)

    # Chloé's wrong copy (through the API): a score with decimals on the dashboard.
    _, sent = server.submit("chloe", {"jeux.py": WRONG.read_bytes()})
    assert server.wait("chloe", sent["attempt"])["state"] == "done"

    # The teacher: sign in, the class live, the gradebook.
    driver.get(server.url + "/teacher")
    driver.find_element(By.ID, "password").send_keys(server.password)
    driver.find_element(By.ID, "login").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#class tbody tr[data-student='alice']"))
    alice = driver.find_element(By.CSS_SELECTOR, "#class tbody tr[data-student='alice']")
    assert alice.find_element(By.CSS_SELECTOR, ".total").text == "3"
    assert alice.find_elements(By.TAG_NAME, "td")[1].text == "2"  # both attempts
    # A student id holding markup is shown as text, never parsed.
    assert driver.find_element(By.ID, "missing").text == "bruno <b>&amp;"
    assert not driver.find_elements(By.CSS_SELECTOR, "#missing b")
    # Bruno handed nothing in: a "non rendu" badge, no score; Chloé's with a decimal comma.
    bruno = driver.find_element(By.CSS_SELECTOR, "#class tbody tr[data-student='bruno <b>&amp;']")
    assert bruno.find_element(By.CSS_SELECTOR, ".badge.sub-apart").text == "non rendu"
    assert bruno.find_element(By.CSS_SELECTOR, ".total").text == ""
    chloe = driver.find_element(By.CSS_SELECTOR, "#class tbody tr[data-student='chloe'] .total").text
    assert "," in chloe and "." not in chloe and float(chloe.replace(",", ".")) < 3
    _shot(driver, "teacher-dashboard")
    assert_accessible(driver)
    alice.find_element(By.TAG_NAME, "a").click()
    rows = driver.find_elements(By.CSS_SELECTOR, "#student-attempts tbody tr")
    assert len(rows) == 2 and "3/3" in rows[0].text and wrong in rows[1].text
    _shot(driver, "teacher-student")

    driver.get(server.url + "/teacher")
    link = driver.find_element(By.ID, "gradebook").get_attribute("href")
    cookie = driver.get_cookie("grader_teacher")
    request = urllib.request.Request(link, headers={"Cookie": f"grader_teacher={cookie['value']}"})
    gradebook = server.folder / "grades.csv"
    gradebook.write_bytes(urllib.request.urlopen(request, timeout=30).read())
    rows = spreadsheet_table(gradebook, "Identifiant")  # `grader grade`'s grades.csv, French Excel's form
    assert rows["alice"]["Total"] == 3 and rows["alice"]["q4"] == 2
    assert rows["bruno <b>&amp;"]["q4"] == "" and rows["bruno <b>&amp;"]["Statut"] == "non rendu"  # never a 0
    # Every export of `grader export`, in one zip, from the same session.
    request = urllib.request.Request(
        server.url + "/teacher/exports.zip", headers={"Cookie": f"grader_teacher={cookie['value']}"}
    )
    archive = zipfile.ZipFile(io.BytesIO(urllib.request.urlopen(request, timeout=120).read()))
    names = archive.namelist()
    assert "grades.csv" in names and "exports/moodle-feuille-de-notes.csv" in names
    assert any(name.endswith(".pdf") for name in names)
    assert all(b"918273645" not in archive.read(name) for name in names)
