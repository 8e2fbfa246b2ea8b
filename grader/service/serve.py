"""Start the service: secrets on first start, the workers' process, the reaper, the web server."""

from __future__ import annotations

import csv
import io
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from grader.text import i18n
from grader.errors import UsageError
from grader.run.executor import check_broker
from grader.results.gradebook import SafeWriter
from grader.sandbox.runner import isolation
from grader.service import config as config_module
from grader.service.store import hash_password
from grader.service.tasks import Service, run_worker


LINKS_HEADER = ["student", "name", "url"]


def prepare(service: Service, url: str) -> tuple[Path, Path, int]:
    """First start: the teacher's password and the session key; on every start, links for the
    students of the roster who have none. Files written for the teacher only (0600)."""
    store, data = service.store, service.config.data
    password_file = data / "teacher-password.txt"
    if store.setting("teacher_password") is None:
        password = secrets.token_urlsafe(12)
        store.set_setting("teacher_password", hash_password(password))
        _private_write(password_file, password + "\n", append=False)
    for key in ("session_key", "session_epoch"):
        store.secret(key)
    links = data / "links.csv"
    if links.exists():  # a file written by an older version: the names put beside its links
        older = links.read_text(encoding="utf-8-sig")
        upgraded = links_with_names(older, service.config.name_of)
        if upgraded != older:
            _private_write(links, upgraded, append=False)
    new = service.store.add_students(service.config.students)
    if new:
        fresh = not links.exists()
        # The name beside the id: the teacher hands each link to a person, not to an id.
        rows = [[sid, service.config.name_of(sid), f"{url}/s/{token}"] for sid, token in new.items()]
        # A new file starts with the BOM: a spreadsheet then reads the names' accents as UTF-8.
        head = "\ufeff" + csv_line(LINKS_HEADER) if fresh else ""
        _private_write(links, head + "".join(csv_line(r) for r in rows), append=not fresh)
    return password_file, links, len(new)


def links_with_names(text: str, name_of: Callable[[str], str]) -> str:
    """links.csv as this version writes it (header, the BOM, a name beside each id) from `text`, the
    file read as UTF-8; unchanged when it already has the header. Versions before the names wrote
    `id,url` lines without a header."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or rows[0] == LINKS_HEADER:
        return text
    named = [[row[0], name_of(row[0]), row[-1]] for row in rows if len(row) == 2]
    return "\ufeff" + "".join(csv_line(row) for row in [LINKS_HEADER, *named])


def csv_line(row: list[str]) -> str:
    """A line of links.csv, which the teacher opens in a spreadsheet: no student id or name runs as a formula."""
    buffer = io.StringIO()
    SafeWriter(buffer).writerow(row)
    return buffer.getvalue()


def _private_write(path: Path, text: str, append: bool) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC), 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)


def reaper(service: Service, stop: threading.Event) -> None:
    """Attempts whose worker died go back to the queue; attempts stored but never queued (a crash
    between the two) are queued when the queue is empty."""
    lease = service.config.lease_seconds
    while not stop.wait(min(2.0, lease / 3)):
        try:
            now = time.time()
            for attempt in service.store.reap(now, lease, service.config.max_deliveries):
                service.enqueue(attempt)
            if service.huey.pending_count() == 0:
                for attempt in service.store.waiting(now - lease):
                    service.enqueue(attempt)
        except Exception as exc:  # noqa: BLE001 - a busy database: try again at the next round
            print(f"reaper: {type(exc).__name__}: {exc}", file=sys.stderr)


def serve(config_path: Path, host: str, port: int, lang: str) -> int:
    import uvicorn

    from grader.service.web import create_app

    config = config_module.load(config_path)
    service = Service(config)
    # Fail closed, like `grader grade` without `--unsafe`: students' code from the web is never run
    # where it could reach other files (a web machine that grades nothing, `workers = 0`, runs none;
    # `grader worker` checks its own machine).
    if config.workers and not isolation(service.settings(lang).limits)["files_confined"]:
        raise UsageError("cli.unconfined_refused")
    if config.broker:
        check_broker(service.huey, config.broker)
    listening = _listen(host, port)
    port = listening.getsockname()[1]  # the one the system chose for --port 0
    url = f"http://{host}:{port}"
    password_file, links, new = prepare(service, url)
    if new:
        print(i18n.t("service.links_written", lang, n=new, path=links), flush=True)
    # With a broker and `workers = 0`, the grading machines run `grader worker CONFIG` themselves.
    workers = (
        subprocess.Popen(
            [sys.executable, "-m", "grader.cli", "worker", str(config_path)],
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        if config.workers
        else None
    )
    # uvicorn re-raises the SIGTERM it caught once it has shut down: as SystemExit, the `finally` below
    # runs and stops the workers instead of leaving them orphaned.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    stop = threading.Event()
    threading.Thread(target=reaper, args=(service, stop), daemon=True).start()
    print(i18n.t("service.started", lang, name=config.name, url=url, workers=config.workers), flush=True)
    print(i18n.t("service.teacher_url", lang, url=url, path=password_file), flush=True)
    app = uvicorn.Config(create_app(service), log_level="warning", access_log=False, timeout_graceful_shutdown=5)
    try:
        uvicorn.Server(app).run(sockets=[listening])  # a page left open keeps polling: not waited for
    finally:
        stop.set()
        if workers is not None:
            _stop(workers)
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """The service's socket, bound before anything starts or is written: an address already taken, or one
    that cannot be, is said at once (exit 2), not by the web server once the workers run."""
    try:
        return socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except (OSError, OverflowError) as exc:
        raise UsageError("service.cannot_listen", host=host, port=port, detail=str(exc)) from None


def _die_with_parent() -> None:
    """In the workers' process, before exec: the kernel kills it if `grader serve` dies (Linux)."""
    if sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _stop(process: subprocess.Popen) -> None:
    # The consumer and the workers it forked share their own process group: all of it, SIGTERM then
    # SIGKILL. A job cut short stays `running` and the reaper requeues it at the next start.
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=wait)
            os.killpg(process.pid, signal.SIGKILL)  # forked workers the consumer left behind
        except subprocess.TimeoutExpired:
            continue
        except ProcessLookupError:
            pass
        break
    process.wait()


def worker(config_path: Path, processes: int = 0) -> int:
    run_worker(config_module.load(config_path), processes)
    return 0
