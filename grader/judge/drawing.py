"""Hypothesis, as grading draws cases with it: its files in the grader's cache, draws that depend on the
run's seed alone, and a class run's draws shared by its workers (`share`, `cases`)."""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path

from grader.errors import GraderBug
from reference.cache import cache_dir

try:
    import fcntl
except ImportError:  # Windows: each process draws its own
    fcntl = None  # type: ignore[assignment]  # (the module, or None where there is none)

# Plugins other packages register for Hypothesis (trio's, installed with selenium) have no say in a grade,
# and loading them cost a check a tenth of a second: set before this process first imports Hypothesis.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")


def configure() -> None:
    import hypothesis
    import hypothesis.configuration
    from hypothesis.internal.conjecture import providers

    # Hypothesis keeps files of its own: in our cache, never in the folder the grader is run from.
    hypothesis.configuration.set_hypothesis_home_dir(cache_dir() / "hypothesis")
    # Hypothesis (6.131 and later) mixes into its draws the constants it finds in the sources of the
    # "local" modules loaded so far: ours. Which are loaded differs between processes (a worker's first
    # job, a student's `--seed` at home), and so would a run's cases (x2's did). None, then: the cases
    # depend on the seed alone (tests/test_draws_ignore_grader_sources.py). There is no public switch:
    # pyproject.toml pins the releases that have this internal, and a release without it is refused here.
    if not hasattr(providers, "_get_local_constants"):
        raise GraderBug(
            "error.hypothesis", where="hypothesis", detail=f"{_NO_LOCAL_CONSTANTS} {hypothesis.__version__}"
        )
    providers._get_local_constants = _no_local_constants


_NO_LOCAL_CONSTANTS = "no hypothesis.internal.conjecture.providers._get_local_constants to replace in Hypothesis"


def import_early() -> None:
    import hypothesis.internal.conjecture.providers  # noqa: F401 - configured by the first draw


def _no_local_constants():
    from hypothesis.internal.constants_ast import Constants

    return Constants()


# A check group's cases depend on the run's seed alone (see `configure`), yet each worker of a class drew them
# all again: Hypothesis's first draw was a quarter of a worker's own CPU (benchmarks/results/cost.md). In a
# class run the workers share a folder of the run's own (grader/run/executor.py): the first worker to meet a
# group draws it, under the group's lock, and stores the cases; the others wait for it and read them. Only
# the run's processes write there (a folder of the parent's, mode 0700, deleted with the run): its pickles
# are the grader's own data, never a student's.
_shared: Path | None = None  # the folder, in a class run's worker


def share(folder: str | None) -> None:
    """This process's draws go to, and come from, `folder` (a class run's worker); None: its own only."""
    global _shared
    _shared = Path(folder) if folder and fcntl is not None else None


def cases(key: tuple, draw: Callable[[], list]) -> list:
    """A check group's cases, by `key` (seed, question, group, examples, strategy): `draw()`, or what another
    worker of the run drew for the same key. A folder that cannot be used (gone with a stopped run) costs
    only the draw."""
    folder = _shared
    if folder is None:
        return draw()
    name = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    stored = folder / f"{name}.pickle"
    try:
        lock = (folder / f"{name}.lock").open("a")
    except OSError:
        return draw()
    with lock:  # closing it releases the lock, a worker killed meanwhile too
        fcntl.flock(lock, fcntl.LOCK_EX)  # a draw takes a fraction of a second, and never runs a student's code
        try:
            return pickle.loads(stored.read_bytes())
        except FileNotFoundError:
            pass
        drawn = draw()
        temporary = stored.with_name(f"{stored.name}.{os.getpid()}.tmp")
        try:
            temporary.write_bytes(pickle.dumps(drawn))
            os.replace(temporary, stored)
        except OSError:
            pass  # the others draw it themselves
        return drawn
