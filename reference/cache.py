"""Where the product keeps what it computes once per machine (pattern databases, Hypothesis' own files):
TAQUIN_GRADER_CACHE if set, else the user cache folder. Standard library only: imported at start-up."""

import os
from pathlib import Path


def cache_dir() -> Path:
    if os.environ.get("TAQUIN_GRADER_CACHE"):
        return Path(os.environ["TAQUIN_GRADER_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "taquin-grader"
