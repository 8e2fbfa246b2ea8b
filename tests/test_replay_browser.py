"""The search replay in a real headless Chromium: a class graded from wrong submissions (tests/submissions/
jeux/), its class page counting the algorithms recognised and linking a replay per group, and a student's
page with the replay side by side, its drawing by depth and its step buttons; in French and in English,
nothing loaded from the network, no WCAG 2.1 A/AA violation. Screenshots are copied to tests/artifacts/
(git-ignored) as the other browser tests do."""

from __future__ import annotations

from pathlib import Path

import pytest
from grading import grade_file, submission_path

from grader.results.records import Run, SubmissionResult
from reports.render import file_names, render_class
from reports.replay import view
from tests.grading import check
from tests.report_fixtures import LIMITS, SCHEME
from tests.test_reports_browser import assert_clean, open_page, screenshot, browser, shots  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
SIDES = ("student", "expected")

# Each copy: its files per question (reference/answers/jeux.py passes all three, reference/answers/recherche.py x1; x1's
# files are tests/submissions/recherche/'s: a BFS fails x1's graphs, whose trace shows no call to heuristic).
COPIES = {
    "ana": {
        "q4": "bfs_profondeur.py",
        "q7": "ids_largeur.py",
        "q10": "idastar_dernier_f.py",
        "x1": "search_visites.py",
    },
    "basile": {
        "q4": "reference/answers/jeux.py",
        "q7": "ids_sans_reprise.py",
        "q10": "idastar_astar.py",
        "x1": "search_heuristique_inversee.py",
    },
    "chloe": {
        "q4": "bfs_iteree.py",
        "q7": "reference/answers/jeux.py",
        "q10": "idastar_sans_h.py",
        "x1": "search_largeur.py",
    },
    "dora": {
        "q4": "reference/answers/jeux.py",
        "q7": "reference/answers/jeux.py",
        "q10": "reference/answers/jeux.py",
        "x1": "reference/answers/recherche.py",
    },
}


def _run(lang: str) -> Run:
    submissions = []
    for name, files in COPIES.items():
        questions = [
            grade_file(submission_path("recherche" if qid == "x1" else "jeux", path), qid, lang)
            for qid, path in files.items()
        ]
        total = sum(q.score for q in questions)
        submissions.append(SubmissionResult(name, total, sum(q.max for q in questions), questions))
    return Run("0.1.0", 2017, lang, "2026-12-04T10:00:00+01:00", SCHEME, LIMITS, submissions)


@pytest.fixture(scope="module", params=["fr", "en"])
def replay_class(request, tmp_path_factory):
    lang = request.param
    run = _run(lang)
    index = render_class(run, tmp_path_factory.mktemp(f"replay-{lang}"))
    return lang, index, dict(zip((s.id for s in run.submissions), file_names([s.id for s in run.submissions])))


def test_the_class_page_counts_the_algorithms_recognised_and_links_a_replay(browser, replay_class, shots):  # noqa: F811
    from selenium.webdriver.common.by import By

    lang, index, names = replay_class
    open_page(browser, index)
    lists = browser.find_elements(By.CSS_SELECTOR, "ul.algorithms")
    assert len(lists) == 4  # q4, q7, q10, x1
    q4 = [li.text for li in lists[0].find_elements(By.TAG_NAME, "li")]
    asked, seen = ("demandé", "parcours en profondeur sans reprise") if lang == "fr" else ("requested", "depth-first")
    assert any(line.startswith(("parcours en largeur 2", "breadth-first search 2")) and asked in line for line in q4)
    assert any(seen in line for line in q4)
    links = [a.get_attribute("href") for a in lists[2].find_elements(By.TAG_NAME, "a")]
    assert len(links) == 3 and all(link.endswith("#q10") for link in links)  # A*, passes, DFS: one each
    x1 = [li.text for li in lists[3].find_elements(By.TAG_NAME, "li")]
    bfs, ida = ("parcours en largeur 1", "IDA* 1") if lang == "fr" else ("breadth-first search 1", "IDA* 1")
    # The BFS, the model answer (IDA* seen on the graphs: the one asked), two wrong IDA* read as passes.
    assert len(x1) == 3 and any(line.startswith(bfs) for line in x1), x1
    assert any(line.startswith(ida) and asked in line for line in x1), x1
    assert lists[3].find_element(By.TAG_NAME, "a").get_attribute("href").endswith("#x1")
    screenshot(browser, shots, f"replay-class-{lang}", selector="ul.algorithms")
    assert_clean(browser)
    lists[0].find_element(By.TAG_NAME, "a").click()
    assert browser.current_url.endswith(f"{names['ana']}#q4")


def test_the_student_page_replays_the_search_beside_the_algorithm(browser, replay_class, shots):  # noqa: F811
    from selenium.webdriver.common.by import By

    lang, index, names = replay_class
    open_page(browser, index.parent / names["ana"])
    replay = browser.find_element(By.CSS_SELECTOR, "#q10 section.replay")
    data = check(grade_file(submission_path("jeux", COPIES["ana"]["q10"]), "q10", lang), "algorithme").visual["replay"]
    shown = view(data, lang)
    # Each side marks its own call: the student expands e5 (p + h = 7 > m = 2), IDA* goes on to test e1.
    (mine,), (theirs,) = ([c for g in shown[side]["groups"] for c in g["calls"] if c["mark"]] for side in SIDES)
    assert (mine["text"], theirs["text"]) == ("suivants(e5)", "final(e1)")
    note = replay.find_element(By.CSS_SELECTOR, ".diverge-note").text
    assert note.startswith(shown["first"]) and shown["why"] in note
    student, expected = replay.find_elements(By.CSS_SELECTOR, ".replay-side")
    assert student.find_element(By.CSS_SELECTOR, "li.diverge").text == f"{mine['n']} suivants(e5)"
    assert expected.find_element(By.CSS_SELECTOR, "li.diverge").text == f"{theirs['n']} final(e1)"
    # The drawing: every state with its visit numbers, the one where the student's search parts marked.
    nodes = replay.find_elements(By.CSS_SELECTOR, "svg .node")
    assert len(nodes) == 14
    marked = replay.find_element(By.CSS_SELECTOR, "svg .node.diverge")
    assert marked.get_attribute("data-key") == '"e5"'
    # The step buttons walk both sides and the drawing, from the student's marked call.
    controls = replay.find_element(By.CSS_SELECTOR, ".replay-controls")
    assert controls.is_displayed() and controls.find_element(By.CSS_SELECTOR, ".k").text == str(mine["n"])
    controls.find_element(By.CSS_SELECTOR, "button[data-step=next]").click()
    step = mine["n"] + 1
    assert controls.find_element(By.CSS_SELECTOR, ".k").text == str(step)
    for side, shown_side in zip((student, expected), SIDES):
        text = next(c["text"] for g in shown[shown_side]["groups"] for c in g["calls"] if c["n"] == step)
        assert side.find_element(By.CSS_SELECTOR, "li.current").text == f"{step} {text}"
    assert replay.find_elements(By.CSS_SELECTOR, "svg .node.current-student")
    screenshot(browser, shots, f"replay-student-{lang}", selector="#q10 section.replay")
    screenshot(browser, shots, f"replay-student-{lang}-full")
    assert_clean(browser)


def test_x1s_replay_beside_the_notebooks_ida_star(browser, replay_class, shots):  # noqa: F811
    from selenium.webdriver.common.by import By

    lang, index, names = replay_class
    open_page(browser, index.parent / names["ana"])
    replay = browser.find_element(By.CSS_SELECTOR, "#x1 section.replay")
    note = replay.find_element(By.CSS_SELECTOR, ".diverge-note").text
    if lang == "fr":
        assert "IDA* explore encore l'état 2" in note and "; l'algorithme, appel n° 22 : next_states(2)" in note
    else:
        assert "IDA* explores state 2 again" in note and "; the algorithm, call #22: next_states(2)" in note
    student, expected = replay.find_elements(By.CSS_SELECTOR, ".replay-side")
    # Each side marks its own call: the student restarts where IDA* explores 2 again, from 0.
    assert student.find_element(By.CSS_SELECTOR, "li.diverge").text == "22 next_states(0)"
    assert expected.find_element(By.CSS_SELECTOR, "li.diverge").text == "22 next_states(2)"
    labels = [e.text for e in expected.find_elements(By.CSS_SELECTOR, ".glabel")]
    assert [label.split(" (")[0] for label in labels] == [
        f"{'parcours' if lang == 'fr' else 'pass'} m = {m}" for m in (0, 1, 2)
    ]
    nodes = replay.find_elements(By.CSS_SELECTOR, "svg .node")
    assert len(nodes) == 4  # crafted graph 1: 0 -> 1, 2; 1 -> 2; 2 -> 3
    screenshot(browser, shots, f"replay-x1-{lang}", selector="#x1 section.replay")
    assert_clean(browser)


def test_without_script_the_replay_reads_the_same_and_hides_its_buttons(browser, replay_class):  # noqa: F811
    from selenium.webdriver.common.by import By

    lang, index, names = replay_class
    html = (index.parent / names["ana"]).read_text(encoding="utf-8")
    # The lists, the marks and the drawing are in the page as written; only the buttons need the script.
    assert html.count('class="diverge"') == 8 and html.count('<svg class="graph bylevel"') == 4
    assert 'class="controls replay-controls" hidden' in html
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, index.parent / names["ana"])
        controls = browser.find_element(By.CSS_SELECTOR, "#q4 .replay-controls")
        assert not controls.is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, "#q4 svg.bylevel").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_q18s_passes_beside_the_model_answers(browser, tmp_path, shots):  # noqa: F811
    from selenium.webdriver.common.by import By

    from reports.render import render_student

    skips = submission_path("taquin", "tests/variants/taquin/wrong/taquin_saute_une_borne.py")
    result = grade_file(skips, "q18")
    sub = SubmissionResult("eva", result.score, result.max, [result])
    page = tmp_path / "eva.html"
    render_student(Run("0.1.0", 2017, "fr", "2026-12-04T10:00:00+01:00", SCHEME, LIMITS, [sub]), sub, page)
    open_page(browser, page)
    table = browser.find_element(By.CSS_SELECTOR, "#q18 table.passes-table")
    first = table.find_element(By.CSS_SELECTOR, "tr.first")
    assert first.find_element(By.TAG_NAME, "th").text == "7" and first.find_element(By.TAG_NAME, "mark")
    screenshot(browser, shots, "replay-q18-passes-fr", selector="#q18 section.passes")
    assert_clean(browser)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_q17s_dfs_step_by_step_shows_the_pruned_state_it_expanded(browser, tmp_path, shots, lang):  # noqa: F811
    """A dfs that never prunes (tests/submissions/taquin/dfs_sans_elagage.py): each failed check shows the
    state its dfs expanded although p + h > m, with the moves from the call's start to it to step through."""
    from selenium.webdriver.common.by import By

    from reports.render import render_student

    result = grade_file(submission_path("taquin", "dfs_sans_elagage.py"), "q17", lang)
    sub = SubmissionResult("faustine", result.score, result.max, [result])
    page = tmp_path / f"faustine-{lang}.html"
    render_student(Run("0.1.0", 2017, lang, "2026-12-04T10:00:00+01:00", SCHEME, LIMITS, [sub]), sub, page)
    open_page(browser, page)
    sections = browser.find_elements(By.CSS_SELECTOR, "#q17 section.search")
    assert len(sections) == 3  # one per failed check; none for chaine_eleve, which repeats the first
    # The first check whose call went down some moves before leaving DFS* (a call's own start past its bound,
    # length 0, shows the board with nothing to step through): the state and the moves to it.
    drawn = [c.visual["dfs"] for c in result.checks if c.visual and "dfs" in c.visual]
    k = next(i for i, record in enumerate(drawn) if record["length"] > 0)
    record, section = drawn[k], sections[k]
    p, h, m = record["p"], record["h"], record["m"]
    said = (
        f"DFS* n'explore pas cet état : p + h = {p} + {h} = {p + h} dépasse le seuil m = {m}"
        if lang == "fr"
        else f"DFS* does not explore this state: p + h = {p} + {h} = {p + h} exceeds the bound m = {m}"
    )
    assert said in section.find_element(By.CSS_SELECTOR, ".diverge-note").text
    state = section.find_element(By.CSS_SELECTOR, ".search-state .board")
    cells = [cell.text for cell in state.find_elements(By.CSS_SELECTOR, ".cell")]
    assert cells == ["" if v == 15 else str(v) for v in record["state"]]
    player = section.find_element(By.CSS_SELECTOR, ".player")
    player.find_element(By.CSS_SELECTOR, "button[data-step=last]").click()
    assert player.find_element(By.CSS_SELECTOR, ".k").text == str(record["length"]) != "0"
    assert [cell.text for cell in player.find_elements(By.CSS_SELECTOR, ".board .cell")] == cells
    assert player.find_element(By.CSS_SELECTOR, ".hval").text == str(h)
    browser.execute_script(f"document.querySelectorAll('#q17 section.search')[{k}].classList.add('shot')")
    screenshot(browser, shots, f"replay-q17-search-{lang}", selector="#q17 section.search.shot")
    screenshot(browser, shots, f"replay-q17-search-{lang}-full")
    assert_clean(browser)


def _page(tmp_path, name: str, lang: str, graded: list) -> Path:
    from reports.render import render_student

    sub = SubmissionResult(name, sum(r.score for r in graded), sum(r.max for r in graded), graded)
    page = tmp_path / f"{name}-{lang}.html"
    render_student(Run("0.1.0", 2017, lang, "2026-12-04T10:00:00+01:00", SCHEME, LIMITS, [sub]), sub, page)
    return page


def _replayed(family: str, name: str, qid: str, lang: str, replay: int | None = None):
    """One question's result as `grader check` grades it (with `--replay N` when asked)."""
    from grader.intake import load_submission
    from grader.judge.engine import grade_question
    from grader.judge.settings import Settings
    from tests.grading import QUESTIONS, SEED

    return grade_question(
        QUESTIONS[qid], load_submission(submission_path(family, name)), Settings(seed=SEED, lang=lang, replay=replay)
    )


# What each replay's sentence says, whichever game the grader replays: (what it may say, …).
SAID = {
    "fr": {
        "largeur": ("IDA* descend d'abord", "IDA* estime d'abord"),
        "large": ("IDA* l'explore ; votre code l'a coupé",),
        # x1's horizon + 1 now fails on the first crafted graph (a pass beyond IDA*'s bound): IDA* restarts.
        "horizon": (
            "IDA* le coupe dans ce parcours ; votre code l'a développé",
            "IDA* ne s'y arrête pas",
            "IDA* a exploré tout ce que permet le seuil",
        ),
    },
    "en": {
        "largeur": ("IDA* first goes down", "IDA* first estimates"),
        "large": ("IDA* explores it; your code cut it",),
        "horizon": (
            "IDA* cuts it in this pass; your code expanded it",
            "IDA* does not stop there",
            "IDA* has explored all the bound",
        ),
    },
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_replays_say_in_one_sentence_where_each_search_went_another_way(browser, tmp_path, shots, lang):  # noqa: F811
    """A breadth-first IDA*, an IDA* cutting at p + h >= m, an x1 whose horizon is the smallest p + h cut
    plus one, an explicit-stack IDS (correct: no divergence, five passes a side) and an IDS restarting from
    e0 as a BFS (passes, not one sweep): each side marks its own call, the sentence says it with its
    numbers, every state is drawn with its whole label."""
    from selenium.webdriver.common.by import By

    stack = "tests/variants/jeux/correct/ids_pile.py"
    gaspard = [
        _replayed("jeux", "tests/replay_variants/jeux/idastar_largeur.py", "q10", lang),
        _replayed("jeux", stack, "q7", lang, replay=1),
        # Failed on a graph of the grader's, or passed and replayed on its first graph: a divergence either way.
        _replayed("recherche", "tests/replay_variants/recherche/search_horizon_plus_un.py", "x1", lang, replay=1),
    ]
    hugo = [
        _replayed("jeux", "tests/replay_variants/jeux/idastar_seuil_large.py", "q10", lang),
        _replayed("jeux", "ids_largeur_initial.py", "q7", lang),
    ]
    for name, graded, sections in (
        ("gaspard", gaspard, {"q10": "largeur", "x1": "horizon", "q7": None}),
        ("hugo", hugo, {"q10": "large", "q7": "restart"}),
    ):
        open_page(browser, _page(tmp_path, name, lang, graded))
        for qid, kind in sections.items():
            replay = browser.find_element(By.CSS_SELECTOR, f"#{qid} section.replay")
            student, expected = replay.find_elements(By.CSS_SELECTOR, ".replay-side")
            if kind is None:  # the explicit-stack IDS: the algorithm's search, five passes on each side
                assert replay.find_elements(By.CSS_SELECTOR, ".same-note") and not replay.find_elements(
                    By.CSS_SELECTOR, "li.diverge"
                )
                assert len(student.find_elements(By.CSS_SELECTOR, ".replay-group")) == len(
                    expected.find_elements(By.CSS_SELECTOR, ".replay-group")
                )
            else:
                note = replay.find_element(By.CSS_SELECTOR, ".diverge-note").text
                mine = student.find_element(By.CSS_SELECTOR, "li.diverge").text
                theirs = expected.find_element(By.CSS_SELECTOR, "li.diverge").text
                assert mine.split(" ", 1)[1] in note and theirs.split(" ", 1)[1] in note  # each side's call, said
                if kind in SAID[lang]:
                    assert any(said in note for said in SAID[lang][kind]), note
                else:  # the IDS restarting from e0: its passes shown, not a single sweep
                    assert len(student.find_elements(By.CSS_SELECTOR, ".replay-group")) > 1
                labels = [g.text for g in student.find_elements(By.CSS_SELECTOR, ".glabel")]
                assert not any(" m = " in label for label in labels)  # what was seen, not a bound
            texts = [t.text for t in replay.find_elements(By.CSS_SELECTOR, "svg .node text:not(.visits)")]
            assert texts and all("…" not in t for t in texts)  # whole labels (or a key and its legend)
            browser.execute_script(
                f"document.querySelector('#{qid} section.replay').scrollIntoView({{block: 'start'}})"
            )
            screenshot(browser, shots, f"replay-{name}-{qid}-{lang}", selector=f"#{qid} section.replay")
        assert_clean(browser)
