"""Hand marks on the report pages, in headless Chromium: the written questions are columns of the
class table (marked, or "à noter"), they sort as numbers, and the student page shows the teacher's
comments as text. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import pytest

from grader.cli import main
from grader.results.records import write_json
from reports.render import file_names
from tests.unit.test_exports import marks_file, sample_run
from tests.test_reports_browser import assert_clean, open_page, screenshot, browser, shots  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def _rows(browser):  # noqa: F811 - the fixture
    """The class table's rows by student id, found by the page each links to (the links show names)."""
    from selenium.webdriver.common.by import By

    ids = [s.id for s in sample_run().submissions]
    by_page = dict(zip(file_names(ids), ids))
    links = browser.find_elements(By.CSS_SELECTOR, "#grades tbody tr td.name a")
    return {by_page[a.get_attribute("href").rsplit("/", 1)[1]]: a.find_element(By.XPATH, "../..") for a in links}


def _class_page(browser, tmp_path, marks: str):  # noqa: F811 - the fixture
    """The test class exported with `marks`, its class page open; its folder, and its rows by id."""
    out = tmp_path / "rapport"
    out.mkdir()
    write_json(out / "results.json", sample_run())
    assert main(["export", str(out), "--marks", str(marks_file(tmp_path, marks)), "--format", "stats"]) == 0
    open_page(browser, out / "index.html")
    rows = _rows(browser)
    return out, rows


def test_marks_on_the_class_and_student_pages(browser, shots, tmp_path):  # noqa: F811 - fixtures
    from selenium.webdriver.common.by import By

    marks = "etudiant;q2;q2 commentaire;q13\nalice;1,5;<b>Preuve</b> incomplète;3\nbob;0;;1\n"
    out, rows = _class_page(browser, tmp_path, marks)
    headers = [h.text.split("\n")[0] for h in browser.find_elements(By.CSS_SELECTOR, "#grades thead th")]
    column = headers.index("q13")
    cells = {name: row.find_elements(By.CSS_SELECTOR, "td")[column] for name, row in rows.items()}
    assert cells["alice"].text == "3" and "st-passed" in cells["alice"].get_attribute("class")
    assert cells["bob"].text == "1" and "st-partial" in cells["bob"].get_attribute("class")
    assert "st-ungraded" in cells["index"].get_attribute("class")  # not marked yet
    assert cells["dylan"].text == "" and "st-" not in cells["dylan"].get_attribute("class")  # not submitted
    browser.find_elements(By.CSS_SELECTOR, "#grades th button.sort")[column].click()
    screenshot(browser, shots, "class-with-marks")
    assert_clean(browser)
    open_page(browser, out / "alice.html")
    comment = browser.find_element(By.CSS_SELECTOR, "#q2 .teacher-comment")
    assert "<b>Preuve</b> incomplète" in comment.text  # the teacher's text, shown as written
    assert comment.find_elements(By.TAG_NAME, "b") == []  # the teacher's markup is text, not markup
    screenshot(browser, shots, "student-with-marks", selector="#q2")
    assert_clean(browser)


def test_absentees_and_decimal_commas_on_the_class_page(browser, shots, tmp_path):  # noqa: F811 - fixtures
    """Dylan handed nothing in: a grey "non rendu" badge, no score, counted apart in the heading; the
    marks and totals written with a decimal comma."""
    from selenium.webdriver.common.by import By

    out = tmp_path / "rapport"
    out.mkdir()
    write_json(out / "results.json", sample_run())
    marks = marks_file(tmp_path, "etudiant;q2;q13\nalice;1,5;2,5\n")
    assert main(["export", str(out), "--marks", str(marks), "--format", "stats"]) == 0
    open_page(browser, out / "index.html")
    assert "1 non rendu" in browser.find_element(By.CSS_SELECTOR, "header.top").text
    rows = _rows(browser)
    assert rows["dylan"].find_element(By.CSS_SELECTOR, "td.name a").text == "Dylan Roux"  # as the LMS spells it
    badge = rows["dylan"].find_element(By.CSS_SELECTOR, ".badge.sub-apart")
    assert badge.text == "non rendu" and badge.value_of_css_property("background-color") == "rgba(91, 100, 117, 1)"
    assert rows["dylan"].find_element(By.CSS_SELECTOR, "td.total").text == "—"
    cells = [c.text for c in rows["alice"].find_elements(By.TAG_NAME, "td")]
    assert "1,5" in cells and "2,5" in cells and not any("." in c for c in cells[1:])
    screenshot(browser, shots, "class-absentees")
    assert_clean(browser)
