"""The distributed mode's real components for tests and the scale benchmark: a private Redis and a
private PostgreSQL (Debian's `redis-server` and `postgresql` binaries, installed by .ci/run), each on a
free port of 127.0.0.1 with its data in a temporary folder, so that a test may kill or restart them
without touching anyone else's; and `grader worker` processes, each in its own process group and with
its own cache folder, as if on a machine of its own.

Without the binaries, these tests skip locally but fail in CI (CI=true): CI must run them.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.service_harness import ROOT, free_port


def require_components() -> None:
    import pytest

    missing = [
        name
        for name, path in (("redis-server", shutil.which("redis-server")), ("postgresql", _pg_bin()))
        if path is None
    ]
    if missing:
        reason = f"{', '.join(missing)} not installed (apt-get install redis-server postgresql)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"distributed tests cannot run in CI: {reason}")
        pytest.skip(reason, allow_module_level=True)


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return str(Path(found[-1]).parent) if found else None


def _wait(ready, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start in {timeout} s")
        time.sleep(0.1)


class Redis:
    """A redis-server without persistence: a restart loses whatever was queued (the worst case)."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="grader-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None
        self.start()

    def start(self) -> None:
        import redis

        self.log = (self.folder / "redis.log").open("a")
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.folder),
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        client = redis.Redis.from_url(self.url)

        def ready():
            try:
                return client.ping()
            except redis.RedisError:
                return False

        _wait(ready, "redis-server")

    def kill(self) -> None:
        """SIGKILL: nothing saved, every queued message and stored result gone."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


class Postgres:
    """A PostgreSQL cluster of its own (initdb), trust authentication on 127.0.0.1 only. As root, the
    server runs as Debian's `postgres` account (PostgreSQL refuses to run as root)."""

    def __init__(self):
        self.bin = _pg_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="grader-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://grader@127.0.0.1:{self.port}/grader"
        self.user = None
        if os.geteuid() == 0:
            self.user = pwd.getpwnam("postgres")
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
        self._as_owner(
            [f"{self.bin}/initdb", "-D", str(self.data), "-U", "grader", "--auth=trust", "--encoding=UTF8", "--no-sync"]
        )
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                f"listen_addresses = '127.0.0.1'\nport = {self.port}\nunix_socket_directories = '{self.folder}'\n"
                "fsync = off\nmax_connections = 200\n"
            )
        self.start()
        self._as_owner([f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "grader", "grader"])

    def _as_owner(self, command: list[str]) -> None:
        def drop():
            if self.user is not None:
                os.setgid(self.user.pw_gid)
                os.setuid(self.user.pw_uid)

        subprocess.run(
            command, check=True, cwd=self.folder, preexec_fn=drop, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def start(self) -> None:
        self._as_owner(
            [f"{self.bin}/pg_ctl", "-D", str(self.data), "-l", str(self.folder / "pg.log"), "-w", "-t", "60", "start"]
        )

    def stop(self, mode: str = "fast") -> None:
        """`immediate` is a crash as far as the clients are concerned: every connection cut at once."""
        self._as_owner([f"{self.bin}/pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop"])

    def close(self) -> None:
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


def slower_python(folder: Path) -> str:
    """An interpreter several times slower for the judge and the student's child alike (the child runs
    the worker's own interpreter): Debian's debug build of this Python, in a venv that sees this one's
    packages, as if on an older machine. Fails in CI without it (.ci/run installs python3-dbg)."""
    import sysconfig

    import pytest

    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    debug = shutil.which(f"python{version}-dbg")
    if debug is None:
        reason = f"python{version}-dbg not installed (apt-get install python3-dbg)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the slower-machine test cannot run in CI: {reason}")
        pytest.skip(reason)
    subprocess.run([debug, "-m", "venv", "--without-pip", str(folder)], check=True)
    site = folder / "lib" / f"python{version}" / "site-packages"
    (site / "grader.pth").write_text(f"{sysconfig.get_paths()['purelib']}\n{ROOT}\n", encoding="utf-8")
    # redis-py needs this backport below Python 3.11.3 (Debian's debug build may be older than ours).
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), "async-timeout>=4"],
        check=True,
    )
    return str(folder / "bin" / "python")


class Worker:
    """`grader worker ...` as if on its own machine: its own process group and cache folder (the
    model answer's timings are measured where the student's code runs)."""

    def __init__(self, args: list[str], log: Path, python: str = sys.executable):
        self.cache = Path(tempfile.mkdtemp(prefix="grader-worker-cache-"))
        self.log = log.open("a")
        environment = {**os.environ, "XDG_CACHE_HOME": str(self.cache)}
        self.process = subprocess.Popen(
            [python, "-m", "grader.cli", "worker", *args],
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=environment,
        )

    def ready(self, timeout: float = 120) -> Worker:
        """Wait for Huey's consumer to be running, or fail with the log. Its log says it started before it
        forks its processes and handles SIGTERM: until then, a SIGTERM kills it outright (nothing of its
        own cleanup runs), so ready means the consumer catches SIGTERM too."""
        path = Path(self.log.name)
        deadline = time.monotonic() + timeout
        while "consumer started" not in path.read_text(errors="replace") or not self._catches(signal.SIGTERM):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"grader worker did not start:\n{path.read_text(errors='replace')}")
            time.sleep(0.1)
        return self

    def _catches(self, signum: int) -> bool:
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return False
        caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
        return bool(int(caught, 16) >> (signum - 1) & 1)

    def pids(self) -> set[int]:
        """The consumer and its worker processes (its process group)."""
        found = set()
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if os.getpgid(int(entry.name)) == self.process.pid:
                        found.add(int(entry.name))
                except OSError:
                    pass
        return found

    def kill(self) -> None:
        """The machine lost: SIGKILL to every process of the group at once."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        self.log.close()
        shutil.rmtree(self.cache, ignore_errors=True)
