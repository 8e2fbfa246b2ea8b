"""The HTML reports, checked by parsing what render_class writes (the browser tests open them)."""

from __future__ import annotations

import json
import re
import time
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from grader.text.i18n import everything

from grader.text.message import Message
from grader.results.records import Check, QuestionResult, Run, SubmissionResult
from reports import drawing, render
from reports.render import file_names, render_class, render_student
from reference import sliding
from tests.french import english_in
from tests.report_fixtures import (
    DETOUR,
    HOSTILE_ID,
    IMG_PAYLOAD,
    LIMITS,
    LONG_LENGTH,
    LONG_MOVES,
    LONG_START,
    OPTIMAL,
    PAYLOAD,
    PUZZLE_OPTIMAL,
    PUZZLE_START,
    START,
    perfect,
    build_run,
)


class Page(HTMLParser):
    """The parts of a page the tests look at: scripts, links, ids, text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.scripts: list[tuple[dict, str]] = []
        self.links: list[str] = []
        self.ids: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []
        self._script: dict | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if tag == "script":
            self._script = attrs
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if "id" in attrs:
            self.ids.append(attrs["id"])

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self.scripts.append((self._script, data))
        else:
            self.text.append(data)

    @property
    def body(self) -> str:
        return " ".join(" ".join(self.text).split())


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    run = build_run("fr")
    out = tmp_path_factory.mktemp("report")
    index = render_class(run, out)
    names = dict(zip((s.id for s in run.submissions), file_names([s.id for s in run.submissions])))
    return index, names


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_autoescape_is_on():
    assert render.environment("fr").autoescape is True


def test_files_and_links(report):
    index, names = report
    written = sorted(p.name for p in index.parent.iterdir())
    assert written == sorted([*names.values(), "index.html", "print.html"])
    page = Page(_read(index))
    student_links = [href for href in page.links if href not in ("print.html",)]
    assert sorted(student_links) == sorted(names.values())
    for href in student_links:
        assert (index.parent / href).is_file()
        assert "index.html" in Page(_read(index.parent / href)).links  # and back


def test_file_names_are_safe_distinct_and_stable():
    ids = [
        "alice",
        "Alice",
        "alice",
        "index",
        "INDEX",
        "con",
        "../../etc/passwd",
        "a/b",
        "a\\b",
        "é",
        "",
        ".hidden",
        "x" * 300,
        HOSTILE_ID,
        "chloé durand",
        "a b",
        "a_b",
    ]
    names = file_names(ids)
    assert names == file_names(ids)
    assert len({n.lower() for n in names}) == len(ids)
    for name in names:
        assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*\.html", name), name
        assert ".." not in name and len(name) < 100
        assert name.lower() not in ("index.html", "print.html")
    assert names[0] == "alice.html" and names[-1] == "a_b.html"


def test_no_markup_from_the_submission_survives(report):
    index, _ = report
    for path in index.parent.iterdir():
        html = _read(path)
        assert "<script>window" not in html and "</script><script>" not in html
        assert "<img src=x" not in html and "<b>clé</b>" not in html
        page = Page(html)
        assert "img" not in page.tags and "b" not in page.tags
        for attrs, content in page.scripts:
            # Only the report's own script, and JSON data that reads back as data.
            if attrs.get("type") == "application/json":
                json.loads(content)
            else:
                assert attrs == {} and content == render.SCRIPT


def test_hostile_values_are_shown_as_text(report):
    index, names = report
    body = Page(_read(index.parent / names[HOSTILE_ID])).body
    assert PAYLOAD in body and IMG_PAYLOAD in body and HOSTILE_ID in body
    data = [json.loads(c) for a, c in Page(_read(index.parent / names[HOSTILE_ID])).scripts if a]
    assert all(PAYLOAD not in d["moves"] for d in data)  # an illegal move is not played...
    assert f"({PAYLOAD})" in body  # ...but named in the explanation
    assert body.count(f"({PAYLOAD}) n'est pas un déplacement connu") == 2  # the taquin's and the puzzle's


def test_content_security_policy_allows_only_the_report_script(report):
    index, _ = report
    html = _read(index)
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    policy = dict(p.strip().split(" ", 1) for p in unescape(match.group(1)).split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == f"'sha256-{render.SCRIPT_HASH}'"  # no 'unsafe-inline' for scripts


def test_class_page_content(report):
    index, _ = report
    html = _read(index)
    page = Page(html)
    body = page.body
    for text in (
        "Résultats de la classe",
        "20170417",
        "0.1.0",
        "Mémoire 1 Gio",
        "Distribution des totaux",
        "Réussite par question",
        "Échecs les plus fréquents",
    ):
        assert text in body
    assert 'id="grades"' in html and html.count('<td class="st st-') == 6 * 7  # q1 q4 q7 q10 q18 x3 x4
    assert "st-timeout" in html and "st-memory" in html and "st-crashed" in html and "st-error" in html
    assert "bfs() a renvoyé 4, alors qu'une solution optimale est de profondeur 3" in body
    assert "1 élève — bfs() a renvoyé 4" in body
    assert "6 élèves" in body


def test_student_page_taquin_step_through(report):
    index, names = report
    page = Page(_read(index.parent / names["bob"]))
    players = [json.loads(c) for a, c in page.scripts if a.get("type") == "application/json"]
    student, optimal = [p for p in players if p["blank"] == 15]
    assert student["moves"] == DETOUR and optimal["moves"] == OPTIMAL
    assert student["states"][0] == list(START) and student["states"][-1] == list(range(16))
    assert len(student["states"]) == len(DETOUR) + 1 and student["h"][-1] == 0
    part = next(k for k, (a, b) in enumerate(zip(DETOUR, OPTIMAL)) if a != b) + 1
    assert f"au déplacement n° {part}" in page.body
    assert f"Vos déplacements ({len(DETOUR)})" in page.body
    assert "Une solution optimale (12)" in page.body
    assert "le déplacement le plus récent est en tête" in page.body  # the question's warning


def test_student_page_illegal_moves_output_and_warnings(report):
    index, names = report
    body = Page(_read(index.parent / names["chloé durand"])).body
    assert "Le déplacement n° 3 (Haut) est impossible" in body
    assert "SORTIE TRONQUÉE : 123456 octets" in body
    assert "NameError: name 'A' is not defined" in body
    assert "lu comme CP1252" in body  # the submission's warning
    for status in ("erreur", "mémoire dépassée", "plantage", "échoué"):
        assert status in body


def _players(html: str) -> list[dict]:
    return [json.loads(c) for a, c in Page(html).scripts if a.get("type") == "application/json"]


def test_puzzle_step_through_stops_at_an_unknown_operation(report):
    index, names = report
    html = _read(index.parent / names["chloé durand"])
    student, optimal = [p for p in _players(html) if p["blank"] == 0]
    goal = list(sliding.goal_state(3))
    assert student["goal"] == optimal["goal"] == goal
    assert student["moves"] == PUZZLE_OPTIMAL[:3]  # played up to the unknown "up", not beyond
    assert student["states"][0] == list(PUZZLE_START) and len(student["states"]) == 4
    assert optimal["moves"] == PUZZLE_OPTIMAL and optimal["states"][-1] == goal and optimal["h"][-1] == 0
    assert all(len(s) == 9 for s in optimal["states"])
    x3 = html[html.index('id="x3"') :]
    assert x3.count('<div class="board" style="--n: 3"') == 3 + 2  # start, reached, goal; two players
    assert '<li class="illegal">up</li>' in x3
    body = Page(x3).body
    assert "Le déplacement n° 4 (up) n'est pas un déplacement connu (Up, Down, Left, Right)" in body
    assert "le sens où se déplace la case vide" in body
    assert "Vos déplacements (8)" in body and "Une solution optimale (8)" in body
    assert "s'écartent de cette solution optimale au déplacement n° 4" in body
    # The exam's taquin on the same page keeps its own convention.
    assert "le sens où glisse la tuile" in Page(html).body


def test_puzzle_cut_by_the_grader_shows_its_length(report):
    index, names = report
    html = _read(index.parent / names["bob"])
    (student,) = [p for p in _players(html) if p["blank"] == 0]  # no optimal for a DFS
    assert student["moves"] == LONG_MOVES and len(student["states"]) == len(LONG_MOVES) + 1
    assert student["states"][0] == list(LONG_START) and len(student["goal"]) == 16
    x4 = html[html.index('id="x4"') :]
    assert x4.count('<div class="board" style="--n: 4"') == 3 + 1
    body = Page(x4).body
    assert f"Vos déplacements ({LONG_LENGTH})" in body
    assert f"… et {LONG_LENGTH - len(LONG_MOVES)} déplacements de plus, non affichés" in body
    assert f"État après les {len(LONG_MOVES)} premiers déplacements" in body
    assert "le but n'est pas atteint" not in body  # unknown: the rest of the moves is not there
    assert "…" not in student["moves"]
    assert 'class="apart"' not in x4  # no optimal list to part from


def test_puzzle_visuals_read_defensively():
    start = list(PUZZLE_START)
    # A "…" the student returned (the length says nothing was cut) is an unknown operation.
    own = drawing.visual({"type": "puzzle", "size": 3, "start": start, "moves": ["Down", "…"], "length": 2})
    assert own["student"]["broken"] == {"index": 2, "move": "…", "unknown": True}
    assert own["student"]["hidden"] == 0 and own["partial"] is None
    # A move off the board is impossible, not unknown.
    off = drawing.visual({"type": "puzzle", "size": 3, "start": start, "moves": ["Up"], "length": 1})
    assert off["student"]["broken"] == {"index": 1, "move": "Up", "unknown": False}
    assert drawing.visual({"type": "puzzle", "size": 3, "start": start, "moves": []})["has_optimal"] is False
    for bad in (
        {"type": "puzzle", "size": 4, "start": start},
        {"type": "puzzle", "size": 30, "start": start},
        {"type": "puzzle", "size": "3", "start": start},
        {"type": "puzzle", "start": start},
        {"type": "puzzle", "size": 3, "start": [15, *start[1:]]},
    ):
        assert drawing.visual(bad) is None


def test_game_drawn_when_small_and_listed_when_large(report):
    index, names = report
    html = _read(index.parent / names["bob"])
    svg = html[html.index('<svg class="graph"') :]
    svg = svg[: svg.index("</svg>")]
    assert svg.count('<g class="node') == 8
    assert svg.count("<path d=") == 9 + 1  # edges, and the arrowhead
    assert 'table class="adjacency"' in html
    adjacency = html[html.index('<table class="adjacency">') :]
    assert adjacency[: adjacency.index("</table>")].count("<tr>") == 20


def test_missing_and_manual_questions(tmp_path):
    sub = SubmissionResult(
        "eve",
        1,
        3,
        [
            QuestionResult("q2", "Preuve", 1, 2, "passed", manual=True),
            QuestionResult("q4", "bfs", 0, 1, "missing"),
            QuestionResult(
                "q18",
                "taquin",
                0,
                1,
                "failed",
                [
                    Check("x", "X", False, visual={"type": "taquin", "start": [1, 2, 3], "moves": ["Haut"]}),
                    Check("y", "Y", False, visual={"type": "game", "initial": [1], "finals": None, "edges": "bad"}),
                ],
            ),
        ],
    )
    run = Run("0.1.0", 1, "fr", "2024-06-01", {}, {}, [sub])
    path = render_student(run, sub, tmp_path / "eve.html")
    body = Page(_read(path)).body
    assert "corrigée à la main" in body and "absent" in body
    assert "Résultats de la classe" not in body  # no class to go back to
    render_class(Run("0.1.0", 1, "fr", "2024-06-01", {}, {}, []), tmp_path / "empty")
    assert "Aucune copie." in Page(_read(tmp_path / "empty" / "index.html")).body


def test_a_reason_shared_by_every_check_is_said_once(tmp_path):
    missing = "la soumission ne contient pas de fichier jeux.py"
    wrong = Message("engine.reply.error", {"detail": "faux"})
    sub = SubmissionResult(
        "ivan",
        0,
        3,
        [
            QuestionResult(
                "q4",
                "q4.title",
                0,
                2,
                "missing",
                [
                    Check(
                        name, f"q4.{name}", False, 0, 1, Message("engine.module_missing", {"module": "jeux"}), "missing"
                    )
                    for name in ("petits_jeux", "jeu1")
                ],
            ),
            QuestionResult(
                "q7",
                "q7.title",
                0,
                1,
                "failed",
                [
                    Check("petits_jeux", "q7.petits_jeux", False, 0, 0.5, wrong, "wrong", counterexample=[1]),
                    Check("jeu1", "q7.jeu1", False, 0, 0.5, wrong, "wrong", counterexample=[2]),
                ],
            ),
        ],
    )
    run = Run("0.1.0", 1, "fr", "2024-06-01", {}, {}, [sub])
    body = Page(_read(render_student(run, sub, tmp_path / "ivan.html"))).body
    assert body.count(missing) == 1 and "profondeur optimale sur de petits jeux finis" in body
    assert body.count("votre code a levé une exception : faux") == 2  # each check has its own counterexample


def test_english(tmp_path):
    index = render_class(build_run("en"), tmp_path)
    html = _read(index)
    assert '<html lang="en">' in html
    body = Page(html).body
    assert "Class results" in body and "Pass rate per question" in body and "Résultats" not in body
    bob = Page(_read(tmp_path / "bob.html")).body
    assert "Your moves" in bob and "Vos déplacements" not in bob and "Total: 6.5 / 12" in bob


def test_french_is_the_default_and_numbers_use_a_comma(report):
    index, names = report
    assert '<html lang="fr">' in _read(index)
    assert "Total : 6,5 / 12" in Page(_read(index.parent / names["bob"])).body


def test_every_report_string_exists_in_both_languages():
    used = set()
    for template in render.TEMPLATES.glob("*.html"):
        used |= set(re.findall(r"""_\(["'](report\.[a-z_.]*[a-z_])["']""", template.read_text(encoding="utf-8")))
    used |= {f"report.rate.{kind}" for kind in ("passed", "partial", "failed", "missing")}
    used |= {"report.students_one", "report.students_many", "report.illegal", "report.moves_tile", "report.moves_blank"}
    assert used <= set(everything())
    for key in used:
        assert set(everything()[key]) == {"fr", "en"}, key


@pytest.fixture
def paris(monkeypatch):
    """This machine's local time is Paris's (the grader records UTC)."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_names_as_the_lms_spells_them_ids_in_file_names_local_time_and_no_english(tmp_path, paris):
    # A Moodle download's student: the folder's name is the display name, the id is file-safe.
    elise = SubmissionResult(
        "elise-dupre-lefevre_1001", 2.5, 3, [perfect("q1", 1)], name="Élise Dupré-Lefèvre", participant="1001"
    )
    sean = SubmissionResult("sean-o-brien_1002", 1, 3, [perfect("q1", 1)], name="Seán O'Brien", participant="1002")
    limits = {
        **LIMITS,
        "fork_server": True,
        "stdio": False,
        "isolation": [
            Message("isolation.namespaces").to_dict(),
            Message("isolation.landlock_scoped", {"abi": 7}).to_dict(),
        ],
    }
    run = Run("0.1.0", 1, "fr", "2024-01-15T08:05:00+00:00", {}, limits, [elise, sean])
    index = render_class(run, tmp_path)
    page = Page(_read(index))
    assert "Élise Dupré-Lefèvre" in page.body and "Seán O'Brien" in page.body
    assert "elise-dupre-lefevre_1001" not in page.body and "sean-o-brien_1002" not in page.body
    assert {"elise-dupre-lefevre_1001.html", "sean-o-brien_1002.html"} <= set(page.links)
    assert "15/01/2024 à 09:05 (CET)" in page.body  # 08:05 UTC, in Paris's winter time
    student = _read(tmp_path / "elise-dupre-lefevre_1001.html")
    assert "<title>Copie d&#39;Élise Dupré-Lefèvre</title>" in student  # "de" elided before a vowel
    assert "Copie d'Élise Dupré-Lefèvre" in Page(student).body and "Total : 2,5 / 3" in Page(student).body
    for html in (page.body, Page(student).body):
        assert english_in(html) == []
        assert "espaces de noms PID, IPC, réseau et montage" in html and "fichiers, TCP, signaux" in html
        run_section = html[html.index("Paramètres de la correction") :]
        assert "True" not in run_section and "False" not in run_section and "oui" in run_section
    english = render_class(run, tmp_path / "en", lang="en")
    assert "2024-01-15 09:05 (CET)" in Page(_read(english)).body
    assert "PID, IPC, network and mount namespaces" in Page(_read(english)).body


def test_the_english_fragments_of_a_french_page_are_found(report):
    """The detector the French pages are checked with finds what it is meant to find."""
    index, _ = report
    assert english_in(Page(_read(index)).body) == []
    assert english_in("Isolation : rlimits, PID, IPC, network and mount namespaces") == [
        "PID, IPC, network and mount namespaces"
    ]


def test_templates_compiled_by_one_run_are_read_by_the_next(tmp_path, monkeypatch, fresh_process):
    """The reports' templates are compiled once per machine (kept in the grader's cache folder): a later
    process renders the same page without compiling them; a torn file is compiled again."""
    import jinja2

    from reports.render import environment as templates

    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    page = templates("fr").get_template("student.html")
    assert list((tmp_path / "templates").iterdir())
    fresh_process()  # another process: only the disk is shared

    def refused(*args, **kwargs):
        raise AssertionError("compiled again")

    with monkeypatch.context() as compiling:
        compiling.setattr(jinja2.Environment, "compile", refused)
        again = templates("en").get_template("student.html")
    assert again.root_render_func.__code__.co_code == page.root_render_func.__code__.co_code
    for stored in (tmp_path / "templates").iterdir():
        stored.write_bytes(b"torn")
    fresh_process()
    assert templates("fr").get_template("student.html")
