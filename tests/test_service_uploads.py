"""The service while a notebook bomb is uploaded (tests/attacks/notebook_bomb.py): the student's rate is
spent before anything they sent is read, the reading runs off the event loop (another request is answered
while it runs), and the bomb is refused, said, with nothing stored. The app runs in this process (uvicorn
in a thread) so that the reading can be held until the other request has its answer: an ordering, not a
time, is asserted."""

from __future__ import annotations

import csv
import threading
import time
import urllib.request

import pytest

from tests.service_harness import free_port, require_service_extra

require_service_extra()

from grader.service import config as config_module  # noqa: E402
from grader.service.client import multipart, request  # noqa: E402
from grader.service.routes import uploads  # noqa: E402
from grader.service.serve import prepare  # noqa: E402
from grader.service.tasks import Service  # noqa: E402
from grader.service.web import create_app  # noqa: E402
from tests.attacks.notebook_bomb import JEUX, M, notebook  # noqa: E402
from tests.test_lms_classes import zip_bytes  # noqa: E402

HELD_SECONDS = 20  # how long the reading waits for the other answer (under the client's 30 s)


@pytest.fixture
def running(tmp_path):
    """The service's app on a free port, its grading workers never started; yields (url, service, tokens)."""
    import uvicorn

    path = tmp_path / "class.toml"
    path.write_text(
        'name = "Classe"\nstudents = ["mallory", "alice"]\nseed = 1\nquestions = ["q1", "q4"]\n'
        'workers = 1\ndata = "data"\n',
        encoding="utf-8",
    )
    service = Service(config_module.load(path))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    _, links, _ = prepare(service, url)
    with links.open(newline="", encoding="utf-8-sig") as handle:
        tokens = {row["student"]: row["url"].rsplit("/s/", 1)[1] for row in csv.DictReader(handle)}
    server = uvicorn.Server(uvicorn.Config(create_app(service), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield url, service, tokens
    server.should_exit = True
    thread.join()


def test_a_bomb_is_read_off_the_event_loop_after_its_students_rate_is_spent(running, monkeypatch):
    url, service, tokens = running
    small = notebook(M)  # the bomb's small.zip, as one notebook sent beside nothing
    body, content_type = multipart({"copie.zip": zip_bytes({"jeux.py": JEUX, "nb000.ipynb": small})})
    order: list[str] = []
    spent: list[float] = []
    reading, answered = threading.Event(), threading.Event()
    read = uploads.modules_answered

    def held(filename: str, data: bytes) -> list[str]:
        spent.append(service.store.take({"s:mallory": (10, 20)}, time.time(), apply=False)["s:mallory"])
        reading.set()
        answered.wait(HELD_SECONDS)  # on the event loop, this would hold every other request too
        return read(filename, data)

    monkeypatch.setattr(uploads, "modules_answered", held)
    result: dict = {}

    def upload() -> None:
        result["answer"] = request(url + "/api/submit?lang=fr", tokens["mallory"], body, content_type)
        order.append("upload")

    sender = threading.Thread(target=upload)
    sender.start()
    assert reading.wait(60)
    with urllib.request.urlopen(url + "/teacher/login", timeout=120) as page:
        assert page.status == 200
    order.append("other")
    answered.set()
    sender.join()
    assert order == ["other", "upload"]
    assert spent and spent[0] < 10  # the student's bucket was spent before their files were read
    status, answer = result["answer"]
    assert status == 400 and "nb000.ipynb refused: over 200000 JSON values" in answer["error"], answer
    assert service.store.attempts_of("mallory") == []
