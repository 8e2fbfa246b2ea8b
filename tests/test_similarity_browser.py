"""The similarity report opened in headless Chromium: both files side by side with shared fragments
marked, no console error, no request, and a submission's markup shown as text, never run. Screenshots
go to tests/artifacts/."""

from __future__ import annotations

import pytest

from grader.cli import main
from tests.test_reports_browser import assert_clean, open_page, screenshot, browser, shots  # noqa: F401 - fixtures
from tests.test_similarity import PAYLOAD, small_class  # noqa: F401 - fixture

pytestmark = pytest.mark.browser


def test_pairs_side_by_side_inert(browser, shots, small_class, tmp_path):  # noqa: F811 - fixtures
    from selenium.webdriver.common.by import By

    out = tmp_path / "similarite"
    assert main(["similarity", str(small_class), "--out", str(out)]) == 0
    open_page(browser, out / "index.html")
    rows = browser.find_elements(By.CSS_SELECTOR, "#module-jeux table.pairs tbody tr")
    assert rows and {c.text for c in rows[0].find_elements(By.CSS_SELECTOR, "td.name")} == {"bruno", "zoe"}
    screenshot(browser, shots, "similarity-index")
    assert_clean(browser)
    # The hostile submission's pair with the one it was built from.
    link = next(r for r in rows if "hostile" in r.text).find_element(By.CSS_SELECTOR, "a")
    link.click()
    sides = browser.find_elements(By.CSS_SELECTOR, ".side > div")
    assert len(sides) == 2
    left, right = sides  # side by side: the second column starts right of the first
    assert right.location["x"] > left.location["x"] + left.size["width"] // 2
    assert all(side.find_elements(By.CSS_SELECTOR, "mark.shared") for side in sides)
    code = " ".join(s.find_element(By.CSS_SELECTOR, "pre").text for s in sides)
    assert PAYLOAD in code  # shown as the student wrote it
    screenshot(browser, shots, "similarity-pair")
    assert_clean(browser)
