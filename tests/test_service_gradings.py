"""Views read what the run recorded: an attempt graded through a real `grader serve` shows, on its page
and on the feedback sheet exported from the dashboard, the seed, date and isolation its worker recorded
when it graded it (not the day the page is read, nor "graine 0"); and rendering those views in the web
process starts no process (no confined child started to describe a sandbox)."""

from __future__ import annotations

import html
import io
import subprocess
import time
import zipfile
from datetime import datetime

import pytest

from tests.no_child import no_child
from tests.service_harness import ROOT, Server, require_service_extra
from tests.test_service import signed_in_teacher

require_service_extra()

from grader.service import config as config_module  # noqa: E402
from grader.service.store import Store  # noqa: E402

CLASS_SEED = 918273645  # tests/service_harness.py's
SOURCE = (ROOT / "tests" / "submissions" / "jeux" / "bfs_plus_un.py").read_bytes()


def _request(app, path: str, path_params: dict, session: dict):
    from starlette.requests import Request

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "query_string": b"",
        "headers": [],
        "path_params": path_params,
        "app": app,
        "session": session,
    }
    return Request(scope)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.slow
def test_an_attempts_page_and_its_feedback_sheet_show_the_grading_its_worker_recorded(tmp_path):
    from grader.results.records import isolation_text
    from grader.service.tasks import attempt_seed
    from grader.text.i18n import local_time

    server = Server(tmp_path, ["ines"], questions=("q1", "q4"))
    try:
        before = time.time()
        _, sent = server.submit("ines", {"jeux.py": SOURCE})
        assert server.wait("ines", sent["attempt"])["state"] == "done"
        after = time.time()
        store = Store(f"sqlite:///{server.folder / 'data' / 'service.db'}")
        row = store.attempt(sent["attempt"])
        header = store.header(row.result_key)
        seed = attempt_seed(store.secret("seed_key"), CLASS_SEED, row.content_hash)
        assert header["seed"] == seed != CLASS_SEED
        assert before - 1 <= datetime.fromisoformat(header["date"]).timestamp() <= after + 1
        isolation = isolation_text(header["limits"], "fr")
        assert isolation  # the worker's sandbox, layer by layer

        import urllib.request

        url = f"{server.url}/s/{server.token('ines')}/attempts/{sent['attempt']}/report"
        page = html.unescape(urllib.request.urlopen(url, timeout=30).read().decode())
        assert f'<dd class="mono">{seed}</dd>' in page and str(CLASS_SEED) not in page
        assert local_time(header["date"], "fr") in page and isolation in page

        archive = zipfile.ZipFile(
            io.BytesIO(signed_in_teacher(server)[0].open(server.url + "/teacher/exports.zip").read())
        )
        sheets = [name for name in archive.namelist() if name.endswith(".pdf") and "ines" in name]
        assert sheets, archive.namelist()
        for name in sheets:
            pdf = tmp_path / "sheet.pdf"
            pdf.write_bytes(archive.read(name))
            text = _flat(
                subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            )
            assert f"graine {seed}" in text and "graine 0" not in text and str(CLASS_SEED) not in text
            assert header["date"][:10] in text and _flat(isolation) in text

        # The same views rendered in this process, as the web process renders them: none starts a
        # process (no sandbox started to describe itself, nothing graded).
        from grader.sandbox import process
        from grader.service.routes import attempts, exports
        from grader.service.tasks import Service
        from grader.service.web import create_app

        app = create_app(Service(config_module.load(server.config)))
        teacher = {"teacher": store.setting("session_epoch")}
        params = {"attempt": str(sent["attempt"]), "token": server.token("ines")}
        with pytest.MonkeyPatch.context() as patch, no_child("a service view started a process ({what})"):
            patch.setattr(process, "VERIFIED", {})  # nothing this test process verified stands in
            shown = attempts.student_report(_request(app, "/s/report", params, {}))
            assert shown.status_code == 200 and f'<dd class="mono">{seed}</dd>' in html.unescape(shown.body.decode())
            assert attempts.teacher_report(_request(app, "/teacher/report", params, teacher)).status_code == 200
            assert exports.exports(_request(app, "/teacher/exports.zip", {}, teacher)).status_code == 200
    finally:
        server.stop()
