"""A passed check replayed on request (`--replay N`) in a real headless Chromium, in French: the student page
shows both searches side by side with no divergence marked, the drawing by depth and the step buttons; the
class page links the requested algorithm's group to that replay. Nothing loaded from the network, no WCAG
2.1 A/AA violation; screenshots copied to tests/artifacts/ (git-ignored) as the other browser tests do."""

from __future__ import annotations

import pytest
from grading import QUESTIONS, SEED

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.results.records import Run, SubmissionResult
from reports.render import file_names, render_class
from tests.report_fixtures import LIMITS, SCHEME
from tests.test_replay_on_request import CORRECT
from tests.test_reports_browser import assert_clean, open_page, screenshot, browser, shots  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def replayed(tmp_path_factory):
    settings = Settings(seed=SEED, replay=4)
    questions = [grade_question(QUESTIONS[qid], load_submission(CORRECT), settings) for qid in ("q4", "q10")]
    sub = SubmissionResult("alice", sum(q.score for q in questions), sum(q.max for q in questions), questions)
    run = Run("0.1.0", 2017, "fr", "2026-12-04T10:00:00+01:00", SCHEME, LIMITS, [sub], replay=4)
    index = render_class(run, tmp_path_factory.mktemp("replay-passed"))
    return index, index.parent / file_names(["alice"])[0]


def test_a_passed_idastar_replayed_shows_its_passes_beside_the_algorithms(browser, replayed, shots):  # noqa: F811
    from selenium.webdriver.common.by import By

    _, page = replayed
    open_page(browser, page)
    replay = browser.find_element(By.CSS_SELECTOR, "#q10 section.replay")
    assert replay.find_element(By.TAG_NAME, "h4").text.endswith(f"(partie 4 sur {QUESTIONS['q10'].replay_games()})")
    note = replay.find_element(By.CSS_SELECTOR, ".same-note").text
    assert note == "Aucun écart — même recherche que l'algorithme demandé, aux variantes permises près"
    assert not replay.find_elements(By.CSS_SELECTOR, "li.diverge, li.after, mark, svg .node.diverge")
    student, expected = replay.find_elements(By.CSS_SELECTOR, ".replay-side")
    labels = [e.text for e in expected.find_elements(By.CSS_SELECTOR, ".glabel")]
    assert [label.split(" (")[0] for label in labels] == [f"parcours m = {m}" for m in range(1, 6)]
    # The student's passes: what each was seen to do, the same as the algorithm's here.
    seen = [e.text for e in student.find_elements(By.CSS_SELECTOR, ".glabel")]
    assert seen == [label.replace(f"parcours m = {m} ", "parcours ") for m, label in zip(range(1, 6), labels)]
    assert len(student.find_elements(By.CSS_SELECTOR, ".replay-group")) == 5
    # The drawing: the initial state tested first on both sides.
    root = replay.find_element(By.CSS_SELECTOR, "svg .node.initial")
    assert root.find_element(By.CSS_SELECTOR, "text.visits").text == "1 · 1"
    # The step buttons start at the first call and walk both sides.
    controls = replay.find_element(By.CSS_SELECTOR, ".replay-controls")
    assert controls.is_displayed() and controls.find_element(By.CSS_SELECTOR, ".k").text == "1"
    controls.find_element(By.CSS_SELECTOR, "button[data-step=next]").click()
    assert student.find_element(By.CSS_SELECTOR, "li.current").text == "2 h(e0)"
    assert expected.find_element(By.CSS_SELECTOR, "li.current").text == "2 h(e0)"
    screenshot(browser, shots, "replay-passed-fr", selector="#q10 section.replay")
    screenshot(browser, shots, "replay-passed-fr-full")
    assert_clean(browser)


def test_the_class_page_links_the_requested_algorithm_to_a_replayed_copy(browser, replayed):  # noqa: F811
    from selenium.webdriver.common.by import By

    index, page = replayed
    open_page(browser, index)
    lists = browser.find_elements(By.CSS_SELECTOR, "ul.algorithms")
    assert [li.text for li in lists[1].find_elements(By.TAG_NAME, "li")] == [
        "IDA* 1 (demandé) — une copie rejouée (IDA*)"
    ]
    lists[1].find_element(By.TAG_NAME, "a").click()
    assert browser.current_url.endswith(f"{page.name}#q10")
    assert_clean(browser)
