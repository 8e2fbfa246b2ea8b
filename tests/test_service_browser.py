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
RIGHT = ROOT / "reference" / "answers" / "jeux.py"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("service"), ["alice", "bruno <b>&amp;", "chloe"])
    yield server
    server.stop()


def page_shot(driver, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(max(height, 600), 4000))
    driver.save_screenshot(str(ARTIFACTS / f"service-{name}.png"))
    driver.set_window_size(1280, 900)


def wait_until(driver, condition, timeout=240):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.3).until(condition)


def send_attempt(driver, path: Path, attempt: int) -> None:
    """Post the form (one page load: 303 back to the page), then mark the page to tell a reload."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, "files").send_keys(str(path))
    driver.find_element(By.ID, "send").click()
    wait_until(driver, lambda d: d.current_url.endswith(f"#a{attempt}"), timeout=30)
    driver.execute_script("window.__marker = arguments[0]", f"attempt {attempt}")


def attempt_verdict(driver, attempt: int) -> set:
    """Wait for the attempt's row to say done; the states it went through on the way."""
    seen = set()

    def done(d):
        row = d.execute_script(
            "const r = document.getElementById(arguments[0]); return r && r.dataset.state", f"a{attempt}"
        )
        seen.add(row)
        return row == "done"

    wait_until(driver, done)
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

    send_attempt(driver, WRONG, 1)
    assert attempt_verdict(driver, 1) & {"queued", "running"}  # seen waiting, then the verdict came by itself
    wrong = _row_state(driver, 0)[1]
    assert wrong.endswith("/3") and "." not in wrong and float(wrong.split("/")[0].replace(",", ".")) < 3  # "1,2/3"
    wait_until(driver, lambda d: d.find_element(By.ID, "report").get_attribute("src").endswith("/1/report?lang=fr"))
    page_shot(driver, "student-wrong")

    send_attempt(driver, RIGHT, 2)
    assert attempt_verdict(driver, 2) & {"queued", "running"}
    assert _row_state(driver, 0)[1] == "3/3" and _row_state(driver, 1)[1] == wrong
    wait_until(driver, lambda d: d.find_element(By.ID, "report").get_attribute("src").endswith("/2/report?lang=fr"))
    # The report of the latest attempt is the CLI's student report, in its frame, with its own CSP.
    frame = driver.find_element(By.ID, "report")
    driver.switch_to.frame(frame)
    wait_until(driver, lambda d: "3" in d.find_element(By.TAG_NAME, "body").text)
    body = driver.find_element(By.TAG_NAME, "body").text
    # The class seed is never shown: the attempt's own seed is (grader/service/tasks.py `attempt_seed`).
    assert "bfs" in body and "918273645" not in body and "Graine" in body
    driver.switch_to.default_content()
    page_shot(driver, "student-right")
    report_url = driver.find_element(By.ID, "report").get_attribute("src")
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe

    driver.get(report_url)
    page_shot(driver, "student-report")
    # English switch: the page and the live states in English.
    driver.get(server.links["alice"] + "?lang=en")
    wait_until(driver, lambda d: "done" in d.find_element(By.ID, "attempts").text)

    # Chloé's wrong copy (through the API): a score with decimals on the dashboard. Her first attempt,
    # the class's third: numbered 1 for her.
    _, sent = server.submit("chloe", {"jeux.py": WRONG.read_bytes()})
    assert server.wait("chloe", sent["attempt"])["state"] == "done"
    assert (sent["attempt"], sent["number"]) == (3, 1)

    # The teacher: sign in, the class live, the gradebook.
    driver.get(server.url + "/teacher")
    driver.find_element(By.ID, "password").send_keys(server.password)
    driver.find_element(By.ID, "login").click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#class tbody tr[data-student='alice']"))
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
    page_shot(driver, "teacher-dashboard")
    assert_accessible(driver)
    alice.find_element(By.TAG_NAME, "a").click()
    rows = driver.find_elements(By.CSS_SELECTOR, "#student-attempts tbody tr")
    assert len(rows) == 2 and "3/3" in rows[0].text and wrong in rows[1].text
    assert [r.find_element(By.TAG_NAME, "td").text for r in rows] == ["2", "1"]  # her own numbers
    page_shot(driver, "teacher-student")

    driver.get(server.url + "/teacher")
    link = server.url + driver.find_element(By.ID, "gradebook").get_attribute("formaction").split(server.url)[-1]
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


@pytest.fixture(scope="module")
def marking(tmp_path_factory):
    """A class of two whose barème gives the written questions no points (the default): Élise's copy
    graded, Bruno's too."""
    server = Server(tmp_path_factory.mktemp("marking"), [("elise", "Élise Dupré-Lefèvre"), ("bruno", "Bruno Petit")])
    for student in ("elise", "bruno"):
        _, sent = server.submit(student, {"jeux.py": RIGHT.read_bytes()})
        assert server.wait(student, sent["attempt"])["state"] == "done"
    yield server
    server.stop()


def _sign_in(driver, server) -> None:
    from selenium.webdriver.common.by import By

    driver.get(server.url + "/teacher")
    driver.find_element(By.ID, "password").send_keys(server.password)
    driver.find_element(By.ID, "login").click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#class tbody tr[data-student='elise']"))


def _download(driver, server, path: str) -> bytes:
    cookie = driver.get_cookie("grader_teacher")
    request = urllib.request.Request(server.url + path, headers={"Cookie": f"grader_teacher={cookie['value']}"})
    return urllib.request.urlopen(request, timeout=120).read()


def _set(driver, element_id: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.ID, element_id)
    field.clear()
    field.send_keys(text)


def test_the_teacher_gives_written_points_and_marks_from_the_dashboard(browser, marking):  # noqa: F811
    """Written points set in the dashboard (stored, no file, no restart), a refused paste kept with its
    problems said by line and in the dashboard's words, then the marks saved; the gradebook leaves the
    grade of the student still to be marked blank, unless "count them as 0" is chosen."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver = browser
    _sign_in(driver, marking)
    assert driver.find_element(By.ID, "marks-no-points").is_displayed()  # nothing to mark yet: said how
    assert "« Points des questions rédigées »" in driver.find_element(By.ID, "marks-no-points").text

    # Points refused (not a number): the typed values stay, nothing changes.
    _set(driver, "points-q13", "beaucoup")
    driver.find_element(By.ID, "points-save").click()
    problems = driver.find_element(By.ID, "points-problems").text
    assert "Points refusés pour q13 : chaque question prend un nombre de 0 à 1000" in problems
    assert driver.find_element(By.ID, "points-q13").get_attribute("value") == "beaucoup"
    page_shot(driver, "teacher-points-refused")
    assert_accessible(driver)

    _set(driver, "points-q13", "4")
    _set(driver, "points-q2", "1,5")
    driver.find_element(By.ID, "points-save").click()
    wait_until(driver, lambda d: d.current_url.endswith("#written"))
    assert driver.find_element(By.ID, "points-q13").get_attribute("value") == "4"
    assert driver.find_element(By.ID, "points-q2").get_attribute("value") == "1,5"
    assert not driver.find_elements(By.ID, "marks-no-points")
    assert "q2 = 0.75" in driver.find_element(By.ID, "marks-example").text  # the example follows the points
    # The class table has the written questions as columns; every grade waits for them.
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#class tbody tr[data-student='elise'] .score-q13"))
    elise = driver.find_element(By.CSS_SELECTOR, "#class tbody tr[data-student='elise']")
    assert "à noter : q2, q13" in elise.find_element(By.CSS_SELECTOR, ".total").text
    assert "Élise Dupré-Lefèvre" in driver.find_element(By.ID, "marks-waiting").text

    # A refused paste: the text stays in the box, each problem said by line, in the dashboard's terms.
    typed = "etudiant;q13;commentaire\nelise;5;Très clair\nzoe;1;\n"
    Select(driver.find_element(By.ID, "marks-kind")).select_by_value("csv")
    _set(driver, "marks-text", typed)
    driver.find_element(By.ID, "marks-save").click()
    said = driver.find_element(By.ID, "marks-problems").text
    assert "notes saisies : 2 problèmes, rien n'a été gardé" in said
    assert "ligne 2 : q13 : 5 dépasse 4 points, le maximum du barème" in said
    assert "ligne 3 : élève inconnu « zoe »" in said
    assert "notes.csv" not in said and "--scheme" not in said and "--marks" not in driver.page_source
    assert driver.find_element(By.ID, "marks-text").get_attribute("value") == typed
    assert Select(driver.find_element(By.ID, "marks-kind")).first_selected_option.get_attribute("value") == "csv"
    page_shot(driver, "teacher-marks-refused")
    assert_accessible(driver)

    # Corrected in place and saved: Élise's grade is final, Bruno's still waits.
    _set(driver, "marks-text", "etudiant;q2;q13;commentaire\nelise;1,5;3;Très clair\n")
    driver.find_element(By.ID, "marks-save").click()
    wait_until(driver, lambda d: d.current_url.endswith("#marks"))
    assert not driver.find_elements(By.ID, "marks-problems")
    assert "1 élève attend encore une note : q2, q13 : Bruno Petit" in driver.find_element(By.ID, "marks-waiting").text

    # Lowering q13 below a mark saved is refused, the mark named.
    _set(driver, "points-q13", "2")
    driver.find_element(By.ID, "points-save").click()
    said = driver.find_element(By.ID, "points-problems").text
    assert "des notes déjà enregistrées les dépasseraient" in said and "ligne 2 : q13 : 3 dépasse 2 points" in said
    driver.get(marking.url + "/teacher")
    wait_until(
        driver,
        lambda d: "à noter" in d.find_element(By.CSS_SELECTOR, "#class tbody tr[data-student='bruno'] .total").text,
    )
    page_shot(driver, "teacher-marks")
    assert_accessible(driver)

    # The gradebook: Élise 3 (q1, q4) + 1,5 + 3 on 8,5; Bruno's grade left blank, or his q2 and q13 at 0.
    blank = marking.folder / "blank.csv"
    blank.write_bytes(_download(driver, marking, "/teacher/gradebook.csv"))
    rows = spreadsheet_table(blank, "Identifiant")
    assert rows["elise"]["Total"] == 7.5 and rows["elise"]["Maximum"] == 8.5 and rows["elise"]["q13"] == 3
    assert (
        rows["bruno"]["Total"] == ""
        and rows["bruno"]["Note sur 20"] == ""
        and rows["bruno"]["Statut"] == "à noter : q2, q13"
    )
    # What the download form sends with "les compter 0" chosen.
    Select(driver.find_element(By.ID, "unmarked")).select_by_value("zero")
    assert driver.find_element(By.ID, "gradebook").get_attribute("formaction").endswith("/teacher/gradebook.csv")
    assert (
        driver.execute_script(
            "return new URLSearchParams(new FormData(document.getElementById('downloads'))).get('unmarked')"
        )
        == "zero"
    )
    zero = marking.folder / "zero.csv"
    zero.write_bytes(_download(driver, marking, "/teacher/gradebook.csv?unmarked=zero"))
    rows = spreadsheet_table(zero, "Identifiant")
    assert rows["bruno"]["Total"] == 3 and rows["bruno"]["q13"] == 0 and rows["bruno"]["Statut"] == "corrigé"
