"""The web service through its HTTP API, against a real `grader serve` (workers in the sandbox):
rate limit, supersede, idempotence, a worker killed mid-job, access control, uploads, configuration."""

from __future__ import annotations

import csv
import functools
import html
import http.client
import http.server
import io
import json
import os
import re
import signal
import socket
import stat
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile

import pytest

from tests.french import english_in, french_faults, page_text
from tests.service_harness import ROOT, Server, require_service_extra
from tests.test_attacks import as_root

require_service_extra()

from grader.cli import main  # noqa: E402
from grader.service import config as config_module  # noqa: E402
from grader.service.store import Store  # noqa: E402
from tests.importers import moodle_worksheet_import, spreadsheet_table  # noqa: E402

RIGHT = (ROOT / "reference" / "answers" / "jeux.py").read_bytes()
WRONG = (ROOT / "tests" / "submissions" / "jeux" / "bfs_plus_un.py").read_bytes()
STUDENTS = ["rate", "sup", "busy", "idem", "other", "upload", "reaped", "notebook", "spy", "live"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("service")
    (folder / "bareme.toml").write_text("[questions.q2]\npoints = 2\n", encoding="utf-8")  # a written question
    extra = (
        'scheme = "bareme.toml"\nmax_upload_kib = 64\nlease_seconds = 3\n'
        "[rate_limit]\nquestion_burst = 3\nquestion_per_hour = 0.01\n"
    )
    server = Server(folder, STUDENTS, extra=extra, questions=("q1", "q2", "q4"))
    yield server
    server.stop()


def _store(server) -> Store:
    return Store(f"sqlite:///{server.folder / 'data' / 'service.db'}")


def _get(url: str, headers: dict | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_rate_limit_per_question_shows_the_budget(server):
    for expected in (2, 1, 0):
        status, answer = server.submit("rate", {"jeux.py": WRONG + f"\n# {expected}\n".encode()})
        assert status == 202, answer
        status, page = _get(f"{server.url}/s/{server.token('rate')}/attempts.json")
        assert json.loads(page)["budget"]["questions"] == {"q1": expected, "q4": expected}
    status, answer = server.submit("rate", {"jeux.py": WRONG})
    assert status == 429 and "q1, q4" in answer["error"] and "réessayez" in answer["error"]
    status, answer = server.submit("rate", {"jeux.py": WRONG}, lang="en")
    assert status == 429 and "try again" in answer["error"]
    assert len(_store(server).attempts_of("rate")) == 3  # refused attempts are not stored


@pytest.mark.slow
def test_newer_submission_supersedes_a_queued_one(server):
    status, busy = server.submit("busy", {"jeux.py": RIGHT + b"\n# keeps the only worker busy\n"})
    assert status == 202
    _, first = server.submit("sup", {"jeux.py": WRONG + b"\n# first\n"})
    _, second = server.submit("sup", {"jeux.py": RIGHT + b"\n# second\n"})
    assert server.wait("sup", second["attempt"])["score"] == 3
    old = server.wait("sup", first["attempt"])
    assert old["state"] == "superseded" and "remplacé" in old["label"]
    assert _store(server).attempt(first["attempt"]).deliveries == 0  # never graded


@pytest.mark.slow
def test_same_content_is_graded_once(server):
    _, first = server.submit("idem", {"jeux.py": WRONG + b"\n# idem\n"})
    done = server.wait("idem", first["attempt"])
    # Sent again, in the other language: results hold keys, so the same grading serves both.
    _, again = server.submit("idem", {"jeux.py": WRONG + b"\n# idem\n"}, lang="en")
    assert server.wait("idem", again["attempt"])["result"] == done["result"]
    store = _store(server)
    one, two = store.attempt(first["attempt"]), store.attempt(again["attempt"])
    assert two.lang == "en" and one.result_key == two.result_key and store.graded_count(one.result_key) == 1
    # A duplicate delivery of a finished job (the queue said it twice) changes nothing.
    from grader.service.tasks import Service

    Service(config_module.load(server.config)).enqueue(first["attempt"])
    time.sleep(2)
    after = store.attempt(first["attempt"])
    assert (after.state, after.finished, after.deliveries) == ("done", one.finished, one.deliveries)
    assert store.graded_count(one.result_key) == 1


@pytest.mark.slow
def test_a_worker_killed_mid_job_is_replaced_and_the_job_requeued(server):
    _, sent = server.submit("reaped", {"jeux.py": RIGHT + b"\n# reaped\n"})
    store = _store(server)
    deadline = time.monotonic() + 60
    while (row := store.attempt(sent["attempt"])).state != "running":
        assert time.monotonic() < deadline and row.state == "queued", row.state
        time.sleep(0.02)
    # The student's page says which question is being graded (q2 is written: not counted).
    assert re.fullmatch(
        r"correction : question [12] sur 2 \(q[14]\)", server.attempt("reaped", sent["attempt"])["label"]
    )
    os.kill(row.worker_pid, signal.SIGKILL)
    view = server.wait("reaped", sent["attempt"])
    assert view["state"] == "done" and view["score"] == 3
    row = store.attempt(sent["attempt"])
    assert row.deliveries == 2 and row.worker_pid != 0
    assert store.graded_count(row.result_key) == 1


@pytest.mark.slow
def test_a_class_configured_with_replay_shows_a_passed_search_on_the_attempts_page(tmp_path):
    server = Server(tmp_path, ["ana"], questions=("q10",), extra="replay = 2")
    try:
        _, sent = server.submit(
            "ana", {"jeux.py": (ROOT / "exercises" / "exemples" / "alice" / "jeux.py").read_bytes()}
        )
        assert server.wait("ana", sent["attempt"])["score"] == 3
        status, page = _get(f"{server.url}/s/{server.token('ana')}/attempts/{sent['attempt']}/report")
        # the second of q10's replayed games (the crafted ones, then the drawn ones): as many parts as q10 replays
        parts = re.search(r"\(partie 2 sur (\d+)\)", page)
        assert status == 200 and "<strong>Aucun écart</strong>" in page and parts and int(parts[1]) > 2, page[-3000:]
    finally:
        server.stop()


@pytest.mark.slow
def test_the_attempts_page_shows_q17s_dfs_step_by_step(tmp_path):
    """A dfs that never prunes: the attempt's report shows, for each failed check, the state its dfs
    expanded past the bound (grader/questions/taquin/diagnosis.py), in the reader's language."""
    server = Server(tmp_path, ["eva"], questions=("q17",))
    try:
        source = (ROOT / "tests" / "submissions" / "taquin" / "dfs_sans_elagage.py").read_bytes()
        _, sent = server.submit("eva", {"taquin.py": source})
        assert server.wait("eva", sent["attempt"])["score"] == 0
        report = f"{server.url}/s/{server.token('eva')}/attempts/{sent['attempt']}/report"
        for lang, said in (
            ("fr", "DFS* n'explore pas cet état : p + h = "),
            ("en", "DFS* does not explore this state"),
        ):
            status, page = _get(f"{report}?lang={lang}")
            assert status == 200 and page.count('<section class="search">') == 3
            assert html.unescape(page).count(said) == 3 and 'class="player"' in page
    finally:
        server.stop()


@pytest.mark.slow
def test_students_see_only_their_own(server):
    _, sent = server.submit("other", {"jeux.py": WRONG + b"\n# other\n"})
    server.wait("other", sent["attempt"])
    status, _ = server.api(f"/api/attempts/{sent['attempt']}", "upload")
    assert status == 404
    status, _ = _get(f"{server.url}/s/{server.token('upload')}/attempts/{sent['attempt']}/report")
    assert status == 404
    status, _ = _get(f"{server.url}/s/{server.token('other')}/attempts/{sent['attempt']}/report")
    assert status == 200
    # Submitted in French, read in either language: the report follows its reader's ?lang=.
    for lang, heading, other in (("en", "Report for other", "Copie d"), ("fr", "Copie d&#39;other", "Report for")):
        status, page = _get(f"{server.url}/s/{server.token('other')}/attempts/{sent['attempt']}/report?lang={lang}")
        assert status == 200 and heading in page and other not in page
        assert ("bfs() returned" if lang == "en" else "bfs() a renvoyé") in page
    status, _ = _get(f"{server.url}/s/{server.token('other')[:-1]}x")
    assert status == 404
    # The seed and the model answers are never served, to anyone.
    for path in (
        f"/s/{server.token('other')}",
        f"/s/{server.token('other')}/attempts.json",
        f"/s/{server.token('other')}/attempts/{sent['attempt']}/report",
    ):
        status, text = _get(server.url + path)
        assert status == 200 and "918273645" not in text
    for path in ("/static/../../../reference/answers/jeux.py", "/static/%2e%2e/tasks.py", "/reference/answers/jeux.py"):
        status, text = _get(server.url + path)
        assert status == 404 and "def bfs" not in text


@pytest.mark.slow
def test_teacher_pages_need_a_session_and_forms_a_csrf_token(server):
    for path in ("/teacher/class.json", "/teacher/gradebook.csv", "/teacher/attempts/1/report"):
        assert _get(server.url + path)[0] == 403
    body = f"password={server.password}".encode()
    request = urllib.request.Request(server.url + "/teacher/login", data=body, method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 403  # the right password, but no CSRF token: refused
    # The teacher's forms: without a session, or in a session without the form's CSRF token, refused.
    opener, _ = signed_in_teacher(server)
    for path, form in (("/teacher/written-points", "points-q13=5"), ("/teacher/marks", "marks=&kind=toml")):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(server.url + path, data=form.encode()), timeout=30)
        assert refused.value.code == 403
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(server.url + path, data=form.encode(), timeout=30)
        assert refused.value.code == 403
    assert _get(server.url + "/teacher/exports.zip?unmarked=zero")[0] == 403


@pytest.mark.slow
def test_uploads_are_limited_and_archives_checked(server):
    status, _ = server.submit("upload", {"jeux.py": b"#" * (200 * 1024)})
    assert status == 413
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("jeux.py", b"#" * (30 * 1024 * 1024))  # 30 MiB inflated, a few KiB sent
    status, answer = server.submit("upload", {"copie.zip": bomb.getvalue()})
    assert status == 400 and "illisible" in answer["error"]
    status, answer = server.submit("upload", {"notes.txt": b"hello"})
    assert status == 400 and ".py, .zip" in answer["error"]
    # Past the form's limits (Starlette refuses them in English, as text): the student's language, as JSON.
    status, answer = server.submit("upload", {f"f{i}.py": b"x = 1\n" for i in range(11)})
    assert (status, answer) == (
        400,
        {"error": "envoi refusé : au plus 10 fichiers, de 64 Kio chacun (plus de fichiers : envoyez un .zip)"},
    )
    status, answer = server.api("/api/submit?lang=en", "upload", b"not multipart", "multipart/form-data; boundary=x")
    assert status == 400 and answer["error"].startswith("submission refused: at most 10 files")
    assert _store(server).attempts_of("upload") == []


def _config(tmp_path, text: str):
    path = tmp_path / "class.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_two_attempt_seeds_do_not_give_the_class_seed_away(tmp_path):
    """Red team 7: attempt seeds were HMAC keyed by the typed seed's text, so a student searched it from
    two of their own attempts (a date: 0.2 s), then knew the seed of any content before sending it. The
    key is now the service's own secret, in its 0600 database; another process of the service (a worker)
    gets the same seeds, so an attempt's seed, which its pages show, still replays its grading."""
    import hashlib
    import hmac
    from types import SimpleNamespace

    from grader.service.tasks import Service

    class_seed = 20170101
    config = config_module.load(_config(tmp_path, f'name = "c"\nstudents = ["a"]\nseed = {class_seed}\n'))
    attempts = [
        SimpleNamespace(seed=None, content_hash=hashlib.sha256(bytes([n])).hexdigest(), scheme="") for n in (1, 2)
    ]
    shown = [Service(config).settings("fr", attempt).seed for attempt in attempts]

    def typed_key_seed(candidate: int, content_hash: str) -> int:  # the formula the student knew
        digest = hmac.new(str(candidate).encode(), content_hash.encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:4], "big") >> 1

    candidates = [class_seed + delta for delta in range(-500, 500)]
    assert not [c for c in candidates if all(typed_key_seed(c, a.content_hash) == s for a, s in zip(attempts, shown))]
    key = Store(config.database).setting("seed_key")
    assert key is not None and len(key) >= 40  # 32 random bytes
    assert stat.S_IMODE(os.stat(config.data / "service.db").st_mode) == 0o600
    assert [Service(config).settings("fr", attempt).seed for attempt in attempts] == shown
    regraded = SimpleNamespace(seed=77, content_hash=attempts[0].content_hash, scheme="")
    assert Service(config).settings("fr", regraded).seed != shown[0]


@pytest.mark.parametrize(
    "text, words",
    [
        ('name = "c"\nstudents = ["a"]\nseed = 1\ncolour = "blue"\n', ("inconnue", "colour")),
        ('name = "c"\nstudents = ["a"]\n', ("graine",)),
        ('name = "c"\nstudents = ["a"]\nseed = 1\nworkers = 0\n', ("workers",)),
        ('name = "c"\nstudents = ["a"]\nseed = 1\n[rate_limit]\nburst = 3\n', ("rate_limit.burst",)),
        ('name = "c"\nstudents = ["a", "a"]\nseed = 1\n', ("students",)),
        ('name = "c"\nseed = 1\n', ("roster",)),
        ('name = "c"\nstudents = ["a"]\nseed = 1\ndeadline = 2026-06-01T23:59:00\n', ("deadline",)),
        ('name = "c"\nstudents = ["a"]\nseed = 1\nquestions = ["q99"]\n', ("q99",)),
        ('name = "c"\nstudents = ["a"]\nseed = 1\nreplay = 4\n', ("replay : 4", "de 1 à 3")),
        ('name = "c"\nstudents = ["a"]\nseed = 1\nquestions = ["q1"]\nreplay = 1\n', ("replay", "classe (q1)")),
        ('name = "c"\nstudents = ["a"]\nseed = 1\nreplay = 0\n', ("replay",)),
        ("name = \n", ("illisible",)),
        # Its data folder where a file is (this very file): said at start, not as a traceback.
        ('name = "c"\nstudents = ["a"]\nseed = 1\ndata = "class.toml/data"\n', ("impossible d'écrire", "class.toml")),
    ],
)
def test_bad_configuration_exits_2_with_a_message(tmp_path, capsys, text, words):
    assert main(["serve", str(_config(tmp_path, text)), "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and all(word in err for word in words), err
    assert not (tmp_path / "service-data" / "links.csv").exists()


def test_an_address_taken_or_impossible_is_said_before_anything_starts(tmp_path, capsys):
    config = _config(tmp_path, 'name = "c"\nstudents = ["a"]\nseed = 1\nworkers = 1\n')
    taken = socket.create_server(("127.0.0.1", 0))
    port = taken.getsockname()[1]
    try:
        for argv, said in (
            (["--port", str(port)], f"impossible d'écouter sur 127.0.0.1:{port} ([Errno 98] Address already in use"),
            (["--port", "70000"], "impossible d'écouter sur 127.0.0.1:70000"),
            (["--host", "999.0.0.1"], "impossible d'écouter sur 999.0.0.1:8000"),
        ):
            assert main(["serve", str(config), "--host", "127.0.0.1", *argv]) == 2
            err = capsys.readouterr().err
            assert said in err and "Traceback" not in err, err
    finally:
        taken.close()
    assert not (tmp_path / "service-data" / "links.csv").exists()  # no link handed out for a service not started


def test_bad_configuration_in_english(tmp_path, capsys):
    path = _config(tmp_path, 'name = "c"\nstudents = ["a"]\nseed = 1\ncolour = "blue"\n')
    assert main(["serve", str(path), "--lang", "en"]) == 2
    assert "unknown key: colour" in capsys.readouterr().err


def test_submit_refuses_a_bad_token_or_an_unreachable_service(tmp_path, capsys):
    path = tmp_path / "jeux.py"
    path.write_bytes(WRONG)
    assert main(["submit", str(path), "--url", "http://127.0.0.1:9", "--token", "a\r\nb"]) == 2
    assert "jeton invalide" in capsys.readouterr().err
    assert main(["submit", str(path), "--url", "http://127.0.0.1:9", "--token", "abc", "--lang", "en"]) == 2
    assert "unreachable" in capsys.readouterr().err
    for url in ("http://[::1", "ftp://127.0.0.1:9", "127.0.0.1:8000", "http://"):
        assert main(["submit", str(path), "--url", url, "--token", "abc"]) == 2
        err = capsys.readouterr().err
        assert f"--url {url} : donnez l'adresse du service en http://" in err and "Traceback" not in err


def test_submit_to_a_server_that_is_not_the_service_says_so(tmp_path, capsys):
    """Some other web server at the address (a typo, a school portal): its answers are not the service's."""

    class NotTheService(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(202)
            self.end_headers()
            self.wfile.write(b"<html>portail</html>")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), NotTheService)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    path = tmp_path / "jeux.py"
    path.write_bytes(WRONG)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        assert main(["submit", str(path), "--url", url, "--token", "abc"]) == 2
    finally:
        server.shutdown()
    err = capsys.readouterr().err
    assert f"{url} a répondu, mais pas comme le service de dépôt" in err and "Traceback" not in err


def signed_in_teacher(server):
    """A signed-in teacher: an opener keeping the session cookie, and the CSRF token of their forms."""
    import http.cookiejar

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    page = opener.open(server.url + "/teacher/login", timeout=30).read().decode()
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"csrf": token, "password": server.password}).encode()
    page = opener.open(server.url + "/teacher/login", data=body, timeout=30).read().decode()
    return opener, re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_a_class_list_gives_ids_and_the_names_pages_show(tmp_path):
    listed = 'name = "c"\nseed = 1\nstudents = ["bob", { id = "sean", name = "Seán O\'Brien" }]\n'
    config = config_module.load(_config(tmp_path, listed))
    assert config.students == ["bob", "sean"] and config.name_of("sean") == "Seán O'Brien"
    assert main(["serve", str(_config(tmp_path, 'name = "c"\nseed = 1\nstudents = [{ nom = "x" }]\n'))]) == 2


@pytest.mark.slow
def test_pages_name_students_as_the_class_list_spells_them(tmp_path, capsys):
    server = Server(tmp_path, ["alice", ("elise", "Élise Dupré-Lefèvre")])
    try:
        assert "<h1>Dépôts d&#39;Élise Dupré-Lefèvre</h1>" in _get(server.links["elise"])[1]  # "d'" before a vowel
        with (server.folder / "data" / "links.csv").open(encoding="utf-8-sig") as handle:  # names to hand out
            assert [(r["student"], r["name"]) for r in csv.DictReader(handle)] == [
                ("alice", "alice"),
                ("elise", "Élise Dupré-Lefèvre"),
            ]
        opener, _ = signed_in_teacher(server)
        data = json.loads(opener.open(server.url + "/teacher/class.json", timeout=30).read())
        assert {row["student"]: row["name"] for row in data["students"]} == {
            "alice": "alice",
            "elise": "Élise Dupré-Lefèvre",
        }
        assert data["missing"] == ["alice", "Élise Dupré-Lefèvre"]
        detail = opener.open(server.url + "/teacher/students/elise", timeout=30).read().decode()
        assert "<h1>" in detail and "Élise Dupré-Lefèvre" in detail.split("<h1>", 1)[1].split("</h1>", 1)[0]
        dashboard = opener.open(server.url + "/teacher", timeout=30).read().decode()
        for page in (dashboard, detail, _get(server.links["elise"])[1], json.dumps(data, ensure_ascii=False)):
            assert english_in(page) == []  # a French page says nothing in English
        # Alice's attempt is the class's first; Élise's own first attempt is her n°1, not the class's n°2.
        _, sent = server.submit("alice", {"jeux.py": WRONG})
        stub = tmp_path / "jeux.py"
        stub.write_bytes(WRONG)
        assert main(["submit", str(stub), "--url", server.url, "--token", server.token("elise")]) == 1
        assert "tentative n°1 déposée" in capsys.readouterr().out
        elise = json.loads(_get(server.links["elise"] + "/attempts.json")[1])["attempts"]
        assert [(a["id"], a["number"]) for a in elise] == [(sent["attempt"] + 1, 1)]
        # The student's pages as a French reader sees them: no English, no "(s)", "d'" before a vowel.
        report = _get(server.links["elise"] + f"/attempts/{elise[0]['id']}/report")[1]
        for page in (_get(server.links["elise"])[1], report):
            assert french_faults(page_text(page)) == []
        assert "bac à sable" in report and "rlimits" not in page_text(report).split("Détails techniques")[0]
    finally:
        server.stop()


@pytest.mark.slow
def test_regrade_with_a_new_bareme_shows_old_and_new_scores(server):

    _, sent = server.submit("other", {"jeux.py": RIGHT + b"\n# regraded\n"})
    server.wait("other", sent["attempt"])
    opener, token = signed_in_teacher(server)
    scheme = "[questions.q4]\npoints = 4\n"
    body = urllib.parse.urlencode({"csrf": token, "seed": "77", "scheme": scheme}).encode()
    response = opener.open(server.url + "/teacher/regrade", data=body, timeout=30)
    page_url = response.geturl()
    assert re.search(r"/teacher/regrades/\d+", page_url)
    deadline = time.monotonic() + 240
    while 'data-waiting="0"' not in (page := opener.open(page_url, timeout=30).read().decode()):
        assert time.monotonic() < deadline
        time.sleep(1)
    row = re.search(r'<tr data-student="other">(.*?)</tr>', page, re.S).group(1)
    assert "3/3" in row and "5/5" in row and "q4 : 2/2 → 4/4" in row
    # The class's own scores are unchanged, and a bad barème is refused with its message.
    assert server.attempt("other", sent["attempt"])["score"] == 3
    body = urllib.parse.urlencode({"csrf": token, "seed": "78", "scheme": "[questions.q99]\npoints = 1\n"}).encode()
    page = opener.open(server.url + "/teacher/regrade", data=body, timeout=30).read().decode()
    assert "q99" in page and 'id="error"' in page
    # Without the CSRF token, nothing is regraded.
    body = urllib.parse.urlencode({"seed": "79"}).encode()
    with pytest.raises(urllib.error.HTTPError) as refused:
        opener.open(server.url + "/teacher/regrade", data=body, timeout=30)
    assert refused.value.code == 403


@pytest.mark.slow
def test_teacher_renews_a_lost_link(server):

    opener, token = signed_in_teacher(server)
    old = server.token("idem")
    page = (
        opener.open(
            f"{server.url}/teacher/students/idem", data=urllib.parse.urlencode({"csrf": token}).encode(), timeout=30
        )
        .read()
        .decode()
    )
    link = re.search(r"<code>(http://[^<]+)</code>", page).group(1)
    assert _get(f"{server.url}/s/{old}")[0] == 404
    assert _get(link)[0] == 200 and "idem" in _get(link)[1]
    server.links["idem"] = link
    with pytest.raises(urllib.error.HTTPError) as refused:  # no CSRF token: no new link
        opener.open(f"{server.url}/teacher/students/idem", data=b"csrf=forged", timeout=30)
    assert refused.value.code == 403
    assert _get(link)[0] == 200


@pytest.mark.slow
@pytest.mark.parametrize("late", ["refuse", "accept"])
def test_deadline_and_late_policy(tmp_path, late):
    extra = f'deadline = 2020-01-01T00:00:00Z\nlate = "{late}"\n'
    server = Server(tmp_path, ["late"], extra=extra, env={**os.environ, "TZ": "Europe/Paris"})
    try:
        status, answer = server.submit("late", {"jeux.py": RIGHT})
        if late == "refuse":
            assert status == 403 and "date limite" in answer["error"]
            assert _store(server).attempts_of("late") == []
        else:
            assert status == 202
            view = server.wait("late", answer["attempt"])
            assert view["late"] is True and view["score"] == 3
        assert "01/01/2020 à 01:00 (CET)" in _get(server.links["late"])[1]  # the server's local time
    finally:
        server.stop()
    # Stopping the service (SIGTERM) stops its workers too: no process left on this class's folder.
    import subprocess

    time.sleep(0.5)
    left = [
        line
        for line in subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout.splitlines()
        if str(tmp_path) in line
    ]
    assert left == []


@pytest.mark.slow
def test_hand_marks_typed_in_the_dashboard_reach_the_gradebook(server):

    opener, token = signed_in_teacher(server)

    def post(text: str, kind: str = "toml") -> tuple[int, str]:
        body = urllib.parse.urlencode({"csrf": token, "marks": text, "kind": kind}).encode()
        try:
            with opener.open(server.url + "/teacher/marks", data=body, timeout=30) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    typed = "[idem]\nq2 = 3\n[nobody]\nq2 = 1\n"  # above the barème's 2 points, an unknown student
    status, page = post(typed)
    # Refused: the text typed is kept in the box, each problem said in the dashboard's words (no file,
    # no command-line flag).
    assert status == 400 and 'id="marks-problems"' in page and html.escape(typed, quote=False) in page
    assert "[idem] : q2 : 3 dépasse 2 points" in page and "[nobody] : élève inconnu « nobody »" in page
    assert "notes.toml" not in page and "--scheme" not in page and "/tmp" not in page
    # A written question the class's `questions` leave out, worth no points yet: where to give it some.
    status, page = post("[idem]\nq13 = 1\n")
    assert status == 400 and "q13 vaut 0 point au barème de la classe" in page
    assert "« Points des questions rédigées »" in page and "--scheme" not in page
    status, page = post("etudiant;q2;q2 commentaire\nidem;1,5;Preuve incomplète\nidem;2;\n", kind="csv")
    assert status == 400 and "ligne 3 : « idem » est déjà noté (ligne 2)" in page and "notes.csv" not in page
    status, page = post("etudiant;q2;q2 commentaire\nidem;1,5;Preuve incomplète\n", kind="csv")
    assert status == 200 and 'id="marks-problems"' not in page and "Preuve incomplète" in page  # kept, to edit
    gradebook = server.folder / "gradebook.csv"
    gradebook.write_bytes(opener.open(server.url + "/teacher/gradebook.csv", timeout=30).read())
    rows = spreadsheet_table(gradebook, "Identifiant")  # the batch command's grades.csv, French Excel's form
    assert rows["idem"]["q2"] == 1.5 and rows["rate"]["q2"] == ""  # not marked yet: empty


def test_the_readme_example_configuration_is_valid():
    from grader.intake import find_class

    config = config_module.load(ROOT / "exercises" / "classe-service.toml")
    sample = [entry.id for entry in find_class(ROOT / "exercises" / "exemples").entries]
    assert config.students == sample and config.workers == 2
    assert config.data == ROOT / "exercises" / "service-data"  # git-ignored


@pytest.mark.slow
def test_a_submission_cannot_read_the_class_seed_or_the_database(server):
    """A student's code runs in the workers' sandbox: the configuration (the seed) and the service's
    database (tokens, other students' results) are out of its reach, and nothing of them reaches a page."""
    targets = [
        str(server.config),
        str(server.folder / "data" / "service.db"),
        str(server.folder / "data" / "links.csv"),
    ]
    spy = (
        f"for _p in {targets!r}:\n"
        "    try:\n"
        "        print('READ', _p, open(_p, 'rb').read()[:4000])\n"
        "    except Exception as _e:\n"
        "        print('BLOCKED', type(_e).__name__)\n"
    ).encode()
    _, sent = server.submit("spy", {"jeux.py": spy + RIGHT + b"\n# spy\n"})
    view = server.wait("spy", sent["attempt"])
    text = json.dumps(view)
    assert view["state"] == "done" and "BLOCKED" in text and "READ" not in text
    assert "918273645" not in text and server.token("spy") not in text
    status, page = _get(f"{server.url}/s/{server.token('spy')}/attempts/{sent['attempt']}/report")
    assert status == 200 and "BLOCKED" in page and "918273645" not in page


@pytest.mark.slow
def test_a_notebook_is_graded_like_its_code(server):
    import nbformat

    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# Mes réponses"),
            nbformat.v4.new_code_cell(RIGHT.decode("utf-8") + "\n# notebook\n"),
        ]
    )
    status, sent = server.submit("notebook", {"copie.ipynb": nbformat.writes(notebook).encode("utf-8")})
    assert status == 202, sent
    assert server.wait("notebook", sent["attempt"])["score"] == 3


class _From(urllib.request.HTTPHandler):
    """Requests from a given loopback address (127.0.0.0/8 is all ours): a student on another machine."""

    def __init__(self, address: str):
        super().__init__()
        self.address = address

    def http_open(self, req):
        return self.do_open(functools.partial(http.client.HTTPConnection, source_address=(self.address, 0)), req)


def _sign_in(server, password: str, lang: str = "fr", address: str = "127.0.0.1", jar=None) -> tuple[int, str]:
    """A sign-in as a browser does it (the form, then its post), from `address`, with the cookies of `jar`
    (a browser of its own when None)."""
    return _signing_in(server, lang, address, jar)(password)


def _signing_in(server, lang: str = "fr", address: str = "127.0.0.1", jar=None):
    """A browser at `address` that has opened the sign-in form: `post(password)` sends it."""
    import http.cookiejar

    jar = http.cookiejar.CookieJar() if jar is None else jar
    opener = urllib.request.build_opener(_From(address), urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(f"{server.url}/teacher/login?lang={lang}", timeout=30).read().decode()
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)

    def post(password: str) -> tuple[int, str]:
        body = urllib.parse.urlencode({"csrf": token, "password": password}).encode()
        try:
            with opener.open(f"{server.url}/teacher/login?lang={lang}", data=body, timeout=120) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    return post


@pytest.mark.slow
def test_no_wrong_passwords_from_other_addresses_or_browsers_hold_the_teachers_right_one_back(tmp_path):
    """Issue 32's attack: students send wrong passwords from twelve addresses, five each (sixty), then
    keep going, all at once, while the teacher signs in from a browser that never signed in, at a new
    address and at one of theirs (a classroom behind one router), and from her usual browser: her right
    password is accepted every time; theirs are all refused, in the page's language."""
    import http.cookiejar

    server = Server(tmp_path, ["solo"])
    try:
        students = [f"127.0.3.{n}" for n in range(1, 13)]
        for address in students:
            post = _signing_in(server, address=address)
            for _ in range(5):
                status, page = post("devine")
                assert status == 403 and "mot de passe incorrect" in page
        status, page = _sign_in(server, "devine", "en", students[0])
        assert status == 403 and "wrong password" in page
        usual = http.cookiejar.CookieJar()
        status, page = _sign_in(server, server.password, address="127.0.4.1", jar=usual)
        assert status == 200 and "Tableau de bord" in page  # a browser that never signed in, a new address

        stop, refused = threading.Event(), []

        def keep_guessing(address: str) -> None:
            post = _signing_in(server, address=address)
            while not stop.is_set():
                refused.append(post("devine")[0])

        guessers = [threading.Thread(target=keep_guessing, args=(a,)) for a in students]
        for guesser in guessers:
            guesser.start()
        try:
            while len(refused) < len(students):  # every guesser at work
                time.sleep(0.05)
            for address, jar in (("127.0.4.2", None), (students[3], None), (students[5], usual)):
                status, page = _sign_in(server, server.password, address=address, jar=jar)
                assert status == 200 and "Tableau de bord" in page, address
        finally:
            stop.set()
            for guesser in guessers:
                guesser.join()
        assert refused and set(refused) == {403}
    finally:
        server.stop()


def sse_events(stream):
    """The JSON of each `data:` event of a Server-Sent Events stream, and the other events' names."""
    event, data = "message", []
    for raw in stream:
        line = raw.decode("utf-8").rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif not line and data:
            yield event, json.loads("\n".join(data))
            event, data = "message", []


@pytest.mark.slow
def test_live_verdicts_are_pushed_as_server_sent_events(server):
    """The student's page gets each change of its attempts pushed (queued, grading, done with the score)
    on one open stream, without asking again; the JSON is the one the page draws."""
    with urllib.request.urlopen(server.links["live"] + "/events?lang=en", timeout=120) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        events = sse_events(stream)
        name, first = next(events)
        assert name == "message" and first["attempts"] == [] and first["budget"]["student"] >= 1
        # An import that takes a second and a half: each question's grading stays visible between two
        # pushes (on an idle machine a plain answer went from queued to done between two of them).
        slow_import = b"\nimport time\n\ntime.sleep(1.5)\n"
        _, answer = server.submit("live", {"jeux.py": RIGHT + slow_import})
        seen = []
        for _, view in events:
            latest = view["attempts"][0]
            assert latest["id"] == answer["attempt"]
            seen.append(latest["state"])
            if latest["state"] == "done":
                break
    assert latest["score"] == 3 and f"/attempts/{answer['attempt']}/report" in latest["report"]
    assert seen[0] in ("queued", "running") and "running" in seen  # the progress was pushed too


@pytest.mark.slow
def test_events_need_the_students_link_or_the_teachers_session(server):
    assert _get(f"{server.url}/s/{'x' * 43}/events")[0] == 404
    assert _get(f"{server.url}/teacher/events")[0] == 403


@pytest.mark.slow
@as_root
def test_the_service_runs_as_an_ordinary_account(teacher_python):
    """`grader serve` started by an ordinary teacher (no root, Debian's python3): it grades in the
    sandbox the account can build (a user namespace), and everything it writes is the account's."""
    uid, folder, python = teacher_python
    base = folder / "service"
    base.mkdir()
    os.chown(base, uid, uid)
    as_teacher = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--", str(python)]
    server = Server(
        base, ["ordinaire"], python=as_teacher, cwd=folder / "src", env={"PATH": "/usr/bin:/bin", "HOME": str(base)}
    )
    try:
        _, wrong = server.submit("ordinaire", {"jeux.py": WRONG})
        assert server.wait("ordinaire", wrong["attempt"])["score"] < 3
        _, right = server.submit("ordinaire", {"jeux.py": RIGHT})
        assert server.wait("ordinaire", right["attempt"])["score"] == 3
        owners = {path.stat().st_uid for path in (base / "data").rglob("*")}
        assert owners == {uid}
        assert (base / "data" / "teacher-password.txt").stat().st_mode & 0o777 == 0o600
        assert os.stat(f"/proc/{server.process.pid}").st_uid == uid
    finally:
        server.stop()


MOODLE_WORKSHEET = (
    "Identifiant,Nom complet,Adresse de courriel,Statut,Note,Note maximale,La note peut être modifiée,"
    "Dernière modification (travail remis),Dernière modification (note),Feedback par commentaires\n"
    'Participant1001,Élodie Lefèvre,elodie@lycee.fr,Remis pour évaluation,,"20,00",Oui,-,-,\n'
    'Participant1002,Zoé N\'Diaye,zoe@lycee.fr,Aucun travail remis,,"20,00",Oui,-,-,\n'
)


@pytest.mark.slow
def test_a_moodle_worksheet_roster_goes_back_to_moodle_filled(tmp_path):
    """The class's roster is Moodle's grading worksheet, the barème the default one: the students are
    the worksheet's (names and participant ids), the dashboard's hand-marks example is accepted as it
    is, the export zip holds that worksheet filled (Élodie's grade, Zoé blank: nothing handed in), and
    the service's data are its account's alone."""
    import zipfile

    server = Server(tmp_path, [], roster=MOODLE_WORKSHEET, questions=("q1",))
    try:
        assert set(server.links) == {"elodie-lefevre_1001", "zoe-n-diaye_1002"}
        data = server.folder / "data"
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        for name in ("service.db", "queue.db"):
            assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name
        _, sent = server.submit("elodie-lefevre_1001", {"jeux.py": RIGHT})
        assert server.wait("elodie-lefevre_1001", sent["attempt"])["state"] == "done"
        opener, token = signed_in_teacher(server)
        page = opener.open(server.url + "/teacher", timeout=30).read().decode()
        example = html.unescape(re.search(r'<pre id="marks-example">(.*?)</pre>', page, re.S).group(1))
        assert "elodie-lefevre_1001" in example and 'id="marks-no-points"' in page  # no written question has points
        body = urllib.parse.urlencode({"csrf": token, "marks": example, "kind": "toml"}).encode()
        page = opener.open(server.url + "/teacher/marks", data=body, timeout=30).read().decode()
        assert 'id="error"' not in page  # the page's own example, accepted
        archive = tmp_path / "exports.zip"
        archive.write_bytes(opener.open(server.url + "/teacher/exports.zip", timeout=60).read())
        with zipfile.ZipFile(archive) as zf:
            worksheet = tmp_path / "moodle.csv"
            worksheet.write_bytes(zf.read("exports/moodle-feuille-de-notes.csv"))
        recorded = moodle_worksheet_import(worksheet, "fr", {"1001", "1002"}, maximum=20)
        assert set(recorded) == {"1001"} and recorded["1001"].grade == 20  # q1 right: full marks
        assert "Bon travail" in recorded["1001"].feedback
    finally:
        server.stop()


def test_the_links_file_holds_no_formula():
    """links.csv is opened in a spreadsheet to hand the links out: a student id is never run."""
    from grader.service.serve import csv_line

    assert csv_line(['=HYPERLINK("http://evil")', "http://127.0.0.1/s/x"]).startswith("\"'=HYPERLINK(")
    assert csv_line(["alice", "http://127.0.0.1/s/x"]) == "alice,http://127.0.0.1/s/x\r\n"


def test_the_service_and_grader_grade_run_the_one_job_function():
    """An attempt, a class's student in the pool or on a worker: one function grades them all (the test
    below checks that their results agree), and neither road grades a submission another way."""
    import inspect

    from grader.run import executor, jobs
    from grader.service import tasks

    assert tasks.grade_entry is executor.grade_entry is jobs.grade_entry
    assert all("grade_submission" not in inspect.getsource(module) for module in (tasks, executor))


@pytest.mark.slow
def test_the_service_grades_an_attempt_as_grader_grade_grades_that_student(tmp_path):
    """The same files, the same barème and seed: an attempt's result is `grader grade`'s for that student,
    question by question and in total, partial copies included (a question whose module the copy lacks
    is missing, 0 of its points, out of the whole barème: a copy answering only jeux.py got 8.6/10 in the
    service, exported 17.2/20, where `grader grade` gave 8.6/20); and the class's gradebook says it too."""
    from grader.registry import all_questions

    partial_taquin = (ROOT / "tests" / "submissions" / "taquin" / "partiel.py").read_bytes()
    copies = {"jeuxseul": {"jeux.py": WRONG}, "taquinpartiel": {"taquin.py": partial_taquin}}
    qids = [q.id for q in all_questions() if not q.manual]
    folder = tmp_path / "service"
    folder.mkdir()
    (folder / "bareme.toml").write_text("[questions.q4]\npoints = 4\n", encoding="utf-8")
    server = Server(folder, list(copies), questions=tuple(qids), extra='scheme = "bareme.toml"\n')
    try:
        views = {}
        for student, files in copies.items():
            status, sent = server.submit(student, files)
            assert status == 202, sent
            views[student] = server.wait(student, sent["attempt"], timeout=600)
            assert views[student]["state"] == "done", views[student]
        opener, _ = signed_in_teacher(server)
        gradebook = tmp_path / "gradebook.csv"
        gradebook.write_bytes(opener.open(server.url + "/teacher/gradebook.csv", timeout=30).read())
    finally:
        server.stop()
    classe = tmp_path / "classe"
    for student, files in copies.items():
        for name, data in files.items():
            (classe / student).mkdir(parents=True, exist_ok=True)
            (classe / student / name).write_bytes(data)
    out = tmp_path / "out"
    seed = re.search(r"seed = (\d+)", server.config.read_text()).group(1)
    assert main(["grade", str(classe), "--out", str(out), "--seed", seed, "--scheme", str(folder / "bareme.toml")]) in (
        0,
        1,
    )
    batch = {s["id"]: s for s in json.loads((out / "results.json").read_text(encoding="utf-8"))["submissions"]}
    rows = spreadsheet_table(gradebook, "Identifiant")
    for student, view in views.items():
        graded = batch[student]
        assert (view["score"], view["max"]) == (round(graded["total"], 2), graded["max"]) and view[
            "max"
        ] == 22  # the whole barème (q4 on 4)
        shown = [(q["id"], float(q["score"].replace(",", ".")), float(q["max"])) for q in view["questions"]]
        assert shown == [(q["id"], round(q["score"], 2), q["max"]) for q in graded["questions"]]
        assert 0 < view["score"] < view["max"]
        assert rows[student]["Total"] == pytest.approx(view["score"]), rows[student]


def test_an_older_links_file_gets_the_names_beside_its_links():
    """links.csv written before the names (`id,url`, no header) is rewritten on start with the header and
    each student's name, links unchanged; a file already in today's shape is left as it is."""
    from grader.service.serve import links_with_names

    names = {"alice": "Alice Martin", "zoe": "Zoé"}
    older = "alice,http://h/s/a\r\nzoe,http://h/s/b\r\n"
    upgraded = links_with_names(older, names.__getitem__)
    rows = list(csv.reader(io.StringIO(upgraded.lstrip("\ufeff"))))
    assert upgraded.startswith("\ufeff") and rows[0] == ["student", "name", "url"]
    assert rows[1] == ["alice", "Alice Martin", "http://h/s/a"] and rows[2] == ["zoe", "Zoé", "http://h/s/b"]
    assert links_with_names(upgraded.lstrip("\ufeff"), names.__getitem__) == upgraded.lstrip("\ufeff")
