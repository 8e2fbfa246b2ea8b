"""The judge's end and the student's end of the browser's self-check (grader/sandbox/remote.py), joined
here by a thread and two queues where the page joins two Web Workers: a question graded through them
gets the in-process child's verdict, and a student's end that lies (a reply rewritten, a frame of another
request, a message that is no frame, a call the run does not serve) gets nothing for it."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from grader.sandbox.remote import FrameServer, RemoteChild
from grader.webcheck import Session

ALICE = Path(__file__).resolve().parents[2] / "exercises" / "exemples" / "alice" / "jeux.py"
SEED = 2017


class ThreadLink:
    """The student's worker as a thread of this process, its replies passed through `tamper` first."""

    def __init__(self, tamper: Callable[[str], str] = lambda text: text):
        self.tamper = tamper
        self.restarts = 0
        self.start()

    def start(self) -> None:
        self.alive, self.used = True, False
        self.to_student: queue.Queue = queue.Queue()
        self.to_judge: queue.Queue = queue.Queue()
        threading.Thread(target=self._serve, args=(self.to_student, self.to_judge), daemon=True).start()

    def _serve(self, inbox: queue.Queue, outbox: queue.Queue) -> None:
        def ask(text: str) -> str:
            outbox.put(text)
            return inbox.get()

        server = FrameServer(ask)
        while (text := inbox.get()) is not None:
            outbox.put(self.tamper(server.handle(text)))

    def send(self, text: str) -> None:
        self.used = True
        self.to_student.put(text)

    def receive(self, limit: float, deadline: float) -> str:
        try:
            return self.to_judge.get(timeout=deadline)
        except queue.Empty:
            self.end()
            raise TimeoutError from None

    def end(self) -> None:
        self.alive = False
        self.to_student.put(None)

    def restart(self) -> None:
        """As the page's: a thread that served nothing is kept; one ended (its code did not stop) counted."""
        if self.alive and not self.used:
            return
        if self.alive:
            self.end()
        else:
            self.restarts += 1
        self.start()


@pytest.fixture
def linked():
    def link(tamper: Callable[[str], str] = lambda text: text) -> ThreadLink:
        RemoteChild.link = ThreadLink(tamper)
        return RemoteChild.link

    yield link
    RemoteChild.link = None


def points(source: bytes, qids: list[str]) -> dict[str, tuple[float, str]]:
    session = Session({"jeux.py": source}, SEED)
    try:
        found = {}
        for qid in qids:
            (question,) = json.loads(session.check_question(qid))["questions"]
            found[qid] = (question["score"], question["status"])
        return found
    finally:
        session.close()


def test_a_question_graded_through_the_link_gets_the_in_process_verdict(linked):
    source = ALICE.read_bytes()
    in_process = points(source, ["q1", "q4"])
    assert in_process == {"q1": (1, "passed"), "q4": (2, "passed")}
    link = linked()
    assert points(source, ["q1", "q4"]) == in_process
    assert link.restarts == 0


def _rewritten(text: str) -> str:
    """Every reply of the student's end made "ok" with a value of its liking."""
    reply = json.loads(text)
    if "status" in reply:
        reply.update(status="ok", value=2)
    return json.dumps(reply)


def _other_request(text: str) -> str:
    reply = json.loads(text)
    return json.dumps({**reply, "seq": reply["seq"] + 1})


@pytest.mark.parametrize(
    "tamper",
    [_rewritten, _other_request, lambda text: "", lambda text: json.dumps({"call": "final", "args": [1]})],
    ids=["rewritten", "another_request", "no_frame", "call_of_another_run"],
)
def test_a_lying_student_end_gets_nothing(linked, tamper):
    linked(tamper)
    found = points(b"def bfs():\n    return 0\n", ["q4"])
    assert found["q4"][0] == 0 and found["q4"][1] != "passed", found


def test_without_a_cpu_clock_a_timeouts_rerun_gets_the_machines_slowdown_not_a_blanket_allowance(monkeypatch):
    # The browser's replies have no CPU time: a rerun held to four times the limit passed there a search the
    # native kit, holding the rerun's CPU time to the limit, fails (an A* without its closed set on x2).
    from grader.judge import calibration
    from grader.judge.session import RERUN_SLACK, Session
    from grader.sandbox import protocol
    from grader.sandbox.limits import Reply

    timeout = Reply(protocol.TIMEOUT, seconds=2.0, cpu_seconds=2.0, cpu_measured=False, limit=2.0)
    for measured, allowed in ((0.8, 2.0), (1.0, 2.0), (1.5, 3.0), (9.0, 2.0 * RERUN_SLACK)):
        monkeypatch.setattr(calibration, "slowdown", lambda measured=measured: measured)
        assert Session.rerun_limit(timeout) == allowed
    # Waiting for the judge's answers to its calls: the allowance stays (a budget of calls stops a search).
    timeout.calls = 12
    assert Session.rerun_limit(timeout) == 2.0 * RERUN_SLACK


def test_the_slowdown_is_the_workload_on_the_wall_clock_against_the_calibration(monkeypatch):
    from grader.judge import calibration

    # The ratio is what is tested, not the workload itself: microseconds of work are timed instead.
    monkeypatch.setattr(calibration, "workload", lambda: sum(range(1000)))
    monkeypatch.setattr(calibration, "machine_factor", lambda: 1e-9)  # calibrated absurdly fast: slower now
    assert calibration.slowdown() > 1000
    monkeypatch.setattr(calibration, "machine_factor", lambda: 1e9)  # never faster than calibrated
    assert calibration.slowdown() == 1.0
