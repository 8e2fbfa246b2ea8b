"""Hypothesis, as grading draws cases with it: its files in the grader's cache, and draws that depend
on the run's seed alone."""

from __future__ import annotations

import os

from grader.errors import GraderBug
from reference.cache import cache_dir

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
