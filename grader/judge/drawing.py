"""Hypothesis, as grading draws cases with it: its files in the grader's cache, draws that depend on the
run's seed alone, and a class run's draws shared by its workers (`share`, `cases`)."""

from __future__ import annotations

import hashlib
import json
import os
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
# the run's processes write there (a folder of the parent's, mode 0700, deleted with the run), but a child
# that no layer confines (`grader grade --unsafe`) could: the cases are stored as data (JSON of the few
# types a draw holds), never as a pickle, which would run what it names when read; a file that is not
# exactly that, or not of its key, is drawn again.
_shared: Path | None = None  # the folder, in a class run's worker
# The containers a draw holds besides JSON's own list: each as an object of one member, its name.
_CONTAINERS: dict[str, type] = {"tuple": tuple, "set": set, "frozenset": frozenset, "dict": dict}


def share(folder: str | None) -> None:
    """This process's draws go to, and come from, `folder` (a class run's worker); None: its own only."""
    global _shared
    _shared = Path(folder) if folder and fcntl is not None else None


def _data(value):
    """`value` as JSON data: None, bools, ints, floats, strings and lists as themselves; tuples, sets,
    frozensets and dicts (keys of any of these types) as {"tuple": [...]} and the like. TypeError for
    anything else."""
    kind = type(value)  # exactly: a subclass would be read back as its base
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        return [_data(item) for item in value]
    if kind is dict:
        return {"dict": [[_data(key), _data(item)] for key, item in value.items()]}
    if kind in _CONTAINERS.values():
        return {kind.__name__: [_data(item) for item in value]}
    raise TypeError(f"a drawn case holds a {kind.__name__}")


def _value(data):
    """The value `_data` wrote; ValueError for anything it does not write."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [_value(item) for item in data]
    if isinstance(data, dict) and len(data) == 1:
        ((name, items),) = data.items()
        if name in _CONTAINERS and isinstance(items, list):
            if name == "dict":
                if not all(isinstance(pair, list) and len(pair) == 2 for pair in items):
                    raise ValueError("a dict's items are pairs")
                return {_value(key): _value(item) for key, item in items}
            return _CONTAINERS[name](_value(item) for item in items)
    raise ValueError(f"not a drawn value: {str(data)[:80]}")


def _read(stored: Path, key: tuple) -> list | None:
    """The cases stored for `key`, or None when there are none to trust (absent, another key's, not
    what `_data` writes; a set of an unhashable value is a TypeError)."""
    try:
        data = json.loads(stored.read_bytes())
        if not isinstance(data, dict) or data.get("key") != repr(key) or not isinstance(data.get("cases"), list):
            return None
        return _value(data["cases"])
    except (OSError, ValueError, TypeError, RecursionError):
        return None


def cases(key: tuple, draw: Callable[[], list]) -> list:
    """A check group's cases, by `key` (seed, question, group, examples, strategy): `draw()`, or what another
    worker of the run drew for the same key. A folder that cannot be used (gone with a stopped run) costs
    only the draw."""
    folder = _shared
    if folder is None:
        return draw()
    name = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    stored = folder / f"{name}.json"
    try:
        lock = (folder / f"{name}.lock").open("a")
    except OSError:
        return draw()
    with lock:  # closing it releases the lock, a worker killed meanwhile too
        fcntl.flock(lock, fcntl.LOCK_EX)  # a draw takes a fraction of a second, and never runs a student's code
        found = _read(stored, key)
        if found is not None:
            return found
        drawn = draw()
        temporary = stored.with_name(f"{stored.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(json.dumps({"key": repr(key), "cases": _data(drawn)}), encoding="utf-8")
            os.replace(temporary, stored)
        except (OSError, TypeError):
            pass  # the others draw it themselves
        return drawn
