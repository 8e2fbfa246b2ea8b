"""The search replay on the service's live page: a student sends a wrong IDA* (its next bound is the
last p + h seen), the verdict arrives without reloading, and the attempt's report in its frame shows the
replay with its drawing; in French and in English, nothing loaded from the network, no WCAG 2.1 A/AA
violation. Screenshots go to tests/artifacts/ as the service's other browser test does."""

from __future__ import annotations

import pytest

from tests.service_harness import ROOT, Server, require_service_extra
from tests.test_reports_browser import ARTIFACTS, assert_accessible, browser  # noqa: F401 - the shared Chromium fixture
from tests.test_service_browser import send_attempt, attempt_verdict, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]
require_service_extra()

WRONG = ROOT / "tests" / "submissions" / "jeux" / "idastar_dernier_f.py"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("service"), ["alice"], questions=("q10",))
    yield server
    server.stop()


def page_shot(driver, name: str, height: int) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    driver.set_window_size(1280, height)
    driver.save_screenshot(str(ARTIFACTS / f"replay-service-{name}.png"))
    driver.set_window_size(1280, 900)


def test_the_live_page_shows_the_replay_of_the_attempt(browser, server):  # noqa: F811 - pytest's fixture
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(server.links["alice"])
    send_attempt(driver, WRONG, 1)
    attempt_verdict(driver, 1)
    wait_until(driver, lambda d: d.find_element(By.ID, "report").get_attribute("src").endswith("/1/report?lang=fr"))
    frame = driver.find_element(By.ID, "report")
    driver.execute_script("arguments[0].style.height = '2600px'", frame)  # the whole report in the screenshot
    driver.switch_to.frame(frame)
    replay = wait_until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#q10 section.replay"))
    assert (
        "Premier écart : votre code, appel n° 13 : suivants(e5) ; l'algorithme, appel n° 13 : final(e1)" in replay.text
    )
    assert replay.find_element(By.CSS_SELECTOR, ".replay-controls").is_displayed()  # its script runs in the frame
    assert len(replay.find_elements(By.CSS_SELECTOR, "svg .node")) == 14
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert_accessible(driver)
    driver.switch_to.default_content()
    page_shot(driver, "live-fr", 3200)
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe
    # The attempt's report in English, as the page's ?lang= asks.
    driver.get(frame.get_attribute("src").replace("lang=fr", "lang=en"))
    text = driver.find_element(By.CSS_SELECTOR, "#q10 section.replay").text
    assert "First divergence: your code, call #13: suivants(e5); the algorithm, call #13: final(e1)" in text
    assert "e5: p + h = 1 + 6 = 7 > m = 2, IDA* cuts it in this pass; your code expanded it" in text
    assert_accessible(driver)


@pytest.fixture(scope="module")
def x1_server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("service-x1"), ["alice"], questions=("x1",))
    yield server
    server.stop()


def test_the_live_page_shows_x1s_replay_beside_the_notebooks_ida_star(browser, x1_server):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(x1_server.links["alice"])
    send_attempt(driver, ROOT / "tests" / "submissions" / "recherche" / "search_visites.py", 1)
    attempt_verdict(driver, 1)
    wait_until(driver, lambda d: d.find_element(By.ID, "report").get_attribute("src").endswith("/1/report?lang=fr"))
    frame = driver.find_element(By.ID, "report")
    driver.execute_script("arguments[0].style.height = '2000px'", frame)
    driver.switch_to.frame(frame)
    replay = wait_until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#x1 section.replay"))
    assert (
        "Premier écart : votre code, appel n° 22 : next_states(0) ; l'algorithme, appel n° 22 : next_states(2)"
        in replay.text
    )
    assert "IDA* explore encore l'état 2, atteint cette fois par un autre chemin" in replay.text
    assert len(replay.find_elements(By.CSS_SELECTOR, "svg .node")) == 4
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert_accessible(driver)
    driver.switch_to.default_content()
    page_shot(driver, "x1-live-fr", 2600)
