"""A real `grader serve` for the service's tests and benchmark: its own process group, a free port on
127.0.0.1, its data in a temporary folder; stopped by its pid."""

from __future__ import annotations

import csv
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVICE_MODULES = ("sqlalchemy", "huey", "starlette", "uvicorn", "multipart", "itsdangerous")


def require_service_extra() -> None:
    """A venv made before the `[service]` extra existed skips these tests locally (reinstall with
    `pip install -e '.[test]'`); CI installs it and never skips."""
    import importlib.util

    import pytest

    missing = [m for m in SERVICE_MODULES if importlib.util.find_spec(m) is None]
    if missing and os.environ.get("CI") != "true":
        pytest.skip(f"the service extra is not installed ({', '.join(missing)})", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _students(students: list) -> str:
    """The configuration's students: an id, or (id, name) as `{ id = ..., name = ... }`."""
    return (
        "["
        + ", ".join(
            json.dumps(s) if isinstance(s, str) else f"{{ id = {json.dumps(s[0])}, name = {json.dumps(s[1])} }}"
            for s in students
        )
        + "]"
    )


class Server:
    def __init__(
        self,
        folder: Path,
        students: list,
        workers: int = 1,
        extra: str = "",
        questions: tuple[str, ...] = ("q1", "q4"),
        python: list[str] | None = None,
        cwd: Path = ROOT,
        env: dict | None = None,
        roster: str | None = None,
    ):
        """`python`: the command that runs Python (default: this interpreter), e.g. prefixed by `setpriv`
        to run the service as another account, with `cwd` and `env` of its own. `roster`: the text of a
        class list, given instead of `students`."""
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.config = self.folder / "class.toml"
        who = f"students = {_students(students)}"
        if roster is not None:  # a class list file instead of ids
            (self.folder / "roster.csv").write_text(roster, encoding="utf-8")
            who = 'roster = "roster.csv"'
        self.config.write_text(
            f'name = "Classe de test"\n{who}\nseed = 918273645\n'
            f'questions = {json.dumps(list(questions))}\nworkers = {workers}\ndata = "data"\n{extra}\n',
            encoding="utf-8",
        )
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = (self.folder / "serve.log").open("w")
        self.process = subprocess.Popen(
            [*(python or [sys.executable]), "-m", "grader.cli", "serve", str(self.config), "--port", str(self.port)],
            cwd=cwd,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).read()
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((self.folder / "serve.log").read_text()) from None
                time.sleep(0.2)
        with (self.folder / "data" / "links.csv").open(newline="", encoding="utf-8-sig") as handle:
            self.links = {row["student"]: row["url"] for row in csv.DictReader(handle)}
        self.password = (self.folder / "data" / "teacher-password.txt").read_text().strip()

    def token(self, student: str) -> str:
        return self.links[student].rsplit("/s/", 1)[1]

    def submit(self, student: str, files: dict[str, bytes], lang: str = "fr") -> tuple[int, dict]:
        from grader.service.client import multipart

        body, content_type = multipart(files)
        return self.api("/api/submit?lang=" + lang, student, body, content_type)

    def api(self, path: str, student: str, body: bytes | None = None, content_type: str | None = None):
        from grader.service.client import request

        return request(self.url + path, self.token(student), body, content_type)

    def attempt(self, student: str, attempt: int) -> dict:
        status, view = self.api(f"/api/attempts/{attempt}", student)
        assert status == 200, view
        return view

    def wait(self, student: str, attempt: int, timeout: float = 180) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            view = self.attempt(student, attempt)
            if view["state"] in ("done", "ungradable", "superseded"):
                return view
            time.sleep(0.2)
        raise AssertionError(f"attempt {attempt} still {view['state']} after {timeout} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()
